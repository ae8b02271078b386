// exactdp/markov/long_run.hpp: the long-run behaviour of a Markov chain,
// over any Field T (double, Rational, residues): its closed classes (the
// bottom strongly connected components, absorbing states included) with
// their periods, the stationary distribution of each closed class, the
// long-run (Cesàro average) distribution from a start state, and the
// long-run average reward per step.
//
// A chain with several closed classes, or a periodic one, has no limit
// distribution: the distribution after k steps may cycle for ever (a class
// of period d visits its d cyclic subclasses in turn). The Cesàro average
// (1/K)·sum_{k<K} (distribution after k steps) always converges, to
//   L = sum over closed classes C of P(the walk enters C)·π_C,
// where π_C is C's stationary distribution (π_C = π_C·P_CC, sum 1, unique
// because C is irreducible). P(enters C) comes from the forward solve of
// queries.hpp; π_C is solved per class:
//   double    GTH state reduction on the jump chain (Grassmann, Taksar and
//             Heyman 1985: no subtraction, a few ulps per state);
//   exact     the dense system (I - P_CC)^T π = 0 with one equation replaced
//             by sum π = 1 (FLINT on integers for Rational, elimination with
//             delayed reduction for residues).
// Source: Kemeny and Snell, "Finite Markov Chains" (1960), ch. 4-5; the
// Cesàro limit as in Norris, "Markov Chains" (1997), section 1.10.
#pragma once

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/io/parse.hpp"
#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/linear.hpp"
#include "exactdp/markov/queries.hpp"
#include "exactdp/markov/scc.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

/// A closed class of a chain: a set of states the walk never leaves once it
/// enters, in which every state reaches every other (an absorbing state is
/// a closed class of one state).
struct markov_closed_class {
  /// The states, by increasing index.
  std::vector<std::size_t> states;
  /// The gcd of the lengths of the cycles in the class (>= 1; 1: aperiodic,
  /// and then the distribution after k steps converges too). An absorbing
  /// state has period 1.
  std::size_t period = 1;
};

namespace detail {

/// The period of the class `states` (strongly connected and closed): the
/// gcd of level(u) + 1 - level(v) over its edges u -> v, levels from a
/// breadth-first search. `level` (size n, all `none` on entry and on
/// return) is scratch space. Cost: O(states + edges).
template <class T>
std::size_t markov_period(const markov_chain<T>& chain, const std::vector<std::size_t>& states,
                          std::vector<std::size_t>& level) {
  if (states.size() == 1 && chain.is_absorbing(states[0])) return 1;
  const auto& rb = chain.row_begin();
  const auto& to = chain.targets();
  constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::vector<std::size_t> queue{states[0]};
  level[states[0]] = 0;
  std::size_t g = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::size_t u = queue[head];
    for (std::size_t e = rb[u]; e < rb[u + 1]; ++e) {
      const std::size_t v = to[e];
      if (level[v] == none) {
        level[v] = level[u] + 1;
        queue.push_back(v);
      } else {
        const std::size_t a = level[u] + 1, b = level[v];
        g = std::gcd(g, a > b ? a - b : b - a);
      }
    }
  }
  for (const std::size_t u : queue) level[u] = none;
  return g == 0 ? 1 : g;
}

