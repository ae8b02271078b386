// exactdp/markov/detail/absorption_solver.hpp: the solver of
// markov/absorption_solver.hpp (the method is in its file comment).
// Internal: include exactdp/markov/absorption_solver.hpp.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include "exactdp/io/parse.hpp"
#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/linear.hpp"
#include "exactdp/markov/scc.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/markov/query.hpp"
#include "exactdp/markov/absorption_solver.hpp"

namespace exactdp {

namespace detail {

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
  return size == 1
             ? "state " + name_text(chain.name(state))
             : "the component of " + std::to_string(size) + " states containing state " + name_text(chain.name(state));
}

/// Bits of the common denominator D of the row of s (exact rationals: the
/// bits every value flowing through s may gain; 0 when D = 1, a step that
/// only carries values on), or 0 for fixed-size types.
template <class T>
long double markov_row_bits(const markov_chain<T>& chain, std::size_t s) {
  if constexpr (field_traits<T>::is_exact && !field_traits<T>::fixed_size) {
    const auto* d = chain.row_denominator(s).backend().data();
    return mpz_cmp_ui(d, 1) == 0 ? 0.0L : static_cast<long double>(mpz_sizeinbase(d, 2));
  } else {
    (void)chain;
    (void)s;
    return 0.0L;
  }
}

/// Checks the state and work budgets of a forward solve before it starts,
/// from the structure of the chain: its components, their sizes and
/// transitions, and a bound on the bits of their values. For exact types
/// the values grow along the component DAG: a component's values carry the
/// denominators of every component above it, so each component's size in
/// bits is bounded by (the largest size flowing into it) + (the sum over
/// its states of the bits of their row's common denominator; Hadamard's
/// bound on the determinant of its system). A component of one state costs
/// one Rational operation per transition (8·w·log2(w) steps, GMP's gcd
/// being quasi-linear); a larger one is solved with integers
/// (exact_component_cost). The visit table holds each state's value at its
/// component's bound. A chain of 10,000 components in a line is refused
/// this way instead of running for minutes, while a line of steps of
/// probability 1 (D = 1) carries no growth; work_budget_steps() raises the
/// limit.
template <Field T>
void markov_check_budget(const markov_chain<T>& chain, const markov_components& comps) {
  const auto& rb = chain.row_begin();
  const auto& to = chain.targets();
  const std::size_t count = comps.count();
  std::size_t largest = 1, neediest = 1;
  long double work = 0, largest_bits = 0, table = 0, system = 0;
  std::vector<long double> in_bits(field_traits<T>::fixed_size ? 0 : count, 0.0L);
  std::vector<std::size_t> seen(field_traits<T>::fixed_size ? 0 : chain.size(), count);
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
    if constexpr (field_traits<T>::fixed_size) {
      work += edges + (size == 1 ? 1.0L : c * c * c / 3);
      if (size > 1 && dense_solve_bytes<T>(c) > system) {
        system = dense_solve_bytes<T>(c);
        neediest = size;
      }
    } else {
      bits = std::min(bits, 1e9L);
      const long double words = 1 + (64 + bits) / 64;
      table += c * static_cast<long double>(entry_bytes<T>(64 + bits));
      if (size == 1) {
        work += edges * 8 * words * std::max(1.0L, std::log2(words));
      } else {
        const component_cost cost = exact_component_cost(c, edges, 64 + bits);
        work += cost.work;
        if (cost.bytes > system) {
          system = cost.bytes;
          neediest = size;
        }
      }
      largest_bits = std::max(largest_bits, bits);
      long double outside = 0;  // distinct states the component flows to: one gcd each
      for (std::size_t i = first; i < first + size; ++i) {
        const std::size_t s = comps.states[i];
        for (std::size_t e = rb[s]; e < rb[s + 1]; ++e) {
          const std::size_t k2 = comps.component[to[e]];
          if (k2 == k) continue;
          if (seen[to[e]] != k) {
            seen[to[e]] = k;
            ++outside;
          }
          if (k2 < count) in_bits[k2] = std::max(in_bits[k2], bits);  // a target state's edges may lead nowhere reached
        }
      }
      if (size > 1) work += outside * 8 * words * std::max(1.0L, std::log2(words));
    }
  }
  // The largest component's system, the visit table and the chain itself
  // are held together (the caller's model with budget_hold).
  if constexpr (field_traits<T>::fixed_size) table = static_cast<long double>(chain.size()) * sizeof(T);
  const long double chain_bytes = chain.bytes();
  check_state_budget(
      (system > 0
           ? std::string(field_traits<T>::fixed_size ? "the" : "the exact") + " linear system of a component of " +
                 std::to_string(neediest) + " states (" + human_bytes(system) + "), the visit table (" +
                 human_bytes(table) + ") and the chain (" + human_bytes(chain_bytes) + ")"
           : "the visit table (" + human_bytes(table) + ") and the chain (" + human_bytes(chain_bytes) + ")"),
      system + table + chain_bytes, 1, "bytes");
  const long double entry_bits = std::min(64 + largest_bits, 1e9L);
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
/// The reward collected from a state until the walk leaves it can pass the
/// largest double on the way although the answer does not (a reward of
/// 10^300 per step, kept 10^20 steps, entered with probability 10^-40), and
/// a product of small probabilities can underflow to 0. Either way a double
/// component is solved again in long double (on x86-64 an exponent range
/// of 10^±4932, on targets where long double is double the same result
/// again) from the same double inputs, and its outflow rounded once.
template <Field T>
void markov_component_reduction(const markov_chain<T>& chain, const markov_components& comps, std::size_t k,
                                std::vector<T>& inflow, T& reward, markov_scratch<T>& w) {
  const auto& rb = chain.row_begin();
  const auto& to = chain.targets();
  const auto& jump = chain.jump_probabilities();
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
  // The system of state_reduction_exits, in T or in a wider type E.
  const auto fill = [&]<class E>(std::vector<E>& a, std::vector<E>& x, std::vector<E>& b) {
    a.assign(size * size, E(0));
    x.assign(size * width, E(0));
    b.resize(size);
    for (std::size_t i = 0; i < size; ++i) {
      const std::size_t s = comps.states[first + i];
      b[i] = E(inflow[s]);
      x[i * width + width - 1] = E(chain.jump_reward(s));
      for (std::size_t e = rb[s]; e < rb[s + 1]; ++e) {
        if (comps.component[to[e]] != k)
          x[i * width + w.column[to[e]]] += E(jump[e]);
        else if (to[e] != s)
          a[i * size + w.local[to[e]]] += E(jump[e]);
      }
    }
  };
  fill(w.a, w.x, w.b);
  std::size_t failed = state_reduction_exits(size, width, w.a, w.x, w.b, w.flow);
  if constexpr (std::is_same_v<T, double>) {
    const bool finite = std::all_of(w.flow.begin(), w.flow.end(), [](double v) { return std::isfinite(v); });
    if (failed != size || !finite) {
      check_state_budget("the long double state reduction of a component of " + std::to_string(size) + " states",
                         static_cast<long double>(size) * static_cast<long double>(size + width),
                         sizeof(T) + sizeof(long double));
      std::vector<long double> a, x, b, flow;
      fill(a, x, b);
      failed = state_reduction_exits(size, width, a, x, b, flow);
      for (std::size_t t = 0; t < width; ++t) w.flow[t] = static_cast<double>(flow[t]);
    }
  }
  for (const std::size_t t : w.outside) w.column[t] = w.none;
  if (failed != size)
    throw std::domain_error("the linear system of " + markov_component_words(chain, size, comps.states[first]) +
                            " is singular in " + field_traits<T>::name +
                            " arithmetic: the probability of leaving state " +
                            name_text(chain.name(comps.states[first + failed])) +
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
        throw std::domain_error("the equation of state " + name_text(chain.name(head)) + " is singular in " +
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

}  // namespace exactdp
