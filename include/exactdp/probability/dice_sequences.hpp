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

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/count_first.hpp"

namespace exactdp {

namespace detail {

inline constexpr int dice_max_run = 15;

inline void check_dice_arguments(int n, const std::array<int, 6>& roll_max) {
  if (n < 0 || n > 100'000'000)
    throw std::invalid_argument("the number of rolls n must be between 0 and 10^8, not " + std::to_string(n));
  for (std::size_t f = 0; f < 6; ++f)
    if (roll_max[f] < 1 || roll_max[f] > dice_max_run)
      throw std::invalid_argument("the roll limit of face " + std::to_string(f + 1) + " must be between 1 and 15, not " +
                                  std::to_string(roll_max[f]));
}

/// The recurrence, written once. ends[f][r] counts the sequences whose last
/// face is f + 1 and whose last run of that face has length exactly r
/// (1 <= r <= roll_max[f]). One more roll either repeats the face
/// (r -> r + 1, allowed while r + 1 <= roll_max[f]) or switches to another
/// face g, starting a run of 1: the count of sequences ending in a face other
/// than g is all - ends_in[g], an O(1) subtraction (T's own subtraction, so a
/// residue never goes negative). Every value is a count of at most 6^n
/// sequences. Arguments checked.
template <Ring T>
T dice_walk(int n, const std::array<int, 6>& roll_max, long double bits) {
  if (n == 0) return T(1);  // one empty sequence
  int runs = 0;
  for (const int limit : roll_max) runs += limit;
  check_work_budget("dice sequences of " + std::to_string(n) + " rolls",
                    static_cast<long double>(n) * (runs + 12) * operation_cost<T>(bits));
  std::array<std::array<T, dice_max_run + 1>, 6> ends{}, next{};
  for (auto& face : ends) face.fill(T(0));
  for (auto& face : next) face.fill(T(0));
  for (std::size_t f = 0; f < 6; ++f) ends[f][1] = T(1);  // the first roll
  for (int roll = 2; roll <= n; ++roll) {
    std::array<T, 6> ends_in;
    T all(0);
    for (std::size_t f = 0; f < 6; ++f) {
      ends_in[f] = T(0);
      for (int r = 1; r <= roll_max[f]; ++r) ends_in[f] += ends[f][static_cast<std::size_t>(r)];
      all += ends_in[f];
    }
    for (std::size_t f = 0; f < 6; ++f) {
      next[f][1] = all - ends_in[f];  // switch to face f + 1 from any other face
      for (int r = 2; r <= roll_max[f]; ++r)
        next[f][static_cast<std::size_t>(r)] = ends[f][static_cast<std::size_t>(r - 1)];  // repeat the face
    }
    std::swap(ends, next);
  }
  T total(0);
  for (std::size_t f = 0; f < 6; ++f)
    for (int r = 1; r <= roll_max[f]; ++r) total += ends[f][static_cast<std::size_t>(r)];
  return total;
}

}  // namespace detail

/// Number of sequences of n rolls of a six-sided die in which face f never
/// comes up more than roll_max[f - 1] times in a row.
///
/// The state is (last face, length of its current run); see
/// detail::dice_walk. n = 2 with limits [1, 1, 2, 2, 2, 3] gives 34; n = 20
/// with every limit 1 gives 6·5^19 = 114440917968750 (917167670 mod
/// 1e9+7: the subtraction all - ends_in never yields a negative residue,
/// handed case C12); n = 0 gives 1 (the empty sequence).
///
/// Returns a count in [1, 6^n] as T (BigInt: exact, on fixed-width limbs
/// while 6^n fits 2048 bits; ModInt: its residue; double: rounded).
/// Constraints: 0 <= n <= 10^8, every roll_max[f] in 1..15;
/// std::invalid_argument otherwise. resource_error above the work budget.
/// Cost: O(n·(6 + Σ roll_max)) operations in T, O(Σ roll_max) memory.
/// Source: seed 000 "Dice Roll Simulation"; handed case C12.
/// Status: seed values, C12, brute force over all 6^n sequences for n <= 6,
/// policy agreement tested (tests/probability/test_dice_sequences.cpp).
template <Ring T>
T dice_sequences(int n, const std::array<int, 6>& roll_max) {
  detail::check_dice_arguments(n, roll_max);
  const long double bits = static_cast<long double>(n) * std::log2(6.0L) + 2;  // every count <= 6^n
  if constexpr (std::same_as<T, BigInt>) {
    return detail::with_count_width(bits, [&]<class C>(std::type_identity<C>) {
      return detail::count_to_bigint(detail::dice_walk<C>(n, roll_max, bits));
    });
  } else {
    return detail::dice_walk<T>(n, roll_max, bits);
  }
}

}  // namespace exactdp
