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
#include "exactdp/games/win_lose.hpp"
#include "exactdp/grundy/misere.hpp"
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

/// "play": "normal" or "misere" (the text says nothing under normal play).
void add_play_fact(result& r, play_rule rule);

/// " (misère play: whoever makes the last move loses)" or "": for questions.
std::string play_words(play_rule rule);

/// The answer to a sum of heaps: "game", "heaps", "play", "values" (their
/// Grundy values), "nim_sum", the outcome facts and "winning_move"
/// ({"heap": index, "take", "left", "right", "text"} or null). Under normal
/// play the outcome is a win when the nim-sum is not 0; under misère play
/// (Nim only) it is `misere_outcome`, from Bouton's rule.
result sum_of_heaps_result(const std::string& game, std::span<const std::uint64_t> heaps,
                           std::span<const std::uint64_t> values, const std::optional<sum_move>& move,
                           play_rule rule = play_rule::normal, outcome misere_outcome = outcome::lose);

/// Nim on `heaps` under `rule` (the XOR rule, or Bouton's misère rule), as a
/// sum of heaps (nim and nim-sum without a game).
result nim_facts(std::span<const std::uint64_t> heaps, play_rule rule);

/// The facts of one heap of an octal game under misère play: the outcome
/// facts, "winning_move" (as for sums: {"heap": 0, "take", "left", "right",
/// "text"} or null) and "positions" (multisets of heaps searched).
void add_misere_heap_facts(result& r, std::uint64_t heap, const misere_heap_result& a);

}  // namespace exactdp::tool
