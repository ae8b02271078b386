// exactdp/decision/bounded.hpp: step-bounded questions of a decision model
// (an MDP, or a Markov chain as an MDP with one choice per state), over
// any number system: the optimal probability of reaching a target within k
// steps, the optimal expected reward cumulated over k steps, and the
// expected state reward at step k.
//
// Value iteration, k rounds exactly (v_0, then v_{i+1}(s) = opt over the
// choices c of reward(c) + sum p(c, t) v_i(t)): with a finite horizon it is
// the exact answer, not an approximation. When a round changes no value the
// values are final (every later round repeats it), so a bound of 10^6 steps
// costs only the rounds until the values settle.
// Source: Puterman, "Markov Decision Processes" (1994) ch. 4 (finite-horizon
// models); Baier and Katoen, "Principles of Model Checking" (2008) 10.6.
// Status: tested against the k-step distributions of Markov chains and hand
// computations on small MDPs (tests/lang/test_properties.cpp).
#pragma once

#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "exactdp/decision/detail/numbers.hpp"
#include "exactdp/decision/model.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

/// What a bounded value iteration computes.
enum class bounded_kind : std::uint8_t {
  reach,         ///< probability of reaching `target` within k steps (targets: 1)
  cumulative,    ///< expected total of the choices' rewards over the first k steps
  instantaneous  ///< expected `state_value` of the state after exactly k steps
};

/// The result: the value of every state, and the rounds computed (at most
/// k: fewer when the values settled). Reach only: `complement`, 1 - value
/// per state (the probability of staying off the target for k steps), which
/// in double is the iterated complement where it is the smaller side (see
/// bounded_value_iteration), not 1.0 - value; empty for the other kinds.
template <class T>
struct bounded_values {
  std::vector<T> value;
  std::vector<T> complement;
  std::uint64_t rounds = 0;
};

namespace detail {
/// Double reach with only the value wanted: the rounds left until the
/// complement falls to 2^-54, at the rate of its last round, once the
/// value has settled where it is the smaller side and the complement falls
/// where it still changes; else +infinity. An estimate for the work budget: a wrong one
/// only refuses later (the work done is charged every round).
inline long double rounds_to_settle(const std::vector<double>& v, const std::vector<double>& v_old,
                                    const std::vector<double>& w, const std::vector<double>& w_old) {
  constexpr long double never = HUGE_VALL;
  for (std::size_t s = 0; s < v.size(); ++s)
    if (v[s] != v_old[s] && v[s] <= w[s]) return never;
  double now = 0, before = 0;
  for (std::size_t s = 0; s < w.size(); ++s)
    if (w[s] != w_old[s] && w[s] > 0x1p-54) {
      if (!(w[s] < w_old[s])) return never;
      now = std::max(now, w[s]);
      before = std::max(before, w_old[s]);
    }
  if (now == 0) return 1;
  const long double rate = static_cast<long double>(now) / before;
  if (!(rate < 1)) return never;
  return std::ceil(std::log(0x1p-54L / now) / std::log(rate)) + 1;
}
}  // namespace detail

