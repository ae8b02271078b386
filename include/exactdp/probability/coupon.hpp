// exactdp/probability/coupon.hpp: the coupon collector's expected draws.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

/// Expected number of uniform draws from n kinds of coupon until every kind
/// has been seen: the sum over phases of n / (n - have), that is n·H_n
/// (linearity of expectation over geometric waiting times).
///
/// Returns draws as T; 0 for n = 0. Constraints: 0 <= n <= 10^7;
/// std::invalid_argument otherwise. Over ModInt, std::domain_error when some
/// n - have in 1..n is 0 mod P (n >= P). resource_error above the work budget.
/// Cost: O(n) operations in T; exact operands grow to about n·log2(e) bits
/// (the denominator divides lcm(1..n)), so the exact path is O(n²) words.
/// Residues take about 3 products per term and a single inverse.
/// Source: seed 000 "Expected value: linearity first", coupon collector;
/// handed case C17 (int64 fractions overflow from n = 20).
/// Status: seed value n = 3, C17, an independent finishing-time sum, and
/// policy agreement tested.
template <Field T>
T expected_draws_to_collect(int n) {
  if (n < 0 || n > 10'000'000)
    throw std::invalid_argument("the number of coupon kinds must be between 0 and 10^7, not " + std::to_string(n));
  check_work_budget("the coupon collector for n = " + std::to_string(n),
                    static_cast<long double>(n) * operation_cost<T>(1.45L * n));
  const T kinds(n);
  if constexpr (field_traits<T>::is_exact && field_traits<T>::fixed_size) {
    // Residues: the sum of 1/k over k = 1..n kept as fractions num/den, so
    // that n inverses become one (num/den + 1/k is (num·k + den) / (den·k)).
    // Four independent fractions, one per k mod 4, let the products overlap;
    // k itself is counted up in T, not converted (a conversion reduces).
    constexpr std::size_t lanes = 4;
    std::array<T, lanes> num, den, k;
    for (std::size_t lane = 0; lane < lanes; ++lane) {
      num[lane] = T(0);
      den[lane] = T(1);
      k[lane] = T(static_cast<std::int64_t>(lane) + 1);
    }
    const T step(lanes);
    auto add_unit_fraction = [&](std::size_t lane) {
      num[lane] = num[lane] * k[lane] + den[lane];
      den[lane] *= k[lane];
      k[lane] += step;
    };
    const auto terms = static_cast<std::size_t>(n);
    for (std::size_t done = 0; done + lanes <= terms; done += lanes)
      for (std::size_t lane = 0; lane < lanes; ++lane) add_unit_fraction(lane);
    for (std::size_t lane = 0; lane < terms % lanes; ++lane) add_unit_fraction(lane);
    for (std::size_t lane = 1; lane < lanes; ++lane) {
      num[0] = num[0] * den[lane] + num[lane] * den[0];
      den[0] *= den[lane];
    }
    return kinds * num[0] / den[0];
  } else {
    T expected(0);
    for (int have = 0; have < n; ++have) expected = expected + kinds / T(n - have);
    return expected;
  }
}

}  // namespace exactdp
