#!/usr/bin/env ruby
# Prints every validation issue the reference finds in a file (code, severity, line, column),
# to compare the validator's findings one by one.  Usage: ruby tools/ref_issues.rb FILE...
require 'puppet'
ARGV.each do |f|
  puts "== #{f}"
  begin
    r = Puppet::Pops::Parser::Parser.new.parse_string(File.read(f, encoding: 'UTF-8'))
    acc = Puppet::Pops::Validation::Acceptor.new
    Puppet::Pops::Validation::ValidatorFactory_4_0.new.validator(acc).validate(r.model)
    acc.diagnostics.each do |d|
      sp = d.source_pos
      puts [d.severity, d.issue.issue_code, sp.line, sp.pos].join(' ')
    end
  rescue StandardError => e
    puts "ERROR #{e.class}: #{e.message[0, 200]}"
  end
end
