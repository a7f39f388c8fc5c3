# frozen_string_literal: true

module PuppetTypes
  # Hiera data checked against the types of the class parameters it binds,
  # without a catalog compile.
  #
  #   env = PuppetTypes::Environment.new(modulepath: ['site', 'modules'])
  #   check = PuppetTypes::DataCheck.new(env)
  #   check.check_file('data/common.yaml')          # => [PuppetTypes::Diagnostic]
  #   check.check_hiera('hiera.yaml')                # every data file of the hierarchy, and module data
  #   check.check_hash({ 'apache::sendfile' => 'yes' })
  #   check.check_parameters('apache', { 'sendfile' => 'yes' })
  #
  # Diagnostics of data carry `key`, `class_name` and `parameter`. Codes:
  # UNKNOWN_CLASS, UNKNOWN_PARAMETER (with a did-you-mean), TYPE_MISMATCH
  # (the message a compile gives), and the problems of the files themselves
  # (DATA_SYNTAX_ERROR, UNLOADABLE_DATA, DUPLICATE_DATA_KEY, ...); see
  # docs/check-data.md.
  class DataCheck
    # `strict: true` also reports keys that bind no class parameter; files
    # are checked on `jobs` threads (default: one per core).
    def self.new(environment, strict: false, jobs: nil)
      __new(environment, strict, jobs)
    end

    # Check several data files (in parallel); `lookup_options` of one file
    # apply to all of them.
    def check_files(paths)
      _files, diagnostics = __run_plan(nil, false, Array(paths))
      diagnostics
    end

    # Check the data files of the hiera.yaml `hiera_config` (interpolated
    # path segments match every file there), each module's own data when
    # `module_data`, and `files`.
    def check_hiera(hiera_config, module_data: true, files: [])
      _files, diagnostics = __run_plan(hiera_config, module_data, Array(files))
      diagnostics
    end

    # Check a Hash of data as hiera loaded it (no positions); `path` names it.
    def check_hash(hash, path: nil)
      __check_hash(hash, path)
    end

    # Check parameters given to class `class_name` (a Hash of name to
    # value), as a compile would; with `complete: true` required
    # parameters that are missing are reported too.
    def check_parameters(class_name, params, complete: false)
      __check_parameters(class_name, params, complete)
    end
  end
end
