// exactdp/probability/fixed_points.hpp: expected fixed points of a random
// permutation, by linearity of expectation.
#pragma once

#include <limits>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/probability/chance.hpp"

namespace exactdp {

/// The limit of expected_fixed_points: 0 <= n <= fixed_points_max_items
/// (every int n >= 0).
inline constexpr int fixed_points_max_items = std::numeric_limits<int>::max();

/// Expected number of fixed points (positions i holding the number i) of a
/// uniformly random permutation of 0..n-1.
///
/// Linearity of expectation: the count is a sum of n indicators; position i
/// holds each of the n numbers with probability 1/n (a chance step with
/// weight 1 on "holds i" and n - 1 on the rest), so every indicator averages
/// 1/n, and the sum of the n equal terms is n·(1/n) = 1 for every n >= 1,
/// with no independence needed. For n = 0 the empty permutation has no
/// positions: 0. Over double n·(1/n) shows its rounding for some n (49 gives
/// 0.9999999999999999, one ulp below 1) while the exact result is 1.
///
/// Returns the expected count as T (1 for n >= 1, 0 for n = 0).
/// Constraints: n >= 0; std::invalid_argument otherwise. Over a residue,
/// std::domain_error when n ≡ 0 mod P: "expected_fixed_points: the
/// probability 1/3 that a position holds its own number has no residue
/// modulo 3 (step: dividing by n = 3)". Cost: O(1) operations in T.
/// Source: the matching problem (Montmort 1708, problème des rencontres):
/// the expected number of fixed points of a random permutation is 1.
/// Status: exhaustive check over all n! permutations for n <= 8, policy
/// agreement tested (tests/probability/test_fixed_points.cpp), the residue
/// error (test_recurrence_errors.cpp).
/// Example: expected_fixed_points<Rational>(3) == 1.
template <Field T>
T expected_fixed_points(int n) {
  if (n < 0) throw std::invalid_argument("the permutation size n must be >= 0, not " + std::to_string(n));
  if (n == 0) return T(0);
  // Position i: the number there is i with weight 1, another number with weight n - 1.
  const chance_step<T> position = detail::name_the_step<T>(
      "expected_fixed_points", "the probability 1/" + std::to_string(n) + " that a position holds its own number",
      "dividing by n = " + std::to_string(n), [n] {
        return chance_step<T>({1, n - 1});
      });
  const T indicator = position.expected({T(1), T(0)});  // P(position i holds i) = 1/n, the same for every i
  return T(n) * indicator;                              // linearity: the sum of n equal expectations
}

/// A bound on expected_fixed_points(n): the answer is 0 or 1 (known
/// denominator 1). Same constraints as expected_fixed_points. Cost: O(1).
/// Example: expected_fixed_points_bound(3).numerator_bits == 1.
inline answer_bound expected_fixed_points_bound(int n) {
  if (n < 0) throw std::invalid_argument("the permutation size n must be >= 0, not " + std::to_string(n));
  return detail::integer_bound(1);
}

}  // namespace exactdp
