// exactdp/markov/queries.hpp: the questions asked of a Markov chain, over
// any Field T: expected total reward until absorption (expected steps),
// absorption / reaching probabilities, the distribution after exactly k
// steps, and "reached within k steps".
//
// The solver (written once, over T). Let v[s] be the expected number of
// visits to state s before the walk from the start stops (stops = absorbing
// states, plus the target states when a target is given). Then
//   v = e_start + v·Q      (Q: the transitions between non-stopping states),
// the expected total reward is sum v[s]·reward(s), and the probability of
// stopping in a state a is sum v[s]·P(s, a). The states reachable from the
// start are split into strongly connected components (iterative Tarjan,
// scc.hpp) and the components are solved in topological order, each one
// once its inflow is known:
//   - a stopping state collects its inflow (the probability of ending there);
//   - a state without a self-loop: v = inflow, one DP step;
//   - a state with only a self-loop p: v = inflow / (1 - p), 1 - p being
//     computed exactly by the chain;
//   - a larger component C: the dense system (I - Q_CC)^T v_C = inflow_C
//     (linear.hpp: elimination for residues, FLINT for Rational), then v_C
//     flows out along the edges that leave C;
//   - a closed class (no edge leaves it, and it is not a stopping state)
//     keeps the walk forever: its inflow is the probability of never
//     stopping, and an expectation that needs the walk to stop is infinite.
// In double nothing is ever subtracted: the solver works on the jump chain
// (P(s, t) / (1 - P(s, s)), computed exactly and rounded once, so that a
// self-loop within 10^-300 of 1 loses nothing), and a larger component is
// solved by state reduction (Grassmann, Taksar and Heyman 1985), which
// passes each state's inflow on to where it leads instead of forming
// expected numbers of visits; every probability keeps a relative error of
// a few units in the last place.
// This is the backward recurrence E(s) = reward(s) + sum_t P(s, t)·E(t)
// solved in its transposed, forward form, so that one pass gives every
// absorption probability from the start state at once.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/linear.hpp"
#include "exactdp/markov/scc.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

/// What a query starts from and where it stops.
struct markov_query {
  /// The start state (an index of the chain).
  std::size_t start = 0;
  /// The states to reach. nullopt: the absorbing states. Given: the walk
  /// stops on entering any of them (they become absorbing for the query),
  /// and an absorbing state outside the target is a stop that never reaches
  /// it. An empty target is allowed (it is never reached).
  std::optional<std::vector<std::size_t>> target;
  /// Called now and then with (components done, components in all) by the
  /// solver, or (steps done, steps in all) by the k-step queries. Optional.
  std::function<void(std::size_t, std::size_t)> progress;
};

/// Where the walk from the start ends, in T.
template <class T>
struct markov_absorption {
  /// (state, probability of stopping there) for every stopping state the
  /// start can reach, by increasing state index. With a target these are
  /// the target states reached and the absorbing states reached.
  std::vector<std::pair<std::size_t, T>> stopped;
  /// Probability of ending in the target (the sum over its states; without
  /// a target, the probability of absorption).
  T target_probability;
  /// Probability of never stopping (of entering a closed class).
  T never;
  /// A state of a closed class the start can reach, if there is one.
  std::optional<std::size_t> closed_state;
  /// For every closed class (of non-stopping states) the start can reach:
  /// (its first state in the solver's order, probability of entering it),
  /// in topological order. The probabilities sum to `never`.
  std::vector<std::pair<std::size_t, T>> closed;
};

