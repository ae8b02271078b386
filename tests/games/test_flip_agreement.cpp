// Flip Game II two ways: the memoised string search (games/flip.hpp) and the
// Sprague-Grundy path (grundy/flip.hpp) must agree on every string of length
// <= 13 and on random longer strings, and each one's winning flip must leave
// a losing position for the other.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "exactdp/games/flip.hpp"
#include "exactdp/grundy/flip.hpp"

using namespace exactdp;

namespace {
void check_agreement(const std::string& s) {
  INFO("string " << s);
  const flip_search_result search = flip_wins_by_search(s);
  const flip_grundy_result grundy = flip_grundy(s);
  REQUIRE((search.result == outcome::win) == grundy.wins);
  if (grundy.flip) {  // the Grundy path's flip leaves a loss, by the search
    std::string after = s;
    after[*grundy.flip] = after[*grundy.flip + 1] = '-';
    CHECK(flip_wins_by_search(after).result == outcome::lose);
  }
  if (search.winning_flip) {  // and the search's flip leaves value 0
    std::string after = s;
    after[*search.winning_flip] = after[*search.winning_flip + 1] = '-';
    CHECK(flip_grundy(after).value == 0);
  }
}
}  // namespace

TEST_CASE("flip: search and Grundy agree on every string of length 13 or less") {
  int strings = 0;
  for (int length = 0; length <= 13; ++length)
    for (int bits = 0; bits < (1 << length); ++bits) {
      std::string s;
      for (int i = 0; i < length; ++i) s += (bits >> i & 1) ? '+' : '-';
      check_agreement(s);
      ++strings;
    }
  CHECK(strings == 16383);
}

TEST_CASE("flip: search and Grundy agree on random strings of length 14 to 23") {
  std::mt19937 rng(20261130);
  for (int i = 0; i < 300; ++i) {
    const int length = 14 + static_cast<int>(rng() % 10);
    std::string s;
    for (int j = 0; j < length; ++j) s += (rng() % 4 == 0) ? '-' : '+';
    check_agreement(s);
  }
}
