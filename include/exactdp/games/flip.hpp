// exactdp/games/flip.hpp: Flip Game II by memoised search over the strings.
//
// A string of '+' and '-'; a move flips two consecutive "++" to "--"; the
// player who cannot move loses. The position is the string itself. The
// search runs solve_win_lose with the string encoded exactly as a bit mask
// of its '+' signs (the length never changes, so the mask is the string).
// This is the plain search the seeds describe: exponential in the worst case
// (at most 2^n strings), fine for short strings. The Sprague-Grundy fast path
// (runs of '+' as independent heaps) lives in the grundy family; the two must
// agree on every string.
// Source: seed 000 "Flip Game II: the string is the position"; seed 004
// "Bài tự luyện" (LC 294); handed case C06.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/games/value.hpp"
#include "exactdp/games/win_lose.hpp"

namespace exactdp {

/// Longest string flip_wins_by_search accepts.
inline constexpr std::size_t flip_search_max_length = 64;
/// Default cap on distinct strings searched (about 1 GiB of memo at most).
inline constexpr std::size_t flip_search_default_positions = 20'000'000;

/// The answer of flip_wins_by_search.
struct flip_answer {
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
/// strings searched. Errors: std::invalid_argument for another character or a
/// longer string; resource_error when the search passes `max_positions`, the
/// state budget or the work budget. Cost: O(positions · pairs) mask
/// operations; worst case exponential in the number of '+'.
/// Source: seed 000 "Flip Game II". Status: against an exhaustive game-tree
/// search without memo on all 16,383 strings of length <= 13; handed C06.
inline flip_answer flip_wins_by_search(std::string_view s,
                                       std::size_t max_positions = flip_search_default_positions) {
  if (s.size() > flip_search_max_length)
    throw std::invalid_argument("flip: a string of " + std::to_string(s.size()) + " characters is above the limit of " +
                                std::to_string(flip_search_max_length) + " for the memoised search");
  std::uint64_t start = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') start |= std::uint64_t{1} << i;
    else if (s[i] != '-')
      throw std::invalid_argument("flip: character " + std::to_string(i) + " of the string is '" + std::string(1, s[i]) +
                                  "': only '+' and '-' are allowed");
  }
  const auto r = solve_win_lose(detail::flip_game{}, start, max_positions);
  flip_answer a;
  a.result = r.result;
  a.positions = r.positions;
  if (r.best_move) a.winning_flip = static_cast<std::size_t>(std::countr_zero(start ^ *r.best_move));
  return a;
}

}  // namespace exactdp
