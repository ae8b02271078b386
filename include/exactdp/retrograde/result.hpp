// exactdp/retrograde/result.hpp: the table a retrograde analysis fills
// (outcome, remoteness, optimal move per position).
//
// Conventions of the family (stated once): positions are numbered
// 0..N-1; every outcome is for the player to move at that position; a draw
// means neither side can force the end (play may go on for ever); remoteness
// counts plies (single moves) to the end under optimal play: the winner wins
// as fast as possible, the loser loses as slowly as possible.
// Source: Thompson, "Retrograde analysis of certain endgames" (1986);
// LeetCode 913 Cat and Mouse for the draw rule. Status: tested in
// tests/retrograde/test_engine.cpp.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "exactdp/games/outcome.hpp"

namespace exactdp {

/// Remoteness of a drawn position (no end can be forced).
inline constexpr std::uint32_t no_remoteness = 0xFFFF'FFFFu;
/// Optimal move of a position that has none (a terminal position).
inline constexpr std::uint32_t no_move = 0xFFFF'FFFFu;

/// The table a retrograde analysis fills, indexed by position.
///  - outcomes[p]: win, lose or draw for the player to move at p.
///  - remoteness[p]: plies to the end under optimal play (0 at a terminal
///    position; shortest forced win, longest delayed loss); no_remoteness
///    for draws.
///  - best_move[p]: the position an optimal move leads to (a win keeps the
///    shortest win, a loss the longest delay, a draw stays in a draw);
///    no_move at terminal positions.
/// Memory: 9 bytes per position.
struct retrograde_result {
  std::vector<outcome> outcomes;
  std::vector<std::uint32_t> remoteness;
  std::vector<std::uint32_t> best_move;
};

}  // namespace exactdp
