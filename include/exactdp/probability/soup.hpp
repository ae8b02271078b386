// exactdp/probability/soup.hpp: Soup Servings, exactly, and the double with
// a cutoff certified for a stated tolerance.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/chance.hpp"
#include "exactdp/probability/count_first.hpp"

namespace exactdp {

/// The limit of soup_servings and soup_servings_within: 0 <= n <= soup_max_ml
/// millilitres of each soup.
inline constexpr std::int64_t soup_max_ml = 1'000'000'000'000'000;

namespace detail {

/// Soup amounts are counted in units of 25 ml: n ml is ceil(n / 25) units (a
/// leftover of 1 ml still keeps the soup from being empty).
/// @param n_ml 0 <= n_ml <= 10^15 (std::invalid_argument otherwise)
inline std::int64_t soup_units(std::int64_t n_ml) {
  if (n_ml < 0 || n_ml > soup_max_ml)
    throw std::invalid_argument("the soup amount n must be between 0 and 10^15 ml, not " + std::to_string(n_ml));
  return (n_ml + 24) / 25;
}

/// Checks the budgets of a soup table of `units` units per soup over T with
/// values of `bits` bits: 5 rows of units + 4 values, units² cells of 4
/// additions and one share. Throws resource_error.
template <class T>
void check_soup_budget(std::int64_t units, long double bits) {
  const auto u = static_cast<long double>(units);
  check_state_budget("the soup table for " + std::to_string(units) + " units of 25 ml", 5 * (u + 4),
                     entry_bytes<T>(bits));
  check_work_budget("the soup table for " + std::to_string(units) + " units of 25 ml",
                    5 * u * u * operation_cost<T>(bits));
}

/// The recurrence, written once. f(a, b) for a, b units left (servings of
/// (4,0), (3,1), (2,2), (1,3) units, each with probability 1/4):
/// serve(f(a-4,b), f(a-3,b-1), f(a-2,b-2), f(a-1,b-3)) for a, b > 0 and
/// base(a, b) when a <= 0 or b <= 0. Row a depends on rows a-4..a-1 only, so
/// 5 rows of units + 4 values are kept (rows a <= 0 and columns b <= 0 are
/// base values). Fills diagonal[u] = f(u, u) for 0 <= u <= units when given.
/// Returns f(units, units). Budgets checked by the caller.
template <Ring T, class Base, class Serve>
T soup_walk(std::int64_t units, const Base& base, const Serve& serve, std::vector<T>* diagonal) {
  const auto width = static_cast<std::size_t>(units) + 4;  // column b is at index b + 3, b in -3..units
  std::array<std::vector<T>, 5> rows;                      // row a is rows[(a + 5) % 5]
  auto row_of = [&rows](std::int64_t a) -> std::vector<T>& { return rows[static_cast<std::size_t>((a + 5) % 5)]; };
  for (std::int64_t a = -3; a <= 0; ++a) {
    std::vector<T>& row = row_of(a);
    row.resize(width);
    for (std::int64_t b = -3; b <= units; ++b) row[static_cast<std::size_t>(b + 3)] = base(a, b);
  }
  row_of(1).resize(width);
  if (diagonal) {
    diagonal->clear();
    diagonal->push_back(base(0, 0));
  }
  for (std::int64_t a = 1; a <= units; ++a) {
    poll_interrupt();
    std::vector<T>& row = row_of(a);
    const std::vector<T>& r4 = row_of(a - 4);
    const std::vector<T>& r3 = row_of(a - 3);
    const std::vector<T>& r2 = row_of(a - 2);
    const std::vector<T>& r1 = row_of(a - 1);
    for (std::int64_t b = -3; b <= 0; ++b) row[static_cast<std::size_t>(b + 3)] = base(a, b);
    for (std::size_t j = 4; j < width; ++j)  // j = b + 3 for b = 1..units
      row[j] = serve(r4[j], r3[j - 1], r2[j - 2], r1[j - 3]);
    if (diagonal) diagonal->push_back(row[static_cast<std::size_t>(a + 3)]);
  }
  return row_of(units)[static_cast<std::size_t>(units + 3)];
}

/// L(s) = max(0, ceil(s / 4)): every serving removes 4 units in total, so a
/// state with a + b = s > 0 is at most L(s) servings from the end.
inline std::int64_t soup_depth(std::int64_t s) { return s <= 0 ? 0 : (s + 3) / 4; }

/// The count-first soup: g(a, b) = 2·4^L(a+b)·f(a, b) is an integer, and the
/// recurrence becomes g = sum of the four successors' g (L drops by exactly
/// 1 per serving while a + b > 4, and from 1 to 0 below), with base values
/// 1 (both empty), 2·4^L(a+b) (A empty first) and 0 (B empty first). Every
/// g(a, b) with a, b <= units is at most 2·4^L(2·units), about units + 3 bits.
/// C is a fixed_count or BigInt (the exact count) or a residue type (the
/// count modulo P). Returns g(units, units) and fills diagonal[u] = g(u, u).
template <Ring C>
C soup_count(std::int64_t units, std::vector<C>* diagonal) {
  std::vector<C> powers(static_cast<std::size_t>(soup_depth(units) + 1));  // 2·4^L for the A-first base values
  powers[0] = C(2);
  for (std::size_t i = 1; i < powers.size(); ++i) powers[i] = powers[i - 1] * C(4);
  const C one(1), zero(0);
  auto base = [&](std::int64_t a, std::int64_t b) -> C {
    if (a <= 0 && b <= 0) return one;
    if (a <= 0) return powers[static_cast<std::size_t>(soup_depth(a + b))];
    return zero;
  };
  auto serve = [](const C& s1, const C& s2, const C& s3, const C& s4) {
    if constexpr (field_traits<C>::fixed_size) {
      return (s1 + s2) + (s3 + s4);  // two independent additions, then one
    } else {
      C sum = s1;  // heap values: add in place, no temporaries
      sum += s2;
      sum += s3;
      sum += s4;
      return sum;
    }
  };
  return soup_walk<C>(units, base, serve, diagonal);
}

/// The common denominator 2·4^L(2·units) of the count-first soup at
/// (units, units), in the ring C.
template <class C>
C soup_scale(std::int64_t units) {
  return C(2) * power(C(4), static_cast<std::uint64_t>(soup_depth(2 * units)));
}

/// The exact value num / soup_scale(units) = num / 2^(2L + 1), in lowest terms.
inline Rational soup_fraction(const BigInt& num, std::int64_t units) {
  return make_rational_over_power(num, 2, 2 * static_cast<std::uint64_t>(soup_depth(2 * units)) + 1);
}

/// The exact diagonal f(u, u), 0 <= u <= units, as fractions. Throws
/// resource_error above the budgets. Cost: O(units²) additions of
/// units-bit integers.
inline std::vector<Rational> soup_exact_diagonal(std::int64_t units) {
  const long double bits = static_cast<long double>(units) + 4;
  check_soup_budget<BigInt>(units, bits);
  std::vector<BigInt> counts;
  with_count_width(bits, [&]<class C>(std::type_identity<C>) {
    std::vector<C> diag;
    soup_count<C>(units, &diag);
    for (const C& x : diag) counts.push_back(count_to_bigint(x));
    return 0;
  });
  std::vector<Rational> diagonal;
  diagonal.reserve(counts.size());
  for (std::size_t u = 0; u < counts.size(); ++u)
    diagonal.push_back(soup_fraction(counts[u], static_cast<std::int64_t>(u)));
  return diagonal;
}

}  // namespace detail

/// Soup Servings: soups A and B start with n ml each; each turn serves one of
/// (100, 0), (75, 25), (50, 50), (25, 75) ml of (A, B) with probability 1/4
/// (a soup with less than asked gives what is left) until a soup is empty.
/// Returns P(A empties first) + P(both empty in the same turn) / 2, a
/// probability in [0, 1], for the exact n: no cutoff (see
/// soup_servings_within for the double with a tolerance). n = 50 -> 5/8;
/// n = 3505 -> a 42-digit fraction, 1 - 7.6e-5.
///
/// Over Rational the table counts over the common denominator 2·4^L (see
/// detail::soup_count) on fixed-width integers while they fit 2048 bits and
/// divides once; over residues it counts modulo P and divides once; over
/// double every serving weighs 1/4 (a uniform chance_step over the four
/// servings), which keeps the values in [0, 1].
/// Constraints: 0 <= n <= 10^15; std::invalid_argument otherwise.
/// resource_error when the table (5 rows of ceil(n/25) + 4 values) exceeds the
/// state budget or its ceil(n/25)² cells exceed the work budget; the message
/// gives the estimate. Over a residue no error: 4 is invertible mod any odd P.
/// Cost: O(U²) operations in T for U = ceil(n/25), O(U) values of memory;
/// exact: U-bit integers, n = 4800 is 36,864 cells of 4 words.
/// Source: LeetCode 808 Soup Servings (n = 50 -> 0.625; its n >= 4800 -> 1
/// shortcut is a tolerance of 1e-5, see soup_servings_within).
/// Status: the problem's value, n = 3505 exactly, brute force over every
/// serving sequence in millilitres for n <= 150, policy agreement tested
/// (tests/probability/test_soup.cpp, test_handed_chance.cpp).
/// Example: to_string(soup_servings<Rational>(50)) == "5/8" (LeetCode 808's 0.625).
template <Field T>
T soup_servings(std::int64_t n) {
  const std::int64_t units = detail::soup_units(n);
  constexpr count_form form = field_traits<T>::counting;
  if constexpr (form == count_form::big_integers) {
    const long double bits = static_cast<long double>(units) + 4;
    detail::check_soup_budget<BigInt>(units, bits);
    const BigInt g = detail::with_count_width(bits, [&]<class C>(std::type_identity<C>) {
      return detail::count_to_bigint(detail::soup_count<C>(units, nullptr));
    });
    return from_rational<T>(detail::soup_fraction(g, units));
  } else if constexpr (form == count_form::in_type) {
    // Residues: the same count modulo P, divided once (2·4^L is invertible
    // modulo every odd prime, so this division has no error path).
    detail::check_soup_budget<T>(units, 64);
    return detail::soup_count<T>(units, nullptr) / detail::soup_scale<T>(units);
  } else {
    detail::check_soup_budget<T>(units, 64);
    const chance_step<T> serving = chance_step<T>::uniform(4);
    const T one(1), zero(0), half = ratio<T>(1, 2);
    auto base = [&](std::int64_t a, std::int64_t b) -> T {
      if (a <= 0 && b <= 0) return half;  // both empty in the same turn
      return a <= 0 ? one : zero;         // A first, or B first
    };
    auto serve = [&serving](const T& s1, const T& s2, const T& s3, const T& s4) {
      return serving.average_of_sum(s1 + s2 + s3 + s4);
    };
    return detail::soup_walk<T>(units, base, serve, nullptr);
  }
}

/// The double answer of Soup Servings under a tolerance the caller states,
/// and the certified cutoff behind it.
struct soup_estimate {
  double value = 0;               ///< the answer as a double (1 when the cutoff was used)
  bool used_cutoff = false;       ///< true: n >= cutoff_n and `value` is 1
  std::int64_t cutoff_n = 0;      ///< smallest n (ml) from which 1 is returned for this tolerance
  std::int64_t checked_to_n = 0;  ///< the exact values were checked from cutoff_n up to this n (ml)
  Rational gap_at_cutoff;         ///< 1 - f(cutoff_n), exact
  double tolerance = 0;           ///< the tolerance the cutoff is certified for
  std::string reason;             ///< why the cutoff is safe for the tolerance, in one sentence
};

/// Soup Servings as a double that may stop early, but only as far as
/// `tolerance` allows: the cutoff is derived from the tolerance, never fixed.
/// The cutoff is the smallest U* = ceil(cutoff_n / 25) such that, for every
/// u from U* to a checked limit of at least 2·U*, the exact f(u, u) is
/// within `tolerance` of 1 and f(u, u) <= f(u + 1, u + 1) (both tested on
/// exact fractions). For n below the cutoff the double table is computed in
/// full; at or above it the value is 1. Beyond the checked limit the claim
/// rests on the drift argument (A loses 2.5 units per serving on average, B
/// 1.5), which the reason says. For 1e-5 the cutoff is below 4800 ml (the
/// problem's rule is safe), for 1e-6 it is above (the rule is not), and
/// "n >= 3400 -> 1" fails already for 1e-5 (n = 3505 is 7.6e-5 from 1).
///
/// Constraints: 0 <= n <= 10^15; 0 < tolerance < 1 and finite;
/// std::invalid_argument otherwise. resource_error when certifying the
/// cutoff (or the double table below it) exceeds the budgets: very small
/// tolerances need large exact tables, and the table the tolerance is
/// predicted to need (about 88·log10(1/tolerance) units) is checked before
/// any work is done. Cost: O(L²) additions of L-bit
/// integers for the checked limit L (about 2·U*, plus the doubling steps
/// before it), plus O(min(U, U*)²) doubles.
/// Source: LeetCode 808 Soup Servings (answers within 1e-5 accepted).
/// Status: tested for 1e-5, 1e-6 and 1e-3 against
/// the exact values on both sides of the cutoff (tests/probability/test_soup.cpp).
/// Example: soup_servings_within(50, 1e-5).value == 0.625.
soup_estimate soup_servings_within(std::int64_t n, double tolerance);

/// A bound on soup_servings(n): the answer is N/(2·4^L) for
/// L = ceil(2·ceil(n/25)/4), that denominator known, and 0 <= N <= 2·4^L.
/// Same constraints as soup_servings; resource_error when 2·4^L passes the
/// state budget. Cost: one power of two.
/// Example: *soup_servings_bound(50).denominator == 8 (2·4^1).
inline answer_bound soup_servings_bound(std::int64_t n) {
  const std::int64_t units = detail::soup_units(n);
  const auto bits = 2 * static_cast<std::uint64_t>(detail::soup_depth(2 * units)) + 2;
  return {bits, bits, detail::known_power(2, static_cast<unsigned long>(bits - 1), "the denominator 2·4^L")};
}

}  // namespace exactdp