/// The closed classes among the components of `comps`, by increasing first
/// state; `head[i]` receives the solver's head state of class i (the state
/// the forward solve names the class by).
template <class T>
std::vector<markov_closed_class> markov_closed_of(const markov_chain<T>& chain, const markov_components& comps,
                                                  std::vector<std::size_t>& head) {
  std::vector<markov_closed_class> out;
  head.clear();
  std::vector<std::size_t> level(chain.size(), static_cast<std::size_t>(-1));
  for (std::size_t k = 0; k < comps.count(); ++k) {
    const std::size_t first = comps.begin[k], last = comps.begin[k + 1];
    const bool absorbing = last - first == 1 && chain.is_absorbing(comps.states[first]);
    if (!absorbing && !markov_component_closed(chain, comps, k)) continue;
    markov_closed_class c;
    c.states.assign(comps.states.begin() + static_cast<std::ptrdiff_t>(first),
                    comps.states.begin() + static_cast<std::ptrdiff_t>(last));
    std::sort(c.states.begin(), c.states.end());
    c.period = markov_period(chain, c.states, level);
    out.push_back(std::move(c));
    head.push_back(comps.states[first]);
  }
  // By increasing first state (stable for the heads).
  std::vector<std::size_t> order(out.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return out[a].states[0] < out[b].states[0]; });
  std::vector<markov_closed_class> sorted;
  std::vector<std::size_t> sorted_head;
  for (const std::size_t i : order) {
    sorted.push_back(std::move(out[i]));
    sorted_head.push_back(head[i]);
  }
  head = std::move(sorted_head);
  return sorted;
}

/// Checks the budgets of a stationary solve of a class of c states, with
/// the chain held beside its system.
template <Field T>
void markov_check_stationary_budget(const markov_chain<T>& chain, const markov_closed_class& c) {
  const budget_hold held("the chain", chain.bytes());
  const long double size = static_cast<long double>(c.states.size());
  long double bits = 64;
  if constexpr (!field_traits<T>::fixed_size) {
    for (const std::size_t s : c.states) bits += markov_row_bits(chain, s);
  }
  const long double entry_bits = std::min(bits, 1e9L);
  check_state_budget("the stationary system of a closed class of " + std::to_string(c.states.size()) + " states",
                     size * (size + 1), entry_bytes<T>(entry_bits));
  const long double words = 1 + entry_bits / 64;
  check_work_budget(
      "the stationary distribution of a closed class of " + std::to_string(c.states.size()) + " states",
      field_traits<T>::fixed_size ? size * size * size / 3 : size * size * size / 3 + 8 * size * size * words);
}

}  // namespace detail

/// The closed classes the walk from `start` can enter (absorbing states
/// included), by increasing first state, each with its period.
/// Errors: std::invalid_argument for a start out of range.
/// Cost: O(n + m). Source: Tarjan 1972 (components); the period as the gcd
/// of level differences along edges (Kemeny and Snell 1960).
/// Status: tested against brute-force reachability and return times.
/// Example: closed_classes(coin, 0).at(0).states is {1} (coin: parse_json_model's example).
template <Field T>
std::vector<markov_closed_class> closed_classes(const markov_chain<T>& chain, std::size_t start) {
  detail::check_markov_start(chain.size(), start);
  std::vector<char> stop(chain.size(), 0);
  const markov_components comps = reachable_components(chain.size(), chain.row_begin(), chain.targets(), start, stop);
  std::vector<std::size_t> head;
  return detail::markov_closed_of(chain, comps, head);
}

/// The closed class containing `state`, or nullopt when `state` is
/// transient (it can reach a state that cannot come back).
/// Errors: std::invalid_argument for a state out of range. Cost: O(n + m).
/// Example: !closed_class_of(coin, 0) (coin: parse_json_model's example).
template <Field T>
std::optional<markov_closed_class> closed_class_of(const markov_chain<T>& chain, std::size_t state) {
  detail::check_markov_start(chain.size(), state);
  std::vector<char> stop(chain.size(), 0);
  const markov_components comps = reachable_components(chain.size(), chain.row_begin(), chain.targets(), state, stop);
  // The state's own component comes first; it is closed when it is the only
  // component reachable.
  if (comps.count() != 1) return std::nullopt;
  markov_closed_class c;
  c.states = comps.states;
  std::sort(c.states.begin(), c.states.end());
  std::vector<std::size_t> level(chain.size(), static_cast<std::size_t>(-1));
  c.period = detail::markov_period(chain, c.states, level);
  return c;
}

