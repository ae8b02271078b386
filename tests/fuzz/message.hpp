// What every fuzz target checks of an error it catches: one short line of
// printable text (input is echoed at most about 200 characters, escaped).
// A message that breaks this aborts the run, so the fuzzer reports it.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace exactdp::fuzz {

inline void check_message(std::string_view message) {
  bool printable = true;
  for (const char c : message) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) printable = false;  // UTF-8 from a model's own names may pass: bytes >= 0x80
  }
  if (message.size() > 1000 || !printable) {
    std::fprintf(stderr, "bad error message (%zu bytes): %.300s\n", message.size(), message.data());
    std::abort();
  }
}

}  // namespace exactdp::fuzz
