// exactdp/markov/absorption_solver.hpp: the forward solve behind the
// absorption queries (absorption.hpp), over any Field T, and its budget.
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

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace exactdp {

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

}  // namespace exactdp

// The solver itself (detail::markov_forward and its budget).
#include "exactdp/markov/detail/absorption_solver.hpp"