namespace detail {

/// stationary_distribution with scratch space: `local` (size n, all `none`
/// on entry and on return).
template <Field T>
std::vector<T> markov_stationary(const markov_chain<T>& chain, const markov_closed_class& c,
                                 std::vector<std::size_t>& local) {
  const std::size_t size = c.states.size();
  if (size == 0) throw std::invalid_argument("stationary_distribution: the class is empty");
  const auto& rb = chain.row_begin();
  const auto& to = chain.targets();
  constexpr std::size_t none = static_cast<std::size_t>(-1);
  struct reset {
    const markov_closed_class& c;
    std::vector<std::size_t>& local;
    ~reset() {
      for (const std::size_t s : c.states)
        if (s < local.size()) local[s] = none;
    }
  } reset_local{c, local};
  for (std::size_t i = 0; i < size; ++i) {
    if (c.states[i] >= chain.size())
      throw std::invalid_argument("stationary_distribution: state " + std::to_string(c.states[i]) +
                                  " is not a state of the chain");
    local[c.states[i]] = i;
  }
  for (const std::size_t s : c.states)
    for (std::size_t e = rb[s]; e < rb[s + 1]; ++e)
      if (local[to[e]] == none)
        throw std::invalid_argument("stationary_distribution: the class of state " + name_text(chain.name(s)) +
                                    " is not closed (it leads to state " + name_text(chain.name(to[e])) + ")");
  const T zero(0);
  if (size == 1) return {T(1)};
  markov_check_stationary_budget(chain, c);
  const std::string words = "the stationary distribution of the closed class of " + std::to_string(size) +
                            " states containing state " + name_text(chain.name(c.states[0]));
  if constexpr (!field_traits<T>::is_exact) {
    // GTH on the jump chain a[i][j] = P(i, j) / (1 - P(i, i)): reduce
    // states size-1 .. 1, each time dividing by the sum of the remaining
    // probabilities of its row (never 1 - p).
    const auto& jump = chain.jump_probabilities();
    std::vector<T> a(size * size, zero);
    for (std::size_t i = 0; i < size; ++i)
      for (std::size_t e = rb[c.states[i]]; e < rb[c.states[i] + 1]; ++e)
        if (to[e] != c.states[i]) a[i * size + local[to[e]]] += jump[e];
    for (std::size_t k = size; k-- > 1;) {
      poll_interrupt();
      T leave = zero;
      for (std::size_t j = 0; j < k; ++j) leave += a[k * size + j];
      if (leave == zero)
        throw std::domain_error(words + " is singular in double arithmetic: the probability of leaving state " +
                                name_text(chain.name(c.states[k])) +
                                " (once the states after it are eliminated) is below the "
                                "smallest positive double");
      for (std::size_t i = 0; i < k; ++i) a[i * size + k] /= leave;
      for (std::size_t i = 0; i < k; ++i) {
        const T f = a[i * size + k];
        if (f == zero) continue;
        for (std::size_t j = 0; j < k; ++j) a[i * size + j] += f * a[k * size + j];
      }
    }
    std::vector<T> pi(size, zero);
    pi[0] = T(1);
    for (std::size_t j = 1; j < size; ++j)
      for (std::size_t i = 0; i < j; ++i) pi[j] += pi[i] * a[i * size + j];
    // π of the chain: the jump chain's, times the time spent per visit,
    // 1 / (1 - P(s, s)); scaled by the smallest leaving probability first
    // so that nothing overflows.
    T smallest = chain.leave_probability(c.states[0]);
    for (const std::size_t s : c.states) smallest = std::min(smallest, chain.leave_probability(s));
    if (smallest == zero)
      throw std::domain_error(words +
                              " cannot be computed in double: a state's probability of leaving it is below "
                              "the smallest positive double");
    T sum = zero;
    for (std::size_t i = 0; i < size; ++i) {
      pi[i] *= smallest / chain.leave_probability(c.states[i]);
      sum += pi[i];
    }
    for (T& x : pi) x /= sum;
    return pi;
  } else if constexpr (!field_traits<T>::fixed_size) {
    // Exact rationals, with integers: pi_j = D_j·u_j (D_j the common
    // denominator of state j's row, N its numerators), row i the balance
    // D_i·u_i - sum_j N(j -> i)·u_j = 0, the last row sum_j D_j·u_j = 1;
    // FLINT solves u = x / den (one denominator).
    const auto& num = chain.row_numerators();
    std::vector<integer_entry> entries;
    for (std::size_t j = 0; j < size; ++j) {
      const std::size_t s = c.states[j];
      entries.push_back({size - 1, j, &chain.row_denominator(s), false});
      if (j + 1 < size) entries.push_back({j, j, &chain.row_denominator(s), false});
      for (std::size_t e = rb[s]; e < rb[s + 1]; ++e)
        if (local[to[e]] + 1 < size) entries.push_back({local[to[e]], j, &num[e], true});
    }
    std::vector<BigInt> rhs(size), x;
    rhs[size - 1] = 1;
    BigInt den;
    if (!solve_integer_system(size, entries, rhs, x, den))
      throw std::domain_error(words + " is singular in " + field_traits<T>::name + " arithmetic");
    std::vector<T> pi(size);
    for (std::size_t j = 0; j < size; ++j) pi[j] = make_rational(x[j] * chain.row_denominator(c.states[j]), den);
    return pi;
  } else {
    // Row i is the balance of state i: pi_i - sum_j pi_j P(j, i) = 0, the
    // last one replaced by sum_j pi_j = 1.
    const auto& prob = chain.probabilities();
    std::vector<T> a(size * size, zero), b(size, zero);
    for (std::size_t j = 0; j < size; ++j) {
      a[j * size + j] = T(1);
      for (std::size_t e = rb[c.states[j]]; e < rb[c.states[j] + 1]; ++e) {
        T& cell = a[local[to[e]] * size + j];
        cell = cell - prob[e];
      }
    }
    for (std::size_t j = 0; j < size; ++j) a[(size - 1) * size + j] = T(1);
    b[size - 1] = T(1);
    if (!solve_dense(size, a, b))
      throw std::domain_error(words + " is singular in " + field_traits<T>::name + " arithmetic" + modulus_words<T>());
    return b;
  }
}

}  // namespace detail

