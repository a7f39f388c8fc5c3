node /^web\d+\.example\.com$/ {
  include role::webserver
}

node /^db\d+\.example\.com$/ {
  include role::database
}

node default {
  notify { 'unclassified node':
    message => "no role for ${trusted['certname']}",
  }
}
