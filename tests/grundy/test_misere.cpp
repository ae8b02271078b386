// Octal games under misère play: single heaps by the win/lose engine,
// against a plain game-tree search without memo; sums refused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "exactdp/games/nim.hpp"
#include "exactdp/games/subtraction.hpp"
#include "exactdp/grundy/misere.hpp"
#include "exactdp/grundy/octal.hpp"

using namespace exactdp;

namespace {

// Plain search over multisets of heaps, moves listed from the octal code
// digit by digit (bit 1: take the whole heap of k; bit 2: take k leaving
// one heap; bit 4: take k leaving two heaps). The player who cannot move wins.
// The heaps one move can leave from a heap of h.
std::vector<std::vector<std::uint64_t>> options_of(const octal_game& g, std::uint64_t h) {
  std::vector<std::vector<std::uint64_t>> options;
  for (std::uint64_t k = 0; k < g.digits.size(); ++k) {
    const unsigned d = g.digits[k];
    if ((d & 1) && k > 0 && h == k) options.push_back({});
    if ((d & 2) && k > 0 && h > k) options.push_back({h - k});
    if ((d & 4) && h >= k + 2)
      for (std::uint64_t a = 1; a + a <= h - k; ++a) options.push_back({a, h - k - a});
  }
  return options;
}

bool brute_misere_wins(const octal_game& g, std::vector<std::uint64_t> heaps) {
  bool any = false;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    std::vector<std::uint64_t> rest = heaps;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
    for (const auto& o : options_of(g, heaps[i])) {
      any = true;
      std::vector<std::uint64_t> next = rest;
      next.insert(next.end(), o.begin(), o.end());
      if (!brute_misere_wins(g, next)) return true;
    }
  }
  return !any;
}

}  // namespace

TEST_CASE("misère octal heaps agree with a plain game-tree search", "[grundy][misere]") {
  for (const char* code : {"0.77", "0.07", "0.137", "4.7", "0.51", "0.6"}) {
    const octal_game g = parse_octal(code);
    for (std::uint64_t n = 0; n <= 9; ++n) {
      INFO(code << " heap " << n);
      const auto a = misere_octal_heap(g, n);
      const bool wins = brute_misere_wins(g, {n});
      REQUIRE((a.result == outcome::win) == wins);
      const bool can_move = !options_of(g, n).empty();
      REQUIRE(a.winning_move.has_value() == (wins && can_move));  // a heap without a move is won without one
      if (a.winning_move) REQUIRE(!brute_misere_wins(g, *a.winning_move));
    }
  }
}

TEST_CASE("misère octal heaps: subtraction games and Nim", "[grundy][misere]") {
  // S(1,3,4) as the octal game 0.3033 against the misère subtraction table.
  const std::vector<std::uint64_t> takes{1, 3, 4};
  const std::vector<std::int64_t> moves{1, 3, 4};
  const auto table = subtraction_table(moves, 60, play_rule::misere);
  for (std::uint64_t n = 0; n <= 60; ++n) CHECK(misere_octal_heap(octal_subtraction_game(takes), n).result == table[n]);
  // Nim with removals of 1..12 (0.333333333333) on one heap against Bouton's rule.
  const octal_game nim_game = parse_octal("0.333333333333");
  for (std::uint64_t n = 0; n <= 12; ++n)
    CHECK(misere_octal_heap(nim_game, n).result == misere_nim(std::vector<std::uint64_t>{n}).result);
}

TEST_CASE("misère sums are refused; budgets hold", "[grundy][misere]") {
  const octal_game kayles = parse_octal("0.77");
  CHECK_THROWS_WITH(misere_octal(kayles, std::vector<std::uint64_t>{3, 4}),
                    Catch::Contains("no rule") && Catch::Contains("do not add"));
  CHECK_THROWS_AS(misere_octal(kayles, std::vector<std::uint64_t>{}), std::invalid_argument);
  CHECK(misere_octal(kayles, std::vector<std::uint64_t>{5}).result == misere_octal_heap(kayles, 5).result);
  CHECK_THROWS_AS(refuse_misere_sum("a nim-sum of Grundy values"), std::invalid_argument);
  CHECK_THROWS_AS(misere_octal_heap(kayles, 60, 1000), resource_error);
  CHECK_THROWS_AS(misere_octal_heap(kayles, misere_max_heap + 1), std::invalid_argument);
}
