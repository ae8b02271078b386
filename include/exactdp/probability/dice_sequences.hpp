// exactdp/probability/dice_sequences.hpp: Dice Roll Simulation, counting
// roll sequences with limited runs.
#pragma once

#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/count_first.hpp"
#include "exactdp/probability/lazy_residues.hpp"

namespace exactdp {

namespace detail {

inline constexpr int dice_max_run = 15;

inline void check_dice_arguments(int n, const std::array<int, 6>& roll_max) {
  if (n < 0 || n > 100'000'000)
    throw std::invalid_argument("the number of rolls n must be between 0 and 10^8, not " + std::to_string(n));
  for (std::size_t f = 0; f < 6; ++f)
    if (roll_max[f] < 1 || roll_max[f] > dice_max_run)
      throw std::invalid_argument("the roll limit of face " + std::to_string(f + 1) +
                                  " must be between 1 and 15, not " + std::to_string(roll_max[f]));
}

/// The recurrence, written once. total(t) counts the valid sequences of t
/// rolls and ending(t, f) those whose last roll is f. A valid sequence of t
/// rolls ending in f is a valid sequence of t - 1 rolls followed by f, unless
/// that f is the (limit + 1)-th in a row; the sequences that break the limit
/// this way are a valid sequence of s = t - 1 - limit rolls not ending in f,
/// followed by limit f's. So
///   ending(t, f) = (total(t - 1) - total(s)) + ending(s, f),
/// with total(0) = 1 (the empty sequence) and every count of a negative
/// length 0, and total(t) is the sum of the six ending(t, f): per roll two
/// operations per face and five additions, in T (a residue never goes
/// negative). Each face reads its own delay s = t - 1 - limit_f, so the
/// values are stored where they will be read: row (t + 1 + limit_f) mod 32
/// of two delay lines gets total(t) and ending(t, f) in column f, and at
/// roll t row t mod 32 holds total(s_f) and ending(s_f, f) for the six
/// faces side by side (one loop over the faces, which the compiler turns
/// into vector operations). A limit is at most 15, so a row is read 2 to 16
/// rolls after it is written and the 32 rows never collide. Arguments
/// checked by the caller.
template <Ring T>
T dice_walk(int n, const std::array<int, 6>& roll_max, long double bits) {
  if (n == 0) return T(1);  // one empty sequence
  check_work_budget("dice sequences of " + std::to_string(n) + " rolls", 20.0L * n * operation_cost<T>(bits));
  constexpr int ring = 32;  // a power of two above 16
  std::array<std::array<T, 6>, ring> total_line, ending_line;
  for (auto& row : total_line) row.fill(T(0));  // counts of negative lengths are 0
  for (auto& row : ending_line) row.fill(T(0));
  for (std::size_t f = 0; f < 6; ++f)  // total(0) = 1 and ending(0, f) = 0
    total_line[static_cast<std::size_t>((1 + roll_max[f]) & (ring - 1))][f] = T(1);
  T before(1);  // total(t - 1)
  std::array<T, 6> now;
  for (int t = 1; t <= n; ++t) {
    if ((t & 4095) == 0) poll_interrupt();
    const std::array<T, 6>& total_s = total_line[static_cast<std::size_t>(t & (ring - 1))];
    const std::array<T, 6>& ending_s = ending_line[static_cast<std::size_t>(t & (ring - 1))];
    for (std::size_t f = 0; f < 6; ++f) now[f] = (before - total_s[f]) + ending_s[f];
    before = ((now[0] + now[1]) + (now[2] + now[3])) + (now[4] + now[5]);
    for (std::size_t f = 0; f < 6; ++f) {
      const auto row = static_cast<std::size_t>((t + 1 + roll_max[f]) & (ring - 1));
      total_line[row][f] = before;
      ending_line[row][f] = now[f];
    }
  }
  return before;
}

/// dice_walk for a 32-bit residue type (lazy_residues<T>::enabled), giving
/// the same residue with one reduction per roll. total(t) is kept reduced,
/// in [0, P); ending(t, f) is kept as a 64-bit integer E(t, f) congruent to
/// it and never reduced: E(t, f) = total(t - 1) + P + E(s, f) - total(s)
/// with s = t - 1 - limit_f <= t - 2, so E(t, f) < 2P + E(s, f) and, by
/// induction from E = 0 at lengths up to 0, E(t, f) < (t + 1)·P < 2^58 for
/// t <= 10^8 and P < 2^31. total(t) is the sum of the six, reduced once: a
/// sum below 6·(2^58 + 2P) < 2^61. No compare and select per face, and the
/// chain from one roll to the next is a multiply-add and the reduction.
/// Roll t is stored once, in row t mod 32 (total(t) and the six E(t, f)),
/// and each face reads its own earlier row: one store of total and six
/// contiguous ones per roll instead of twelve scattered. Arguments checked
/// by the caller (n <= 10^8 is the bound's premise).
template <lazy_residue T>
T dice_walk_lazy(int n, const std::array<int, 6>& roll_max) {
  if (n == 0) return T(1);  // one empty sequence
  check_work_budget("dice sequences of " + std::to_string(n) + " rolls", 20.0L * n);
  const lazy_residues<T> reduction;
  const std::uint64_t p = reduction.modulus();
  constexpr int ring = 32;  // a power of two above 16: row t - 1 - limit is read 2 to 16 rolls after it is written
  std::array<std::uint64_t, ring> totals{};                  // total(t) in row t mod 32; negative lengths 0
  std::array<std::array<std::uint64_t, 6>, ring> endings{};  // E(t, f) in row t mod 32; lengths up to 0: 0
  totals[0] = 1;                                             // the empty sequence
  std::array<std::size_t, 6> delay;                          // 1 + limit_f
  for (std::size_t f = 0; f < 6; ++f) delay[f] = static_cast<std::size_t>(roll_max[f]) + 1;
  std::uint64_t before = 1;  // total(t - 1), in [0, P)
  std::array<std::uint64_t, 6> now;
  for (int t = 1; t <= n; ++t) {
    if ((t & 4095) == 0) poll_interrupt();
    // E(s, f) - total(s) may wrap below 0 (modulo 2^64); adding
    // total(t - 1) + P >= total(s) + 1 wraps it back. The sum of the six
    // differences does not depend on total(t - 1).
    std::uint64_t drift = 0;
    for (std::size_t f = 0; f < 6; ++f) {
      const std::size_t s = (static_cast<std::size_t>(t) - delay[f]) & (ring - 1);
      now[f] = endings[s][f] - totals[s];
      drift += now[f];
    }
    const std::uint64_t base = before + p;
    before = reduction.reduce(6 * base + drift);
    std::array<std::uint64_t, 6>& row = endings[static_cast<std::size_t>(t) & (ring - 1)];
    for (std::size_t f = 0; f < 6; ++f) row[f] = now[f] + base;
    totals[static_cast<std::size_t>(t) & (ring - 1)] = before;
  }
  return reduction.make(static_cast<std::uint32_t>(before));
}

}  // namespace detail

/// Number of sequences of n rolls of a six-sided die in which face f never
/// comes up more than roll_max[f - 1] times in a row.
///
/// Counts by length and last face, minus the sequences that would break a
/// limit; see detail::dice_walk. n = 2 with limits [1, 1, 2, 2, 2, 3] gives 34; n = 20
/// with every limit 1 gives 6·5^19 = 114440917968750 (917167670 mod
/// 1e9+7: a subtraction never yields a negative residue); n = 0 gives 1
/// (the empty sequence).
///
/// Returns a count in [1, 6^n] as T (BigInt: exact, on fixed-width limbs
/// while 6^n fits 2048 bits; ModInt: its residue; double: rounded).
/// Constraints: 0 <= n <= 10^8, every roll_max[f] in 1..15;
/// std::invalid_argument otherwise. resource_error above the work budget.
/// Cost: O(n) operations in T (17 per roll), 386 values of T in memory;
/// 32-bit residues run on raw residues with one reduction per roll
/// (detail::dice_walk_lazy, the same residue).
/// Source: LeetCode 1223 Dice Roll Simulation.
/// Status: the problem's values, 6·5^19, brute force over all 6^n sequences
/// for n <= 6, policy agreement tested
/// (tests/probability/test_dice_sequences.cpp), int64 counts with overflow
/// checks (test_fourth_policy.cpp).
/// Example: dice_sequences<BigInt>(2, {1, 1, 2, 2, 2, 3}) == 34 (LeetCode 1223's first example).
template <Ring T>
T dice_sequences(int n, const std::array<int, 6>& roll_max) {
  detail::check_dice_arguments(n, roll_max);
  const long double bits = static_cast<long double>(n) * std::log2(6.0L) + 2;  // every count <= 6^n
  if constexpr (field_traits<T>::counting == count_form::big_integers) {
    return T(detail::with_count_width(bits, [&]<class C>(std::type_identity<C>) {
      return detail::count_to_bigint(detail::dice_walk<C>(n, roll_max, bits));
    }));
  } else if constexpr (detail::lazy_residues<T>::enabled) {
    return detail::dice_walk_lazy<T>(n, roll_max);
  } else {
    return detail::dice_walk<T>(n, roll_max, bits);
  }
}

/// A bound on dice_sequences(n, roll_max): a count in [1, 6^n] (known
/// denominator 1). Same constraints as dice_sequences. Cost: O(1).
/// Example: *dice_sequences_bound(2, {1, 1, 2, 2, 2, 3}).denominator == 1.
inline answer_bound dice_sequences_bound(int n, const std::array<int, 6>& roll_max) {
  detail::check_dice_arguments(n, roll_max);
  return detail::integer_bound(detail::power_bits(6, static_cast<std::uint64_t>(n)));
}

}  // namespace exactdp
