// Test support: the checks every tool test makes of one command line run in
// this process (run_in_process.hpp): it answered (status 0, nothing on
// stderr), its --json document, and its one-line error.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/rational.hpp"
#include "support/run_in_process.hpp"

namespace exactdp::test {

/// What the command printed on stdout; checks that it answered (status 0,
/// nothing on stderr).
inline std::string out_of(const std::vector<std::string>& args) {
  INFO(command_line(args));
  const auto r = run_in_process(args);
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  return r.out;
}

/// The command's --json document (--json is appended to args).
inline nlohmann::json json_of(std::vector<std::string> args) {
  args.push_back("--json");
  return nlohmann::json::parse(out_of(args));
}

/// The command fails with `status`, prints exactly "exactdp: error: LINE" on
/// stderr and nothing on stdout.
inline void expect_error(const std::vector<std::string>& args, int status, const std::string& line) {
  INFO(command_line(args));
  const auto r = run_in_process(args);
  CHECK(r.status == status);
  CHECK_THAT(r.err, Catch::Equals("exactdp: error: " + line + "\n"));
  CHECK(r.out.empty());
}

/// The command fails with `status`, prints one "exactdp: error: ..." line
/// that contains `words` on stderr, and nothing on stdout.
inline void expect_error_containing(const std::vector<std::string>& args, int status, const std::string& words) {
  INFO(command_line(args));
  const auto r = run_in_process(args);
  CHECK(r.status == status);
  CHECK_THAT(r.err, Catch::StartsWith("exactdp: error: ") && Catch::Contains(words));
  CHECK(line_count(r.err) == 1);
  CHECK(r.out.empty());
}

/// The residue of a fraction such as "3/8" modulo p, as the tool prints it.
inline std::string residue_text(const char* fraction, std::uint64_t p = 1'000'000'007) {
  return std::to_string(to_residue(parse_rational(fraction), p));
}

}  // namespace exactdp::test
