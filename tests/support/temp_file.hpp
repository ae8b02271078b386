// Test support: a file written for one test, removed when the test ends.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace exactdp::test {

class temp_file {
 public:
  /// Writes `content` to /tmp/exactdp-test-PID-NAME (the name keeps its
  /// extension, which some readers use to choose the format).
  temp_file(const std::string& name, const std::string& content)
      : path_("/tmp/exactdp-test-" + std::to_string(::getpid()) + "-" + name) {
    std::ofstream(path_, std::ios::binary) << content;
  }
  ~temp_file() { std::remove(path_.c_str()); }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace exactdp::test
