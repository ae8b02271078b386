// exactdp/decision/solve.hpp: optimal values and strategies of MDPs and
// turn-based stochastic games, exactly, by strategy iteration.
//
// Queries (decision_objective):
//   pmax, pmin    the maximal / minimal probability of reaching the target
//                 states (an MDP: every choosing state belongs to the one
//                 player);
//   rmax, rmin    the maximal / minimal expected total reward collected
//                 until the target is reached (an MDP; rewards >= 0). The
//                 conventions of PRISM and Storm for "R{..}max=? [F target]":
//                 rmax is infinite at every state where SOME strategy misses
//                 the target with positive probability (Pmin < 1), rmin at
//                 every state where EVERY strategy misses it with positive
//                 probability (Pmax < 1); elsewhere the value is finite. No
//                 reward is collected in a target state.
//   reach_game    the value of a turn-based stochastic game in which the
//                 maximiser wants to reach the target and the minimiser to
//                 avoid it (a play that never reaches it is worth 0);
//   payoff_game   the value of a game with terminal payoffs (to the
//                 maximiser), cycles allowed: a play that ends in a terminal
//                 state pays its payoff, a play that never ends pays
//                 `default_payoff`. This is expectiminimax with cycles.
//
// Algorithm:
//  1. Graph analysis, no arithmetic (qualitative.hpp): for reachability the
//     states of value 0 and 1; for rewards the states of infinite value;
//     for payoffs the states from which no terminal with a payoff other
//     than the default can be reached (value = the default).
//  2. The other states are split into strongly connected components of the
//     game graph (every choice's transitions), solved sinks first: the
//     values of a component depend only on the components it leads to.
//  3. In each component, strategy iteration: evaluate the current strategy
//     exactly by solving its Markov chain (in its own strongly connected
//     pieces, dense systems: LU for double and elimination mod P for
//     residues, the solvers of markov/linear.hpp; for Rational, integers over
//     common denominators and FLINT's fraction-free solver, solve_piece_exact
//     in detail/strategy_iteration.hpp), then switch a
//     state's choice only when another choice is STRICTLY better (ties keep
//     the current choice), until no choice is. In a game, the minimiser's
//     best answer is computed first (inner iteration) and then the
//     maximiser improves (Hoffman and Karp 1966). For reachability and
//     payoffs this is multichain policy iteration (Puterman 1994, section
//     9.2): the gain g is the value (a play that stays in a closed class
//     forever gets the default), and when no choice improves the gain, a
//     choice with the same gain and a strictly better bias h (h = -(g - e) +
//     P h, where e is what a play that never ends is worth: 0, or the
//     default payoff; h is 0 in closed classes and at the component's
//     exits) is taken. Values are never shifted by the default payoff (the
//     closed classes get it, the terminals their payoffs): in double a shift
//     by a large default and back would lose the payoffs. This is
//     what lets the minimiser of Pmin find a cycle that never reaches the
//     target, where a plain "strictly better value" rule stops at a wrong
//     fixed point. When the iteration stops, the maximiser's strategy is
//     optimal against the minimiser's and the minimiser's against the
//     maximiser's (the stopping rule of multichain policy iteration is its
//     optimality test), so the pair is a saddle point and its value is the
//     value of the game. For rmin, the first strategy is the proper one of
//     the almost-sure analysis (it reaches the target with probability 1);
//     strict improvement keeps a strategy proper.
//  4. Exact solves first run the whole iteration in double (fast), and
//     start the exact iteration from the double strategy: the exact phase
//     then only proves it optimal (one exact evaluation and one improvement
//     test per component) and improves it where the proof fails. The number
//     of states whose double choice the exact phase changed is reported.
//     Exact comparisons are filtered through doubles with error bounds, on
//     the values and on their complements 1 - v (compare_lazy, in
//     detail/strategy_iteration.hpp): only near ties are computed exactly.
//     When the double run stopped components on rounding noise, each
//     component's guess is first refined by a double iteration of that
//     component alone, on the complements 1 - v of the values, from the
//     exact values of the components it leads to
//     (strategy_iteration::refine_guesses).
//  5. The residue mod P of a value is the value of the proven optimal
//     strategy computed mod P (evaluate_strategy): maximising over residues
//     means nothing (residues have no order).
// Source: Puterman, "Markov Decision Processes" (1994) ch. 7 and 9; Hoffman
// and Karp, "On nonterminating stochastic games" (1966); Condon, "On
// algorithms for simple stochastic games" (1993); Baier and Katoen,
// "Principles of Model Checking" (2008) section 10.6; Forejt, Kwiatkowska,
// Norman and Parker, "Automated verification techniques for probabilistic
// systems" (2011) sections 4.1-4.2.
#pragma once

#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/decision/detail/numbers.hpp"
#include "exactdp/decision/detail/strategy_iteration.hpp"
#include "exactdp/decision/model.hpp"
#include "exactdp/decision/qualitative.hpp"
#include "exactdp/decision/query.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/linear.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

