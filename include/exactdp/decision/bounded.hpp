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
/// k: fewer when the values settled).
template <class T>
struct bounded_values {
  std::vector<T> value;
  std::uint64_t rounds = 0;
};

/// k rounds of value iteration on m (see the file comment). `maximise`
/// picks max or min over the choices (a state with one choice has no
/// choice to make, so T may be any Field when every state has at most one
/// choice; with several, T must be ordered: double or Rational). Terminal
/// states keep their start value (reach: 1 on the target, else 0;
/// cumulative: 0; instantaneous: state_value) and collect nothing.
/// `target` (reach) and `state_value` (instantaneous) are per state.
/// Errors: std::invalid_argument for vectors of the wrong size;
/// std::domain_error for a state with several choices when T has no order
/// (residues: a maximum has no residue to compute); resource_error once the
/// rounds done have cost 1% of the work budget and the rounds left would
/// pass it (or, for exact values, whose size grows every round, the state
/// budget at the size they grow to): the rounds until the values settle
/// are never refused.
/// Polls poll_interrupt() once a round.
/// Cost: O(min(k, rounds until stable) · (n + m)) operations in T.
/// Example: bounded_value_iteration<Rational>(d, bounded_kind::reach, 1, true, state_set(d, d.label("goal"))).value[0]
/// is 1/2 for parse_decision_json's example d.
template <Field T>
bounded_values<T> bounded_value_iteration(const decision_model& m, bounded_kind kind, std::uint64_t k, bool maximise,
                                          const std::vector<char>& target = {},
                                          const std::vector<Rational>& state_value = {}) {
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
        continue;
      }
      bool first = true;
      T best(0);
      for (std::size_t c = cb[s]; c < cb[s + 1]; ++c) {
        T v = kind == bounded_kind::cumulative ? reward[c] : T(0);
        for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) v += probability[e] * out.value[to[e]];
        if (first) {
          best = v;
          first = false;
        } else if constexpr (std::totally_ordered<T>) {
          if (maximise ? best < v : v < best) best = v;
        } else {
          throw std::domain_error(
              "a step-bounded maximum or minimum over choices has no residue: it compares values, which "
              "needs an ordered number system (exact or double)");
        }
      }
      next[s] = std::move(best);
    }
    bool same = true;
    for (std::size_t s = 0; s < n && same; ++s) same = next[s] == out.value[s];
    out.value.swap(next);
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
    spent += size * operation_cost<T>(bits);
    if (out.rounds == 1) first_bits = bits;
    if (spent > work_budget_steps() / 100) {
      const long double left = static_cast<long double>(k - out.rounds);
      const long double growth = out.rounds > 1 ? (bits - first_bits) / static_cast<long double>(out.rounds - 1) : 0;
      const long double grown = bits + left * growth;
      const std::string why = growth <= 0 ? what
                                          : what + " (its values grew to " + detail::count_words(bits, 3) +
                                                " bits in " + std::to_string(out.rounds) + " rounds, and grow on)";
      check_work_budget(why, spent + left * size * operation_cost<T>((bits + grown) / 2));
      if (growth > 0)
        check_state_budget(why + ", at its last round,",
                           2.0L * static_cast<long double>(n) * (sizeof(T) + 16.0L + grown / 8.0L), 1, "bytes");
    }
  }
  return out;
}

}  // namespace exactdp
