// exactdp/probability/new21.hpp: New 21 Game, a probability DP with a
// sliding window.
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/chance.hpp"
#include "exactdp/probability/count_first.hpp"

namespace exactdp {

namespace detail {

inline void check_new21_arguments(int n, int k, int max_pts) {
  if (n < 0 || n > 1'000'000'000) throw std::invalid_argument("n must be between 0 and 10^9, not " + std::to_string(n));
  if (k < 0 || k > 1'000'000'000) throw std::invalid_argument("k must be between 0 and 10^9, not " + std::to_string(k));
  if (max_pts < 1 || max_pts > 1'000'000'000)
    throw std::invalid_argument("max_pts must be between 1 and 10^9, not " + std::to_string(max_pts));
}

/// The recurrence, written once. reach[i], the chance that the total ever
/// equals i, is share(window) where window = Σ reach[j] over the max_pts
/// totals j in [i - max_pts, i - 1] with j < k (Alice draws again only below
/// k); reach[0] = one. The answer sums reach[i] for k <= i <= n (the totals
/// where she stops). The window slides: add reach[i] when i < k, drop
/// reach[i - max_pts]. No cap on the number of draws: every total up to n is
/// visited. `one` and share(x) = x / max_pts are those of the representation
/// (probabilities, or counts over max_pts^min(n, k)). Arguments checked;
/// requires n < k + max_pts - 1 (otherwise the answer is 1 and the caller
/// returns it).
/// The state and work budgets of new21_window over T, for values of `bits`
/// bits; checked before anything is allocated (the exact path calls it
/// before computing its common denominator max_pts^draws).
template <Ring T>
void check_new21_budget(int n, int max_pts, long double bits) {
  const auto size = static_cast<long double>(std::min(max_pts, n + 1));
  check_state_budget("the New 21 Game window for max_pts = " + std::to_string(max_pts), size + 3, entry_bytes<T>(bits));
  check_work_budget("New 21 Game up to n = " + std::to_string(n),
                    5.0L * (static_cast<long double>(n) + 1) * operation_cost<T>(bits));
}

template <Ring T, class Share>
T new21_window(int n, int k, int max_pts, const T& one, const Share& share, long double bits) {
  check_new21_budget<T>(n, max_pts, bits);
  const std::size_t size = static_cast<std::size_t>(std::min(max_pts, n + 1));
  std::vector<T> last(size, T(0));  // reach[j] at j mod size for the max_pts totals below i, when j < k
  T window(0), answer(0);
  for (int i = 0; i <= n; ++i) {
    T r = i == 0 ? one : share(window);
    const bool draws = i < k;
    if (draws)
      window += r;
    else
      answer += r;  // she stops at i, and i <= n
    if (i >= max_pts) {
      const int dropped = i - max_pts;  // too far back to reach i + 1
      if (draws) std::swap(last[static_cast<std::size_t>(i) % size], r);
      if (dropped < k) window -= draws ? r : last[static_cast<std::size_t>(i) % size];
    } else if (draws) {
      std::swap(last[static_cast<std::size_t>(i) % size], r);
    }
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
/// the fraction is reduced once at the end.
///
/// Returns a probability in [0, 1] as T. Constraints: 0 <= n, k <= 10^9,
/// 1 <= max_pts <= 10^9; std::invalid_argument otherwise. Over a residue,
/// std::domain_error when max_pts ≡ 0 mod P (and the answer is not the
/// shortcut 1). resource_error above the state or work budget.
/// Cost: O(min(n, k + max_pts)) operations in T; O(min(n, max_pts)) values of
/// memory. Exact: operands of min(n, k)·log2(max_pts) bits, so
/// O(n·min(n, k)·log2(max_pts)/64) word operations (5500, 5000, 1000: about
/// 50,000 bits, 15,000 digits).
/// Source: seed 000 "New 21 Game: probability DP with a sliding window";
/// handed cases C04 (truncated horizon) and C05 (k = 0).
/// Status: seed value, C04, C05, brute force over every draw sequence,
/// policy agreement tested (tests/probability/test_new21.cpp).
template <Field T>
T new21_game(int n, int k, int max_pts) {
  detail::check_new21_arguments(n, k, max_pts);
  if (k == 0 || static_cast<long long>(n) >= static_cast<long long>(k) + max_pts - 1) return T(1);
  const int draws = std::min(n, k);  // the most draws that lead to a total <= n
  const long double bits = static_cast<long double>(draws) * std::log2(static_cast<long double>(max_pts)) + 2;
  if constexpr (std::same_as<T, Rational>) {
    detail::check_new21_budget<BigInt>(n, max_pts, bits);
    const auto m = static_cast<unsigned long>(max_pts);
    const BigInt scale = detail::power_of(m, static_cast<unsigned long>(draws));
    const BigInt count = detail::new21_window<BigInt>(n, k, max_pts, scale, detail::exact_share{m}, bits);
    return make_rational(count, scale);
  } else {
    const chance_step<T> draw = chance_step<T>::uniform(max_pts);
    return detail::new21_window<T>(
        n, k, max_pts, T(1), [&draw](const T& sum) { return draw.average_of_sum(sum); }, bits);
  }
}

}  // namespace exactdp
