// exactdp/decision/explore.hpp: a decision model given implicitly, by a
// start state and a function that describes a state (its owner and
// actions); the library explores the reachable states, breadth first and
// without recursion, within the state budget.
// Source: the "implicit MDP" of PRISM-style model exploration (Kwiatkowska,
// Norman and Parker, "PRISM 4.0", 2011: the reachable state space is built
// from a start state and a successor function).
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "exactdp/decision/model.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// What the describing function says about one state.
template <class State>
struct state_description {
  struct action {
    std::string name;    ///< optional
    Rational reward{0};  ///< collected when the action is taken
    /// (successor, probability): probabilities > 0 summing to exactly 1; a
    /// successor listed twice has its probabilities added.
    std::vector<std::pair<State, Rational>> outcomes;
  };
  state_owner owner = state_owner::terminal;
  Rational payoff{0};               ///< terminal states only
  std::vector<action> actions;      ///< max and min: >= 1; chance: exactly 1; terminal: none
  std::vector<std::string> labels;  ///< labels that hold in the state
};

/// The explored model: model state i is states[i]; state 0 is the start.
template <class State, class Hash = std::hash<State>>
struct explored_model {
  decision_model model;
  std::vector<State> states;
  std::unordered_map<State, std::size_t, Hash> index;  ///< state -> model index
};

/// Explores the states reachable from `start`. describe(state, out) fills
/// `out` (given cleared) with the state's owner, actions and labels.
/// States are numbered in breadth-first order from 0 = start; the model's
/// start is 0. `max_states` caps the number of states (0: the state budget
/// only); `source` names the model in messages. State must be copyable and
/// hashable by `hash`, with ==.
/// Errors: std::invalid_argument naming the state's index when a
/// description breaks the model's rules (decision_builder's messages: an
/// owner without actions, probabilities that do not sum to 1, ...);
/// resource_error when the states pass `max_states` or the state budget.
/// Cost: one call of describe per reachable state, O(transitions) hash
/// operations, and the model's build.
/// Status: tested on Pig (against the dedicated solver) and on a random
/// walk with cycles; every error path.
/// Example: explore_decision_model(0, [](const int& k, state_description<int>& s) { if (k < 2) { s.owner =
/// state_owner::chance; s.actions.emplace_back().outcomes = {{k + 1, Rational(1)}}; } }).model.size() == 3.
template <class State, class Describe, class Hash = std::hash<State>>
explored_model<State, Hash> explore_decision_model(const State& start, Describe describe, std::size_t max_states = 0,
                                                   const std::string& source = "explored model", Hash hash = Hash{}) {
  explored_model<State, Hash> out{decision_model{}, {}, std::unordered_map<State, std::size_t, Hash>(16, hash)};
  decision_builder b(source);
  auto index_of = [&](const State& s) {
    const auto [it, added] = out.index.emplace(s, out.states.size());
    if (added) {
      if (max_states != 0 && out.states.size() >= max_states)
        throw resource_error("exploring the model passed its limit of " + std::to_string(max_states) + " states");
      if ((out.states.size() & 1023) == 0)
        check_state_budget("the explored states", 2.0L * static_cast<long double>(out.states.size() + 1),
                           sizeof(State) + 64);
      out.states.push_back(s);
      b.add_state(state_owner::terminal);  // the owner is set when the state is described
    }
    return it->second;
  };
  index_of(start);
  b.start(0);
  state_description<State> d;
  std::map<std::size_t, Rational> merged;
  for (std::size_t i = 0; i < out.states.size(); ++i) {
    d.owner = state_owner::terminal;
    d.payoff = 0;
    d.actions.clear();
    d.labels.clear();
    describe(static_cast<const State&>(out.states[i]), d);
    b.set_owner(i, d.owner);
    if (d.owner == state_owner::terminal) {
      if (!d.actions.empty())
        throw std::invalid_argument(source + ": state " + std::to_string(i) + " is terminal but has actions");
      b.payoff(i, d.payoff);
    } else if (d.payoff != 0) {
      throw std::invalid_argument(source + ": state " + std::to_string(i) + " has a payoff but is not terminal");
    }
    for (const auto& l : d.labels) b.label(l, i);
    for (const auto& a : d.actions) {
      const std::size_t c = b.add_choice(i, a.name);
      b.reward(i, c, a.reward);
      merged.clear();
      for (const auto& [succ, p] : a.outcomes) {
        if (p <= 0 || p > 1)
          throw std::invalid_argument(source + ": state " + std::to_string(i) + " has an outcome of probability " +
                                      message_text(p) + ", outside (0, 1]");
        merged[index_of(succ)] += p;
      }
      for (const auto& [t, p] : merged) {
        if (p > 1)
          throw std::invalid_argument(source + ": state " + std::to_string(i) +
                                      ": the probabilities of one successor add up to " + message_text(p));
        b.transition(i, c, t, p);
      }
    }
  }
  out.model = b.build();
  return out;
}

}  // namespace exactdp
