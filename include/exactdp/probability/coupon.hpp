// exactdp/probability/coupon.hpp: the coupon collector's expected draws.
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/count_first.hpp"

namespace exactdp {

/// The limit of expected_draws_to_collect: 0 <= n <= coupon_max_kinds.
inline constexpr int coupon_max_kinds = 10'000'000;

namespace detail {

/// The terms of n·H_n = Σ_{k=1..n} n/k, paired for exact arithmetic: the
/// terms k and n + 1 - k add up to n(n+1) / (k(n+1-k)), and for odd n the
/// middle term k = (n+1)/2 alone is n(n+1) / (2k²). So n·H_n = n(n+1)·S with
/// S = Σ 1/d over the ceil(n/2) denominators d of this generator:
/// d_k = k(n+1-k) for k = 1..floor(n/2) (next_pair()), then 2m² with
/// m = (n+1)/2 when n is odd (middle()). Every d is below 2^46 for
/// n <= 10^7 and a product of numbers in 1..n (so d ≡ 0 mod a prime P
/// exactly when some k in 1..n is, i.e. n >= P).
/// C is std::int64_t or a residue type; d_{k+1} = d_k + (n - 2k) is
/// computed by additions in C (no conversion per term).
template <class C>
class coupon_denominators {
 public:
  explicit coupon_denominators(int n) : n_(n), d_(C(n)), step_(C(n - 2)) {}
  /// The number of pairs, floor(n/2).
  std::size_t pairs() const { return static_cast<std::size_t>(n_ / 2); }
  /// The next pair's denominator k(n+1-k); call pairs() times.
  C next_pair() {
    C d = d_;
    d_ += step_;
    step_ -= C(2);
    return d;
  }
  /// True when n is odd: the middle term has its own denominator.
  bool has_middle() const { return n_ % 2 == 1; }
  /// 2m² for m = (n+1)/2.
  C middle() const {
    const std::int64_t m = (static_cast<std::int64_t>(n_) + 1) / 2;
    return C(2 * m * m);
  }

