# The message of the day; its defaults are the module's own data (data/common.yaml).
class motd (
  String[1]                    $message,
  Enum['static', 'dynamic']    $style,
  Optional[Integer[0, 100]]    $max_width = undef,
) {
  file { '/etc/motd':
    ensure  => file,
    content => epp('motd/motd.epp', { 'message' => $message, 'style' => $style }),
  }
}
