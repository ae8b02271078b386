// Test oracle for the decision family: exhaustive search over every
// memoryless deterministic strategy of small models, each strategy's Markov
// chain solved by plain Gaussian elimination over Rational on all of its
// states at once (no components, no strategy iteration, no FLINT).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "exactdp/decision/model.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp::test {

/// A value that may be +infinity (rewards).
struct ext_value {
  bool infinite = false;
  Rational v = 0;
  bool operator==(const ext_value&) const = default;
};
inline bool ext_less(const ext_value& a, const ext_value& b) {
  if (a.infinite) return false;
  if (b.infinite) return true;
  return a.v < b.v;
}

/// The value of every state in the chain where state s takes choice pick[s]:
/// reachability / payoff (a play that never stops pays the default) or the
/// expected reward until the target (infinite when the target is missed
/// with positive probability).
inline std::vector<ext_value> naive_chain_values(const decision_model& m, const decision_query& q,
                                                 const std::vector<std::uint32_t>& pick) {
  const std::size_t n = m.size();
  const bool reward = q.objective == decision_objective::rmax || q.objective == decision_objective::rmin;
  const bool payoff = q.objective == decision_objective::payoff_game;
  std::vector<char> target(n, 0);
  for (const auto s : q.target) target[s] = 1;
  std::vector<char> stop(n, 0);
  for (std::size_t s = 0; s < n; ++s) stop[s] = m.choice_count(s) == 0 || (!payoff && target[s]);
  // succ[s]: (t, p) under pick.
  std::vector<std::vector<std::pair<std::size_t, Rational>>> succ(n);
  for (std::size_t s = 0; s < n; ++s) {
    if (stop[s]) continue;
    const std::size_t c = m.choice_begin()[s] + pick[s];
    for (std::size_t e = m.edge_begin()[c]; e < m.edge_begin()[c + 1]; ++e)
      succ[s].emplace_back(m.targets()[e], m.probabilities()[e]);
  }
  // reach[s]: the chain can reach a "good" stop (any stop; for rewards, a target).
  auto can_reach = [&](const std::vector<char>& goal) {
    std::vector<char> r = goal;
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t s = 0; s < n; ++s)
        if (!r[s] && !stop[s])
          for (const auto& [t, p] : succ[s])
            if (r[t]) {
              r[s] = 1;
              changed = true;
              break;
            }
    }
    return r;
  };
  std::vector<ext_value> out(n);
  std::vector<char> solve(n, 0);
  if (reward) {
    std::vector<char> good(n, 0);
    for (std::size_t s = 0; s < n; ++s) good[s] = stop[s] && target[s];
    const auto r = can_reach(good);
    std::vector<char> bad(n, 0);
    for (std::size_t s = 0; s < n; ++s) bad[s] = !r[s];
    // Stops outside the target are bad too (r is 0 there).
    const auto reach_bad = can_reach(bad);
    for (std::size_t s = 0; s < n; ++s) {
      if (stop[s] && target[s]) continue;
      if (reach_bad[s])
        out[s].infinite = true;
      else
        solve[s] = 1;
    }
  } else {
    const auto r = can_reach(stop);
    for (std::size_t s = 0; s < n; ++s) {
      if (stop[s]) {
        out[s].v = payoff ? m.payoff(s) : Rational(target[s] ? 1 : 0);
      } else if (r[s]) {
        solve[s] = 1;
      } else {
        out[s].v = payoff ? q.default_payoff : Rational(0);
      }
    }
  }
  // Gaussian elimination on the states to solve: x_s - sum p x_t = b_s.
  std::vector<std::size_t> idx(n, n), list;
  for (std::size_t s = 0; s < n; ++s)
    if (solve[s]) {
      idx[s] = list.size();
      list.push_back(s);
    }
  const std::size_t k = list.size();
  std::vector<std::vector<Rational>> a(k, std::vector<Rational>(k + 1, Rational(0)));
  for (std::size_t i = 0; i < k; ++i) {
    const std::size_t s = list[i];
    a[i][i] = 1;
    if (reward) a[i][k] = m.reward(m.choice_begin()[s] + pick[s]);
    for (const auto& [t, p] : succ[s]) {
      if (idx[t] < n)
        a[i][idx[t]] -= p;
      else
        a[i][k] += p * out[t].v;
    }
  }
  for (std::size_t col = 0; col < k; ++col) {
    std::size_t piv = col;
    while (a[piv][col] == 0) ++piv;  // nonsingular: every solved state is transient
    std::swap(a[piv], a[col]);
    for (std::size_t i = 0; i < k; ++i) {
      if (i == col || a[i][col] == 0) continue;
      const Rational f = a[i][col] / a[col][col];
      for (std::size_t j = col; j <= k; ++j) a[i][j] -= f * a[col][j];
    }
  }
  for (std::size_t i = 0; i < k; ++i) out[list[i]].v = a[i][k] / a[i][i];
  return out;
}

