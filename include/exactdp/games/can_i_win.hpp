// exactdp/games/can_i_win.hpp: Can I Win (LeetCode 464) over a bitmask of
// the numbers used.
//
// Players alternately pick an unused integer from 1..max_choosable; the picks
// add to a shared total, and the player whose pick makes it reach
// desired_total wins. The position is the set of used numbers (the running
// total and the player to move follow from it).
// Two guards, each with its reason:
//  - desired_total <= 0: the target is met before anyone moves; LeetCode's
//    convention answers true.
//  - 1 + 2 + ... + max_choosable < desired_total: nobody can ever reach the
//    target, so the game ends with every number used and no winner. The
//    two-valued recursion would find no move at the end, call that position
//    lost, and read "the opponent cannot win" as "I win". The answer is
//    "the first player cannot force a win" (the outcome is a draw).
//    Otherwise a winner is guaranteed: while the target is unmet the unused
//    numbers add up to at least what is missing, so someone's pick reaches it.
// Two ways to solve the positions, with the same rule (a mask is winning
// when its largest unused number reaches the target, or some unused number
// leads to a losing mask):
//  - the bottom-up table: a bitset over all 2^m masks, filled from the
//    fullest masks down; it solves every mask whose sum is below the target;
//  - the memoised search from the empty mask (iterative, depth <= m), which
//    stops at the first winning move and never enters a position where the
//    opponent wins at once; it solves only the masks it reaches, far fewer
//    when the target is near 1 + ... + m or small (m = 20, total 210:
//    28,644 masks instead of 2^20).
// By default the search runs first with a cap of the table's mask count
// (the subsets with a sum below the target, counted by a subset-sum table);
// if it reaches the cap the table is filled instead: whichever solves fewer
// masks.
// Source: LeetCode 464 Can I Win. Tests: tests/games/test_small_games.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "exactdp/games/value.hpp"

namespace exactdp {

/// Largest max_choosable accepted (2^25 positions, 4 MiB of bits, about a
/// second); above it can_i_win throws with the memory and work estimate.
inline constexpr int can_i_win_max_choosable = 25;

/// How can_i_win solves the positions.
enum class can_i_win_method {
  fewer_masks,      ///< the memoised search, or the table when the search would solve more masks
  bottom_up,        ///< the table over all masks
  memoised_search,  ///< the search from the empty mask, without a cap
};

/// The answer of can_i_win.
struct can_i_win_result {
  bool first_player_wins = false;  ///< the first player can force reaching the target
  /// win or lose for the first player; draw when the numbers cannot reach the
  /// target at all (no one ever wins).
  outcome result = outcome::lose;
  std::optional<int> winning_pick;  ///< the smallest winning first pick (win only)
  /// Which guard answered without a table, in words; empty when the table was used.
  std::string guard;
  std::uint64_t positions = 0;  ///< masks solved: below the target (table) or reached (search)
  /// "bottom-up table" or "memoised search"; empty when a guard answered.
  std::string method;
};

/// Can the first player force reaching `desired_total`, picking without
/// replacement from 1..max_choosable?
/// Constraints: 1 <= max_choosable <= can_i_win_max_choosable (a larger value
/// is std::invalid_argument with the table size it would need, unless a guard
/// answers first); any desired_total. resource_error when the bitset passes
/// the state budget or the work passes the work budget.
/// Cost: O(masks solved · m) bit operations (most masks exit at the first
/// test), at most 2^m · m; 2^m bits of memory for the table, 2^(m+1) for
/// the search. Source: LeetCode 464 Can I Win. Status
/// (tests/games/test_small_games.cpp): (10, 11) → false, (3, 4) → false,
/// (1, 2) → false, an unreachable total is a draw, not a win,
/// desired <= 0 → true; both methods against an exhaustive search for every
/// (m <= 8, total <= m(m+1)/2 + 2) and against each other for m <= 14;
/// benchmarked at m = 20 for every total 1..210.
/// Example: !can_i_win(10, 11).first_player_wins (LeetCode 464's first example).
can_i_win_result can_i_win(int max_choosable, std::int64_t desired_total,
                           can_i_win_method method = can_i_win_method::fewer_masks);

}  // namespace exactdp