 private:
  int n_;
  C d_, step_;
};

/// Σ 1/d over the denominators as one fraction (numerator, denominator) in C,
/// for fixed-size C (residues): folded left to right, num/den + 1/d =
/// (num·d + den)/(den·d), in four independent lanes so that the products
/// overlap; one division at the end. Cost: 2 products per pair of terms.
template <Ring C>
std::pair<C, C> unit_fraction_sum_folded(coupon_denominators<C> terms) {
  constexpr std::size_t lanes = 4;
  std::array<C, lanes> num, den;
  num.fill(C(0));
  den.fill(C(1));
  auto add = [&](std::size_t lane, const C& d) {
    num[lane] = num[lane] * d + den[lane];
    den[lane] *= d;
  };
  const std::size_t pairs = terms.pairs();
  std::uint64_t polls = 0;
  for (std::size_t done = 0; done + lanes <= pairs; done += lanes) {
    poll_interrupt_every_4096(polls);
    for (std::size_t lane = 0; lane < lanes; ++lane) add(lane, terms.next_pair());
  }
  for (std::size_t lane = 0; lane < pairs % lanes; ++lane) add(lane, terms.next_pair());
  if (terms.has_middle()) add(lanes - 1, terms.middle());
  for (std::size_t lane = 1; lane < lanes; ++lane) {
    num[0] = num[0] * den[lane] + num[lane] * den[0];
    den[0] *= den[lane];
  }
  return {num[0], den[0]};
}

/// Σ 1/d over the denominators as one fraction (P, Q) of BigInts by binary
/// splitting: P/Q of a block is the sum of its two halves,
/// (P1·Q2 + P2·Q1)/(Q1·Q2), so the products are balanced (GMP's fast
/// multiplication applies) and no gcd is taken. Iterative: a stack of
/// blocks whose sizes are distinct powers of two (at most 1 + log2(terms)
/// entries). Q is the product of all d. Cost: O(M(B)·log(terms)) for the B
/// bits of Q.
inline std::pair<BigInt, BigInt> unit_fraction_sum_split(coupon_denominators<std::int64_t> terms) {
  struct block {
    BigInt p, q;
    std::size_t size;
  };
  std::vector<block> stack;
  auto merge_top = [&stack] {
    block right = std::move(stack.back());
    stack.pop_back();
    block& left = stack.back();
    left.p *= right.q;
    right.p *= left.q;
    left.p += right.p;
    left.q *= right.q;
    left.size += right.size;
  };
  const std::size_t pairs = terms.pairs();
  for (std::size_t i = 0; i <= pairs; ++i) {
    if ((i & 63) == 0) poll_interrupt();  // the merges grow: poll often
    if (i == pairs && !terms.has_middle()) break;
    stack.push_back({BigInt(1), BigInt(i < pairs ? terms.next_pair() : terms.middle()), 1});
    while (stack.size() >= 2 && stack[stack.size() - 2].size == stack.back().size) merge_top();
  }
  while (stack.size() >= 2) {
    poll_interrupt();
    merge_top();
  }
  if (stack.empty()) return {BigInt(0), BigInt(1)};
  return {std::move(stack.back().p), std::move(stack.back().q)};
}

/// lcm(1, ..., n): the product of the largest power of each prime p <= n
/// that is at most n (primes by a sieve of Eratosthenes), multiplied as a
/// balanced tree (a stack of partial products of equal counts). Below
/// 2^(1.4988·n) (Rosser and Schoenfeld 1962: ψ(n) < 1.03883·n).
/// Throws resource_error when the sieve or the result passes the state
/// budget. Cost: O(n log log n) for the sieve and O(M(n)·log n) for the
/// products.
inline BigInt lcm_up_to(int n) {
  const auto size = static_cast<std::size_t>(n) + 1;
  check_state_budget("the sieve up to " + std::to_string(n), static_cast<long double>(size), 1);
  check_state_budget("lcm(1..n) for n = " + std::to_string(n), 4, entry_bytes<BigInt>(1.5L * n + 64));
  std::vector<char> composite(size, 0);
  std::vector<std::pair<BigInt, std::size_t>> stack;  // partial products and how many factors each holds
  for (std::size_t p = 2; p < size; ++p) {
    if (composite[p]) continue;
    for (std::size_t q = p * p; q < size; q += p) composite[q] = 1;
    std::uint64_t power = p;
    while (power <= static_cast<std::uint64_t>(n) / p) power *= p;
    stack.emplace_back(BigInt(power), 1);
    while (stack.size() >= 2 && stack[stack.size() - 2].second == stack.back().second) {
      auto [top, count] = std::move(stack.back());
      stack.pop_back();
      stack.back().first *= top;
      stack.back().second += count;
    }
  }
  BigInt lcm = 1;
  while (!stack.empty()) {
    lcm *= stack.back().first;
    stack.pop_back();
  }
  return lcm;
}

}  // namespace detail

/// A bound on expected_draws_to_collect(n): the answer n·H_n is N/lcm(1..n)
/// with that denominator known (each term n/k has a denominator dividing
/// it) and 0 <= N <= n·(ln n + 1)·lcm(1..n). Constraints as
/// expected_draws_to_collect; resource_error when lcm(1..n) (about
/// 1.44·n bits) passes the state budget. Cost: detail::lcm_up_to.
/// Example: *expected_draws_to_collect_bound(3).denominator == 6 (lcm(1..3)).
inline answer_bound expected_draws_to_collect_bound(int n) {
  if (n < 0 || n > coupon_max_kinds)
    throw std::invalid_argument("the number of coupon kinds must be between 0 and 10^7, not " + std::to_string(n));
  if (n == 0) return detail::integer_bound(1);
  BigInt lcm = detail::lcm_up_to(n);
  const std::uint64_t d_bits = mpz_sizeinbase(lcm.backend().data(), 2);
  const auto harmonic = static_cast<unsigned>(std::ceil(std::log(static_cast<double>(n)))) + 1;  // H_n <= ln n + 1
  return {d_bits + static_cast<std::uint64_t>(std::bit_width(static_cast<unsigned>(n)) + std::bit_width(harmonic)),
          d_bits, std::move(lcm)};
}

/// Expected number of uniform draws from n kinds of coupon until every kind
/// has been seen: the sum over phases of n / (n - have), that is n·H_n
/// (linearity of expectation over geometric waiting times).
///
/// Over double the n terms are added in that order. The exact types pair the
/// terms k and n + 1 - k (detail::coupon_denominators): n·H_n = n(n+1)·S,
/// S a sum of ceil(n/2) unit fractions 1/d with d < 2^46. Rational sums them
/// by binary splitting on integers and reduces once at the end; residues
/// fold them into one fraction and take a single inverse.
///
/// Returns draws as T; 0 for n = 0. Constraints: 0 <= n <= coupon_max_kinds (10^7);
/// std::invalid_argument otherwise. Over ModInt, std::domain_error when some
/// k in 1..n is 0 mod P (n >= P): "expected_draws_to_collect: the expected
/// n·H_n has no residue modulo 3 (step: the term n/k for k = 3)".
/// resource_error above the work budget.
/// Cost: O(n) operations in T for double (one division per term) and
/// residues (2 products per pair of terms); exact: the denominator has about
/// n·log2(n) bits before reduction, binary splitting takes
/// O(M(n·log n)·log n) word operations (n = 10^4: a few milliseconds).
/// Source: the coupon collector's problem (Feller, "An Introduction to
/// Probability Theory and Its Applications", vol. 1, ch. IX); binary
/// splitting: Haible and Papanikolaou, "Fast multiprecision evaluation of
/// series of rational numbers" (1998).
/// Status: n = 3 (11/2), n = 33 (int64 fractions overflow from n = 20), an
/// independent inclusion-exclusion sum, the plain sum over Rational for
/// n <= 300, policy agreement (tests/probability/test_foundation_recurrences.cpp,
/// test_handed_chance.cpp) and the residue error (test_recurrence_errors.cpp).
/// Example: to_string(expected_draws_to_collect<Rational>(3)) == "11/2".
template <Field T>
T expected_draws_to_collect(int n) {
  if (n < 0 || n > coupon_max_kinds)
    throw std::invalid_argument("the number of coupon kinds must be between 0 and 10^7, not " + std::to_string(n));
  const auto count = static_cast<long double>(n);
  if constexpr (detail::counts_first<T>) {
    // Q, the product of the denominators, has at most n·log2(n + 1) bits;
    // each of the log2(n) levels of the splitting multiplies numbers of B
    // bits in all (about W·log2(W) word steps for W words), and the final
    // gcd costs about as much as log2(W) such products. The factor 8 is
    // measured: n = 10^6 takes 2.5 s and n = 10^7 about 40 s here, for
    // estimates of 1.8·10^9 and 2.9·10^10 steps.
    const long double bits = 64 + count * std::log2(count + 1);
    const long double words = operation_cost<BigInt>(bits), levels = std::log2(count + 1) + 1;
    check_state_budget("the coupon collector's fraction for n = " + std::to_string(n), 6, entry_bytes<BigInt>(bits));
    check_work_budget("the coupon collector for n = " + std::to_string(n),
                      8 * words * std::log2(words + 1) * (levels + std::log2(words + 1)));
    if (n == 0) return T(0);
    auto [p, q] = detail::unit_fraction_sum_split(detail::coupon_denominators<std::int64_t>(n));
    p *= static_cast<long>(n);
    p *= static_cast<long>(n) + 1;
    return from_rational<T>(make_rational(p, q));
  } else if constexpr (field_traits<T>::is_exact) {
    check_work_budget("the coupon collector for n = " + std::to_string(n), count * operation_cost<T>(64));
    if (n == 0) return T(0);
    // A pair, not a structured binding: clang 14 cannot capture one in the lambda below.
    const auto sum = detail::unit_fraction_sum_folded(detail::coupon_denominators<T>(n));
    const T& num = sum.first;
    const T& den = sum.second;
    // den is the product of numbers in 1..n: 0 exactly when some k in 1..n is.
    std::string step = "the term n/k for some k in 1.." + std::to_string(n);
    if constexpr (field_traits<T>::is_residue) step = "the term n/k for k = " + std::to_string(T::modulus());
    return detail::name_the_step<T>("expected_draws_to_collect", "the expected n·H_n", step,
                                    [&] { return T(n) * T(n + 1) * num / den; });
  } else {
    check_work_budget("the coupon collector for n = " + std::to_string(n), count * operation_cost<T>(64));
    const T kinds(n);
    T expected(0);
    std::uint64_t polls = 0;
    for (int have = 0; have < n; ++have) {
      poll_interrupt_every_4096(polls);
      expected = expected + kinds / T(n - have);
    }
    return expected;
  }
}

}  // namespace exactdp
