# frozen_string_literal: true

# Runs the workloads of bench/*_bench.rb (all, or those named as arguments).
#   ruby -Ilib bench/run.rb [workload ...]      (or: rake bench [WORKLOAD=a,b])

require 'puppet_types'
require_relative 'harness'

Dir[File.join(__dir__, '*_bench.rb')].sort.each { |f| require f }
exit(Bench.run(ARGV) ? 0 : 1)
