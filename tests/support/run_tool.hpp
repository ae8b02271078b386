// Test support: run the exactdp tool as a process and capture what it prints.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace exactdp::test {

struct tool_result {
  int status = -1;  // exit status, or 128 + signal
  std::string out;  // stdout
  std::string err;  // stderr
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'')
      q += "'\\''";
    else
      q += c;
  }
  return q + "'";
}

inline std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Limits for one run of the tool: wall-clock seconds (exceeded: status 124)
/// and address space in MiB (0: none; not applied under AddressSanitizer,
/// which reserves terabytes of address space).
struct tool_limits {
  int seconds = 60;
  long memory_mib = 0;
};

/// Runs `exactdp args...` (the tool built with the tests) within `limits` and
/// returns its exit status and output. `input` goes to stdin.
inline tool_result run_tool(const std::vector<std::string>& args, const std::string& input = "",
                            tool_limits limits = {}) {
  char dir_template[] = "/tmp/exactdp-test-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string in_path = dir + "/in", out_path = dir + "/out", err_path = dir + "/err";
  std::ofstream(in_path, std::ios::binary) << input;
  std::string cmd;
#ifndef EXACTDP_SANITIZE
  if (limits.memory_mib > 0) cmd.append("ulimit -v ").append(std::to_string(limits.memory_mib * 1024)).append("; ");
#endif
  cmd.append("exec timeout ").append(std::to_string(limits.seconds)).append(" ");
  cmd += shell_quote(EXACTDP_TOOL_PATH);
  for (const auto& a : args) cmd.append(" ").append(shell_quote(a));
  cmd.append(" <").append(in_path).append(" >").append(out_path).append(" 2>").append(err_path);
  const std::string shell = std::string("sh -c ").append(shell_quote(cmd));
  const int raw = std::system(shell.c_str());
  tool_result r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  r.out = read_all(out_path);
  r.err = read_all(err_path);
  std::remove(in_path.c_str());
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  rmdir(dir.c_str());
  return r;
}

/// Path of a file in the source tree (tests/data/..., examples/...).
inline std::string source_path(const std::string& relative) { return std::string(EXACTDP_SOURCE_DIR) + "/" + relative; }

}  // namespace exactdp::test
