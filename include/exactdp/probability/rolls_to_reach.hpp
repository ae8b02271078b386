// exactdp/probability/rolls_to_reach.hpp: expected rolls of a fair die until
// the running total reaches a target.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/chance.hpp"
#include "exactdp/probability/count_first.hpp"

namespace exactdp {

/// The limits of expected_rolls_to_reach: 0 <= target <=
/// rolls_to_reach_max_target, 1 <= faces <= rolls_to_reach_max_faces.
inline constexpr int rolls_to_reach_max_target = 100'000'000;
inline constexpr int rolls_to_reach_max_faces = 1'000'000;

namespace detail {

inline void check_rolls_to_reach_arguments(int target, int faces) {
  if (target < 0 || target > rolls_to_reach_max_target)
    throw std::invalid_argument("target must be between 0 and 10^8, not " + std::to_string(target));
  if (faces < 1 || faces > rolls_to_reach_max_faces)
    throw std::invalid_argument("faces must be between 1 and 10^6, not " + std::to_string(faces));
}

/// The state and work budgets of rolls_to_reach_walk over T, for values of
/// `bits` bits; the exact path checks them before computing faces^target.
template <Ring T>
void check_rolls_to_reach_budget(int target, int faces, long double bits) {
  check_state_budget("the rolls-to-reach window for " + std::to_string(faces) + " faces",
                     static_cast<long double>(std::min(faces, target)) + 2, entry_bytes<T>(bits));
  check_work_budget("expected rolls to reach " + std::to_string(target), 4.0L * target * operation_cost<T>(bits));
}

/// The recurrence, written once. E[s] = 1 + (1/f)·Σ_{j=1..f} E[s+j] with
/// E[s] = 0 for s >= target, filled from s = target - 1 down to 0; the sum
/// over the next f totals is a sliding window (add E[s], drop E[s+f]), so
/// each state costs O(1). `one` represents 1 and share(x) is x/f in the
/// chosen representation (probabilities: one = 1, share = the fair die's
/// chance step; count-first: one = f^target, share = exact division).
/// `bits` is the size of one value, for the budgets. Arguments checked.
template <Ring T, class Share>
T rolls_to_reach_walk(int target, int faces, const T& one, const Share& share, long double bits) {
  if (target == 0) return T(0);
  check_rolls_to_reach_budget<T>(target, faces, bits);
  const std::size_t size = static_cast<std::size_t>(std::min(faces, target));
  std::vector<T> last(size, T(0));  // E[s] at s mod size, for the f totals above the current one
  T window(0);                      // Σ E[s+1..s+f]; totals at or past the target contribute 0
  std::uint64_t polls = 0;
  for (int s = target - 1; s >= 0; --s) {
    // Exact values of up to target·log2(faces) bits: every step is long.
    if constexpr (field_traits<T>::fixed_size)
      poll_interrupt_every_4096(polls);
    else
      poll_interrupt();
    T e = one + share(window);
    window += e;
    std::swap(last[static_cast<std::size_t>(s) % size], e);  // e is now E[s+f] (0 if past the target)
    if (s + faces < target) window -= e;
  }
  return last[0];
}

}  // namespace detail

/// Expected number of rolls of a fair die with faces 1..faces until the
/// running total is at least `target`.
///
/// The total only grows, so the states (totals 0..target-1) never repeat and
/// the table is filled backwards from the finished totals:
/// E[s] = 1 + average of E[s+1..s+faces], E = 0 from the target on. target 3
/// with 6 faces gives 49/36. Over Rational the values are counted over the
/// common denominator faces^target (every E[s] has a denominator dividing
/// faces^(target-s)) and divided once at the end, so no gcd runs per state.
///
/// Returns the expected rolls as T, in [target/faces, target]; 0 for
/// target = 0. Constraints: 0 <= target <= 10^8, 1 <= faces <= 10^6;
/// std::invalid_argument otherwise. Over a residue, std::domain_error when
/// faces ≡ 0 mod P ("expected_rolls_to_reach: the probability 1/3 of each
/// face has no residue modulo 3 (step: dividing by faces = 3)").
/// resource_error above the state or work budget.
/// Cost: O(target) operations in T (exact: operands of target·log2(faces)
/// bits, so O(target²·log(faces)/64) word operations); O(min(faces, target))
/// values of memory.
/// Source: first-step analysis of an absorbing chain (Kemeny and Snell,
/// "Finite Markov Chains", 1960, ch. III).
/// Status: 49/36 for target 3, brute force over every roll sequence (exact),
/// policy agreement and the residue error tested
/// (tests/probability/test_rolls_to_reach.cpp, test_recurrence_errors.cpp).
/// Example: to_string(expected_rolls_to_reach<Rational>(3)) == "49/36".
template <Field T>
T expected_rolls_to_reach(int target, int faces = 6) {
  detail::check_rolls_to_reach_arguments(target, faces);
  const long double bits = static_cast<long double>(target) * std::log2(static_cast<long double>(faces)) +
                           std::log2(static_cast<long double>(target) + 1) + 4;
  if constexpr (field_traits<T>::counting == count_form::big_integers) {
    detail::check_rolls_to_reach_budget<BigInt>(target, faces, bits);
    const auto f = static_cast<unsigned long>(faces);
    const BigInt scale = detail::power_of(f, static_cast<unsigned long>(target));
    const BigInt count = detail::rolls_to_reach_walk<BigInt>(target, faces, scale, detail::exact_share{f}, bits);
    return from_rational<T>(make_rational_over_power(count, f, static_cast<std::uint64_t>(target)));
  } else {
    const chance_step<T> die = detail::name_the_step<T>(
        "expected_rolls_to_reach", "the probability 1/" + std::to_string(faces) + " of each face",
        "dividing by faces = " + std::to_string(faces), [faces] { return chance_step<T>::uniform(faces); });
    return detail::rolls_to_reach_walk<T>(
        target, faces, T(1), [&die](const T& sum) { return die.average_of_sum(sum); }, bits);
  }
}

/// A bound on expected_rolls_to_reach(target, faces): the answer is
/// N/faces^target with that denominator known (every E[s] has a denominator
/// dividing faces^(target - s)) and 0 <= N <= target·faces^target. Same
/// constraints as expected_rolls_to_reach; resource_error when
/// faces^target passes the state budget. Cost: one power.
/// Example: *expected_rolls_to_reach_bound(3).denominator == 216 (6^3).
inline answer_bound expected_rolls_to_reach_bound(int target, int faces = 6) {
  detail::check_rolls_to_reach_arguments(target, faces);
  const auto f = static_cast<unsigned long>(faces);
  const auto t = static_cast<unsigned long>(target);
  const std::uint64_t d_bits = detail::power_bits(f, t);
  return {d_bits + static_cast<std::uint64_t>(std::bit_width(t)), d_bits,
          detail::known_power(f, t, "the denominator faces^target")};
}

}  // namespace exactdp
