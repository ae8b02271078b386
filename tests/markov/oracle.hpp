// Test support for the markov tests: random chains with fixed seeds and an
// independent oracle that solves the whole system densely (plain Rational
// Gauss-Jordan elimination, graph searches by breadth-first search), sharing
// no code with the component solver.
#pragma once

#include <cstddef>
#include <deque>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "exactdp/markov/model.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp::test {

struct random_chain_spec {
  std::size_t n = 10;
  std::size_t absorbing = 2;  // how many states are absorbing (at most n)
  std::size_t max_degree = 4;
  bool rewards = false;
};

/// A random model: states "s0".."s{n-1}", the first `absorbing` ones
/// absorbing, every other state with 1..max_degree distinct random targets
/// (self-loops allowed) and probabilities w_i / sum(w) with w_i in 1..5.
inline markov_model random_model(std::mt19937& rng, const random_chain_spec& spec) {
  markov_builder b("random");
  for (std::size_t s = 0; s < spec.n; ++s) b.state(std::string("s").append(std::to_string(s)));
  std::uniform_int_distribution<std::size_t> pick(0, spec.n - 1), degree(1, spec.max_degree);
  std::uniform_int_distribution<int> weight(1, 5), reward(0, 7);
  for (std::size_t s = 0; s < spec.n; ++s) {
    if (s < spec.absorbing) {
      b.absorbing(s);
      continue;
    }
    std::vector<std::size_t> targets;
    const std::size_t d = degree(rng);
    while (targets.size() < d && targets.size() < spec.n) {
      const std::size_t t = pick(rng);
      bool seen = false;
      for (const auto u : targets) seen = seen || u == t;
      if (!seen) targets.push_back(t);
    }
    std::vector<int> w;
    int total = 0;
    for (std::size_t i = 0; i < targets.size(); ++i) {
      w.push_back(weight(rng));
      total += w.back();
    }
    for (std::size_t i = 0; i < targets.size(); ++i) b.transition(s, targets[i], Rational(w[i]) / Rational(total));
    if (spec.rewards) b.reward(s, Rational(reward(rng)) / Rational(2));
  }
  return b.build();
}

/// Row-major dense matrix of transition probabilities, absorbing states
/// with a self-loop of 1 (the chain as a stochastic matrix).
inline std::vector<Rational> dense_matrix(const markov_model& m) {
  const std::size_t n = m.size();
  std::vector<Rational> p(n * n, Rational(0));
  for (std::size_t s = 0; s < n; ++s) {
    if (m.is_absorbing(s)) p[s * n + s] = 1;
    for (const auto& t : m.transitions(s)) p[s * n + t.to] += t.probability;
  }
  return p;
}

/// Gauss-Jordan elimination over Rational; a is k×k row-major, b size k.
/// Returns nullopt when singular.
inline std::optional<std::vector<Rational>> gauss_jordan(std::size_t k, std::vector<Rational> a,
                                                         std::vector<Rational> b) {
  for (std::size_t c = 0; c < k; ++c) {
    std::size_t p = c;
    while (p < k && a[p * k + c] == 0) ++p;
    if (p == k) return std::nullopt;
    for (std::size_t j = 0; j < k; ++j) std::swap(a[c * k + j], a[p * k + j]);
    std::swap(b[c], b[p]);
    const Rational inv = Rational(1) / a[c * k + c];
    for (std::size_t j = 0; j < k; ++j) a[c * k + j] *= inv;
    b[c] *= inv;
    for (std::size_t i = 0; i < k; ++i) {
      if (i == c || a[i * k + c] == 0) continue;
      const Rational f = a[i * k + c];
      for (std::size_t j = 0; j < k; ++j) a[i * k + j] -= f * a[c * k + j];
      b[i] -= f * b[c];
    }
  }
  return b;
}

/// stop[s]: absorbing or in the target.
inline std::vector<char> stop_set(const markov_model& m, const std::optional<std::vector<std::size_t>>& target) {
  std::vector<char> stop(m.size(), 0);
  for (std::size_t s = 0; s < m.size(); ++s) stop[s] = m.is_absorbing(s);
  if (target)
    for (const auto s : *target) stop[s] = 1;
  return stop;
}