namespace detail {

/// " modulo P" for residue types (they have a static modulus()), else "".
template <class T>
std::string modulus_words() {
  if constexpr (requires { T::modulus(); }) {
    return " modulo " + std::to_string(T::modulus()) + ", so the answer has no residue mod " +
           std::to_string(T::modulus());
  } else {
    return "";
  }
}

inline void check_markov_start(std::size_t n, std::size_t start) {
  if (start >= n)
    throw std::invalid_argument("start state " + std::to_string(start) + " is not a state of the chain (it has " +
                                std::to_string(n) + " states)");
}

/// stop[s] = 1 for absorbing states and target states; is_target[s] = 1 for
/// the target (the absorbing states when there is none).
template <class T>
void markov_stop_sets(const markov_chain<T>& chain, const markov_query& q, std::vector<char>& stop,
                      std::vector<char>& is_target) {
  const std::size_t n = chain.size();
  check_markov_start(n, q.start);
  stop.assign(n, 0);
  is_target.assign(n, 0);
  for (std::size_t s = 0; s < n; ++s)
    if (chain.is_absorbing(s)) stop[s] = 1;
  if (q.target) {
    for (const std::size_t s : *q.target) {
      if (s >= n)
        throw std::invalid_argument("target state " + std::to_string(s) + " is not a state of the chain (it has " +
                                    std::to_string(n) + " states)");
      stop[s] = is_target[s] = 1;
    }
  } else {
    is_target = stop;
  }
}

/// True when no edge leaves component k (a closed class).
template <class T>
bool markov_component_closed(const markov_chain<T>& chain, const markov_components& comps, std::size_t k) {
  const auto& rb = chain.row_begin();
  const auto& to = chain.targets();
  for (std::size_t i = comps.begin[k]; i < comps.begin[k + 1]; ++i) {
    const std::size_t s = comps.states[i];
    for (std::size_t e = rb[s]; e < rb[s + 1]; ++e)
      if (comps.component[to[e]] != k) return false;
  }
  return true;
}

template <class T>
std::string markov_component_words(const markov_chain<T>& chain, std::size_t size, std::size_t state) {
  return size == 1 ? "state " + chain.name(state)
                   : "the component of " + std::to_string(size) + " states containing state " + chain.name(state);
}

/// Bits of the common denominator of the row of s (exact rationals: the
/// bits every value flowing through s gains), or 0 for fixed-size types.
template <class T>
long double markov_row_bits(const markov_chain<T>& chain, std::size_t s) {
  if constexpr (field_traits<T>::is_exact && !field_traits<T>::fixed_size) {
    return static_cast<long double>(mpz_sizeinbase(chain.row_denominator(s).backend().data(), 2));
  } else {
    (void)chain;
    (void)s;
    return 0.0L;
  }
}

/// Checks the state and work budgets of a forward solve before it starts.
/// The largest component is a dense c×c system: c³/3 operations. For exact
/// types the values grow along the component DAG: a component's values
/// carry the denominators of every component above it, so each component's
/// size in bits is estimated as (the largest size flowing into it) + (the
/// sum over its states of the bits of their largest denominator). One
/// operation on w words costs 8·w·log2(w) steps (GMP's gcd is
/// quasi-linear), and FLINT's exact solve of a c-state component about
/// c³/3 + 8·c²·w (Dixon's lifting). A chain of 10,000 components in a line
/// is refused this way instead of running for minutes; work_budget_steps()
/// (the tool's --max-work) raises the limit.
template <Field T>
void markov_check_budget(const markov_chain<T>& chain, const markov_components& comps) {
  const auto& rb = chain.row_begin();
  const auto& to = chain.targets();
  const std::size_t count = comps.count();
  std::size_t largest = 1;
  long double work = 0, largest_bits = 0;
  std::vector<long double> in_bits(field_traits<T>::fixed_size ? 0 : count, 0.0L);
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t first = comps.begin[k], size = comps.begin[k + 1] - first;
    largest = std::max(largest, size);
    long double bits = 0, edges = 0;
    if constexpr (!field_traits<T>::fixed_size) bits += in_bits[k];
    for (std::size_t i = first; i < first + size; ++i) {
      const std::size_t s = comps.states[i];
      bits += markov_row_bits(chain, s);
      edges += static_cast<long double>(rb[s + 1] - rb[s]);
    }
    const long double c = static_cast<long double>(size);
    const long double words = 1 + (64 + bits) / 64;
    const long double cost = field_traits<T>::fixed_size ? 1.0L : 8 * words * std::max(1.0L, std::log2(words));
    const long double solve = size == 1                     ? 1.0L
                              : field_traits<T>::fixed_size ? c * c * c / 3
                                                            : c * c * c / 3 + 8 * c * c * words;
    work += edges * cost + solve;
    if constexpr (!field_traits<T>::fixed_size) {
      largest_bits = std::max(largest_bits, bits);
      for (std::size_t i = first; i < first + size; ++i) {
        const std::size_t s = comps.states[i];
        for (std::size_t e = rb[s]; e < rb[s + 1]; ++e) {
          const std::size_t k2 = comps.component[to[e]];
          if (k2 != k && k2 < count)
            in_bits[k2] = std::max(in_bits[k2], bits);  // a target state's edges may lead nowhere reached
        }
      }
    }
  }
  const long double c = static_cast<long double>(largest);
  const long double entry_bits = std::min(64 + largest_bits, 1e9L);
  if (largest > 1)
    check_state_budget("the linear system of a component of " + std::to_string(largest) + " states", c * (c + 1),
                       entry_bytes<T>(entry_bits));
  check_state_budget("the visit table", static_cast<long double>(chain.size()), entry_bytes<T>(entry_bits));
  check_work_budget(
      "solving the chain of " + std::to_string(chain.size()) + " states (" + std::to_string(count) +
          " components, the largest of " + std::to_string(largest) + " states" +
          (field_traits<T>::fixed_size
               ? std::string(")")
               : ", exact values of about " + std::to_string(static_cast<long long>(entry_bits)) + " bits)"),
      work);
}

/// Scratch space of the forward solve, reused across components.
template <class T>
struct markov_scratch {
  static constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::vector<std::size_t> local;   // position of a state in its component
  std::vector<std::size_t> column;  // column of an outside state (state reduction), or none
  std::vector<std::size_t> outside;
  std::vector<T> a, b, x, flow;
};

