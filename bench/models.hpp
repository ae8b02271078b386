// Models the benchmark programs (and some tests) share, built the same way
// everywhere so that their figures compare.
#pragma once

#include <cstddef>
#include <string>
#include <random>
#include <utility>
#include <vector>

#include "exactdp/decision/model.hpp"
#include "exactdp/markov/model.hpp"
#include "exactdp/numeric/numeric.hpp"

namespace exactdp::bench {

/// A random MDP of `blocks` blocks of 100 states, each with 3 actions: two
/// successors inside its block, one 1 to 3 blocks ahead (past the last:
/// the state `fail`), and the label `goal` with chance 1/10; weights 1..3,
/// a fixed seed. Pmax from state 0 mixes long chains with cycles inside
/// the blocks. With `chained` false the onward successor is always `fail`:
/// the blocks are independent, and exact values do not grow along them.
/// `game`: the odd states belong to the minimiser (a turn-based stochastic
/// game of the same graph). Cost: O(blocks) states and transitions.
inline decision_model random_mdp(std::size_t blocks, bool chained = true, bool game = false) {
  const std::size_t block = 100;
  std::mt19937 rng(14);
  std::uniform_int_distribution<std::size_t> member(0, block - 1), ahead(1, 3);
  std::uniform_int_distribution<int> weight(1, 3), chance(0, 9);
  decision_builder b("random_mdp");
  for (std::size_t s = 0; s < block * blocks; ++s)
    b.add_state(game && s % 2 == 1 ? state_owner::min : state_owner::max);
  const std::size_t goal = b.add_state(state_owner::terminal), fail = b.add_state(state_owner::terminal);
  b.label("goal", goal);
  for (std::size_t k = 0; k < blocks; ++k)
    for (std::size_t i = 0; i < block; ++i) {
      const std::size_t s = k * block + i;
      for (int a = 0; a < 3; ++a) {
        const std::size_t c = b.add_choice(s);
        std::vector<std::pair<std::size_t, int>> out;
        const std::size_t u = k * block + member(rng), v = k * block + member(rng);
        out.emplace_back(u, weight(rng));
        if (v != u) out.emplace_back(v, weight(rng));
        const std::size_t next = k + ahead(rng);
        const std::size_t drawn = next < blocks ? member(rng) : 0;  // drawn before the weight
        const std::size_t onward = chained && next < blocks ? next * block + drawn : fail;
        out.emplace_back(onward, weight(rng));
        if (chance(rng) == 0) out.emplace_back(goal, 1);
        int total = 0;
        for (const auto& [t, w] : out) total += w;
        for (const auto& [t, w] : out) b.transition(s, c, t, Rational(w) / total);
      }
    }
  b.start(0);
  return b.build();
}

/// Herman's self-stabilising ring of n processes (the benchmark set's
/// dtmc/herman, as its explicit export): 2^n states named by their index,
/// bit i the value of process i; a process holding a token (its bit equal
/// to its left neighbour's) flips a fair coin, the others copy their left
/// neighbour. The label "stable" holds the states with exactly one token;
/// the start is state 0. Requires 2 <= n <= 20. Cost: O(2^n · 2^k) for k
/// tokens a state (1,594,324 transitions for n = 13).
inline markov_model herman_ring(int n) {
  const std::size_t states = std::size_t{1} << n;
  auto bit = [](std::size_t s, int i) { return (s >> i) & 1U; };
  markov_builder b("herman." + std::to_string(n));
  b.reserve(states);
  for (std::size_t s = 0; s < states; ++s) b.state(std::to_string(s));
  b.declare_label("stable");
  std::vector<Rational> row(states);
  std::vector<std::size_t> touched;
  for (std::size_t s = 0; s < states; ++s) {
    int tokens = 0;
    std::vector<int> free;
    std::size_t base = 0;
    for (int i = 0; i < n; ++i) {
      if (bit(s, i) == bit(s, (i + 1) % n)) ++tokens;
      const std::size_t left = bit(s, (i + n - 1) % n);
      if (bit(s, i) == left)
        free.push_back(i);
      else
        base |= left << i;
    }
    if (tokens == 1) b.label("stable", s);
    const Rational p = Rational(1) / Rational(BigInt(1) << free.size());
    touched.clear();
    for (std::size_t m = 0; m < (std::size_t{1} << free.size()); ++m) {
      std::size_t t = base;
      for (std::size_t j = 0; j < free.size(); ++j)
        if ((m >> j) & 1U) t |= std::size_t{1} << free[j];
      if (row[t] == 0) touched.push_back(t);
      row[t] += p;
    }
    for (const std::size_t t : touched) {
      b.transition(s, t, row[t]);
      row[t] = 0;
    }
  }
  b.start(0);
  return b.build();
}

}  // namespace exactdp::bench
