// exactdp/games/subtraction.hpp: the subtraction game (take-away game) with
// any finite move set, for piles up to 2^63 − 1 through a certified period.
//
// A pile holds n stones; a move removes k stones for some k in the move set
// with k <= n; the player who cannot move loses (normal play). Position n is
// winning iff some allowed k leaves a losing n − k. Moves {1,2,3} is Nim Game
// (losing exactly at multiples of 4); moves {1,3,4} loses at 0, 2, 7, 9, ...
// with period 7.
//
// Why a period can be certified: with m the largest move, every value w(n)
// for n >= m is the same function of the m values w(n−m .. n−1) (all moves
// are legal there), so a subtraction game is an octal game for this purpose
// and the octal periodicity theorem applies to its W/L sequence: if the
// table shows w(n + p) = w(n) for e <= n < 2·max(e, 1) + p + m, then
// w(n + p) = w(n) for every n >= e. The period is found and proved by the
// same certifier as Grundy values of octal games (grundy/period.hpp:
// certify_period), on tables of doubling length.
// Under misère play (play_rule::misere: the player who cannot move wins, so
// whoever takes the last stone loses) only the positions without a move
// change (n below the smallest move: a win), and the same period argument
// holds, since it only looks at n >= m.
// Source: LeetCode 292 Nim Game (moves {1,2,3}); Berlekamp, Conway and Guy,
// "Winning Ways" (1982), ch. 4 (subtraction games and periodicity) and
// ch. 13 (misère play). Tests: tests/games/test_subtraction.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "exactdp/games/value.hpp"
#include "exactdp/games/win_lose.hpp"

namespace exactdp {

/// Largest allowed move and pile (limits of the public functions below).
inline constexpr std::uint64_t subtraction_max_move = 1'000'000;
inline constexpr std::uint64_t subtraction_max_pile = 9'223'372'036'854'775'807ULL;  // 2^63 − 1

/// Checks a move set: non-empty, every move in 1..subtraction_max_move, no
/// duplicates. Returns the moves sorted ascending. Throws
/// std::invalid_argument naming the offending move. Cost: O(k log k).
/// Example: checked_subtraction_moves(std::vector<std::int64_t>{3, 1}) is {1, 3}.
std::vector<std::uint64_t> checked_subtraction_moves(std::span<const std::int64_t> moves);

/// The W/L table: element n (0 <= n <= last) is outcome::win or outcome::lose
/// for the player to move with n stones. Throws std::invalid_argument on a bad
/// move set or last > 10^9; resource_error past the state or work budget.
/// Cost: O(last · |moves|) time, last + 1 bytes. Status: exhaustive game-tree
/// search on small piles; the known tables for {1,2,3} (LeetCode 292:
/// losing at multiples of 4) and {1,3,4} (losing at 0 and 2 mod 7).
/// Example: subtraction_table(std::vector<std::int64_t>{1, 2, 3}, 4).back() == outcome::lose.
std::vector<outcome> subtraction_table(std::span<const std::int64_t> moves, std::uint64_t last,
                                       play_rule rule = play_rule::normal);

/// The eventual period of a subtraction game's W/L sequence, with its
/// certificate: w(n) = w(n + period) for every n >= preperiod, where
/// `preperiod` and `period` are the smallest such values. The table showed
/// w(n) = w(n + period) for checked_from <= n < checked_to, which by the
/// periodicity theorem (this header's comment) proves it for all n.
struct subtraction_period {
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  std::uint64_t largest_move = 0;
  std::uint64_t checked_from = 0;        ///< first n of the checked range
  std::uint64_t checked_to = 0;          ///< one past the last n of the checked range
  std::uint64_t positions_computed = 0;  ///< length of the table the search built
  std::vector<bool> losing;              ///< w(n) == lose for n in [0, preperiod + period)

  /// Outcome at any pile n (0 <= n <= 2^63 − 1). Cost: O(1).
  /// Example: find_subtraction_period(std::vector<std::int64_t>{1, 3, 4}).at(7) == outcome::lose.
  outcome at(std::uint64_t n) const;
};

/// Finds and certifies the eventual period of the W/L sequence of a move set.
/// Throws std::invalid_argument on a bad move set; resource_error when the
/// table needed (2·max(preperiod, 1) + 2·period + largest move positions,
/// rounded up to a power-of-two multiple of max(1024, 4m + 16); at most
/// about 2^largest_move in theory) would pass the state or work budget.
/// Cost: O(N · |moves|) time for the table of N positions plus the
/// certifier's scan (certify_period), 5 bytes per position.
/// Status: tested on {1,2,3} (period 4), {1,3,4} (period 7), {1} and {2}
/// (period 2 / 4), a set with a long preperiod, and against brute force for
/// every move set inside {1..6}, under both play rules.
/// Example: find_subtraction_period(std::vector<std::int64_t>{1, 3, 4}).period == 7.
subtraction_period find_subtraction_period(std::span<const std::int64_t> moves, play_rule rule = play_rule::normal);

/// The answer for one pile.
struct subtraction_result {
  outcome result = outcome::lose;                 ///< win or lose for the player to move
  std::optional<std::uint64_t> winning_move;      ///< the smallest k that leaves a losing pile (win only)
  std::optional<subtraction_period> certificate;  ///< present when the answer came from the period
};

/// Outcome and smallest winning move for a pile of n stones. Piles up to
/// 10^6 are answered from a direct table; larger ones from
/// find_subtraction_period (certificate included). Throws
/// std::invalid_argument on a bad move set or n > 2^63 − 1. Cost: O(min(n,
/// preperiod + period + m) · |moves|). Status: as above; n = 10^18 benchmarked;
/// misère play against the win/lose engine (win_lose_search) for every move
/// set inside {1..6}.
/// Example: subtraction_game(4, std::vector<std::int64_t>{1, 2, 3}).result == outcome::lose (LeetCode 292).
subtraction_result subtraction_game(std::uint64_t n, std::span<const std::int64_t> moves,
                                    play_rule rule = play_rule::normal);

}  // namespace exactdp
