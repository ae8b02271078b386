// exactdp/decision/qualitative.hpp: the graph analyses that settle the
// states whose value is 0 or 1 (and hence the states with infinite expected
// reward) from the graph alone, before any arithmetic.
//
// Reachability of a target set T, where the maximiser wants to reach T and
// the minimiser wants to avoid it (chance states move at random):
//   positive reach: the least set Z containing T such that a max state is in
//     Z when SOME choice has a successor in Z, a min state when EVERY choice
//     has one, a chance state when its choice has one. Outside Z the
//     minimiser keeps the play out of T for sure: the value is 0.
//   almost-sure reach: start from U = Z; repeat: R = the least set
//     containing T where a max state needs some choice with every successor
//     in U and one in R, a min state needs this of every choice, a chance
//     state of its choice; U = R; until U does not change. In U the
//     maximiser reaches T with probability 1 against every strategy of the
//     minimiser (it stays in U and gets closer each time with positive
//     probability); outside it the minimiser keeps the probability below 1.
// For an MDP all the choosing states belong to one player, which gives the
// four algorithms of probabilistic model checking (Baier and Katoen,
// "Principles of Model Checking", 2008, section 10.6.1; de Alfaro 1997;
// PRISM's names):
//   prob0a: Pmax = 0 (0 for All strategies)   = not positive reach, choices as max
//   prob0e: Pmin = 0 (0 for some strategy)    = not positive reach, choices as min
//   prob1e: Pmax = 1 (1 for some strategy)    = almost-sure reach, choices as max
//   prob1a: Pmin = 1 (1 for All strategies)   = almost-sure reach, choices as min
// For a turn-based stochastic game (Chatterjee, Jurdzinski and Henzinger,
// "Quantitative stochastic parity games", 2004, for the almost-sure
// attractor), game_prob0 and game_prob1 use the owners of the model.
// Cost of each: O(n + m) for positive reach; O(k·(n + m)) for almost-sure
// reach, where k <= n is the number of rounds (a few in practice).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "exactdp/decision/model.hpp"

namespace exactdp {

/// A set of states with, for each of its states that chooses for the
/// reaching side (max states, and every choosing state of an MDP analysed
/// as max), a choice that keeps the promise of the set.
struct reach_region {
  std::vector<char> in;               ///< per state: 1 when in the set
  std::vector<std::uint32_t> choice;  ///< per state: a choice index within the state (0 where meaningless)
  std::size_t count = 0;              ///< number of states in the set
};

/// The positive-reach attractor of `target` (see the file comment), with
/// `owner` giving the owner of each state (size n: max, min, chance or
/// terminal; the choices of a terminal state are never used). In `choice`, a
/// max state's choice has a successor one step closer to the target.
/// Errors: std::invalid_argument when the sizes of target or owner are not
/// the model's, or an owner contradicts the model (a terminal with choices).
/// Cost: O(n + m). Status: against brute force over all strategies on
/// random small models.
/// Example: positive_reach_region(d, state_set(d, d.label("goal")), owners_as(d, state_owner::max)).count == 2 for
/// parse_decision_json's example d.
reach_region positive_reach_region(const decision_model& m, const std::vector<char>& target,
                                   std::span<const state_owner> owner);

/// The almost-sure attractor of `target` (see the file comment). In
/// `choice`, a max state's choice stays in the set and has a successor one
/// step closer to the target: following it reaches the target with
/// probability 1 (a proper strategy). Same errors as positive_reach_region.
/// Cost: O(n + m) plus O(k·m_K) per strongly connected component of k rounds
/// and m_K transitions. Status: as positive_reach_region.
/// Example: almost_sure_reach_region(d, state_set(d, d.label("goal")), owners_as(d, state_owner::max)).count == 2 for
/// parse_decision_json's example d.
reach_region almost_sure_reach_region(const decision_model& m, const std::vector<char>& target,
                                      std::span<const state_owner> owner);

/// The owners of the model's states with every max and min state given to
/// `player` (state_owner::max or min): an MDP analysed for that player.
/// Example: owners_as(d, state_owner::min)[0] == state_owner::min for parse_decision_json's example d.
std::vector<state_owner> owners_as(const decision_model& m, state_owner player);

/// MDP: states where the maximal probability of reaching `target` is 0.
/// Example: prob0a(d, state_set(d, d.label("goal"))) is {0, 0} for parse_decision_json's example d.
std::vector<char> prob0a(const decision_model& m, const std::vector<char>& target);
/// MDP: states where the minimal probability of reaching `target` is 0.
/// Example: prob0e(d, state_set(d, d.label("goal"))) is {0, 0} for parse_decision_json's example d.
std::vector<char> prob0e(const decision_model& m, const std::vector<char>& target);
/// MDP: states where the maximal probability of reaching `target` is 1.
/// Example: prob1e(d, state_set(d, d.label("goal"))) is {1, 1} for parse_decision_json's example d.
std::vector<char> prob1e(const decision_model& m, const std::vector<char>& target);
/// MDP: states where the minimal probability of reaching `target` is 1.
/// Example: prob1a(d, state_set(d, d.label("goal"))) is {1, 1} for parse_decision_json's example d.
std::vector<char> prob1a(const decision_model& m, const std::vector<char>& target);
/// Game: states where the value of reaching `target` is 0 (the minimiser
/// avoids it surely), with the model's owners.
/// Example: game_prob0(d, state_set(d, d.label("goal"))) is {0, 0} for parse_decision_json's example d.
std::vector<char> game_prob0(const decision_model& m, const std::vector<char>& target);
/// Game: states where the value of reaching `target` is 1 (the maximiser
/// reaches it almost surely), with the model's owners.
/// Example: game_prob1(d, state_set(d, d.label("goal"))) is {1, 1} for parse_decision_json's example d.
std::vector<char> game_prob1(const decision_model& m, const std::vector<char>& target);

/// The indicator vector of a list of states (size m.size()). Throws
/// std::invalid_argument naming a state out of range.
/// Example: state_set(d, d.label("goal")) is {0, 1} for parse_decision_json's example d.
std::vector<char> state_set(const decision_model& m, std::span<const std::size_t> states);

namespace detail {

/// Strongly connected components of the graph on the states with
/// open[s] != 0 whose edges are the transitions of the choices with
/// allowed[c] != 0 that lead to open states. Components come out sinks
/// first (reverse topological order: every edge goes from a component to
/// itself or to an earlier one). Tarjan's algorithm with an explicit stack.
/// Cost: O(n + m).
struct decision_components {
  std::vector<std::size_t> states;  ///< component k is states[begin[k] .. begin[k+1])
  std::vector<std::size_t> begin{0};
  std::size_t count() const { return begin.size() - 1; }
};
decision_components open_components(const decision_model& m, const std::vector<char>& open,
                                    const std::vector<char>& allowed);
/// The same for a graph in compressed rows: vertices 0..n-1, the successors
/// of v are adj[begin[v] .. begin[v+1]) (every one < n). Cost: O(n + m).
decision_components csr_components(std::size_t n, const std::vector<std::size_t>& begin,
                                   const std::vector<std::size_t>& adj);

}  // namespace detail

}  // namespace exactdp
