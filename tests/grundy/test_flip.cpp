// Flip Game II: the Grundy fast path against an exhaustive string search.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <unordered_map>

#include "exactdp/grundy/flip.hpp"
#include "exactdp/grundy/octal.hpp"
#include "support/paths.hpp"

using namespace exactdp;

namespace {

// The oracle: the seed's definition, searched over whole strings (memo on the
// string itself), with an explicit stack instead of recursion.
class flip_search {
 public:
  bool wins(const std::string& s) {
    std::vector<std::string> stack{s};
    while (!stack.empty()) {
      const std::string cur = stack.back();
      if (memo_.count(cur)) {
        stack.pop_back();
        continue;
      }
      bool pending = false, win = false;
      for (std::size_t i = 0; i + 1 < cur.size(); ++i) {
        if (cur[i] != '+' || cur[i + 1] != '+') continue;
        std::string next = cur;
        next[i] = next[i + 1] = '-';
        const auto it = memo_.find(next);
        if (it == memo_.end()) {
          stack.push_back(next);
          pending = true;
        } else if (!it->second) {
          win = true;
        }
      }
      if (pending && !win) continue;  // children first
      memo_[cur] = win;
      stack.pop_back();
    }
    return memo_.at(s);
  }

 private:
  std::unordered_map<std::string, bool> memo_;
};

void check_against_search(flip_search& search, const std::string& s) {
  INFO("string " << s);
  const flip_grundy_result a = flip_grundy(s);
  const bool truth = search.wins(s);
  REQUIRE(a.wins == truth);
  CHECK(a.flip.has_value() == truth);
  if (a.flip) {
    REQUIRE(*a.flip + 1 < s.size());
    REQUIRE(s[*a.flip] == '+');
    REQUIRE(s[*a.flip + 1] == '+');
    std::string after = s;
    after[*a.flip] = after[*a.flip + 1] = '-';
    CHECK_FALSE(search.wins(after));  // the flip leaves the opponent lost
  }
}

}  // namespace

TEST_CASE("flip agrees with an exhaustive search on every string of length <= 13", "[grundy][flip]") {
  flip_search search;
  std::size_t strings = 0;
  for (std::size_t len = 0; len <= 13; ++len)
    for (std::uint32_t bits = 0; bits < (1u << len); ++bits) {
      std::string s(len, '-');
      for (std::size_t i = 0; i < len; ++i)
        if (bits >> i & 1u) s[i] = '+';
      check_against_search(search, s);
      ++strings;
    }
  CHECK(strings == 16383);
}

TEST_CASE("flip agrees with an exhaustive search on random strings of length 14..23", "[grundy][flip]") {
  flip_search search;
  std::mt19937 rng(1423);
  for (int round = 0; round < 300; ++round) {
    const std::size_t len = 14 + rng() % 10;
    std::string s(len, '-');
    const auto plus_percent = 55 + rng() % 45;  // mostly pluses: long runs
    for (auto& c : s) c = (rng() % 100 < plus_percent) ? '+' : '-';
    check_against_search(search, s);
  }
  // Every all-plus string up to 23, the longest runs the search can afford,
  // and the single-run winning flip.
  for (std::size_t len = 0; len <= 23; ++len) {
    const std::string run(len, '+');
    check_against_search(search, run);
    const auto cut = flip_run_winning_flip(len);
    REQUIRE(cut.has_value() == search.wins(run));
    if (cut) {
      std::string after = run;
      after[*cut] = after[*cut + 1] = '-';
      CHECK_FALSE(search.wins(after));
    }
  }
  // Long runs: the flip leaves runs whose values cancel.
  for (const std::uint64_t len : {1000ull, 123456789ull, 1'000'000'000'000'000'000ull}) {
    const auto cut = flip_run_winning_flip(len);
    REQUIRE(cut.has_value() == (flip_run_grundy(len) != 0));
    if (cut) CHECK((flip_run_grundy(*cut) ^ flip_run_grundy(len - 2 - *cut)) == 0);
  }
}

TEST_CASE("handed case C06: thirteen pluses win (value 2), 4k+1 is not a rule", "[grundy][flip][handed]") {
  std::ifstream in(exactdp::test::source_path("tests/data/handed.json"));
  REQUIRE(in.good());
  const nlohmann::json cases = nlohmann::json::parse(in);
  const nlohmann::json* c06 = nullptr;
  for (const auto& c : cases.is_array() ? cases : cases.at("cases"))
    if (c.at("id") == "C06") c06 = &c;
  REQUIRE(c06 != nullptr);
  const std::string state = c06->at("input").at("currentState");
  const bool expected = c06->at("expected").at("exact") == "true";
  CHECK(state == std::string(13, '+'));
  CHECK(flip_grundy(state).wins == expected);
  CHECK(flip_grundy(state).value == 2);
  CHECK(flip_run_grundy(13) == 2);
  CHECK(flip_run_grundy(5) == 0);
  CHECK(flip_run_grundy(9) == 0);
  CHECK(flip_run_grundy(17) == 2);
}

TEST_CASE("the seed's run values and runs of any length", "[grundy][flip]") {
  const std::vector<grundy_value> seed = {0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3};
  for (std::size_t len = 0; len < seed.size(); ++len) CHECK(flip_run_grundy(len) == seed[len]);
  // Against the naive table of 0.07 for runs up to 5000 (no period used there).
  const auto naive = octal_grundy_naive(parse_octal("0.07"), 5000);
  for (std::size_t len = 0; len < naive.size(); ++len) REQUIRE(flip_run_grundy(len) == naive[len]);
  // Strings of random runs below 5000: the XOR of the naive values.
  std::mt19937 rng(5000);
  for (int round = 0; round < 50; ++round) {
    std::string s;
    grundy_value x = 0;
    for (int run = 0; run < 20; ++run) {
      const std::size_t len = rng() % 5000;
      s += std::string(len, '+') + std::string(1 + rng() % 2, '-');
      x ^= naive[len];
    }
    const flip_grundy_result a = flip_grundy(s);
    CHECK(a.value == x);
    if (a.flip) {
      std::string after = s;
      after[*a.flip] = after[*a.flip + 1] = '-';
      CHECK(flip_grundy(after).value == 0);
    }
  }
  // A million pluses: the value of the certified period, and a winning flip.
  const std::string million(1'000'000, '+');
  const flip_grundy_result a = flip_grundy(million);
  CHECK(a.value == naive[53 + (1'000'000 - 53) % 34]);
  REQUIRE(a.flip.has_value());
  std::string after = million;
  after[*a.flip] = after[*a.flip + 1] = '-';
  CHECK(flip_grundy(after).value == 0);
}

TEST_CASE("flip rejects characters other than + and -", "[grundy][flip][errors]") {
  CHECK_THROWS_WITH(flip_grundy("++x+"), Catch::Contains("character 2 is 'x'"));
  CHECK_THROWS_AS(flip_grundy(" ++"), std::invalid_argument);
  CHECK(flip_grundy("").wins == false);
  CHECK(flip_grundy("-").wins == false);
  CHECK(flip_grundy("+").wins == false);
  CHECK(flip_grundy("++").flip == std::optional<std::size_t>(0));
}
