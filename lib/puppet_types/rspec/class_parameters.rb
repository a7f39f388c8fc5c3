# frozen_string_literal: true

module PuppetTypes
  module RSpec
    # A Hash of values for a class's parameters, checked as hiera data binding
    # them is checked: every key names a parameter of the class (as `name`, or
    # as `<class>::<name>` the way hiera keys do), and every value is an
    # instance of its parameter's type. Parameters left out are not missing
    # (hiera binds some and the manifest or defaults the rest). Messages are
    # the catalog compile's: `Class[Ntp]: parameter 'servers' expects an
    # Array value, got Integer`, several problems on their own lines.
    #
    # The check-data issue will give this rule as PuppetTypes::DataCheck; this
    # module is the same rule over Environment until then.
    module ClassParameters
      module_function

      # nil when the parameters are valid, else the message.
      def check(environment, class_name, params)
        name = class_name.to_s.delete_prefix('::').downcase
        definition = environment.find_class(name)
        return "Could not find class ::#{name}" unless definition
        raise ArgumentError, "parameters must be a Hash, got #{params.class}" unless params.is_a?(Hash)

        problems = problems(definition, name, params)
        return nil if problems.empty?

        label = "Class[#{name.split('::').map(&:capitalize).join('::')}]"
        return "#{label}: #{problems.first}" if problems.length == 1

        "#{label}:\n  #{problems.join("\n  ")}"
      end

      # The compile lists unknown names first, then the mismatches by name.
      def problems(definition, class_name, params)
        by_name = definition.parameters.to_h { |p| [p.name, p] }
        unknown = []
        mismatches = []
        params.each do |key, value|
          param_name = key.to_s.delete_prefix("#{class_name}::")
          parameter = by_name[param_name]
          unless parameter
            unknown << "has no parameter named '#{param_name}'"
            next
          end
          text = TypeCalculator.describe_mismatch(parameter.type, value, "parameter '#{param_name}'")
          mismatches << [param_name, text.split("\n").map(&:strip)] if text
        end
        unknown + mismatches.sort_by(&:first).flat_map(&:last)
      end
    end
  end
end
