// exactdp/grundy/misere.hpp: octal games under misère play (the player who
// makes the last move loses), one heap at a time.
//
// Under normal play a sum of games is decided by the XOR of Grundy values.
// Under misère play there is no such rule: misère Grundy values do not add,
// and a sum of heaps has to be searched as a whole (Conway, "On Numbers and
// Games", ch. 12; Plambeck's misère quotients replace the XOR only game by
// game). So a single heap of an octal game is solved here by the win/lose
// engine (games/win_lose.hpp) over the positions it can reach: a move may
// split a heap, so those positions are multisets of heaps, searched exactly.
// A sum given at the start is refused with that explanation; Nim itself is
// the exception, solved by Bouton's rule (games/nim.hpp, misere_nim).
// Source: Winning Ways ch. 13 "Survival in the lost world".
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "exactdp/games/outcome.hpp"
#include "exactdp/grundy/octal.hpp"

namespace exactdp {

/// The answer for one heap under misère play.
struct misere_heap_result {
  outcome result = outcome::lose;  ///< win or lose for the player to move
  /// Win: the heaps a winning move leaves (sorted; empty when it takes the
  /// whole heap).
  std::optional<std::vector<std::uint64_t>> winning_move;
  std::size_t positions = 0;  ///< distinct positions (multisets of heaps) searched
};

/// Largest heap accepted by misere_octal_heap (the positions grow like the
/// partitions of the heap for games that split; the budgets bind first).
inline constexpr std::uint64_t misere_max_heap = 1'000'000;

/// A single heap of `heap` counters of the octal game under misère play:
/// the outcome for the player to move and a winning move, by an exhaustive
/// memoised search of the multisets of heaps reachable (no recursion).
/// `max_positions` caps the search (0: the state budget only).
/// Errors: std::invalid_argument for heap > misere_max_heap; resource_error
/// when the positions pass max_positions, the state budget or the work
/// budget. Cost: O(positions × moves per position) hash operations.
/// Source: Winning Ways ch. 13. Status: against a plain game-tree search
/// without memo on small heaps of several games (Kayles 0.77, Dawson's
/// Kayles 0.07, 0.137, 4.7); a subtraction game against the misère
/// subtraction table; Nim heaps against Bouton's rule.
/// Example: misere_octal_heap(parse_octal("0.77"), 2).result == outcome::win.
misere_heap_result misere_octal_heap(const octal_game& game, std::uint64_t heap, std::size_t max_positions = 0);

/// Misère play on several heaps of an octal game: one heap is
/// misere_octal_heap; a sum of two or more heaps is refused, because misère
/// play has no rule for sums (see the file comment). Errors:
/// std::invalid_argument for no heap or two or more heaps (with the
/// explanation), and misere_octal_heap's. Status: tested, both refusals.
/// Example: misere_octal(parse_octal("0.77"), std::vector<std::uint64_t>{1}).result == outcome::lose.
misere_heap_result misere_octal(const octal_game& game, std::span<const std::uint64_t> heaps,
                                std::size_t max_positions = 0);

/// Throws std::invalid_argument explaining that a sum of games has no
/// misère rule (for a caller that would add Grundy values under misère
/// play, such as a nim-sum of values): misère Grundy values do not combine
/// by XOR. `what` names the sum in the message.
/// Example: refuse_misere_sum("a nim-sum") throws std::invalid_argument.
[[noreturn]] void refuse_misere_sum(const std::string& what);

}  // namespace exactdp