namespace detail {

/// The solve of optimal_decision in T from the first strategy `first` (per
/// state; strategy iteration changes it on the states of su's components
/// only), with `st` already holding what the graph analysis and the guess
/// did; with st.guess_used, st.guess_wrong counts the states whose choice
/// changed. optimal_decision passes the double guess; tests pass a guess
/// with choices flipped, which the exact phase must repair.
template <OrderedField T>
decision_solution<T> solve_decision_from(const decision_model& m, const decision_query& q, const decision_setup& su,
                                         std::vector<std::uint32_t> first, decision_stats st) {
  decision_solution<T> sol;
  sol.stats = st;
  sol.strategy = first;
  run_strategy_iteration<T>(m, q, su, sol.value, sol.infinite, sol.strategy, sol.stats, true);
  if (sol.stats.guess_used)
    for (std::size_t s = 0; s < m.size(); ++s) sol.stats.guess_wrong += first[s] != sol.strategy[s] ? 1 : 0;
  return sol;
}

}  // namespace detail

/// Solves the query on the model: the optimal value of every state and an
/// optimal strategy (see the file comment for the objectives, conventions
/// and algorithm). T is double or Rational (an ordered field: strategies
/// are compared); residues come from evaluate_strategy on the strategy
/// found here. For Rational with q.double_guess (the default), a double run
/// gives the first strategy and stats.guess_wrong counts the states where
/// the exact phase changed it; a double run that fails (a system singular
/// in double) only means the exact run starts without a guess.
/// Payoff games: q.default_payoff is any rational; no value is shifted by
/// it, so in double every value is as accurate as the linear solves (within
/// a small relative error of max(|value|, the largest |terminal payoff|) on
/// well-conditioned chains; tests/decision/test_payoff_double.cpp checks
/// 1e-12 with defaults 0, ±1, 1/3, ±10^20, ±10^300). A default beyond the
/// largest double is ±infinity in double: values it reaches are infinite,
/// or nan where infinities meet (the front ends refuse nan with
/// api::double_nan_words).
/// Errors: std::invalid_argument (check_decision_query); std::domain_error
/// when a system is singular in double (double runs only: the exact
/// systems of transient states never are); resource_error past the state
/// or work budget (estimated before starting) or when an exact iteration
/// does not settle within 100·c + 1000 rounds on a component of c states
/// (a double one stops on noise: stats.unsettled_components).
/// Cost: O(n + m) for the graph analysis; per component of c states and
/// per improvement round, one chain solve (O(c³) in T at worst, FLINT for
/// Rational) and a scan of the choices. Exact values grow along the
/// components.
/// Status: tested against exhaustive search over all memoryless
/// deterministic strategies on random models (up to 6 states, 2-3 choices,
/// cycles, ties) in double, Rational and mod P; the MDP whose Pmax value
/// iteration over rationals gets wrong (3/4); Pig.
/// Example: for parse_decision_json's example d, optimal_decision<Rational>(d, {.target = d.label("goal")}).value[0]
/// == 1.
template <OrderedField T>
decision_solution<T> optimal_decision(const decision_model& m, const decision_query& q) {
  const detail::decision_setup su = detail::prepare_decision(m, q);
  decision_stats st;
  for (const auto k : su.state) {
    st.settled_zero += k == detail::settled::zero ? 1 : 0;
    st.settled_one += k == detail::settled::one ? 1 : 0;
    st.settled_infinite += k == detail::settled::infinite ? 1 : 0;
  }
  st.components = su.components.count();
  for (std::size_t k = 0; k < st.components; ++k)
    st.largest_component = std::max(st.largest_component, su.components.begin[k + 1] - su.components.begin[k]);
  std::vector<std::uint32_t> first = su.initial;
  if constexpr (field_traits<T>::is_exact) {
    bool choosing = false;  // a model without choices (a Markov chain) needs no guess
    for (std::size_t s = 0; s < m.size() && !choosing; ++s)
      choosing = su.state[s] == detail::settled::open && m.choice_count(s) > 1;
    if (q.double_guess && choosing) {
      std::vector<double> v;
      std::vector<char> inf;
      std::vector<std::uint32_t> guess = su.initial;
      decision_stats gs;
      try {
        detail::run_strategy_iteration<double>(m, q, su, v, inf, guess, gs, false);
        first = std::move(guess);
        st.guess_used = true;
        st.guess_rounds = gs.rounds;
        st.unsettled_components = gs.unsettled_components;
      } catch (const std::domain_error&) {
      } catch (const resource_error&) {
      }
    }
  }
  return detail::solve_decision_from<T>(m, q, su, std::move(first), st);
}

