// exactdp/games/flip.hpp: Flip Game II by memoised search over the strings.
//
// A string of '+' and '-'; a move flips two consecutive "++" to "--"; the
// player who cannot move loses. The position is the string itself. The
// search runs win_lose_search with the string encoded exactly as a bit mask
// of its '+' signs (the length never changes, so the mask is the string).
// This is the plain memoised search: exponential in the worst case
// (at most 2^n strings), fine for short strings. The Sprague-Grundy fast path
// (runs of '+' as independent heaps) lives in the grundy family; the two must
// agree on every string.
// Source: LeetCode 294 Flip Game II. Tests: tests/games/test_small_games.cpp,
// tests/games/test_flip_agreement.cpp.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/games/value.hpp"
#include "exactdp/games/win_lose.hpp"
#include "exactdp/io/parse.hpp"

namespace exactdp {

/// Longest string flip_wins_by_search accepts.
inline constexpr std::size_t flip_search_max_length = 64;
/// Default cap on distinct strings searched (a few hundred MiB of memo at most).
inline constexpr std::size_t flip_search_default_positions = 5'000'000;

/// The answer of flip_wins_by_search.
struct flip_search_result {
  outcome result = outcome::lose;           ///< win or lose for the player to move
  std::optional<std::size_t> winning_flip;  ///< win: the smallest i such that flipping s[i], s[i+1] wins
  std::size_t positions = 0;                ///< distinct strings solved
};

namespace detail {
struct flip_game {
  using position = std::uint64_t;  // bit i set: s[i] == '+'
  void moves(position p, std::vector<position>& out) const {
    out.clear();
    for (position pairs = p & (p >> 1); pairs != 0; pairs &= pairs - 1) {
      const position low = pairs & (~pairs + 1);  // bit i with s[i] and s[i+1] both '+'
      out.push_back(p & ~(low | (low << 1)));
    }
  }
  outcome no_move_outcome(position) const { return no_move_outcome_under(play_rule::normal); }
};
}  // namespace detail

/// Can the player to move win Flip Game II on `s`, and with which flip?
/// Constraints: s holds only '+' and '-', length <= flip_search_max_length
/// (empty is allowed: no move, a loss). `max_positions` caps the distinct
/// strings searched; their exact number (the product of Fibonacci(L + 1)
/// over the runs of L '+') is checked before the search starts.
/// Errors: std::invalid_argument for another character or a longer string;
/// resource_error when the reachable strings exceed `max_positions` or the
/// state budget, or the work passes the work budget. Cost: O(positions · pairs) mask
/// operations; worst case exponential in the number of '+'.
/// Source: LeetCode 294 Flip Game II. Status: against an exhaustive game-tree
/// search without memo on all 16,383 strings of length <= 13, and thirteen
/// pluses win (tests/games/test_small_games.cpp).
/// Example: flip_wins_by_search("++++").winning_flip == 1 (to "+--+").
inline flip_search_result flip_wins_by_search(std::string_view s,
                                              std::size_t max_positions = flip_search_default_positions) {
  if (s.size() > flip_search_max_length)
    throw std::invalid_argument("flip: a string of " + std::to_string(s.size()) + " characters is above the limit of " +
                                std::to_string(flip_search_max_length) + " for the memoised search");
  std::uint64_t start = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+')
      start |= std::uint64_t{1} << i;
    else if (s[i] != '-')
      throw std::invalid_argument("flip: character " + std::to_string(i) + " is " + quote_input(s.substr(i, 1)) +
                                  ": the string may hold only '+' and '-'");
  }
  // The strings reachable from s: each run of L '+' independently becomes any
  // choice of disjoint "++" pairs flipped, and there are Fibonacci(L + 1) of
  // those. Their product is the exact memo size, known before searching.
  long double reachable = 1;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t run = 0;
    while (i < s.size() && s[i] == '+') ++run, ++i;
    long double a = 1, b = 1;  // Fibonacci(1), Fibonacci(2)
    for (std::size_t k = 1; k < run; ++k) {
      const long double c = a + b;
      a = b;
      b = c;
    }
    reachable *= run == 0 ? 1 : b;
    while (i < s.size() && s[i] == '-') ++i;
  }
  if (reachable > static_cast<long double>(max_positions)) {
    char count[32];
    std::snprintf(count, sizeof count, "%.4Lg", reachable);
    throw resource_error("flip: the search would visit " + std::string(count) +
                         " distinct strings (the product of Fibonacci(L + 1) over the runs of L '+'), above the limit "
                         "of " +
                         std::to_string(max_positions) +
                         " positions; the Sprague-Grundy path (exactdp flip) "
                         "answers long strings");
  }
  check_state_budget("the Flip Game II memo", 2 * reachable, detail::win_lose_entry_bytes<std::uint64_t>);
  const auto r = win_lose_search(detail::flip_game{}, start, max_positions);
  flip_search_result a;
  a.result = r.result;
  a.positions = r.positions;
  if (r.best_move) a.winning_flip = static_cast<std::size_t>(std::countr_zero(start ^ *r.best_move));
  return a;
}

}  // namespace exactdp
