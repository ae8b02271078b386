// exactdp/games/value.hpp: the vocabulary shared by the two-player game
// solvers: the outcome of a position for the player to move, and the ordered
// value types a score game may use for its leads.
//
// A lead is (mover's score) − (other player's score). Leads are compared
// (max over moves), so their type must be totally ordered: std::int64_t (every
// + and − is checked and throws on overflow), BigInt, Rational or double.
// ModInt is excluded by the concept: residues mod P have no order that
// arithmetic respects, so "the larger lead" means nothing for them.
// Source: Knuth and Moore, "An analysis of alpha-beta pruning" (1975), for
// negamax; LeetCode 486 Predict the Winner for the lead of score games.
// Tests: tests/games/test_rows.cpp, tests/games/test_engines.cpp.
#pragma once

#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <ranges>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>
#include <gmp.h>

#include "exactdp/games/outcome.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// A type usable as a score or lead in a game: totally ordered, built from an
/// int64, closed under + and −. Admits std::int64_t (checked by lead_add /
/// lead_sub), BigInt, Rational and double; rejects ModInt (no order).
template <class T>
concept LeadValue = std::totally_ordered<T> && std::constructible_from<T, std::int64_t> &&
    (std::same_as<T, std::int64_t> || Ring<T>);

namespace detail {
/// operation_cost / entry_bytes (numeric/cost.hpp) extended to std::int64_t.
template <LeadValue T>
constexpr long double lead_operation_cost(long double bits) {
  if constexpr (std::same_as<T, std::int64_t>)
    return 1.0L;
  else
    return operation_cost<T>(bits);
}
template <LeadValue T>
constexpr std::size_t lead_entry_bytes(long double bits) {
  if constexpr (std::same_as<T, std::int64_t>)
    return sizeof(T);
  else
    return entry_bytes<T>(bits);
}
}  // namespace detail

/// a + b in T. For std::int64_t the sum is checked: throws std::overflow_error
/// naming both operands when it does not fit. Cost: one addition.
/// Example: lead_add<std::int64_t>(INT64_MAX, 1) throws std::overflow_error.
template <LeadValue T>
T lead_add(const T& a, const T& b) {
  if constexpr (std::same_as<T, std::int64_t>) {
    std::int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r))
      throw std::overflow_error("int64 overflow in " + std::to_string(a) + " + " + std::to_string(b) +
                                " (use an exact type: BigInt or Rational)");
    return r;
  } else {
    return a + b;
  }
}

/// a − b in T. For std::int64_t the difference is checked: throws
/// std::overflow_error naming both operands when it does not fit.
/// Example: lead_sub<std::int64_t>(2, 3) == -1.
template <LeadValue T>
T lead_sub(const T& a, const T& b) {
  if constexpr (std::same_as<T, std::int64_t>) {
    std::int64_t r = 0;
    if (__builtin_sub_overflow(a, b, &r))
      throw std::overflow_error("int64 overflow in " + std::to_string(a) + " - " + std::to_string(b) +
                                " (use an exact type: BigInt or Rational)");
    return r;
  } else {
    return a - b;
  }
}

namespace detail {
/// Throws std::invalid_argument when a double value is NaN or infinite (a
/// maximum over NaN is meaningless, and inf − inf is NaN). No-op for exact types.
template <LeadValue T>
void check_finite_values(std::span<const T> values, const char* game) {
  if constexpr (std::same_as<T, double>) {
    for (std::size_t i = 0; i < values.size(); ++i)
      if (!std::isfinite(values[i]))
        throw std::invalid_argument(std::string(game) + ": value " + std::to_string(i) + " is not a finite number");
  }
}

/// out = a − b, reusing out's storage for the exact types (no allocation once
/// out has grown: GMP subtracts in place); checked like lead_sub for int64.
template <LeadValue T>
void assign_difference(T& out, const T& a, const T& b) {
  if constexpr (std::same_as<T, std::int64_t> || std::same_as<T, double>) {
    out = lead_sub(a, b);
  } else {
    out = a;
    out -= b;
  }
}
}  // namespace detail

/// The two players' scores recovered from the first player's lead d and the
/// total T of everything collected: first = (T + d) / 2, second = T − first.
template <LeadValue T>
struct score_split {
  T first{};
  T second{};
};

/// Splits `total` by `lead` as above. For integer types T + d must be even
/// (it always is when every point goes to one of the two players); otherwise
/// throws std::invalid_argument. For double the halving rounds as IEEE does.
/// Example: split_total<std::int64_t>(8, -2).first == 3 (and .second == 5).
template <LeadValue T>
score_split<T> split_total(const T& total, const T& lead) {
  const T twice_first = lead_add(total, lead);
  T first{};
  if constexpr (std::same_as<T, std::int64_t>) {
    if (twice_first % 2 != 0)
      throw std::invalid_argument("total + lead = " + std::to_string(twice_first) +
                                  " is odd: the lead does not split the total between two players");
    first = twice_first / 2;
  } else if constexpr (std::same_as<T, double> || field_traits<T>::is_field) {
    first = twice_first / T(2);
  } else {
    if (twice_first % 2 != 0)
      throw std::invalid_argument("total + lead is odd: the lead does not split the total between two players");
    first = twice_first / 2;
  }
  return {first, lead_sub(total, first)};
}

