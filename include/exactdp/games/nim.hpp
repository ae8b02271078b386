// exactdp/games/nim.hpp: Nim and its winning move.
//
// Heaps of stones; a move removes any positive number of stones from one
// heap; the player who cannot move loses. The mover loses exactly when the
// XOR of the heap sizes (the nim-sum) is 0. From a non-zero nim-sum s, a heap
// h with the highest bit of s set has h ^ s < h, and reducing it to h ^ s
// makes the nim-sum 0.
// Source: seed 000 "Nim and the XOR rule, with a proof"; seed 002 (Nim).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "exactdp/games/value.hpp"

namespace exactdp {

/// A Nim move: remove `remove` (>= 1) stones from heap number `heap` (0-based).
struct nim_move {
  std::size_t heap = 0;
  std::uint64_t remove = 0;
};

/// The answer for a Nim position.
struct nim_answer {
  outcome result = outcome::lose;        ///< win iff nim_sum != 0
  std::uint64_t nim_sum = 0;             ///< XOR of the heaps
  std::optional<nim_move> winning_move;  ///< the first heap (lowest index) that can restore nim-sum 0
};

/// Nim on any number of heaps of any size (empty: a loss, nothing to move).
/// Cost: O(heaps). Errors: none. Source: seed 000 "Nim and the XOR rule".
/// Status: against exhaustive game-tree search over all heap vectors of the
/// seed's sizes (one or two heaps up to 9, three up to 7, four up to 5, five up to 4).
inline nim_answer nim(std::span<const std::uint64_t> heaps) {
  nim_answer a;
  for (const std::uint64_t h : heaps) a.nim_sum ^= h;
  if (a.nim_sum == 0) return a;
  a.result = outcome::win;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::uint64_t target = heaps[i] ^ a.nim_sum;
    if (target < heaps[i]) {
      a.winning_move = nim_move{i, heaps[i] - target};
      break;
    }
  }
  return a;
}

}  // namespace exactdp