/// States reachable from `from` (stopping states have no edges), by BFS.
inline std::vector<char> reachable_from(const markov_model& m, std::size_t from, const std::vector<char>& stop) {
  std::vector<char> seen(m.size(), 0);
  std::deque<std::size_t> queue{from};
  seen[from] = 1;
  while (!queue.empty()) {
    const std::size_t s = queue.front();
    queue.pop_front();
    if (stop[s]) continue;
    for (const auto& t : m.transitions(s))
      if (!seen[t.to]) seen[t.to] = 1, queue.push_back(t.to);
  }
  return seen;
}

/// States that can reach a state in `goal` (stopping states have no edges), by BFS on reversed edges.
inline std::vector<char> can_reach(const markov_model& m, const std::vector<char>& goal,
                                   const std::vector<char>& stop) {
  const std::size_t n = m.size();
  std::vector<std::vector<std::size_t>> rev(n);
  for (std::size_t s = 0; s < n; ++s)
    if (!stop[s])
      for (const auto& t : m.transitions(s)) rev[t.to].push_back(s);
  std::vector<char> seen = goal;
  std::deque<std::size_t> queue;
  for (std::size_t s = 0; s < n; ++s)
    if (goal[s]) queue.push_back(s);
  while (!queue.empty()) {
    const std::size_t s = queue.front();
    queue.pop_front();
    for (const auto u : rev[s])
      if (!seen[u]) seen[u] = 1, queue.push_back(u);
  }
  return seen;
}

/// Probability of stopping in the set `goal` from `start` (every state of
/// goal stops the walk): solves x = Q x + P(., goal) on the non-stopping
/// states that can reach goal (every other state has x = 0).
inline Rational oracle_reach(const markov_model& m, std::size_t start, const std::vector<char>& goal,
                             const std::vector<char>& stop) {
  if (goal[start]) return 1;
  if (stop[start]) return 0;
  const std::vector<char> useful = can_reach(m, goal, stop);
  std::vector<std::size_t> vars, local(m.size(), m.size());
  for (std::size_t s = 0; s < m.size(); ++s)
    if (useful[s] && !stop[s]) local[s] = vars.size(), vars.push_back(s);
  if (local[start] == m.size()) return 0;
  const std::size_t k = vars.size();
  std::vector<Rational> a(k * k, Rational(0)), b(k, Rational(0));
  for (std::size_t i = 0; i < k; ++i) {
    a[i * k + i] += 1;
    for (const auto& t : m.transitions(vars[i])) {
      if (goal[t.to])
        b[i] += t.probability;
      else if (local[t.to] != m.size())
        a[i * k + local[t.to]] -= t.probability;
    }
  }
  return (*gauss_jordan(k, a, b))[local[start]];
}

/// Expected total reward until stopping in `goal` from `start`, or nullopt
/// when it is infinite (some reachable state cannot reach goal).
inline std::optional<Rational> oracle_steps(const markov_model& m, std::size_t start, const std::vector<char>& goal,
                                            const std::vector<char>& stop) {
  const std::vector<char> reach = reachable_from(m, start, stop), useful = can_reach(m, goal, stop);
  for (std::size_t s = 0; s < m.size(); ++s)
    if (reach[s] && !useful[s]) return std::nullopt;
  if (goal[start]) return Rational(0);
  std::vector<std::size_t> vars, local(m.size(), m.size());
  for (std::size_t s = 0; s < m.size(); ++s)
    if (reach[s] && !stop[s]) local[s] = vars.size(), vars.push_back(s);
  const std::size_t k = vars.size();
  std::vector<Rational> a(k * k, Rational(0)), b(k, Rational(0));
  for (std::size_t i = 0; i < k; ++i) {
    a[i * k + i] += 1;
    b[i] = m.reward(vars[i]);
    for (const auto& t : m.transitions(vars[i]))
      if (local[t.to] != m.size()) a[i * k + local[t.to]] -= t.probability;
  }
  return (*gauss_jordan(k, a, b))[local[start]];
}