/// Calls f(pick) for every assignment of a choice to each state listed in
/// `states` (the others keep their entry of `base`).
template <class F>
void each_strategy(const decision_model& m, const std::vector<std::size_t>& states, std::vector<std::uint32_t> base,
                   F f) {
  while (true) {
    f(base);
    std::size_t i = 0;
    for (; i < states.size(); ++i) {
      const std::size_t s = states[i];
      if (++base[s] < m.choice_count(s)) break;
      base[s] = 0;
    }
    if (i == states.size()) return;
  }
}

/// The optimal value of every state by exhaustive search: for MDP queries
/// the best over all strategies per state; for games max over the
/// maximiser's strategies of min over the minimiser's.
inline std::vector<ext_value> brute_force_values(const decision_model& m, const decision_query& q) {
  const std::size_t n = m.size();
  std::vector<std::size_t> maxers, miners;
  const bool mdp = q.objective == decision_objective::pmax || q.objective == decision_objective::pmin ||
                   q.objective == decision_objective::rmax || q.objective == decision_objective::rmin;
  const bool maximise_mdp = q.objective == decision_objective::pmax || q.objective == decision_objective::rmax;
  for (std::size_t s = 0; s < n; ++s) {
    if (m.choice_count(s) < 2) continue;
    if (mdp ? maximise_mdp : m.owner(s) == state_owner::max)
      maxers.push_back(s);
    else
      miners.push_back(s);
  }
  std::vector<ext_value> best(n);
  bool first_outer = true;
  each_strategy(m, maxers, std::vector<std::uint32_t>(n, 0), [&](const std::vector<std::uint32_t>& sigma) {
    std::vector<ext_value> worst(n);
    bool first = true;
    each_strategy(m, miners, sigma, [&](const std::vector<std::uint32_t>& pick) {
      const auto v = naive_chain_values(m, q, pick);
      for (std::size_t s = 0; s < n; ++s)
        if (first || ext_less(v[s], worst[s])) worst[s] = v[s];
      first = false;
    });
    for (std::size_t s = 0; s < n; ++s)
      if (first_outer || ext_less(best[s], worst[s])) best[s] = worst[s];
    first_outer = false;
  });
  return best;
}

/// A random target set: each of the n states with probability 3/10.
inline std::vector<std::size_t> random_target(std::mt19937& rng, std::size_t n) {
  std::vector<std::size_t> t;
  for (std::size_t s = 0; s < n; ++s)
    if (rng() % 10 < 3) t.push_back(s);
  return t;
}

/// A random small model: `states` states of which some are terminal, the
/// others max (and min when `game`) or chance, 2-3 choices each, 1-3
/// successors per choice (self-loops and repeated choices allowed, so that
/// cycles and ties are common), probabilities w/sum with weights 1..3,
/// rewards 0..2, payoffs in {-1, 0, 1/2, 1, 2}.
inline decision_model random_decision_model(std::mt19937& rng, std::size_t states, bool game) {
  std::uniform_int_distribution<int> pct(0, 99), weight(1, 3), reward(0, 2);
  std::uniform_int_distribution<std::size_t> any(0, states - 1);
  decision_builder real("random");
  const Rational payoffs[] = {Rational(-1), Rational(0), Rational(1) / 2, Rational(1), Rational(2)};
  std::vector<state_owner> owners;
  for (std::size_t s = 0; s < states; ++s) {
    const int r = pct(rng);
    owners.push_back(r < 15              ? state_owner::terminal
                     : r < 30            ? state_owner::chance
                     : (game && r >= 65) ? state_owner::min
                                         : state_owner::max);
    real.add_state(owners[s]);
    if (owners[s] == state_owner::terminal) real.payoff(s, payoffs[pct(rng) % 5]);
  }
  for (std::size_t s = 0; s < states; ++s) {
    if (owners[s] == state_owner::terminal) continue;
    const std::size_t k = owners[s] == state_owner::chance ? 1 : 2 + static_cast<std::size_t>(pct(rng) % 2);
    std::vector<std::vector<std::pair<std::size_t, int>>> made;
    for (std::size_t c = 0; c < k; ++c) {
      real.add_choice(s);
      std::vector<std::pair<std::size_t, int>> out;
      if (!made.empty() && pct(rng) < 20) {
        out = made[static_cast<std::size_t>(pct(rng)) % made.size()];  // a repeated choice: an exact tie
      } else {
        const int succ = 1 + pct(rng) % 3;
        for (int i = 0; i < succ; ++i) {
          const std::size_t t = pct(rng) < 20 ? s : any(rng);
          bool dup = false;
          for (const auto& [u, w] : out) dup = dup || u == t;
          if (!dup) out.emplace_back(t, weight(rng));
        }
      }
      int total = 0;
      for (const auto& [t, w] : out) total += w;
      for (const auto& [t, w] : out) real.transition(s, c, t, Rational(w) / total);
      real.reward(s, c, Rational(pct(rng) < 40 ? 0 : reward(rng)));
      made.push_back(out);
    }
  }
  return real.build();
}

}  // namespace exactdp::test
