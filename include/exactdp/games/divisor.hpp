// exactdp/games/divisor.hpp: Divisor Game.
//
// Start with n. A move picks x with 0 < x < n and x dividing n, and replaces
// n by n − x; the player who cannot move loses. The mover wins exactly when n
// is even: 1 has no move (lose); an odd n has only odd divisors, so every move
// reaches an even number; an even n can take x = 1 and reach an odd one.
// n = 0: read literally, the rule "0 < x < n" admits no x, so the mover has no
// move and loses (every x divides 0, but none is below 0). The parity rule
// agrees: 0 is even, yet 0 is a loss, so it is the one exception, and this
// function treats it by the rules, not by the parity shortcut.
// Source: LeetCode 1025 Divisor Game.
#pragma once

#include <cstdint>
#include <optional>

#include "exactdp/games/value.hpp"

namespace exactdp {

/// The answer for Divisor Game at n.
struct divisor_result {
  outcome result = outcome::lose;             ///< win or lose for the player to move
  std::optional<std::uint64_t> winning_move;  ///< x = 1 when winning (leaves the odd n − 1)
};

/// Divisor Game at n (any 0 <= n <= 2^64 − 1): win iff n is even and n > 0;
/// the winning move is x = 1. Cost: O(1). Errors: none.
/// Source: LeetCode 1025 Divisor Game. Status: against a memoised table of
/// the rules and an exhaustive game-tree search for n <= 60
/// (tests/games/test_subtraction.cpp).
/// Example: divisor_game(2).result == outcome::win.
constexpr divisor_result divisor_game(std::uint64_t n) {
  if (n == 0 || n % 2 == 1) return {outcome::lose, std::nullopt};
  return {outcome::win, std::uint64_t{1}};
}

}  // namespace exactdp