/// Solves one open component C (two states or more) of an inexact type by
/// state reduction (linear.hpp): adds its outflow to `inflow` and the
/// reward collected in it to `reward`.
template <Field T>
void markov_component_reduction(const markov_chain<T>& chain, const markov_components& comps, std::size_t k,
                                std::vector<T>& inflow, T& reward, markov_scratch<T>& w) {
  const auto& rb = chain.row_begin();
  const auto& to = chain.targets();
  const auto& jump = chain.jump_probabilities();
  const T zero(0);
  const std::size_t first = comps.begin[k], size = comps.begin[k + 1] - first;
  w.outside.clear();
  for (std::size_t i = 0; i < size; ++i) {
    const std::size_t s = comps.states[first + i];
    w.local[s] = i;
    for (std::size_t e = rb[s]; e < rb[s + 1]; ++e)
      if (comps.component[to[e]] != k && w.column[to[e]] == w.none) {
        w.column[to[e]] = w.outside.size();
        w.outside.push_back(to[e]);
      }
  }
  const std::size_t width = w.outside.size() + 1;  // the outside states, then the reward
  check_state_budget("the state reduction of a component of " + std::to_string(size) + " states",
                     static_cast<long double>(size) * static_cast<long double>(size + width), sizeof(T));
  w.a.assign(size * size, zero);
  w.x.assign(size * width, zero);
  w.b.resize(size);
  for (std::size_t i = 0; i < size; ++i) {
    const std::size_t s = comps.states[first + i];
    w.b[i] = inflow[s];
    w.x[i * width + width - 1] = chain.jump_reward(s);
    for (std::size_t e = rb[s]; e < rb[s + 1]; ++e) {
      if (comps.component[to[e]] != k)
        w.x[i * width + w.column[to[e]]] += jump[e];
      else if (to[e] != s)
        w.a[i * size + w.local[to[e]]] += jump[e];
    }
  }
  const std::size_t failed = state_reduction_exits(size, width, w.a, w.x, w.b, w.flow);
  for (const std::size_t t : w.outside) w.column[t] = w.none;
  if (failed != size)
    throw std::domain_error("the linear system of " + markov_component_words(chain, size, comps.states[first]) +
                            " is singular in " + field_traits<T>::name +
                            " arithmetic: the probability of leaving state " +
                            chain.name(comps.states[first + failed]) +
                            " (once the states before it are eliminated) is below the smallest positive double");
  for (std::size_t t = 0; t < w.outside.size(); ++t) inflow[w.outside[t]] += w.flow[t];
  reward += w.flow[width - 1];
}

