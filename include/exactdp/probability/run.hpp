// exactdp/probability/run.hpp: expected rolls until a run of k equal faces.
#pragma once

#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/count_first.hpp"

namespace exactdp {

/// The limits of expected_rolls_for_run: 1 <= k <= run_max_length,
/// 1 <= faces <= run_max_faces.
inline constexpr int run_max_length = 10'000'000;
inline constexpr int run_max_faces = 1'000'000;

namespace detail {

inline void check_run_arguments(int k, int faces) {
  if (k < 1 || k > run_max_length)
    throw std::invalid_argument("run length k must be between 1 and 10^7, not " + std::to_string(k));
  if (faces < 1 || faces > run_max_faces)
    throw std::invalid_argument("faces must be between 1 and 10^6, not " + std::to_string(faces));
}

/// The recurrence, written once. Each E[j] (run of length j, 0 <= j < k) is
/// a + b·E[0]; from E[k] = 0 (a = b = 0) one step down is
/// a' = 1 + a/f and b' = b/f + (f - 1)/f. `rep` says how the values are
/// represented: rep.share(x) turns x into x/f at the next step's scale,
/// rep.add_one(x) and rep.add_fall_back(x) add 1 and (f - 1)/f there, and
/// rep.next() moves to that scale. Returns (a, b) of E[0], so that
/// E[0] = a / (1 - b) with 1 at the final scale.
template <Ring T, class Representation>
std::pair<T, T> run_walk(int k, Representation& rep) {
  T a(0), b(0);
  for (int j = k - 1; j >= 0; --j) {
    if ((j & 4095) == 0) poll_interrupt();
    rep.share(a);
    rep.add_one(a);
    rep.share(b);
    rep.add_fall_back(b);
    rep.next();
  }
  return {std::move(a), std::move(b)};
}

/// Probabilities: 1 is 1, share(x) is x / f, the scale never changes.
/// Throws std::domain_error naming the recurrence and the step when f has no
/// inverse in T.
template <Field T>
struct run_probabilities {
  fixed_divisor<T> per_face;
  T fall_back = T(0);
  explicit run_probabilities(int faces)
      : per_face(name_the_step<T>("expected_rolls_for_run", "the probability 1/" + std::to_string(faces) + " of a face",
                                  "dividing by faces = " + std::to_string(faces),
                                  [faces] { return fixed_divisor<T>(T(faces)); })),
        fall_back(ratio<T>(faces - 1, faces)) {}
  void share(T& x) const { x = per_face(x); }
  void add_one(T& x) const { x += T(1); }
  void add_fall_back(T& x) const { x += fall_back; }
  void next() const {}
};

/// Count first: after m steps every a, b has a denominator dividing f^m, so
/// at the scale f^m they are integers A = a·f^m, B = b·f^m, and one step is
/// A' = A + f^(m+1), B' = B + f^(m+1) - f^m (x/f at the scale f^(m+1) is x
/// itself). A step is one product by f and three additions of integers that
/// grow with m: no division and no gcd. `scale` is f^m.
struct run_counts {
  unsigned long f;
  BigInt scale = 1, up = 0;  // f^m and f^(m+1)
  explicit run_counts(unsigned long faces) : f(faces) { up = faces; }
  void share(BigInt&) const {}
  void add_one(BigInt& x) const { x += up; }
  void add_fall_back(BigInt& x) const {
    x += up;
    x -= scale;
  }
  void next() {
    scale.swap(up);
    mpz_mul_ui(up.backend().data(), scale.backend().data(), f);
  }
};

}  // namespace detail

/// Expected number of rolls of a fair die with `faces` faces until one given
/// face has come up `k` times in a row.
///
/// The states (length j of the current run, 0 <= j < k) form a cycle: a
/// failed roll returns to run 0. Each E[j] is written as a + b·E[0] from the
/// top (E[k] = 0 is a = b = 0; one step down: a' = 1 + a/f, b' = b/f + (f-1)/f),
/// and E[0] = a + b·E[0] gives E[0] = a / (1 - b). Exact value:
/// (f^(k+1) - f) / (f - 1).
/// Over Rational the same recurrence counts first (detail::run_counts): the
/// integers A = a·f^m and B = b·f^m after m steps, one product by f and three
/// additions per step and no gcd, then E[0] = A / (f^k - B) reduced once.
///
/// Returns the expectation in rolls as T (>= k). Constraints: 1 <= k <= 10^7,
/// 1 <= faces <= 10^6; std::invalid_argument otherwise. Over ModInt,
/// std::domain_error when faces is 0 mod P ("expected_rolls_for_run: the
/// probability 1/3 of a face has no residue modulo 3 (step: dividing by
/// faces = 3)"; 1 - b = f^-k is then never 0); over double, b rounds to exactly 1 once f^-k is below half an
/// ulp of 1 (k >= 21 for f = 6) and the result is +inf: the double is wrong,
/// not the algebra. resource_error when the work budget would be exceeded.
/// Cost: O(k) operations in T; exact: O(k) operations on integers of
/// k·log2(f) bits, so O(k²·log2(f)/64) word operations.
/// Source: the expected waiting time for a run of k equal outcomes (Feller,
/// "An Introduction to Probability Theory", vol. 1, ch. XIII; (6^(k+1) - 6)/5
/// for a die). Status: k = 1..6 (6, 42, 258, ...), the closed form, an
/// independent Markov chain solve and policy agreement tested
/// (tests/probability/test_foundation_recurrences.cpp), the residue error
/// (test_recurrence_errors.cpp).
/// Example: expected_rolls_for_run<Rational>(2) == 42 (two sixes in a row).
template <Field T>
T expected_rolls_for_run(int k, int faces = 6) {
  detail::check_run_arguments(k, faces);
  const long double bits = static_cast<long double>(k) * std::log2(static_cast<long double>(faces) + 1);
  if constexpr (detail::counts_first<T>) {
    check_work_budget("a run of " + std::to_string(k), 4.0L * k * operation_cost<BigInt>(bits));
    detail::run_counts counts(static_cast<unsigned long>(faces));
    auto [a, b] = detail::run_walk<BigInt>(k, counts);
    return from_rational<T>(make_rational(a, counts.scale - b));
  } else {
    check_work_budget("a run of " + std::to_string(k), 4.0L * k * operation_cost<T>(bits));
    detail::run_probabilities<T> probabilities(faces);
    auto [a, b] = detail::run_walk<T>(k, probabilities);
    return a / (T(1) - b);
  }
}

/// A bound on expected_rolls_for_run(k, faces): the answer
/// (f^(k+1) - f)/(f - 1) (k for one face) is an integer below 2·f^k, so the
/// known denominator is 1. Same constraints as expected_rolls_for_run.
/// Cost: O(1).
/// Example: *expected_rolls_for_run_bound(2).denominator == 1.
inline answer_bound expected_rolls_for_run_bound(int k, int faces = 6) {
  detail::check_run_arguments(k, faces);
  if (faces == 1) return detail::integer_bound(static_cast<std::uint64_t>(std::bit_width(static_cast<unsigned>(k))));
  return detail::integer_bound(detail::power_bits(static_cast<std::uint64_t>(faces), static_cast<std::uint64_t>(k)) +
                               1);
}

}  // namespace exactdp
