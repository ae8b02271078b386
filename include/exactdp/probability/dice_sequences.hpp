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
#include <utility>

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
      throw std::invalid_argument("the roll limit of face " + std::to_string(f + 1) +
                                  " must be between 1 and 15, not " + std::to_string(roll_max[f]));
}

/// The recurrence, written once. The state after each roll is (last face,
/// length r of its current run), 1 <= r <= roll_max[f]. One more roll either
/// repeats the face (every run grows by one; a run that would exceed the
/// limit is dropped) or switches to another face g, starting a run of 1: the
/// sequences ending in a face other than g number all - ends_in[g], an O(1)
/// subtraction in T (a residue never goes negative). The runs of face f are a
/// ring of roll_max[f] counts, so "every run grows by one" moves the ring's
/// head instead of copying: run r is at runs[f][(head[f] + r - 1) mod
/// roll_max[f]], and the slot of the dropped run becomes the new run 1.
/// ends_in[f], the sum of face f's runs, becomes all - (the dropped run):
/// the old sum, plus the new run of 1 (all - ends_in[f]), minus the dropped
/// run. Every value counts at most 6^n sequences.
/// Arguments checked.
template <Ring T>
T dice_walk(int n, const std::array<int, 6>& roll_max, long double bits) {
  if (n == 0) return T(1);  // one empty sequence
  check_work_budget("dice sequences of " + std::to_string(n) + " rolls", 30.0L * n * operation_cost<T>(bits));
  std::array<std::array<T, dice_max_run>, 6> runs;
  std::array<int, 6> head{};
  std::array<T, 6> ends_in;
  for (std::size_t f = 0; f < 6; ++f) {
    runs[f].fill(T(0));
    runs[f][0] = T(1);  // the first roll: a run of 1 of every face
    ends_in[f] = T(1);
  }
  for (int roll = 2; roll <= n; ++roll) {
    const T all = (ends_in[0] + ends_in[1]) + (ends_in[2] + ends_in[3]) + (ends_in[4] + ends_in[5]);
    for (std::size_t f = 0; f < 6; ++f) {
      head[f] = (head[f] == 0 ? roll_max[f] : head[f]) - 1;  // every run of face f grows by one
      T& slot = runs[f][static_cast<std::size_t>(head[f])];  // the run that now exceeds the limit
      T switched = all - ends_in[f];                         // a new run of 1, from any other face
      ends_in[f] = all - slot;                               // = ends_in + switched - dropped
      slot = std::move(switched);
    }
  }
  T total = ends_in[0];
  for (std::size_t f = 1; f < 6; ++f) total += ends_in[f];
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
/// Cost: O(n) operations in T (17 per roll), O(Σ roll_max) memory.
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
