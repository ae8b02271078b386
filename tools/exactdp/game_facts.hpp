// Facts shared by the game commands (games.cpp, grundy.cpp): the outcome of a
// position, move sets, and the answer of a sum of heaps, so that nim and
// nim-sum describe the same game with the same keys.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "command.hpp"
#include "exactdp/games/outcome.hpp"
#include "exactdp/grundy/period.hpp"

namespace exactdp::tool {

/// Adds "outcome" ("win", "lose", "draw") and "first_player_wins" (the player
/// to move wins), and the text line "outcome  win for the player to move".
void add_outcome_facts(result& r, outcome o);

/// A move set from list text (split_list): each move an integer in
/// 1..max_move, no move twice. Throws std::invalid_argument naming the move.
std::vector<std::int64_t> read_move_set(std::span<const std::string> parts, std::string_view name,
                                        std::int64_t max_move);

/// "3, 4, 5" (at most 20 items, then "... (N heaps)").
std::string list_text(std::span<const std::uint64_t> values);

/// The answer to a sum of heaps: "heaps", "values" (their Grundy values),
/// "nim_sum", the outcome facts and "winning_move" ({"heap": index, "take",
/// "left", "right", "text"} or null).
result sum_of_heaps_result(const std::string& game, std::span<const std::uint64_t> heaps,
                           std::span<const std::uint64_t> values, const std::optional<sum_move>& move);

}  // namespace exactdp::tool
