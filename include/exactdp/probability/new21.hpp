// exactdp/probability/new21.hpp: New 21 Game, a probability DP with a
// sliding window.
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
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

/// The limit of each argument of new21_probability: 0 <= n, k <= new21_max,
/// 1 <= max_pts <= new21_max.
inline constexpr int new21_max = 1'000'000'000;

namespace detail {

inline void check_new21_arguments(int n, int k, int max_pts) {
  if (n < 0 || n > new21_max) throw std::invalid_argument("n must be between 0 and 10^9, not " + std::to_string(n));
  if (k < 0 || k > new21_max) throw std::invalid_argument("k must be between 0 and 10^9, not " + std::to_string(k));
  if (max_pts < 1 || max_pts > new21_max)
    throw std::invalid_argument("max_pts must be between 1 and 10^9, not " + std::to_string(max_pts));
}

/// How many reach values the window must keep: reach[j] is read again only
/// when it leaves the window, at i = j + max_pts <= n, and only while j < k,
/// so only j <= J = min(k - 1, n - max_pts) is kept, at most
/// min(max_pts, J + 1) of them at a time (0 when nothing ever leaves).
inline std::size_t new21_kept(int n, int k, int max_pts) {
  const long long last = std::min<long long>(k - 1LL, static_cast<long long>(n) - max_pts);
  return last < 0 ? 0 : static_cast<std::size_t>(std::min<long long>(max_pts, last + 1));
}

/// The state and work budgets of new21_window over T, for values of `bits`
/// bits (the kept values, the window, the answer, the shared value and two
/// powers of the plain steps); checked before anything is allocated (the exact path calls it
/// before computing its common denominator max_pts^draws).
template <Ring T>
void check_new21_budget(int n, int k, int max_pts, long double bits) {
  check_state_budget("the New 21 Game window for max_pts = " + std::to_string(max_pts),
                     static_cast<long double>(new21_kept(n, k, max_pts)) + 6, entry_bytes<T>(bits));
  check_work_budget("New 21 Game up to n = " + std::to_string(n),
                    4.0L * (static_cast<long double>(n) + 1) * operation_cost<T>(bits));
}

/// The recurrence, written once. reach[i], the chance that the total ever
/// equals i, is share(window) where window = Σ reach[j] over the max_pts
/// totals j in [i - max_pts, i - 1] with j < k (Alice draws again only below
/// k); reach[0] = one. The answer sums reach[i] for k <= i <= n (the totals
/// where she stops). The window slides: add reach[i] when i < k, drop
/// reach[i - max_pts]; only the reach values that will be dropped are kept
/// (new21_kept). No cap on the number of draws: every total up to n is
/// visited. The representation gives `one`, share_into(out, x) (out =
/// x / max_pts, reusing out's storage) and grow(window, t): t plain steps
/// window += share(window), the steps i < min(k, max_pts) whose reach value
/// is neither kept nor dropped nor part of the answer: the window is
/// multiplied by ((max_pts + 1)/max_pts)^t at once (probabilities: by
/// repeated squaring; counts: one product by (max_pts + 1)^t and one exact
/// division by max_pts^t).
/// Otherwise per total: one share, one addition and, once the window is
/// full, one subtraction. Arguments and budgets checked; requires
/// n < k + max_pts - 1 (otherwise the answer is 1 and the caller returns it).
template <Ring T, class ShareInto, class Grow>
T new21_window(int n, int k, int max_pts, const T& one, const ShareInto& share_into, const Grow& grow) {
  const std::size_t kept = new21_kept(n, k, max_pts);
  const long long last_kept = kept == 0 ? -1 : std::min(k - 1LL, 1LL * n - max_pts);
  const int plain_end = std::min({k, max_pts, n + 1});  // steps below it neither drop nor stop
  std::vector<T> reach(kept, T(0));                     // reach[j] at j mod kept, for j <= last_kept
  T window(0), answer(0), r(0);
  for (int i = 0; i <= n; ++i) {
    if ((i & 4095) == 0) poll_interrupt();
    if (i >= 1 && i > last_kept && i < plain_end) {
      grow(window, plain_end - i);  // reach[i..plain_end-1] only join the window
      i = plain_end - 1;
      continue;
    }
    if (i == 0)
      r = one;
    else
      share_into(r, window);
    if (i < k)
      window += r;
    else
      answer += r;  // she stops at i, and i <= n
    // reach[i - max_pts] leaves the window; it is read before reach[i]
    // takes its slot (the same slot when kept == max_pts). kept > 0 here: a
    // value leaves only when j = i - max_pts <= min(k - 1, n - max_pts).
    if (kept != 0 && i >= max_pts && i - max_pts < k) window -= reach[static_cast<std::size_t>(i - max_pts) % kept];
    if (i < k && i <= last_kept) std::swap(reach[static_cast<std::size_t>(i) % kept], r);  // r's storage is reused
  }
  return answer;
}

}  // namespace detail