/// The distribution after k steps by dense vector-matrix products; states
/// in `sticky` keep their mass (absorbing states always do).
inline std::vector<Rational> oracle_distribution(const markov_model& m, std::size_t start, std::uint64_t k,
                                                 const std::vector<char>& sticky) {
  const std::size_t n = m.size();
  std::vector<Rational> p = dense_matrix(m);
  for (std::size_t s = 0; s < n; ++s)
    if (sticky[s]) {
      for (std::size_t t = 0; t < n; ++t) p[s * n + t] = 0;
      p[s * n + s] = 1;
    }
  std::vector<Rational> d(n, Rational(0));
  d[start] = 1;
  for (std::uint64_t step = 0; step < k; ++step) {
    std::vector<Rational> next(n, Rational(0));
    for (std::size_t s = 0; s < n; ++s)
      if (d[s] != 0)
        for (std::size_t t = 0; t < n; ++t)
          if (p[s * n + t] != 0) next[t] += d[s] * p[s * n + t];
    d = std::move(next);
  }
  return d;
}

/// Boolean reachability in any number of steps >= 0 (transitive closure of
/// the dense matrix, absorbing states with their self-loop).
inline std::vector<char> oracle_reachability(const markov_model& m) {
  const std::size_t n = m.size();
  const std::vector<Rational> p = dense_matrix(m);
  std::vector<char> r(n * n, 0);
  for (std::size_t s = 0; s < n; ++s) {
    r[s * n + s] = 1;
    for (std::size_t t = 0; t < n; ++t)
      if (p[s * n + t] != 0) r[s * n + t] = 1;
  }
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      if (r[i * n + k])
        for (std::size_t j = 0; j < n; ++j)
          if (r[k * n + j]) r[i * n + j] = 1;
  return r;
}

/// The closed classes reachable from `start` by brute force: a state is
/// recurrent when every state it reaches reaches it back; classes are the
/// sets of mutually reachable recurrent states, ordered by first state.
inline std::vector<std::vector<std::size_t>> oracle_closed_classes(const markov_model& m, std::size_t start) {
  const std::size_t n = m.size();
  const std::vector<char> r = oracle_reachability(m);
  std::vector<std::vector<std::size_t>> classes;
  std::vector<char> done(n, 0);
  for (std::size_t s = 0; s < n; ++s) {
    if (done[s] || !r[start * n + s]) continue;
    bool recurrent = true;
    for (std::size_t t = 0; t < n; ++t)
      if (r[s * n + t] && !r[t * n + s]) recurrent = false;
    if (!recurrent) continue;
    std::vector<std::size_t> c;
    for (std::size_t t = 0; t < n; ++t)
      if (r[s * n + t] && r[t * n + s]) c.push_back(t), done[t] = 1;
    classes.push_back(c);
  }
  return classes;
}

/// The period of a closed class by brute force: the gcd of the lengths k
/// (1 <= k <= 2(c² + c)) of the walks from its first state back to itself.
inline std::size_t oracle_period(const markov_model& m, const std::vector<std::size_t>& c) {
  const std::size_t n = m.size();
  const std::vector<Rational> p = dense_matrix(m);
  std::vector<char> at(n, 0);
  at[c[0]] = 1;
  std::size_t g = 0;
  const std::size_t limit = 2 * (c.size() * c.size() + c.size());
  for (std::size_t k = 1; k <= limit; ++k) {
    std::vector<char> next(n, 0);
    for (std::size_t s = 0; s < n; ++s)
      if (at[s])
        for (std::size_t t = 0; t < n; ++t)
          if (p[s * n + t] != 0) next[t] = 1;
    at = next;
    if (at[c[0]]) g = std::gcd(g, k);
  }
  return g;
}

/// The stationary distribution of a closed class by Gauss-Jordan on
/// pi (P - I) = 0 with the last equation replaced by sum pi = 1.
inline std::vector<Rational> oracle_stationary(const markov_model& m, const std::vector<std::size_t>& c) {
  const std::size_t n = m.size(), k = c.size();
  const std::vector<Rational> p = dense_matrix(m);
  std::vector<Rational> a(k * k, Rational(0)), b(k, Rational(0));
  for (std::size_t i = 0; i < k; ++i)    // equation i: balance of state c[i]
    for (std::size_t j = 0; j < k; ++j)  // unknown j
      a[i * k + j] = p[c[j] * n + c[i]] - (i == j ? 1 : 0);
  for (std::size_t j = 0; j < k; ++j) a[(k - 1) * k + j] = 1;
  b[k - 1] = 1;
  return *gauss_jordan(k, a, b);
}

}  // namespace exactdp::test