/// The value of every choice of state s under the solution's values: the
/// choice's reward (rmax, rmin) plus the expected value of the next state;
/// nullopt for +infinity. At an optimal choice it equals the state's value,
/// so ties between choices are visible. These are one-step values (play the
/// choice once, then optimally): a choice that ties may still be wrong to
/// repeat forever (under rmin, a loop of reward 0 ties with the way out but
/// never reaches the target; the strategy returned never does that). For a
/// settled state (a target, a state of value 0 or 1) the values are those of
/// playing the choice once.
/// Errors: std::invalid_argument for s out of range or a solution of
/// another size. Cost: O(transitions of s).
/// Example: choice_values(d, q, optimal_decision<Rational>(d, q), 0)[0] == 1 for parse_decision_json's example d
/// and q.target = d.label("goal").
template <OrderedField T>
std::vector<std::optional<T>> choice_values(const decision_model& m, const decision_query& q,
                                            const decision_solution<T>& sol, std::size_t s) {
  if (s >= m.size() || sol.value.size() != m.size())
    throw std::invalid_argument("choice_values: state " + std::to_string(s) + " out of range, or a solution of " +
                                std::to_string(sol.value.size()) + " states for a model of " +
                                std::to_string(m.size()));
  const bool reward = q.objective == decision_objective::rmax || q.objective == decision_objective::rmin;
  std::vector<std::optional<T>> out;
  const auto& eb = m.edge_begin();
  for (std::size_t c = m.choice_begin()[s]; c < m.choice_begin()[s + 1]; ++c) {
    T v(0);
    if (reward) v = from_rational<T>(m.reward(c));
    bool inf = false;
    for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) {
      const std::size_t t = m.targets()[e];
      if (sol.infinite[t]) inf = true;
      v += from_rational<T>(m.probabilities()[e]) * sol.value[t];
    }
    if (inf)
      out.emplace_back(std::nullopt);
    else
      out.emplace_back(v);
  }
  return out;
}

/// The value of a fixed strategy (strategy[s] = the index of the choice of
/// every state with choices) for the query's objective, in any Field T:
/// double, Rational, or residues ModInt<P> / DynModInt (the residue of an
/// optimal value is evaluate_strategy<Mod> on the optimal strategy). The
/// Markov chain of the strategy is solved in its strongly connected pieces,
/// sinks first. With rmax / rmin a state is infinite when the chain misses
/// the target from it with positive probability. Payoff games: closed
/// classes of the chain are worth q.default_payoff and terminals their
/// payoffs, with no shift by the default (accurate in double, as for
/// optimal_decision).
/// Errors: std::invalid_argument for a bad query or a strategy of the wrong
/// size or with a choice out of range; std::domain_error when a system is
/// singular in T (residues: the value has no residue mod P; the message
/// names a state and P) or a probability, a terminal payoff or the default
/// payoff has no residue; resource_error
/// when a piece's dense system passes the state budget.
/// Cost: O(n + m) plus O(k³) per strongly connected piece of k states.
/// Status: tested against the exact solve mapped to residues, and in the
/// brute-force searches of the tests.
/// Example: evaluate_strategy<Rational>(d, q, std::vector<std::uint32_t>{0, 0}).value[0] == 1 for
/// parse_decision_json's example d and q.target = d.label("goal").
template <Field T>
strategy_values<T> evaluate_strategy(const decision_model& m, const decision_query& q,
                                     std::span<const std::uint32_t> strategy) {
  detail::check_decision_query(m, q);
  const std::size_t n = m.size();
  if (strategy.size() != n)
    throw std::invalid_argument("evaluate_strategy: the strategy has " + std::to_string(strategy.size()) +
                                " entries for " + std::to_string(n) + " states");
  const bool reward = q.objective == decision_objective::rmax || q.objective == decision_objective::rmin;
  const bool payoff = q.objective == decision_objective::payoff_game;
  const std::vector<char> is_target = state_set(m, q.target);
  const detail::decision_numbers<T> num(m, reward);
  const T endless = detail::decision_endless_value<T>(q);
  strategy_values<T> out;
  out.value.assign(n, T(0));
  out.infinite.assign(n, 0);
  std::vector<std::size_t> chosen(n, 0), open;
  for (std::size_t s = 0; s < n; ++s) {
    const std::size_t k = m.choice_count(s);
    if (!payoff && is_target[s]) {
      out.value[s] = detail::decision_stop_value<T>(m, q, is_target, s);
    } else if (k == 0) {
      out.value[s] = detail::decision_stop_value<T>(m, q, is_target, s);
      if (reward) out.infinite[s] = 1;  // the play ends outside the target
    } else {
      if (strategy[s] >= k)
        throw std::invalid_argument("evaluate_strategy: state " + name_text(m.name(s)) + " has " + std::to_string(k) +
                                    " choices, not a choice " + std::to_string(strategy[s]));
      chosen[s] = m.choice_begin()[s] + strategy[s];
      open.push_back(s);
    }
  }
  detail::block_scratch<T> w;
  detail::solve_chain_block<T>(m, num, open, chosen, reward ? detail::block_kind::reward : detail::block_kind::gain,
                               endless, out.value, nullptr, reward ? &out.infinite : nullptr, w);
  return out;
}

}  // namespace exactdp
