# A web server and its virtual hosts.
class profile::webserver (
  Profile::Port                   $port         = 80,
  Enum['running', 'stopped']      $ensure       = 'running',
  String[1]                       $servername   = $facts['networking']['fqdn'],
  Hash[String[1], Profile::Vhost] $vhosts       = {},
  Integer[1, 1024]                $max_workers  = 16,
) {
  service { 'nginx':
    ensure => $ensure,
  }
  $file_defaults = {
    'ensure' => file,
    'owner'  => 'root',
    'mode'   => '0644',
    'owner'  => 'www-data',
  }
  $vhosts.each |String $name, Hash $vhost| {
    file { "/etc/nginx/sites-enabled/${name}.conf":
      *       => $file_defaults,
      content => "server_name ${vhost['servername']}; listen ${vhost['port']}; root ${vhost['docroot']};\n",
    }
  }
}