/// Solves one open component C (two states or more) of exact rationals with
/// integers: with D_j the common denominator of state j's row (chain.hpp)
/// and v_j = D_j·u_j, the balance of C is the integer system
///   D_i·u_i - sum_j N(j -> i)·u_j = L·inflow_i / L
/// (N the row numerators, L the lcm of the inflows' denominators), solved
/// by FLINT as u = x / den. The outflow to t is sum_j N(j -> t)·x_j /
/// (den·L) and the reward sum_j D_j·x_j·reward_j / (den·L): integer
/// products, and one gcd per outside state instead of one per entry.
template <Field T>
void markov_component_integer(const markov_chain<T>& chain, const markov_components& comps, std::size_t k,
                              std::vector<T>& inflow, T& reward, markov_scratch<T>& w) {
  const auto& rb = chain.row_begin();
  const auto& to = chain.targets();
  const auto& num = chain.row_numerators();
  const std::size_t first = comps.begin[k], size = comps.begin[k + 1] - first;
  std::vector<integer_entry> entries;
  std::size_t edges = size;
  for (std::size_t i = first; i < first + size; ++i) edges += rb[comps.states[i] + 1] - rb[comps.states[i]];
  entries.reserve(edges);
  w.outside.clear();
  for (std::size_t i = 0; i < size; ++i) w.local[comps.states[first + i]] = i;
  BigInt lcm = 1, reward_lcm = 1;
  for (std::size_t j = 0; j < size; ++j) {
    const std::size_t s = comps.states[first + j];
    entries.push_back({j, j, &chain.row_denominator(s), false});
    for (std::size_t e = rb[s]; e < rb[s + 1]; ++e) {
      if (comps.component[to[e]] == k) {
        entries.push_back({w.local[to[e]], j, &num[e], true});
      } else if (w.column[to[e]] == w.none) {
        w.column[to[e]] = w.outside.size();
        w.outside.push_back(to[e]);
      }
    }
    const auto& in = inflow[s].backend().data();
    if (mpq_sgn(in) != 0) mpz_lcm(lcm.backend().data(), lcm.backend().data(), mpq_denref(in));
    const auto& r = chain.reward(s).backend().data();
    if (mpq_sgn(r) != 0) mpz_lcm(reward_lcm.backend().data(), reward_lcm.backend().data(), mpq_denref(r));
  }
  std::vector<BigInt> rhs(size), x;
  for (std::size_t j = 0; j < size; ++j) {
    const auto& in = inflow[comps.states[first + j]].backend().data();
    if (mpq_sgn(in) == 0) continue;
    mpz_divexact(rhs[j].backend().data(), lcm.backend().data(), mpq_denref(in));
    mpz_mul(rhs[j].backend().data(), rhs[j].backend().data(), mpq_numref(in));
  }
  BigInt den;
  if (!solve_integer_system(size, entries, rhs, x, den)) {
    for (const std::size_t t : w.outside) w.column[t] = w.none;
    throw std::domain_error("the linear system of " + markov_component_words(chain, size, comps.states[first]) +
                            " is singular in " + field_traits<T>::name + " arithmetic");
  }
  // Outflows and reward as integers over den·L (den·L·R for the reward, R
  // the lcm of the rewards' denominators).
  std::vector<BigInt> out(w.outside.size());
  BigInt collected, term;
  for (std::size_t j = 0; j < size; ++j) {
    const std::size_t s = comps.states[first + j];
    if (x[j] == 0) continue;
    for (std::size_t e = rb[s]; e < rb[s + 1]; ++e)
      if (comps.component[to[e]] != k)
        mpz_addmul(out[w.column[to[e]]].backend().data(), num[e].backend().data(), x[j].backend().data());
    const auto& r = chain.reward(s).backend().data();
    if (mpq_sgn(r) == 0) continue;
    mpz_divexact(term.backend().data(), reward_lcm.backend().data(), mpq_denref(r));
    mpz_mul(term.backend().data(), term.backend().data(), mpq_numref(r));
    mpz_mul(term.backend().data(), term.backend().data(), chain.row_denominator(s).backend().data());
    mpz_addmul(collected.backend().data(), term.backend().data(), x[j].backend().data());
  }
  BigInt scale = den * lcm;
  for (std::size_t t = 0; t < w.outside.size(); ++t) {
    if (out[t] != 0) inflow[w.outside[t]] += make_rational(out[t], scale);
    w.column[w.outside[t]] = w.none;
  }
  if (collected != 0) reward += make_rational(collected, scale * reward_lcm);
}

/// Solves one open component C (two states or more) of a residue type: the
/// expected visits v_C from the dense system (I - Q_CC)^T v_C = inflow_C,
/// then its outflow and reward.
template <Field T>
void markov_component_dense(const markov_chain<T>& chain, const markov_components& comps, std::size_t k,
                            std::vector<T>& inflow, T& reward, markov_scratch<T>& w) {
  const auto& rb = chain.row_begin();
  const auto& to = chain.targets();
  const auto& prob = chain.probabilities();
  const T zero(0);
  const std::size_t first = comps.begin[k], size = comps.begin[k + 1] - first;
  for (std::size_t i = 0; i < size; ++i) w.local[comps.states[first + i]] = i;
  w.b.resize(size);
  // Row i is the balance of state C_i: v_i - sum_j v_j P(C_j, C_i) = inflow_i.
  w.a.assign(size * size, zero);
  for (std::size_t j = 0; j < size; ++j) {
    const std::size_t s = comps.states[first + j];
    w.b[j] = inflow[s];
    w.a[j * size + j] = T(1);
    for (std::size_t e = rb[s]; e < rb[s + 1]; ++e) {
      if (comps.component[to[e]] != k) continue;
      T& cell = w.a[w.local[to[e]] * size + j];
      cell = cell - prob[e];
    }
  }
  if (!solve_dense(size, w.a, w.b))
    throw std::domain_error("the linear system of " + markov_component_words(chain, size, comps.states[first]) +
                            " is singular in " + field_traits<T>::name + " arithmetic" + modulus_words<T>());
  for (std::size_t i = 0; i < size; ++i) {
    const std::size_t s = comps.states[first + i];
    const T& v = w.b[i];
    if (v == zero) continue;
    reward += v * chain.reward(s);
    for (std::size_t e = rb[s]; e < rb[s + 1]; ++e)
      if (comps.component[to[e]] != k) inflow[to[e]] += v * prob[e];
  }
}

