// Hostile command lines: each must end with status 1 or 2 and a one-line
// message on stderr, within 2 seconds and 1 GiB of address space.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <unistd.h>

#include "support/run_tool.hpp"

using exactdp::test::run_tool;

namespace {

struct hostile {
  std::vector<std::string> args;
  int status;  // 1: no answer / budget; 2: bad input
};

void check_hostile(const std::vector<hostile>& cases) {
  for (const auto& c : cases) {
    std::string shown;
    for (const auto& a : c.args)
      shown += (a.size() > 40 ? a.substr(0, 40) + "...(" + std::to_string(a.size()) + " bytes)" : a) + " ";
    INFO("exactdp " << shown);
    const auto r = run_tool(c.args, "", {2, 1024});
    CHECK(r.status == c.status);
    CHECK_THAT(r.err, Catch::StartsWith("exactdp: error: "));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.out.empty());
  }
}

}  // namespace

TEST_CASE("hostile command lines: sizes, signs and huge numbers") {
  check_hostile({
      {{"knight", "1000000000", "1", "0", "0"}, 2},
      {{"knight", "-1", "1", "0", "0"}, 2},
      {{"knight", "-0", "1", "0", "0"}, 2},
      {{"knight", "9223372036854775808", "1", "0", "0"}, 2},
      {{"knight", "3", "-5", "0", "0"}, 2},
      {{"knight", "3", "2", "0"}, 2},
      {{"knight", "3", "2", "0", "0", "0"}, 2},
      {{"knight", "100000", "1", "0", "0"}, 1},
      {{"knight", "2000", "10000000", "0", "0"}, 1},
      {{"run", "9223372036854775807"}, 2},
      {{"run", "-9223372036854775808"}, 2},
      {{"run", "-0"}, 2},
      {{"run", "10000000", "--as", "exact"}, 1},
      {{"run"}, 2},
      {{"run", "2", "3"}, 2},
      {{"run", "1", "--faces", "0"}, 2},
      {{"run", "1", "--faces", "1000001"}, 2},
      {{"coupon", "99999999999"}, 2},
      {{"coupon", "10000000", "--as", "exact"}, 1},
      {{"new21", "1000000000", "1000000000", "1000000000", "--as", "exact"}, 1},  // budget before max_pts^draws
      {{"new21", "1000000000", "1000000000", "1000000000"}, 1},
      {{"rolls-to-reach", "100000000", "--as", "exact"}, 1},
      {{"soup", "5000", "--tolerance", "nan"}, 2},
  });
}

