# frozen_string_literal: true

require 'open3'
require 'rbconfig'

# Runs Ruby code that may crash the interpreter in a Ruby process of its own,
# with the gem of this source tree loaded, and reports how it ended.
module Subprocess
  LIB = File.expand_path('../../lib', __dir__)

  Result = Struct.new(:status, :out, :err, :seconds) do
    # True when the process exited normally with status 0.
    def success?
      status&.exited? && status.exitstatus.zero?
    end

    # A summary for failure messages: how it ended and the start of its output.
    def to_s
      how = if status.nil? then 'timed out'
            elsif status.signaled? then "killed by signal #{status.termsig}"
            else "exit #{status.exitstatus}"
            end
      "#{how} after #{seconds.round(1)} s\nstdout: #{out[0, 2000]}\nstderr: #{err[0, 2000]}"
    end
  end

  # Run `code` (after `require 'puppet_types'`) in a new Ruby; give up after
  # `timeout` seconds; `memory` (bytes) limits its address space.
  def self.run(code, timeout: 60, env: {}, memory: nil)
    script = "require 'puppet_types'\n#{code}"
    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    out = +''
    err = +''
    status = nil
    options = memory ? { rlimit_as: memory } : {}
    Open3.popen3(env, RbConfig.ruby, '-I', LIB, '-e', script, **options) do |stdin, stdout, stderr, wait|
      stdin.close
      readers = [Thread.new { out << stdout.read }, Thread.new { err << stderr.read }]
      if wait.join(timeout)
        status = wait.value
      else
        Process.kill('KILL', wait.pid)
        wait.join
      end
      readers.each(&:join)
    end
    Result.new(status, out, err, Process.clock_gettime(Process::CLOCK_MONOTONIC) - started)
  end
end