/// The forward solve described in the file comment: where the walk from
/// q.start stops, and (when `reward` is given) the expected reward collected
/// before it stops, counting only non-stopping states outside closed
/// classes (the caller checks that stopping is certain).
template <Field T>
markov_absorption<T> markov_forward(const markov_chain<T>& chain, const markov_query& q, const std::vector<char>& stop,
                                    const std::vector<char>& is_target, T* reward = nullptr) {
  const std::size_t n = chain.size();
  const markov_components comps = reachable_components(n, chain.row_begin(), chain.targets(), q.start, stop);
  const auto& rb = chain.row_begin();
  const auto& to = chain.targets();
  const auto& prob = chain.probabilities();
  const T zero(0);

  markov_check_budget(chain, comps);
  std::vector<T> inflow(n, zero);
  inflow[q.start] = T(1);
  markov_absorption<T> result{{}, zero, zero, std::nullopt, {}};
  T collected = zero;
  markov_scratch<T> scratch;
  scratch.local.assign(n, 0);
  if constexpr (!field_traits<T>::is_exact || !field_traits<T>::fixed_size) scratch.column.assign(n, scratch.none);
  const std::size_t total = comps.count();
  for (std::size_t k = 0; k < total; ++k) {
    if (q.progress && (k % 1024 == 0)) q.progress(k, total);
    poll_interrupt();
    const std::size_t first = comps.begin[k], size = comps.begin[k + 1] - first;
    const std::size_t head = comps.states[first];
    if (size == 1 && stop[head]) {
      result.stopped.emplace_back(head, inflow[head]);
      if (is_target[head]) result.target_probability += inflow[head];
      continue;
    }
    if (markov_component_closed(chain, comps, k)) {
      T entered = zero;
      for (std::size_t i = first; i < first + size; ++i) entered += inflow[comps.states[i]];
      result.never += entered;
      result.closed.emplace_back(head, entered);
      if (!result.closed_state) result.closed_state = head;
      continue;
    }
    if (size > 1) {
      if constexpr (!field_traits<T>::is_exact)
        markov_component_reduction(chain, comps, k, inflow, collected, scratch);
      else if constexpr (!field_traits<T>::fixed_size)
        markov_component_integer(chain, comps, k, inflow, collected, scratch);
      else
        markov_component_dense(chain, comps, k, inflow, collected, scratch);
      continue;
    }
    // One state: v = inflow / (1 - P(s, s)).
    const T& in = inflow[head];
    if (in == zero) continue;
    if constexpr (field_traits<T>::is_exact) {
      const T& leave = chain.leave_probability(head);
      if (leave == zero)
        throw std::domain_error("the equation of state " + chain.name(head) + " is singular in " +
                                field_traits<T>::name + " arithmetic: 1 - (its self-loop probability) is 0" +
                                modulus_words<T>());
      const T v = leave == T(1) ? in : in / leave;
      collected += v * chain.reward(head);
      for (std::size_t e = rb[head]; e < rb[head + 1]; ++e)
        if (to[e] != head) inflow[to[e]] += v * prob[e];
    } else {
      // The jump chain (chain.hpp): inflow times P(s, t) / (1 - P(s, s)),
      // computed exactly and rounded once, never 1.0 - p and never a huge
      // expected number of visits.
      const auto& jump = chain.jump_probabilities();
      collected += in * chain.jump_reward(head);
      for (std::size_t e = rb[head]; e < rb[head + 1]; ++e) inflow[to[e]] += in * jump[e];
    }
  }
  if (q.progress) q.progress(total, total);
  std::sort(result.stopped.begin(), result.stopped.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  if (reward) *reward = collected;
  return result;
}

}  // namespace detail

/// Where the walk from q.start stops: the probability of stopping in each
/// reachable absorbing (or target) state, of reaching the target, and of
/// never stopping. Probabilities in [0, 1] as T; they sum to 1 exactly in
/// exact arithmetic.
/// Errors: std::invalid_argument for a start or target index out of range;
/// std::domain_error when a component's system is singular in T (over
/// residues: the answer has no residue mod P; in double: a state's
/// probability of leaving is below the smallest double; the message names a
/// state of the component and P); resource_error when the largest
/// component's dense system would pass the state or work budget.
/// Accuracy in double: no subtraction (the jump chain and state reduction,
/// see the file comment); within 8 ulps of the exact value on chains whose
/// self-loops are within 10^-300 of 1.
/// Cost: O(n + m) plus, per component of c states, a dense solve: O(c³)
/// operations in T (FLINT's exact integer solve for Rational).
/// Source: Kemeny and Snell 1960 (absorbing chains); Grassmann, Taksar and
/// Heyman 1985 (state reduction). Status: tested against a dense solve of
/// the whole system on random chains, the gambler's ruin closed form, exact
/// values in ulps on ill-conditioned chains, and across the three policies.
template <Field T>
markov_absorption<T> absorption_probabilities(const markov_chain<T>& chain, const markov_query& q) {
  std::vector<char> stop, is_target;
  detail::markov_stop_sets(chain, q, stop, is_target);
  return detail::markov_forward(chain, q, stop, is_target);
}

/// The probability of reaching the target (default: of being absorbed) from
/// q.start, in [0, 1]. Same errors and cost as absorption_probabilities.
template <Field T>
T reach_probability(const markov_chain<T>& chain, const markov_query& q) {
  return absorption_probabilities(chain, q).target_probability;
}

