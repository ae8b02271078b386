// exactdp/grundy/nim_sum.hpp: the Nim sum of independent games and the
// move that makes it 0 — the one home of the Nim rule, used by Nim
// (games/nim.hpp), sums of octal heaps (grundy/period.hpp) and sums of games
// given by a move function (grundy/moves.hpp).
//
// A sum of independent games, each equivalent to a Nim heap of its Grundy
// value g_i, is lost for the player to move exactly when s = g_1 ^ ... ^ g_n
// is 0. From s != 0, a component whose value has the top bit of s set has
// g_i ^ s < g_i, and moving it to a position of value g_i ^ s makes the sum 0.
// Source: Bouton, "Nim, a game with a complete mathematical theory" (1901);
// Sprague (1935) and Grundy (1939) for sums of games; Berlekamp, Conway and
// Guy, "Winning Ways", ch. 3.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace exactdp {

/// A move in a sum of independent games: component number `component`
/// (0-based) makes the move `move` (a heap_move for octal heaps, an option
/// index for a move function, the value to reduce to for nim_reduction).
template <class Move>
struct component_move {
  std::size_t component = 0;
  Move move{};
};

/// The Nim sum (XOR) of Grundy values: the value of the sum of independent
/// positions with these values (Sprague-Grundy theorem). The sum is a loss for
/// the player to move exactly when the result is 0. Cost: O(values.size()).
/// No errors. Source: Bouton (1901). Status: tested against an exhaustive
/// search of product games (tests/grundy/test_period.cpp) and of Nim
/// (tests/games/test_small_games.cpp).
/// Example: nim_sum(std::vector<std::uint64_t>{3, 4}) == 7.
inline std::uint64_t nim_sum(std::span<const std::uint64_t> values) {
  std::uint64_t s = 0;
  for (const std::uint64_t v : values) s ^= v;
  return s;
}

/// The Nim rule: the first component (lowest index) whose value carries the
/// top bit of the Nim sum s, and the value values[i] ^ s (< values[i]) it
/// must move to so that the sum becomes 0; nothing when s = 0 (every move
/// loses). Cost: O(values.size()). No errors. Source: Bouton (1901).
/// Status: tested through nim, misere_nim and both winning_move overloads
/// against exhaustive search (tests/games/test_small_games.cpp,
/// tests/grundy/test_period.cpp).
/// Example: for values {3, 4, 5} (sum 2) the move is {0, 1}: heap 0 from 3 to 1.
template <std::unsigned_integral V>
std::optional<component_move<V>> nim_reduction(std::span<const V> values) {
  V sum = 0;
  for (const V v : values) sum ^= v;
  if (sum == 0) return std::nullopt;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const V target = static_cast<V>(values[i] ^ sum);
    if (target < values[i]) return component_move<V>{i, target};
  }
  return std::nullopt;  // unreachable: the value holding the top bit of sum qualifies
}

}  // namespace exactdp
