// Test support: what `os << x` writes.
#pragma once

#include <sstream>
#include <string>

namespace exactdp::test {

/// The text `os << x` writes on a fresh std::ostringstream.
template <class T>
std::string streamed(const T& x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

}  // namespace exactdp::test
