# A web node.
class role::webserver {
  include profile::base
  include profile::webserver
  include motd
}
