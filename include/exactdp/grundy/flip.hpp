// exactdp/grundy/flip.hpp: Flip Game II at any length, through Grundy values.
//
// A string of '+' and '-'; a move flips two adjacent "++" to "--"; the player
// who cannot move loses. Each maximal run of pluses is an independent heap of
// the octal game 0.07 (Dawson's Kayles): flipping inside a run of len pluses
// leaves runs of left and len - 2 - left. A run of len pluses has value
// G_0.07(len) (Dawson's chess 0.137, OEIS A002187,
// is the same sequence shifted by one: G_0.137(n) = G_0.07(n + 1)). The values
// are periodic with period 34 from len = 53 (last exception at len = 52),
// certified by the octal periodicity theorem, so any length answers in O(1)
// per run. A run of 13 pluses has value 2 and wins (the shortcut "runs of
// length 4k+1 lose" is wrong there).
// Source: LeetCode 294 Flip Game II; Sprague (1935) and Grundy (1939);
// Berlekamp, Conway and Guy, "Winning Ways", ch. 4 (the game is the octal
// game 0.07). Tests: tests/grundy/test_flip.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "exactdp/grundy/mex.hpp"

namespace exactdp {

/// The Grundy value of a run of `len` pluses in Flip Game II (G_0.07(len)),
/// for any len. Cost: O(1) after a one-time table of 4096 values. No errors.
/// Status: tested against an exhaustive string search (all strings of length
/// <= 13, random strings of length 14..23) and the published values of
/// 0.07 for 0..20 (OEIS A002187 shifted by one) (tests/grundy/test_flip.cpp).
/// Example: flip_run_grundy(4) == 2.
grundy_value flip_run_grundy(std::uint64_t len);

/// A winning flip in one run of len pluses (any len): the number of pluses
/// left of the flipped pair, or nothing when the run loses (value 0).
/// Cost: O(min(len, 87)) by the certified period. No errors.
/// Status: tested against the exhaustive search (every run up to 23) and, for
/// long runs, by checking that the result has value 0.
/// Example: flip_run_winning_flip(4) == 1 ("++++" to "+--+").
std::optional<std::uint64_t> flip_run_winning_flip(std::uint64_t len);

/// The answer for a Flip Game II position.
struct flip_grundy_result {
  grundy_value value = 0;           // Nim sum of the runs' values
  bool wins = false;                // the player to move wins (value != 0)
  std::optional<std::size_t> flip;  // a winning flip: s[flip], s[flip+1] = "++" -> "--"
};

/// Solves Flip Game II for the string s of '+' and '-' (any length; "" and
/// strings without "++" lose). Returns the Nim sum of the runs, whether the
/// player to move wins, and (when winning) the index i of a winning flip: the
/// first run whose value has the sum's top bit is cut so that its value drops
/// to value ^ sum. Throws std::invalid_argument naming the first character
/// that is not '+' or '-'. Cost: O(|s|) (a run of L pluses: O(min(L, 87))
/// cut points are tried, by the period). Source: LeetCode 294 Flip Game II.
/// Status (tests/grundy/test_flip.cpp): see flip_run_grundy; thirteen
/// pluses win.
/// Example: flip_grundy("++++").flip == 1.
flip_grundy_result flip_grundy(std::string_view s);

}  // namespace exactdp
