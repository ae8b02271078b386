// exactdp/markov/steps.hpp: the walk on a Markov chain after exactly k
// steps, and "reached within k steps", over any Field T.
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
#include "exactdp/markov/query.hpp"

namespace exactdp {

/// The most steps K a front end takes for a k-step query (the tool's
/// --query 'after K', Python's after_steps(model, k)): 10^12. The library's
/// functions take any k; their budgets refuse what is too much work.
inline constexpr std::uint64_t markov_max_steps = 1'000'000'000'000;

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
  const budget_hold held("the chain", chain.bytes());  // beside the distributions or matrices
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
                   : k > 1 && square_cost < step_cost &&
                         square_bytes + detail::thread_held().bytes <= static_cast<long double>(state_budget_bytes());
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
  T rest(0);  // floating point: the mass off the target
  for (auto& [s, p] : out.distribution) {
    if constexpr (!field_traits<T>::is_exact) p = std::clamp(p, T(0), T(1));
    if (is_target[s])
      out.target_probability += p;
    else if constexpr (!field_traits<T>::is_exact)
      rest += p;
  }
  if constexpr (!field_traits<T>::is_exact) {
    // Near 1 the target's mass, added up step by step, stops growing once
    // a step adds under half an ulp (1 - 2e-13 for 1 - 5e-36); the mass
    // off the target is products of positive numbers, accurate to its own
    // size: the smaller side is the accurate one (the complement trick of
    // bounded_value_iteration, decision/bounded.hpp).
    if (rest < out.target_probability) out.target_probability = T(1) - rest;
    out.target_probability = std::clamp(out.target_probability, T(0), T(1));
  }
}

}  // namespace detail

/// The walk from q.start after exactly k steps (absorbing states keep their
/// mass; target states do not stop the walk): the distribution, the
/// probability of being in the target then (without a target: of being
/// absorbed), and the method used (double: where it is above 1/2, 1 - the
/// mass off the target, which keeps its accuracy near 1). For double and
/// residues, when the chain
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
/// Example: after_steps(coin, {}, 2).target_probability is 3/4 (coin: parse_json_model's example).
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
/// Example: within_steps(coin, {}, 2).target_probability is 3/4 (coin: parse_json_model's example).
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
/// Example: distribution_after(coin, {}, 1) is {{0, 1/2}, {1, 1/2}} (coin: parse_json_model's example).
template <Field T>
std::vector<std::pair<std::size_t, T>> distribution_after(const markov_chain<T>& chain, const markov_query& q,
                                                          std::uint64_t k) {
  markov_query plain = q;
  plain.target.reset();
  return after_steps(chain, plain, k).distribution;
}

/// The probability of being in the target (default: absorbed) after
/// exactly k steps, in [0, 1]: after_steps(...).target_probability.
/// Example: probability_after(coin, {}, 2) is 3/4 (coin: parse_json_model's example).
template <Field T>
T probability_after(const markov_chain<T>& chain, const markov_query& q, std::uint64_t k) {
  return after_steps(chain, q, k).target_probability;
}

/// The probability of having reached the target (default: of having been
/// absorbed) within k steps, in [0, 1]: within_steps(...).target_probability.
/// Example: reached_within(coin, {}, 2) is 3/4 (coin: parse_json_model's example).
template <Field T>
T reached_within(const markov_chain<T>& chain, const markov_query& q, std::uint64_t k) {
  return within_steps(chain, q, k).target_probability;
}

}  // namespace exactdp