/// The stationary distribution π of a closed class: π = π·P restricted to
/// the class, sum π = 1; π[i] is the probability of c.states[i], in (0, 1]
/// (for double: > 0 up to underflow). It is the long-run fraction of time
/// spent in each state once the walk is in the class, whatever its period.
/// Requires `c` to be a closed class of `chain` (as closed_classes returns).
/// Errors: std::invalid_argument when c is empty or not closed;
/// std::domain_error when the system is singular in T (over residues: the
/// answer has no residue mod P; in double: a state's probability of
/// leaving is below the smallest double), naming a state and P;
/// resource_error above the state or work budget.
/// Cost: O(c³) operations in T (FLINT's exact solver for Rational) and O(n)
/// to set up.
/// Source: Grassmann, Taksar and Heyman 1985 (double); Kemeny and Snell
/// 1960. Status: tested against the limit of Cesàro averages computed
/// exactly, a brute-force solve on tiny chains, and across policies.
/// Example: stationary_distribution(coin, *closed_class_of(coin, 1)) is {1} (coin: parse_json_model's example).
template <Field T>
std::vector<T> stationary_distribution(const markov_chain<T>& chain, const markov_closed_class& c) {
  std::vector<std::size_t> local(chain.size(), static_cast<std::size_t>(-1));
  return detail::markov_stationary(chain, c, local);
}

