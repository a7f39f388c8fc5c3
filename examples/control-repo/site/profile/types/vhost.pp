# One virtual host of the web server.
type Profile::Vhost = Struct[{
  servername           => String[1],
  port                 => Profile::Port,
  docroot              => Profile::Absolutepath,
  Optional[ssl]        => Boolean,
  Optional[aliases]    => Array[String[1]],
}]
