// exactdp/probability/run.hpp: expected rolls until a run of k equal faces.
#pragma once

#include <cmath>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

/// Expected number of rolls of a fair die with `faces` faces until one given
/// face has come up `k` times in a row.
///
/// The states (length j of the current run, 0 <= j < k) form a cycle: a
/// failed roll returns to run 0. Each E[j] is written as a + b·E[0] from the
/// top (E[k] = 0 is a = b = 0; one step down: a' = 1 + a/f, b' = b/f + (f-1)/f),
/// and E[0] = a + b·E[0] gives E[0] = a / (1 - b). Exact value:
/// (f^(k+1) - f) / (f - 1).
///
/// Returns the expectation in rolls as T (>= k). Constraints: 1 <= k <= 10^7,
/// 1 <= faces <= 10^6; std::invalid_argument otherwise. Over ModInt,
/// std::domain_error when faces or 1 - b is 0 mod P (the expectation has no
/// residue); over double, b rounds to exactly 1 once f^-k is below half an
/// ulp of 1 (k >= 21 for f = 6) and the result is +inf: the double is wrong,
/// not the algebra. resource_error when the work budget would be exceeded.
/// Cost: O(k) operations in T (operands of about k·log2(f) bits when exact).
/// Source: seed 000 "Expected value by DP", "A walk that loops back"; handed
/// case C16. Status: seed values k = 1..6, closed form, an independent Markov
/// chain solve, and policy agreement tested.
template <Field T>
T expected_rolls_for_run(int k, int faces = 6) {
  if (k < 1 || k > 10'000'000)
    throw std::invalid_argument("run length k must be between 1 and 10^7, not " + std::to_string(k));
  if (faces < 1 || faces > 1'000'000)
    throw std::invalid_argument("faces must be between 1 and 10^6, not " + std::to_string(faces));
  const long double bits = static_cast<long double>(k) * std::log2(static_cast<long double>(faces) + 1);
  check_work_budget("a run of " + std::to_string(k), 4.0L * k * operation_cost<T>(bits));

  const fixed_divisor<T> per_face{T(faces)};       // x / f
  const T fall_back = ratio<T>(faces - 1, faces);  // any other face returns to run 0
  T a(0), b(0);
  for (int j = k - 1; j >= 0; --j) {
    a = T(1) + per_face(a);
    b = per_face(b) + fall_back;
  }
  return a / (T(1) - b);
}

}  // namespace exactdp
