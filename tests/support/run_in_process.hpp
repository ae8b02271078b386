// Test support: run one exactdp command line in this process, through
// exactdp::tool::run_command_line (tools/exactdp/command.hpp, library
// exactdp_cli), with string streams for stdout and stderr. Much faster than a
// process; use the process runner (run_tool.hpp) for standard input, limits
// on time and memory, and crashes.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"
#include "support/tool_result.hpp"

namespace exactdp::test {

inline tool_result run_in_process(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  tool_result r;
  r.status = exactdp::tool::run_command_line(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace exactdp::test
