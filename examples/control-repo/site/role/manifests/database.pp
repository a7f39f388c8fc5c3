# A database node.
class role::database {
  include profile::base
  include profile::database
  include motd
}
