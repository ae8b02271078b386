// Test support: files of the source tree and their contents.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace exactdp::test {

/// Path of a file in the source tree (tests/data/..., examples/...).
inline std::string source_path(const std::string& relative) { return std::string(EXACTDP_SOURCE_DIR) + "/" + relative; }

/// The whole content of a file ("" when it cannot be read).
inline std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace exactdp::test