TEST_CASE("hostile command lines: fractions and text") {
  check_hostile({
      {{"mod", "1/0"}, 2},
      {{"mod", "0/0"}, 2},
      {{"mod", ""}, 2},
      {{"mod", "1/2 "}, 2},
      {{"mod", "1\n2"}, 2},
      {{"mod", "\xff\xfe\x80"}, 2},
      {{"mod", "1e99999999"}, 2},
      {{"mod", "1e-100001"}, 2},
      {{"mod", "1/" + std::string(120'000, '0')}, 2},
      {{"mod", std::string(120'000, '-')}, 2},
      {{"run", "2", "--check", ""}, 2},
      {{"run", "2", "--check", "1/0"}, 2},
      {{"run", "2", "--check", "inf"}, 2},
      {{"run", "2", "--digits", "0"}, 2},
      {{"run", "2", "--digits", "100001"}, 2},
      {{"run", "2", "--as", ""}, 2},
      {{""}, 2},
      {{"--frobnicate"}, 2},
      {{"run", "2", "--frobnicate"}, 2},
  });
}

TEST_CASE("hostile command lines: moduli, residues and budgets") {
  std::vector<std::string> many_residues(10'001, "1");
  many_residues.insert(many_residues.begin(), "unmod");
  check_hostile({
      {many_residues, 2},
      {{"mod", "1/2", "--modulus", "1"}, 2},
      {{"mod", "1/2", "--modulus", "2"}, 2},
      {{"mod", "1/2", "--modulus", "4"}, 2},
      {{"mod", "1/2", "--modulus", "0"}, 2},
      {{"mod", "1/2", "--modulus", "-7"}, 2},
      {{"mod", "1/2", "--modulus", "1000000008"}, 2},
      {{"mod", "1/2147483647", "--modulus", "2147483647"}, 1},
      {{"mod", "1/2", "--modulus", "2305843009213693951"}, 2},
      {{"mod", "1/2", "--modulus", "18446744073709551616"}, 2},
      {{"run", "2", "--modulus", "2147483648"}, 2},
      {{"inv", "0"}, 1},
      {{"inv", "2147483647", "--modulus", "2147483647"}, 1},
      {{"unmod", ""}, 2},
      {{"unmod", "1@7", "2@7"}, 2},
      {{"unmod", "1@2147483648"}, 2},
      {{"unmod", "43721615"}, 1},
      {{"--max-memory", "0", "run", "2"}, 2},
      {{"--max-memory", "-1", "run", "2"}, 2},
      {{"--max-memory", "nan", "run", "2"}, 2},
      {{"--max-work", "0", "run", "2"}, 2},
      {{"knight", "30", "5", "0", "0", "--max-memory", "0.000001"}, 1},
  });
}

TEST_CASE("hostile command lines: model files and game input") {
  const std::string dir = "/tmp/exactdp-hostile-" + std::to_string(::getpid());
  REQUIRE(std::system(("mkdir -p " + dir).c_str()) == 0);
  std::ofstream(dir + "/nested.json") << std::string(100'000, '[');
  // NOLINTNEXTLINE(bugprone-string-constructor): the large length is the point, a hostile 10 MB input file
  std::ofstream(dir + "/garbage.json") << std::string(10'000'000, 'x');    // a 10 MB file
  std::ofstream(dir + "/big.tra") << "10000000 3\n0 1 1\n1 1 1\n2 2 1\n";  // 10^7 states declared, 3 lines
  std::ofstream(dir + "/bad.json", std::ios::binary) << "{\"start\": \"\xff\xfe\"}";
  check_hostile({
      {{"chain", dir + "/nested.json"}, 2},
      {{"chain", dir + "/garbage.json"}, 2},
      {{"chain", dir + "/big.tra"}, 2},
      {{"chain", dir + "/bad.json"}, 2},
      {{"chain", dir + "/missing.json"}, 2},
      {{"expectiminimax", "/dev/zero"}, 2},  // a device without a size: refused, not read forever
      {{"expectiminimax", dir}, 2},          // a directory
      {{"retrograde", "/dev/zero"}, 2},
      {{"retrograde", dir + "/nested.json"}, 2},
      {{"retrograde", dir + "/garbage.json"}, 2},
      {{"expectiminimax", dir + "/nested.json"}, 2},
      {{"cat-mouse", std::string(100'000, '[')}, 2},
      {{"cat-mouse", "[[0]]"}, 2},
      {{"cat-mouse", "[[1e999]]"}, 2},  // a JSON number beyond double's range (found by fuzzing)
      {{"cat-mouse", "[[99999999999999999999999]]"}, 2},
      {{"cat-mouse2", ".....", "--cat-jump", "1", "--mouse-jump", "1"}, 2},
      {{"take", "9223372036854775808", "--moves", "1,3,4"}, 2},
      {{"take", "10", "--moves", "0"}, 2},
      {{"take", "10", "--moves", "1,1"}, 2},
      {{"can-i-win", "30", "100"}, 2},
      {{"flip-search", std::string(65, '+')}, 2},
      {{"flip", "+x+"}, 2},
      {{"grundy", "--octal", "0.8", "--n", "5"}, 2},
      {{"grundy", "--subtract", "1,3,4", "--n", "-1"}, 2},
      {{"stone3"}, 2},
      {{"nim", "-1"}, 2},
      {{"soup", "-1"}, 2},
      {{"new21", "-1", "0", "1"}, 2},
      {{"dice-sequences", "5", "0", "1", "1", "1", "1", "1"}, 2},
      {{"boundary-paths", "1", "1", "1", "5", "5"}, 2},
  });
  CHECK(std::system(("rm -rf " + dir).c_str()) == 0);
}
