# The baseline of every node: time, packages, the firewall switch.
class profile::base (
  Array[String[1], 1]          $ntp_servers,
  String[1]                    $timezone        = 'UTC',
  Boolean                      $manage_firewall = true,
  Hash[String[1], Enum['present', 'absent', 'latest']] $packages = {},
  Optional[String[1]]          $admin_email     = undef,
) {
  $packages.each |String $name, String $ensure| {
    package { $name:
      ensure => $ensure,
    }
  }
  notify { "ntp: ${ntp_servers.join(', ')} (${timezone})": }
}
