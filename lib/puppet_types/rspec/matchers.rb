# frozen_string_literal: true

module PuppetTypes
  module RSpec
    # `allow_value(v, ...)`, `allow_values(...)`: rspec-puppet's type alias
    # matcher (same descriptions and failure messages), answered by TypeAlias
    # instead of a catalog compile. The alias is the group's subject: a
    # TypeAlias, a PuppetTypes::Type, or a type String; any other subject
    # (rspec-puppet's compile lambda) stands for the alias the top-level
    # description names.
    class AllowValue
      def initialize(values, description = nil)
        @values = values
        @description = description
        @errors = []
      end

      def matches?(actual)
        target = RSpec.type_alias_for(actual, @description)
        @errors = @values.filter_map { |v| target.error_for(v) }
        @errors.empty?
      end

      def description
        if @values.length == 1
          "match value #{@values.first.inspect}"
        else
          "match values #{@values.map(&:inspect).join(', ')}"
        end
      end

      def failure_message
        "expected that the type alias would #{description} but it raised the " \
          "#{@errors.length == 1 ? 'error' : 'errors'} #{@errors.join(', ')}"
      end

      def failure_message_when_negated
        "expected that the type alias would not #{description} but it does"
      end

      def supports_block_expectations
        true
      end

      def supports_value_expectations
        true
      end
    end

    # `match_puppet_type(type)` / `be_puppet_instance_of(type)`: the value is
    # an instance of the type (a PuppetTypes::Type, or a String parsed in the
    # run's environment). Values map as everywhere in the gem (nil is undef).
    class BeInstanceOf
      def initialize(type, verb)
        @type_arg = type
        @verb = verb
      end

      def matches?(value)
        @value = value
        @type = RSpec.type_of(@type_arg)
        @mismatch = TypeCalculator.describe_mismatch(@type, value)
        @mismatch.nil?
      end

      def description
        "#{@verb} #{@type_arg}"
      end

      def failure_message
        "expected #{@value.inspect} to #{description}, but #{@mismatch.strip.gsub(/\n\s*/, '; ')}"
      end

      def failure_message_when_negated
        "expected #{@value.inspect} not to #{description} (#{@type})"
      end
    end

    # `be_assignable_to(type)`: the actual type (a PuppetTypes::Type or a type
    # String) is assignable to `type` (TypeCalculator.assignable?).
    class BeAssignableTo
      def initialize(type)
        @type_arg = type
      end

      def matches?(actual)
        @type = RSpec.type_of(@type_arg)
        @actual = RSpec.type_of(actual)
        TypeCalculator.assignable?(@type, @actual)
      end

      def description
        "be assignable to #{@type_arg}"
      end

      def failure_message
        "expected #{@actual} to be assignable to #{@type}"
      end

      def failure_message_when_negated
        "expected #{@actual} not to be assignable to #{@type}"
      end
    end

    # `have_valid_parameters(class_name, params)`: the Hash of parameters binds
    # parameters of the class, each with a value of the parameter's type (see
    # ClassParameters). The actual may be a PuppetTypes::Environment to look
    # in (else the run's); without `params`, the actual is the Hash.
    class HaveValidParameters
      NO_PARAMS = Object.new.freeze

      def initialize(class_name, params = NO_PARAMS)
        @class_name = class_name
        @params = params
      end

      def matches?(actual)
        environment = actual.is_a?(PuppetTypes::Environment) ? actual : RSpec.environment
        params = @params.equal?(NO_PARAMS) ? actual : @params
        @problem = ClassParameters.check(environment, @class_name, params)
        @problem.nil?
      end

      def description
        "have valid parameters for class #{@class_name}"
      end

      def failure_message
        "expected valid parameters for class #{@class_name}, but #{@problem}"
      end

      def failure_message_when_negated
        "expected parameters not valid for class #{@class_name}, but they are"
      end
    end

    # The matchers usable in any example group.
    module Matchers
      def match_puppet_type(type)
        BeInstanceOf.new(type, 'match Puppet type')
      end

      def be_puppet_instance_of(type)
        BeInstanceOf.new(type, 'be an instance of')
      end

      def be_assignable_to(type)
        BeAssignableTo.new(type)
      end

      def have_valid_parameters(class_name, *params)
        HaveValidParameters.new(class_name, *params)
      end
    end

    # What the groups the gem owns get (see RSpec.owns?): the alias their
    # top-level description names as implicit subject. An explicit
    # `subject { ... }` in the group still wins.
    module TypeAliasGroup
      def subject
        RSpec.type_alias(self.class.top_level_description)
      end
    end

    # allow_value and allow_values in the groups the gem owns; prepended, so
    # they win over rspec-puppet's when both apply to a group.
    module TypeAliasMatchers
      def allow_value(*values)
        AllowValue.new(values, self.class.top_level_description)
      end

      def allow_values(*values)
        AllowValue.new(values, self.class.top_level_description)
      end
    end
  end
end
