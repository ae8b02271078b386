// Test support: what one run of the exactdp tool printed, whichever way it
// was run (run_tool.hpp: as a process; run_in_process.hpp: in this process).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace exactdp::test {

struct tool_result {
  int status = -1;  // exit status, or 128 + signal (process runs), or 124 (time limit)
  std::string out;  // stdout
  std::string err;  // stderr
};

/// The command line as a person would type it, for INFO messages (long
/// arguments cut to 60 bytes, long lists to 20 arguments).
inline std::string command_line(const std::vector<std::string>& args) {
  std::string s = "exactdp";
  for (std::size_t i = 0; i < args.size() && i < 20; ++i) {
    const std::string& a = args[i];
    s += " " + (a.size() > 60 ? a.substr(0, 60) + "...(" + std::to_string(a.size()) + " bytes)" : a);
  }
  if (args.size() > 20) s += " ...(" + std::to_string(args.size()) + " arguments)";
  return s;
}

/// Number of lines of a text (its '\n' characters).
inline std::size_t line_count(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

/// Whether every byte is printable ASCII or a line break: no raw input bytes.
inline bool printable(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c == '\n' || (c >= 0x20 && c < 0x7f); });
}

}  // namespace exactdp::test
