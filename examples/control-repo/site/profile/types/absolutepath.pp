# An absolute Unix path.
type Profile::Absolutepath = Pattern[/\A\/([^\/\0]+\/*)*\z/]