/// k rounds of value iteration on m (see the file comment). `maximise`
/// picks max or min over the choices (a state with one choice has no
/// choice to make, so T may be any Field when every state has at most one
/// choice; with several, T must be ordered: double or Rational). Terminal
/// states keep their start value (reach: 1 on the target, else 0;
/// cumulative: 0; instantaneous: state_value) and collect nothing.
/// `target` (reach) and `state_value` (instantaneous) are per state.
/// Reach in double: the iteration near 1 stagnates (once a round's increments
/// fall below half an ulp the values stop changing, far from the true value:
/// 1 - 2e-12 for 1 - 5e-36), so double iterates the complement beside the
/// value, w_0 = 1 - v_0 (target 0, else 1; terminal states keep theirs) and
/// w_{i+1}(s) = opt' over c of sum p(c, t) w_i(t), with opt' the other
/// optimum (Pmax F<=k = 1 - Pmin G<=k ¬target: Baier and Katoen 2008 ch. 10;
/// the complement trick of interval iteration, Haddad and Monmege 2018).
/// Both are sums of products of positive numbers, accurate relative to their
/// size; after every round, per state, the smaller side is kept as iterated
/// and the other set to 1 - it (so each side goes on from accurate values),
/// and `value` and `complement` are the two. The values settle (early stop) only
/// when both sides do; `complement_wanted` says the answer is `complement`
/// (G<=k), which is then iterated to its last bit (tiny values to their
/// relative accuracy); otherwise a complement at most 2^-54 counts as
/// settled (its value is 1.0 for good: the complement only falls), and
/// `complement` is then accurate only to 2^-54 there. Exact and residue
/// values are unchanged (complement: 1 - value).
/// Errors: std::invalid_argument for vectors of the wrong size;
/// std::domain_error for a state with several choices when T has no order
/// (residues: a maximum has no residue to compute); resource_error once the
/// rounds done have cost 1% of the work budget and the rounds left would
/// pass it (or, for exact values, whose size grows every round, the state
/// budget at the size they grow to): the rounds until the values settle
/// are never refused.
/// Polls poll_interrupt() once a round.
/// Cost: O(min(k, rounds until stable) · (n + m)) operations in T (reach in
/// double: twice that, and the complement settles later than the value
/// near 1: it iterates down to its own last bit instead of stopping at 1).
/// Example: bounded_value_iteration<Rational>(d, bounded_kind::reach, 1, true, state_set(d, d.label("goal"))).value[0]
/// is 1/2 for parse_decision_json's example d.
template <Field T>
bounded_values<T> bounded_value_iteration(const decision_model& m, bounded_kind kind, std::uint64_t k, bool maximise,
                                          const std::vector<char>& target = {},
                                          const std::vector<Rational>& state_value = {},
                                          bool complement_wanted = false) {
  const std::size_t n = m.size();
  if (kind == bounded_kind::reach && target.size() != n)
    throw std::invalid_argument("bounded_value_iteration: the target has " + std::to_string(target.size()) +
                                " entries for " + std::to_string(n) + " states");
  if (kind == bounded_kind::instantaneous && state_value.size() != n)
    throw std::invalid_argument("bounded_value_iteration: the state values have " + std::to_string(state_value.size()) +
                                " entries for " + std::to_string(n) + " states");
  const detail::decision_numbers<T> numbers(m, kind == bounded_kind::cumulative);
  const std::vector<T>& probability = numbers.probability();
  const std::vector<T>& reward = numbers.reward();
  bounded_values<T> out;
  out.value.assign(n, T(0));
  if (kind == bounded_kind::reach)
    for (std::size_t s = 0; s < n; ++s)
      if (target[s]) out.value[s] = T(1);
  // double reach: the complement w beside v (see the comment above).
  constexpr bool is_double = std::is_same_v<T, double>;
  const bool both = is_double && kind == bounded_kind::reach;
  std::vector<double> low, next_low;  // double only: empty for the other types
  if (both) {
    low.assign(n, 1.0);
    for (std::size_t s = 0; s < n; ++s)
      if (target[s]) low[s] = 0.0;
    next_low.assign(n, 0.0);
  }
  if (kind == bounded_kind::instantaneous)
    for (std::size_t s = 0; s < n; ++s) out.value[s] = from_rational<T>(state_value[s]);
  const auto size = static_cast<long double>(n + m.targets().size());
  const std::string what = "a bounded value iteration of " + std::to_string(k) + " steps";
  long double spent = 0;       // the work of the rounds done (exact values: at their sizes)
  long double first_bits = 0;  // exact values: their size after the first round
  std::vector<T> next(n, T(0));
  const auto& cb = m.choice_begin();
  const auto& eb = m.edge_begin();
  const auto& to = m.targets();
  for (std::uint64_t round = 0; round < k; ++round) {
    poll_interrupt();
    for (std::size_t s = 0; s < n; ++s) {
      if (m.choice_count(s) == 0 || (kind == bounded_kind::reach && target[s])) {
        next[s] = out.value[s];
        if (both) next_low[s] = low[s];
        continue;
      }
      bool first = true;
      T best(0);
      double best_low = 0;
      for (std::size_t c = cb[s]; c < cb[s + 1]; ++c) {
        T v = kind == bounded_kind::cumulative ? reward[c] : T(0);
        for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) v += probability[e] * out.value[to[e]];
        double w = 0;
        if constexpr (is_double)
          if (both)
            for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) w += probability[e] * low[to[e]];
        if (first) {
          best = v;
          best_low = w;
          first = false;
        } else if constexpr (std::totally_ordered<T>) {
          if (maximise ? best < v : v < best) best = v;
          if (maximise ? w < best_low : best_low < w) best_low = w;
        } else {
          throw std::domain_error(
              "a step-bounded maximum or minimum over choices has no residue: it compares values, which "
              "needs an ordered number system (exact or double)");
        }
      }
      next[s] = std::move(best);
      if (both) next_low[s] = best_low;
    }
    // double reach: per state the smaller side as iterated, the other as
    // 1 - it, so that each side goes on from accurate values.
    if constexpr (is_double)
      if (both)
        for (std::size_t s = 0; s < n; ++s) {
          if (next_low[s] < next[s])
            next[s] = 1.0 - next_low[s];
          else
            next_low[s] = 1.0 - next[s];
        }
    bool same = true;
    for (std::size_t s = 0; s < n && same; ++s) same = next[s] == out.value[s];
    // The complement settles where it no longer changes or, when only the
    // value is wanted, where it is at most 2^-54: 1 - w is then 1.0, and w
    // only falls (down to its last subnormal bit, 20 times the rounds).
    if (both)
      for (std::size_t s = 0; s < n && same; ++s)
        same = next_low[s] == low[s] || (!complement_wanted && next_low[s] <= 0x1p-54);
    out.value.swap(next);
    if (both) low.swap(next_low);
    ++out.rounds;
    if (same) break;
    // The budget is checked once the rounds done have cost 1% of it, for
    // the rounds left: values that settle early (an acyclic model; a target
    // reached from everywhere) are not refused for a bound they never reach.
    // Exact values grow every round (their denominators multiply): the rounds
    // left are charged at the size they grow to at their average rate so far.
    long double bits = 0;
    if constexpr (std::is_same_v<T, Rational>)
      for (const T& v : out.value)
        bits = std::max(bits, static_cast<long double>(mpz_sizeinbase(mpq_numref(v.backend().data()), 2) +
                                                       mpz_sizeinbase(mpq_denref(v.backend().data()), 2)));
    spent += (both ? 2 : 1) * size * operation_cost<T>(bits);
    if (out.rounds == 1) first_bits = bits;
    if (spent > work_budget_steps() / 100) {
      long double left = static_cast<long double>(k - out.rounds);
      if constexpr (is_double)
        if (both && !complement_wanted) left = std::min(left, detail::rounds_to_settle(out.value, next, low, next_low));
      const long double growth = out.rounds > 1 ? (bits - first_bits) / static_cast<long double>(out.rounds - 1) : 0;
      const long double grown = bits + left * growth;
      const std::string why = growth <= 0 ? what
                                          : what + " (its values grew to " + detail::count_words(bits, 3) +
                                                " bits in " + std::to_string(out.rounds) + " rounds, and grow on)";
      check_work_budget(why, spent + left * (both ? 2 : 1) * size * operation_cost<T>((bits + grown) / 2));
      if (growth > 0)
        check_state_budget(why + ", at its last round,",
                           2.0L * static_cast<long double>(n) * (sizeof(T) + 16.0L + grown / 8.0L), 1, "bytes");
    }
  }
  if (kind == bounded_kind::reach) {
    out.complement.resize(n);
    for (std::size_t s = 0; s < n; ++s) {
      if constexpr (is_double) {
        out.complement[s] = low[s];  // projected every round
      } else {
        out.complement[s] = T(1) - out.value[s];
      }
    }
  }
  return out;
}

}  // namespace exactdp
