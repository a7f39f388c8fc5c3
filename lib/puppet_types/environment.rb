# frozen_string_literal: true

module PuppetTypes
  # The classes, defined types, functions, plans and type aliases of a module
  # path, found as Puppet's autoloader finds them (lazily: a lookup parses only
  # the files Puppet would look in; #load_all parses everything on all cores),
  # with type names resolved as Puppet resolves them in that environment.
  #
  #   env = PuppetTypes::Environment.new(modulepath: ['/etc/puppetlabs/code/modules'])
  #   env.find_class('apache').parameters.map { |p| [p.name, p.type, p.default_source] }
  #   env.parse_type('Stdlib::Port')
  #   env.diagnostics   # problems found while loading, as PuppetTypes::Diagnostic
  class Environment
    # A module of the module path: its directory name, path, and what its
    # metadata.json says (nil and [] when it has none or it is broken).
    Module = Struct.new(:name, :path, :version, :dependencies, :metadata_name, keyword_init: true)

    # One entry of a module's `dependencies`.
    Dependency = Struct.new(:name, :version_requirement, keyword_init: true)

    # `modulepath` is an Array of directories or a String of them joined with ':'.
    def self.new(modulepath:)
      entries = modulepath.is_a?(String) ? modulepath.split(File::PATH_SEPARATOR) : Array(modulepath)
      __new(entries.map { |e| e.respond_to?(:to_path) ? e.to_path : e }.reject { |e| e.is_a?(String) && e.empty? })
    end

    # The modules, in search order (a module hides later ones of its name).
    def modules
      @modules ||= __module_rows.map do |name, path, version, deps, metadata_name|
        dependencies = deps.map { |d, req| Dependency.new(name: d, version_requirement: req).freeze }.freeze
        Module.new(name: name, path: path, version: version, dependencies: dependencies,
                   metadata_name: metadata_name).freeze
      end.freeze
    end

    # The definitions of `kind` (:class, :defined_type, :function, :plan, :type_alias), or all.
    def each_definition(kind = nil, &block)
      return enum_for(:each_definition, kind) unless block

      definitions.each { |d| yield d if kind.nil? || d.kind == kind }
    end
  end
end
