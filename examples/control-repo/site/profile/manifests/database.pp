# A PostgreSQL server.
class profile::database (
  Sensitive[String[12]]                    $password,
  Integer[1, 10000]                        $max_connections = 100,
  Profile::Absolutepath                    $datadir         = '/var/lib/postgresql',
  Array[Struct[{ database => String[1], user => String[1], address => String[1] }]] $access_rules = [],
  Enum['md5', 'scram-sha-256']             $auth_method     = 'trust',
) {
  file { $datadir:
    ensure => directory,
  }
}