namespace detail {
/// About how many bits a lead or score of a row game on `values` takes, for
/// the budgets: 64 for int64 and double; for BigInt the bits of the sum of
/// |values| (which bounds every lead); for Rational that, over the least
/// common denominator (counted twice: numerator and denominator), found
/// incrementally and given up past 2^22 bits (the estimate is then over any
/// budget anyway). Cost: O(n) operations on numbers of that size.
template <LeadValue T>
long double lead_bits(std::span<const T> values) {
  if constexpr (std::same_as<T, std::int64_t> || std::same_as<T, double>) {
    return 64;
  } else if constexpr (std::same_as<T, BigInt>) {
    BigInt sum = 0;
    for (const T& v : values) sum += abs(v);
    return static_cast<long double>(mpz_sizeinbase(sum.backend().data(), 2));
  } else {
    BigInt lcm = 1, numerators = 0;
    for (const T& v : values) {
      numerators += abs(numerator(v));
      if (mpz_sizeinbase(lcm.backend().data(), 2) < (std::size_t{1} << 22))
        mpz_lcm(lcm.backend().data(), lcm.backend().data(), denominator(v).backend().data());
    }
    const auto den = static_cast<long double>(mpz_sizeinbase(lcm.backend().data(), 2));
    return static_cast<long double>(mpz_sizeinbase(numerators.backend().data(), 2)) + 2 * den;
  }
}
}  // namespace detail

/// A row of exact values written over one common denominator:
/// values[i] = scaled[i] / denominator, with denominator the lcm of theirs.
struct scaled_row {
  std::vector<BigInt> scaled;
  BigInt denominator;
  bool fits_int64 = false;  ///< sum of |scaled| < 2^62: no lead, sum or score can overflow an int64
  long double bits = 0;     ///< bits of the sum of |scaled|, which bounds every lead and score
};

/// Writes `values` over their least common denominator. Leads and scores are
/// sums and differences of values, and max, min and comparisons are
/// unchanged by a positive scale, so a row game on the scaled integers gives
/// the exact answer times the denominator: no fraction, and no gcd, per cell.
/// Throws resource_error when the scaled row would pass the state budget.
/// Cost: n lcm steps on numbers up to the denominator's size.
/// Example: scale_row(std::vector<Rational>{parse_rational("1/2"), parse_rational("1/3")}).denominator == 6.
inline scaled_row scale_row(std::span<const Rational> values) {
  scaled_row r;
  r.denominator = 1;
  long double den_bits = 1;
  for (const Rational& v : values) {
    const BigInt& d = denominator(v);
    if (d == 1) continue;
    mpz_lcm(r.denominator.backend().data(), r.denominator.backend().data(), d.backend().data());
    den_bits = static_cast<long double>(mpz_sizeinbase(r.denominator.backend().data(), 2));
    check_state_budget("the row written over one common denominator", static_cast<long double>(values.size()),
                       static_cast<std::size_t>(den_bits / 8 + 32));
  }
  r.scaled.reserve(values.size());
  BigInt sum = 0;
  for (const Rational& v : values) {
    r.scaled.push_back(numerator(v) * (r.denominator / denominator(v)));
    sum += abs(r.scaled.back());
  }
  r.bits = static_cast<long double>(mpz_sizeinbase(sum.backend().data(), 2));
  r.fits_int64 = sum < (BigInt(1) << 62);
  return r;
}

/// Solves a row game exactly on integers: `solve(std::span<const I>)` for
/// I = std::int64_t when the scaled row fits (checked arithmetic, never
/// overflowing there), BigInt otherwise; `to_exact(answer, denominator)`
/// turns its answer back into fractions. Returns what to_exact returns.
/// Example: solve_row_exact(row, [](auto r) { return best_lead(r).lead; }, [](const auto& v, const BigInt& d) {
/// return over(v, d); }) is -5/2 for row {1/2, 5, 2}.
template <class Solve, class ToExact>
auto solve_row_exact(std::span<const Rational> values, Solve solve, ToExact to_exact) {
  const scaled_row s = scale_row(values);
  if (s.fits_int64) {
    std::vector<std::int64_t> small;
    small.reserve(s.scaled.size());
    for (const BigInt& v : s.scaled) small.push_back(static_cast<std::int64_t>(v));
    return to_exact(solve(std::span<const std::int64_t>(small)), s.denominator);
  }
  return to_exact(solve(std::span<const BigInt>(s.scaled)), s.denominator);
}

/// A row of game values as the public entry points take it: any contiguous,
/// sized range whose elements are a LeadValue — std::vector, std::array,
/// std::span (of const or mutable values), a C array, std::initializer_list.
template <class R>
concept LeadRow =
    std::ranges::contiguous_range<R> && std::ranges::sized_range<R> && LeadValue<std::ranges::range_value_t<R>>;

/// A LeadRow other than the read-only span std::span<const T> the entry
/// points are written on: what their range overloads take, so that those
/// step aside for a span and never call themselves.
template <class R>
concept NonSpanLeadRow =
    LeadRow<R> && !std::same_as<std::remove_cvref_t<R>, std::span<const std::ranges::range_value_t<R>>>;

namespace detail {
/// `row` viewed as a read-only span, without copying. Cost: O(1).
template <LeadRow R>
auto as_lead_span(R& row) {
  return std::span<const std::ranges::range_value_t<R>>(std::ranges::data(row), std::ranges::size(row));
}
}  // namespace detail

/// An integer lead or score over a common denominator, as a fraction.
/// Example: to_string(over(3, BigInt(6))) == "1/2".
template <class I>
Rational over(const I& value, const BigInt& denominator) {
  return make_rational(BigInt(value), denominator);
}

}  // namespace exactdp