/// Expected total reward collected until the walk from q.start reaches the
/// target (default: until absorption); with the default rewards, the
/// expected number of steps. A reward is collected at every step taken from
/// a non-stopping state.
/// Errors: std::domain_error when reaching the target is not certain, so the
/// expectation is infinite: the message names a state of a closed class the
/// walk can enter and never leave, or an absorbing state outside the target;
/// the other errors of absorption_probabilities.
/// Cost: as absorption_probabilities.
/// Source: the first-step equations E(s) = reward(s) + sum_t P(s, t)·E(t)
/// (Kemeny and Snell 1960); the run of two sixes (42 rolls) as an example.
/// Status: tested against the run values 6, 42, 258, ..., a dense
/// whole-system solve, and across policies.
template <Field T>
T expected_steps(const markov_chain<T>& chain, const markov_query& q) {
  std::vector<char> stop, is_target;
  detail::markov_stop_sets(chain, q, stop, is_target);
  // Certainty of stopping in the target is structural: check it before any
  // arithmetic, on the components alone.
  {
    const markov_components comps =
        reachable_components(chain.size(), chain.row_begin(), chain.targets(), q.start, stop);
    for (std::size_t k = 0; k < comps.count(); ++k) {
      const std::size_t head = comps.states[comps.begin[k]];
      const std::size_t size = comps.begin[k + 1] - comps.begin[k];
      if (size == 1 && stop[head]) {
        if (!is_target[head])
          throw std::domain_error("the expected reward is infinite: from state " + chain.name(q.start) +
                                  " the walk can be absorbed in state " + chain.name(head) +
                                  ", which is not in the target, and then never reaches it");
      } else if (detail::markov_component_closed(chain, comps, k)) {
        throw std::domain_error("the expected reward is infinite: absorption is not certain: from state " +
                                chain.name(q.start) + " the walk can enter " +
                                (size == 1 ? "state " + chain.name(head)
                                           : "the closed class of " + std::to_string(size) +
                                                 " states containing state " + chain.name(head)) +
                                ", which it never leaves");
      }
    }
  }
  T total(0);
  detail::markov_forward(chain, q, stop, is_target, &total);
  return total;
}

/// How a k-step query was computed.
enum class markov_step_method {
  /// The distribution pushed forward k times: O(k·(n + m)) operations.
  step_by_step,
  /// The start row times P^k, P^k by repeated squaring: O(n³·log k)
  /// operations; chosen for double and residues when it is cheaper (a small
  /// chain and a large k).
  repeated_squaring,
};

/// The answer of a k-step query.
template <class T>
struct markov_steps {
  /// (state, probability) for every state the walk can be in after the k
  /// steps (structurally: a residue may be 0 mod P), by increasing index;
  /// the probabilities sum to 1.
  std::vector<std::pair<std::size_t, T>> distribution;
  /// The probability of the target states in that distribution (without a
  /// target, of the absorbing states).
  T target_probability;
  /// Which method ran.
  markov_step_method method = markov_step_method::step_by_step;
};