/// New 21 Game: Alice starts at 0 points and, while she has fewer than k,
/// draws a number uniformly from 1..max_pts and adds it. Returns the
/// probability that her final total is at most n.
///
/// Every total i is reached with probability reach[i] = (1/max_pts)·Σ
/// reach[j] over j in [i - max_pts, i - 1], j < k, kept as a sliding window:
/// O(n), not O(n·max_pts). She stops at a total in [k, k + max_pts - 1] and
/// always stops (each draw adds at least 1), so n >= k + max_pts - 1 gives
/// exactly 1, and k = 0 (no draw at all) gives 1. (5, 3, 4) -> 59/64;
/// (305, 303, 2) -> 1 (capping the number of draws gives 0.36 there).
/// Over Rational the values are counted over the common denominator
/// max_pts^min(n, k) (at most k draws happen, so every reach[i] times it is
/// an integer); the division by max_pts becomes an exact integer division and
/// the fraction is reduced once at the end. The first totals, whose reach
/// values only join the window, multiply it by ((max_pts + 1)/max_pts)^t in
/// one product and one exact division (no division when the window is still
/// max_pts^min(n, k), as at n = k = max_pts). The reduction strips only
/// max_pts's primes and reuses that power as the denominator.
///
/// Returns a probability in [0, 1] as T. Constraints: 0 <= n, k <= 10^9,
/// 1 <= max_pts <= 10^9; std::invalid_argument otherwise. Over a residue,
/// std::domain_error when max_pts ≡ 0 mod P (and the answer is not the
/// shortcut 1): "new21: the probability 1/3 of each draw has no residue
/// modulo 3 (step: dividing by max_pts = 3)". resource_error above the
/// state or work budget.
/// Cost: O(min(n, k + max_pts)) operations in T; memory for the
/// min(max_pts, k, n - max_pts + 1) values that leave the window (none when
/// n < max_pts) plus 6. Exact: operands of min(n, k)·log2(max_pts) bits, so
/// O(n·min(n, k)·log2(max_pts)/64) word operations (5500, 5000, 1000: about
/// 50,000 bits, 15,000 digits; 10^4, 10^4, 10^4: 133,000 bits and 4 values
/// in memory).
/// Source: LeetCode 837 New 21 Game (its examples (10, 1, 10) -> 1,
/// (6, 1, 10) -> 0.6, (21, 17, 10) -> 0.73278).
/// Status: the problem's values, (305, 303, 2) (a capped number of draws
/// gives 0.36), k = 0, brute force over every draw sequence, policy
/// agreement and the residue error tested (tests/probability/test_new21.cpp,
/// test_handed_chance.cpp, test_recurrence_errors.cpp).
/// Example: to_string(new21_probability<Rational>(5, 3, 4)) == "59/64".
template <Field T>
T new21_probability(int n, int k, int max_pts) {
  detail::check_new21_arguments(n, k, max_pts);
  if (k == 0 || static_cast<long long>(n) >= static_cast<long long>(k) + max_pts - 1) return T(1);
  const int draws = std::min(n, k);  // the most draws that lead to a total <= n
  const long double bits = static_cast<long double>(draws) * std::log2(static_cast<long double>(max_pts)) + 2;
  if constexpr (detail::counts_first<T>) {
    detail::check_new21_budget<BigInt>(n, k, max_pts, bits);
    const auto m = static_cast<unsigned long>(max_pts);
    const BigInt scale = detail::power_of(m, static_cast<unsigned long>(draws));
    auto share_into = [m](BigInt& out, const BigInt& x) {
      mpz_divexact_ui(out.backend().data(), x.backend().data(), m);
    };
    // window·(m + 1)^steps / m^steps, exact. m^steps divides the window
    // itself (it divides the product and is coprime to (m + 1)^steps), so
    // dividing first keeps the product small. When the window is still the
    // scale m^draws (grow at total 1: n <= max_pts or k <= 1, the shape
    // n = k = max_pts among them) the quotient is m^(draws - steps), and
    // draws - steps is 0 or 1 there: no power m^steps and no division.
    auto grow = [m, draws, &scale](BigInt& window, int steps) {
      const BigInt growth = detail::power_of(m + 1, static_cast<unsigned long>(steps));
      if (window == scale) {
        window = growth * detail::power_of(m, static_cast<unsigned long>(draws - steps));
        return;
      }
      const BigInt divisor = detail::power_of(m, static_cast<unsigned long>(steps));
      mpz_divexact(window.backend().data(), window.backend().data(), divisor.backend().data());
      window *= growth;
    };
    const BigInt count = detail::new21_window<BigInt>(n, k, max_pts, scale, share_into, grow);
    // The denominator is the scale itself: nothing to recompute when
    // nothing cancels.
    return from_rational<T>(make_rational_over_power(count, m, static_cast<std::uint64_t>(draws), scale));
  } else {
    detail::check_new21_budget<T>(n, k, max_pts, bits);
    const chance_step<T> draw = detail::name_the_step<T>(
        "new21", "the probability 1/" + std::to_string(max_pts) + " of each draw",
        "dividing by max_pts = " + std::to_string(max_pts), [max_pts] { return chance_step<T>::uniform(max_pts); });
    auto share_into = [&draw](T& out, const T& sum) { out = draw.average_of_sum(sum); };
    const T growth = ratio<T>(static_cast<std::int64_t>(max_pts) + 1, max_pts);  // window + window/m
    auto grow = [&](T& window, int steps) {                                      // uses growth or max_pts, by T
      if constexpr (field_traits<T>::is_exact) {
        window = window * power(growth, static_cast<std::uint64_t>(steps));
      } else {
        // (1 + 1/m)^t as exp(t·log1p(1/m)): the rounding of 1 + 1/m would be
        // raised to the power t (relative error t·2^-53: 1e-7 at t = 10^9).
        window = window * std::exp(static_cast<double>(steps) * std::log1p(1.0 / max_pts));
      }
    };
    return detail::new21_window<T>(n, k, max_pts, T(1), share_into, grow);
  }
}

/// A bound on new21_probability(n, k, max_pts): the answer is N/max_pts^min(n, k)
/// with that denominator known and 0 <= N <= max_pts^min(n, k) (a
/// probability); 1 (denominator 1) when the game always ends at or below n.
/// Same constraints as new21_probability; resource_error when the denominator
/// passes the state budget. Cost: one power.
/// Example: *new21_probability_bound(5, 3, 4).denominator == 64 (4^3).
inline answer_bound new21_probability_bound(int n, int k, int max_pts) {
  detail::check_new21_arguments(n, k, max_pts);
  if (k == 0 || static_cast<long long>(n) >= static_cast<long long>(k) + max_pts - 1) return detail::integer_bound(1);
  const auto m = static_cast<unsigned long>(max_pts);
  const auto draws = static_cast<unsigned long>(std::min(n, k));
  const std::uint64_t bits = detail::power_bits(m, draws);
  return {bits, bits, detail::known_power(m, draws, "the denominator max_pts^min(n, k)")};
}

}  // namespace exactdp
