// Models the benchmark programs share, built the same way in every program
// so that their figures compare.
#pragma once

#include <cstddef>
#include <random>
#include <utility>
#include <vector>

#include "exactdp/decision/model.hpp"
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

}  // namespace exactdp::bench
