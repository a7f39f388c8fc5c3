# frozen_string_literal: true

# The reference puppet-strings JSON of a module directory, for the strings
# fixtures and the corpus comparison: the module is copied to a scratch
# directory (YARD writes there) and documented with Debian's puppet-strings,
# in process, over the Puppet-language files.
# Usage: ruby tools/strings_reference.rb MODULE_DIR [OUT.json]   (stdout without OUT)
require 'puppet'
require 'puppet-strings'
require 'puppet-strings/yard'
require 'tmpdir'
require 'fileutils'

PATTERNS = %w[manifests/**/*.pp functions/**/*.pp types/**/*.pp plans/**/*.pp].freeze

# The JSON puppet-strings writes for the module at `dir`.
def strings_json(dir)
  Dir.mktmpdir('strings_ref') do |scratch|
    FileUtils.cp_r(File.join(File.realpath(dir), '.'), scratch)
    out = File.join(scratch, 'out.json')
    Dir.chdir(scratch) do
      YARD::Registry.clear
      YARD::Logger.instance.io = $stderr
      PuppetStrings.generate(PATTERNS, json: true, path: out, yard_args: ['--no-save', '-q'])
    end
    File.read(out)
  end
end

if $PROGRAM_NAME == __FILE__
  Puppet.initialize_settings(['--confdir', "#{Dir.tmpdir}/strings_ref_conf", '--vardir', "#{Dir.tmpdir}/strings_ref_var"])
  json = strings_json(ARGV.fetch(0))
  ARGV[1] ? File.write(ARGV[1], json) : print(json)
end