namespace detail {

/// Bits a step adds to the exact values: the bits of the lcm of the rows'
/// denominators (capped at 10^6), or 0 for fixed-size types.
template <Field T>
long double markov_bits_per_step(const markov_chain<T>& chain) {
  if constexpr (field_traits<T>::is_exact && !field_traits<T>::fixed_size) {
    BigInt l = 1;
    for (std::size_t s = 0; s < chain.size(); ++s) {
      mpz_lcm(l.backend().data(), l.backend().data(), chain.row_denominator(s).backend().data());
      if (mpz_sizeinbase(l.backend().data(), 2) > 1'000'000) break;
    }
    return static_cast<long double>(mpz_sizeinbase(l.backend().data(), 2));
  } else {
    return 0.0L;
  }
}

/// The distribution after k steps from q.start, states with stop[s] keeping
/// their mass, by the cheaper of the two methods (or `force`), within the
/// budgets. Fills `out.distribution` and `out.method`.
template <Field T>
void markov_k_steps(const markov_chain<T>& chain, const markov_query& q, std::uint64_t k, const std::vector<char>& stop,
                    markov_steps<T>& out, std::optional<markov_step_method> force = std::nullopt) {
  const std::size_t n = chain.size();
  check_markov_start(n, q.start);
  const auto& rb = chain.row_begin();
  const auto& to = chain.targets();
  const auto& prob = chain.probabilities();
  const T zero(0);
  const long double steps = static_cast<long double>(k), size = static_cast<long double>(n);
  // Exact values grow by the bits of a step at every step; on average a
  // value has half the final size.
  const long double bits = 64.0L + steps * markov_bits_per_step(chain);
  const long double step_cost =
      steps * static_cast<long double>(n + to.size()) * operation_cost<T>(std::min(bits / 2, 1e12L));
  long double squarings = 0;
  for (std::uint64_t x = k; x > 1; x >>= 1) ++squarings;
  const long double square_cost = (squarings + 1) * (size * size * size + size * size * size / 64 + size * size);
  const long double square_bytes = size * size * (2.0L * sizeof(T) + 0.25L);
  bool square = false;
  if constexpr (field_traits<T>::fixed_size) {
    square = force ? *force == markov_step_method::repeated_squaring
                   : k > 1 && square_cost < step_cost && square_bytes <= static_cast<long double>(state_budget_bytes());
  }
  const std::string what = "the distribution after " + std::to_string(k) + " steps";
  out.distribution.clear();
  if (square) {
    out.method = markov_step_method::repeated_squaring;
    check_state_budget(
        what + " by repeated squaring (two dense " + std::to_string(n) + "x" + std::to_string(n) + " matrices)",
        size * size, 2 * sizeof(T) + 1);
    check_work_budget(what + " by repeated squaring", square_cost);
    // m: the transition matrix (stopping states loop on themselves) and its
    // powers; reach: which entries are structurally positive, as bit rows.
    const std::size_t words = (n + 63) / 64;
    std::vector<T> m(n * n, zero), product(n * n, zero), row(n, zero), next_row(n, zero);
    std::vector<std::uint64_t> reach(n * words, 0), reach_product(n * words, 0), bits_row(words, 0),
        next_bits(words, 0);
    for (std::size_t s = 0; s < n; ++s) {
      if (stop[s] || chain.is_absorbing(s)) {
        m[s * n + s] = T(1);
        reach[s * words + s / 64] |= std::uint64_t{1} << (s % 64);
        continue;
      }
      for (std::size_t e = rb[s]; e < rb[s + 1]; ++e) {
        m[s * n + to[e]] += prob[e];
        reach[s * words + to[e] / 64] |= std::uint64_t{1} << (to[e] % 64);
      }
    }
    row[q.start] = T(1);
    bits_row[q.start / 64] |= std::uint64_t{1} << (q.start % 64);
    const auto total = static_cast<std::size_t>(squarings + 1);
    std::size_t done = 0;
    for (std::uint64_t left = k; left > 0; left >>= 1) {
      if (q.progress) q.progress(done, total);
      poll_interrupt();
      if (left & 1) {  // row·m
        std::fill(next_row.begin(), next_row.end(), zero);
        std::fill(next_bits.begin(), next_bits.end(), 0);
        for (std::size_t i = 0; i < n; ++i) {
          if (!(bits_row[i / 64] >> (i % 64) & 1)) continue;
          const T& r = row[i];
          if (!(r == zero))
            for (std::size_t j = 0; j < n; ++j) next_row[j] += r * m[i * n + j];
          for (std::size_t w = 0; w < words; ++w) next_bits[w] |= reach[i * words + w];
        }
        std::swap(row, next_row);
        std::swap(bits_row, next_bits);
      }
      if (left > 1) {  // m = m·m
        std::fill(reach_product.begin(), reach_product.end(), 0);
        for (std::size_t i = 0; i < n; ++i)
          for (std::size_t l = 0; l < n; ++l)
            if (reach[i * words + l / 64] >> (l % 64) & 1)
              for (std::size_t w = 0; w < words; ++w) reach_product[i * words + w] |= reach[l * words + w];
        if constexpr (residue_type<T>) {
          // Residues: FLINT's word-size product (linear.hpp).
          std::vector<std::uint32_t> r(n * n), r2;
          for (std::size_t i = 0; i < n * n; ++i) r[i] = m[i].value();
          multiply_residue_matrices(n, r, r, r2, T::modulus());
          for (std::size_t i = 0; i < n * n; ++i) product[i] = T::from_residue(r2[i]);
        } else {
          std::fill(product.begin(), product.end(), zero);
          for (std::size_t i = 0; i < n; ++i) {
            poll_interrupt();
            T* out_row = &product[i * n];
            for (std::size_t l = 0; l < n; ++l) {
              const T& a = m[i * n + l];
              if (a == zero) continue;
              const T* b = &m[l * n];
              for (std::size_t j = 0; j < n; ++j) out_row[j] += a * b[j];
            }
          }
        }
        std::swap(m, product);
        std::swap(reach, reach_product);
      }
      ++done;
    }
    if (q.progress) q.progress(total, total);
    for (std::size_t s = 0; s < n; ++s)
      if (bits_row[s / 64] >> (s % 64) & 1) out.distribution.emplace_back(s, row[s]);
    return;
  }
  out.method = markov_step_method::step_by_step;
  check_state_budget(what, 2.0L * size, entry_bytes<T>(std::min(bits, 1e9L)));
  check_work_budget(what, step_cost);
  std::vector<T> dist(n, zero), next(n, zero);
  std::vector<char> active(n, 0), next_active(n, 0);
  std::vector<std::size_t> live{q.start}, next_live;
  dist[q.start] = T(1);
  active[q.start] = 1;
  for (std::uint64_t step = 0; step < k; ++step) {
    if (q.progress && step % 64 == 0) q.progress(static_cast<std::size_t>(step), static_cast<std::size_t>(k));
    poll_interrupt();
    next_live.clear();
    auto add = [&](std::size_t t, const T& w) {
      if (!next_active[t]) {
        next_active[t] = 1;
        next_live.push_back(t);
        next[t] = w;
      } else {
        next[t] += w;
      }
    };
    for (const std::size_t s : live) {
      if (stop[s]) {
        add(s, dist[s]);
      } else {
        for (std::size_t e = rb[s]; e < rb[s + 1]; ++e) add(to[e], dist[s] * prob[e]);
      }
      dist[s] = zero;
      active[s] = 0;
    }
    std::swap(dist, next);
    std::swap(active, next_active);
    std::swap(live, next_live);
  }
  if (q.progress) q.progress(static_cast<std::size_t>(k), static_cast<std::size_t>(k));
  std::sort(live.begin(), live.end());
  for (const std::size_t s : live) out.distribution.emplace_back(s, dist[s]);
}

// out.target_probability: the mass of the distribution on the target. In
// double the distribution's entries and the sum are clamped to [0, 1], where
// the true values lie (rounding in a long product can push a probability
// past 1 by some ulps; clamping never moves it away from the exact value).
template <Field T>
void markov_target_probability(markov_steps<T>& out, const std::vector<char>& is_target) {
  out.target_probability = T(0);
  for (auto& [s, p] : out.distribution) {
    if constexpr (!field_traits<T>::is_exact) p = std::clamp(p, T(0), T(1));
    if (is_target[s]) out.target_probability += p;
  }
  if constexpr (!field_traits<T>::is_exact) out.target_probability = std::clamp(out.target_probability, T(0), T(1));
}

}  // namespace detail

