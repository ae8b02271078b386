// exactdp/probability/seat.hpp: Airplane Seat Assignment Probability, a
// probability recurrence with a running sum.
#pragma once

#include <cmath>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// The limits of seat_probability: 1 <= n <= seat_max_passengers.
inline constexpr int seat_max_passengers = 1'000'000;

namespace detail {

inline void check_seat_arguments(int n) {
  if (n < 1 || n > seat_max_passengers)
    throw std::invalid_argument("the number of passengers n must be between 1 and 10^6, not " + std::to_string(n));
}

}  // namespace detail

/// Airplane Seat Assignment Probability: n passengers board a plane of n
/// seats in order; the first has lost their ticket and sits in a uniformly
/// random seat, and every later passenger sits in their own seat when it is
/// free and otherwise in a uniformly random free seat. Returns the
/// probability f(n) that the last passenger sits in their own seat.
///
/// The recurrence: f(1) = 1. For n >= 2 the first passenger takes seat 1
/// (their own) with probability 1/n, and everyone then sits in their own
/// seat: the last does. They take seat n with probability 1/n: the last
/// does not. They take seat k, 2 <= k <= n - 1, with probability 1/n:
/// passengers 2..k-1 sit in their own seats and passenger k, displaced,
/// chooses uniformly among the n - k + 1 free seats (seat 1 and seats
/// k+1..n), with seat 1 in the part of their own seat: the same problem
/// with n - k + 1 passengers. So
///   f(n) = 1/n + (1/n)·Σ_{k=2}^{n-1} f(n - k + 1) = (1 + S(n))/n,
/// with S(n) = Σ_{m=2}^{n-1} f(m), kept as a running sum
/// (S(n + 1) = S(n) + f(n)): O(n), not O(n²). It gives 1/2 for every
/// n >= 2 (by induction: S(n) = (n - 2)/2 and (1 + S(n))/n = 1/2); in
/// double every step is exact (S(n) is a multiple of 1/2 below 2^53).
///
/// Returns a probability as T. Constraints: 1 <= n <= 10^6
/// (seat_max_passengers); std::invalid_argument otherwise. Over a residue,
/// no_residue_error (a std::domain_error) when a step divides by a multiple of P: "seat_probability:
/// the probability 1/3 of each of 3 free seats has no residue modulo 3 (step:
/// dividing by m = 3)" (the answer 1/2 still has one: the tool and Python take
/// it from the exact value). resource_error above the work budget.
/// Cost: O(n) operations in T on values of O(log n) bits.
/// Example: seat_probability<Rational>(3) == Rational(1, 2).
/// Source: LeetCode 1227, Airplane Seat Assignment Probability (its examples
/// n = 1 -> 1.0, n = 2 -> 0.5). Status: every boarding for n <= 8 with exact
/// weights, and 1/2 in every number system (tests/probability/test_seat.cpp).
template <Field T>
T seat_probability(int n) {
  detail::check_seat_arguments(n);
  check_work_budget("seat_probability for n = " + std::to_string(n),
                    3.0L * n * operation_cost<T>(2 * std::log2(static_cast<long double>(n) + 1) + 2));
  T f(1), sum(0);  // f(m) and S(m + 1) = f(2) + ... + f(m)
  for (int m = 2; m <= n; ++m) {
    if ((m & 4095) == 0) poll_interrupt();
    try {
      f = (T(1) + sum) / T(m);
    } catch (const no_residue_error&) {
      throw no_residue_error("seat_probability: the probability 1/" + std::to_string(m) + " of each of " +
                             std::to_string(m) + " free seats" + detail::no_value_words<T>() +
                             " (step: dividing by m = " + std::to_string(m) + ")");
    }
    sum += f;
  }
  return f;
}

/// A bound on seat_probability(n): 1 (known denominator 1) for n = 1, else
/// N/2 with 0 <= N <= 2 (the answer is 1/2). Same constraints as
/// seat_probability. Cost: O(1). Example: seat_probability_bound(5).denominator == 2.
inline answer_bound seat_probability_bound(int n) {
  detail::check_seat_arguments(n);
  if (n == 1) return detail::integer_bound(1);
  return {2, 2, BigInt(2)};
}

}  // namespace exactdp