/// The long-run behaviour of the walk from q.start (q.target is ignored).
template <class T>
struct markov_long_run {
  /// The closed classes the walk can enter (absorbing states included), by
  /// increasing first state.
  std::vector<markov_closed_class> classes;
  /// The probability of ending in each class (sums to 1).
  std::vector<T> class_probability;
  /// The stationary distribution of each class, aligned with its states.
  std::vector<std::vector<T>> stationary;
  /// The long-run (Cesàro average) distribution: (state, probability) for
  /// every state of every class above, by increasing state index; every
  /// other state has long-run probability 0. It is class_probability times
  /// stationary, and sums to 1.
  std::vector<std::pair<std::size_t, T>> distribution;
  /// The long-run average reward per step, sum over states of
  /// distribution·reward (an absorbing state earns its reward at every
  /// step). With the default rewards (1 per step) it is 1.
  T average_reward;
};

/// The long-run behaviour of the walk from q.start: its closed classes and
/// periods, the probability of ending in each, their stationary
/// distributions, the long-run (Cesàro average) distribution
/// lim (1/K)·sum_{k<K} (distribution after k steps), and the long-run
/// average reward per step. Well defined for every finite chain, reducible
/// or periodic. q.progress is called by the forward solve.
/// Errors: std::invalid_argument for a start out of range; std::domain_error
/// when a system is singular in T (see absorption_probabilities and
/// stationary_distribution); resource_error above the budgets.
/// Cost: absorption_probabilities plus one stationary solve per class:
/// O(n + m) plus O(c³) per component or class of c states.
/// Source: Kemeny and Snell 1960; Norris 1997, section 1.10.
/// Status: tested against Cesàro averages of exact distributions after k
/// steps (k up to 480) on random chains, a brute-force oracle on tiny
/// chains, a periodic reducible chain with known values, and across the
/// three policies.
/// Example: long_run(coin, {}).distribution.at(0).first == 1 (coin: parse_json_model's example).
template <Field T>
markov_long_run<T> long_run(const markov_chain<T>& chain, const markov_query& q) {
  const std::size_t n = chain.size();
  detail::check_markov_start(n, q.start);
  std::vector<char> stop(n, 0), is_target(n, 0);
  for (std::size_t s = 0; s < n; ++s) stop[s] = is_target[s] = chain.is_absorbing(s) ? 1 : 0;
  markov_query plain;
  plain.start = q.start;
  plain.progress = q.progress;
  const markov_absorption<T> ab = detail::markov_forward(chain, plain, stop, is_target);
  const markov_components comps = reachable_components(n, chain.row_begin(), chain.targets(), q.start, stop);
  std::vector<std::size_t> head;
  markov_long_run<T> out;
  out.classes = detail::markov_closed_of(chain, comps, head);
  const T zero(0);
  out.average_reward = zero;
  // The probability of entering each class, found by its head state.
  constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::vector<std::size_t> scratch(n, none);
  out.class_probability.assign(out.classes.size(), zero);
  for (std::size_t i = 0; i < head.size(); ++i) scratch[head[i]] = i;
  for (const auto* list : {&ab.stopped, &ab.closed})
    for (const auto& [s, v] : *list)
      if (scratch[s] != none) out.class_probability[scratch[s]] = v;
  for (const std::size_t h : head) scratch[h] = none;
  std::vector<std::pair<std::size_t, T>> all;
  for (std::size_t i = 0; i < out.classes.size(); ++i) {
    poll_interrupt();
    const T& p = out.class_probability[i];
    out.stationary.push_back(detail::markov_stationary(chain, out.classes[i], scratch));
    const auto& c = out.classes[i];
    for (std::size_t j = 0; j < c.states.size(); ++j) {
      const T mass = p * out.stationary.back()[j];
      out.average_reward += mass * chain.reward(c.states[j]);
      all.emplace_back(c.states[j], mass);
    }
  }
  std::sort(all.begin(), all.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  out.distribution = std::move(all);
  return out;
}

}  // namespace exactdp