/// The walk from q.start after exactly k steps (absorbing states keep their
/// mass; target states do not stop the walk): the distribution, the
/// probability of being in the target then (without a target: of being
/// absorbed), and the method used. For double and residues, when the chain
/// is small and k large, P^k is formed by repeated squaring (log k matrix
/// products) instead of k steps: whichever the estimate says is cheaper.
/// Errors: std::invalid_argument for a bad start or target; resource_error
/// when the chosen method passes the work or state budget (the estimate is
/// steps × (n + m) × the cost of an operation on numbers of the size they
/// reach, or log k × n³).
/// Cost: min(O(k·(n + m)), O(n³·log k)) operations in T for double and
/// residues; O(k·(n + m)) for exact values, which grow with k.
/// Source: the forward recurrence of the distribution, d_{k+1} = d_k·P.
/// Status: both methods tested against dense matrix powers on random
/// chains, exactly and across policies.
template <Field T>
markov_steps<T> after_steps(const markov_chain<T>& chain, const markov_query& q, std::uint64_t k) {
  std::vector<char> stop, is_target;
  detail::markov_stop_sets(chain, q, stop, is_target);
  for (std::size_t s = 0; s < chain.size(); ++s) stop[s] = chain.is_absorbing(s) ? 1 : 0;  // targets are not sticky
  markov_steps<T> out;
  detail::markov_k_steps(chain, q, k, stop, out);
  detail::markov_target_probability(out, is_target);
  return out;
}

/// The walk from q.start stopped when it reaches the target (default: when
/// it is absorbed), after k steps: the distribution of where it is, the
/// probability of having reached the target within k steps, and the method
/// used. Errors and cost as after_steps.
template <Field T>
markov_steps<T> within_steps(const markov_chain<T>& chain, const markov_query& q, std::uint64_t k) {
  std::vector<char> stop, is_target;
  detail::markov_stop_sets(chain, q, stop, is_target);
  markov_steps<T> out;
  detail::markov_k_steps(chain, q, k, stop, out);
  detail::markov_target_probability(out, is_target);
  return out;
}

/// The distribution of the state after exactly k steps from q.start
/// (absorbing states keep their mass): (state, probability) for every state
/// the walk can be in after k steps, by increasing index. Probabilities sum
/// to 1. q.target is ignored. after_steps(...).distribution; same errors
/// and cost.
template <Field T>
std::vector<std::pair<std::size_t, T>> distribution_after(const markov_chain<T>& chain, const markov_query& q,
                                                          std::uint64_t k) {
  markov_query plain = q;
  plain.target.reset();
  return after_steps(chain, plain, k).distribution;
}

/// The probability of being in the target (default: absorbed) after
/// exactly k steps, in [0, 1]: after_steps(...).target_probability.
template <Field T>
T probability_after(const markov_chain<T>& chain, const markov_query& q, std::uint64_t k) {
  return after_steps(chain, q, k).target_probability;
}

/// The probability of having reached the target (default: of having been
/// absorbed) within k steps, in [0, 1]: within_steps(...).target_probability.
template <Field T>
T reached_within(const markov_chain<T>& chain, const markov_query& q, std::uint64_t k) {
  return within_steps(chain, q, k).target_probability;
}

}  // namespace exactdp
