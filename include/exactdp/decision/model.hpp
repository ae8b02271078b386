// exactdp/decision/model.hpp: Markov decision processes and turn-based
// stochastic two-player games with exact probabilities, cycles allowed.
//
// A state is owned by the maximiser, the minimiser or nature (chance), or is
// terminal with a payoff (to the maximiser). A state of a player has one or
// more choices (actions); a chance state has exactly one; a terminal state
// has none. A choice is a distribution over successor states (exact
// Rationals summing to exactly 1), with an optional action name and an
// optional reward collected when it is taken. A Markov decision process
// (MDP) has one player; a turn-based stochastic game has both. Labels name
// sets of states (targets); a start state is optional.
//
// Invariants of a built model (checked once, by decision_builder::build):
//   - max and min states have at least one choice, chance states exactly one,
//     terminal states none;
//   - every choice has at least one transition, each probability is in
//     (0, 1], they sum to exactly 1, and no successor is listed twice;
//   - state names, when given, are unique.
// The layout is compressed sparse rows: the choices of state s are the global
// choice indices choice_begin()[s] .. choice_begin()[s+1]-1, the transitions
// of global choice c are positions edge_begin()[c] .. edge_begin()[c+1]-1 of
// targets() and probabilities().
// Source: Puterman, "Markov Decision Processes" (1994) ch. 2; Condon, "The
// complexity of stochastic games" (1992) for the turn-based game model;
// PRISM's explicit MDP format for what a model file holds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// Who moves at a state.
enum class state_owner : std::uint8_t {
  max,      ///< the maximiser chooses among the state's choices
  min,      ///< the minimiser chooses
  chance,   ///< nature: the state's single choice is a random move
  terminal  ///< the play ends; the state has a payoff to the maximiser
};

/// "max", "min", "chance" or "terminal".
/// Example: to_string(state_owner::chance) is "chance".
constexpr const char* to_string(state_owner o) {
  return o == state_owner::max      ? "max"
         : o == state_owner::min    ? "min"
         : o == state_owner::chance ? "chance"
                                    : "terminal";
}

/// A validated MDP or turn-based stochastic game (see the file comment).
/// Read-only; build it with decision_builder or explore_decision_model
/// (explore.hpp). Copying copies every state.
class decision_model {
 public:
  /// Number of states, >= 1.
  std::size_t size() const { return owner_.size(); }
  state_owner owner(std::size_t s) const { return owner_.at(s); }
  /// Number of choices of s: >= 1 for max and min, 1 for chance, 0 for terminal.
  /// Example: choice_count(0) == 1 for parse_decision_json's example.
  std::size_t choice_count(std::size_t s) const { return choice_begin_.at(s + 1) - choice_begin_[s]; }
  /// Total number of choices.
  std::size_t choice_total() const { return edge_begin_.size() - 1; }
  /// The state that owns global choice c.
  std::size_t choice_state(std::size_t c) const { return choice_state_.at(c); }
  /// CSR arrays (see the file comment): size() + 1, choice_total() + 1, and
  /// one entry per transition.
  const std::vector<std::size_t>& choice_begin() const { return choice_begin_; }
  const std::vector<std::size_t>& edge_begin() const { return edge_begin_; }
  const std::vector<std::size_t>& targets() const { return targets_; }
  const std::vector<Rational>& probabilities() const { return probabilities_; }
  /// Reward collected when global choice c is taken (0 unless given).
  const Rational& reward(std::size_t c) const;
  /// True when some choice has a nonzero reward.
  bool has_rewards() const { return !rewards_.empty(); }
  /// The action name of global choice c, or "" when it has none.
  /// Example: action_name(0) == "go" for parse_decision_json's example.
  std::string_view action_name(std::size_t c) const;
  /// Payoff of a terminal state (0 for the others).
  const Rational& payoff(std::size_t s) const;
  /// Name of s: the name it was given, or its index as text.
  /// Example: name(1) == "b" for parse_decision_json's example.
  std::string name(std::size_t s) const;
  /// The state called `name` (given name, or index as text when the model
  /// has no names), or nullopt. Cost: one hash lookup.
  /// Example: find("b") == 1 for parse_decision_json's example.
  std::optional<std::size_t> find(std::string_view name) const;
  /// Labels by name, each a sorted list of distinct states.
  const std::map<std::string, std::vector<std::size_t>>& labels() const { return labels_; }
  /// The states of label `name`. Throws std::invalid_argument naming the
  /// known labels when there is no such label.
  /// Example: label("goal") is {1} for parse_decision_json's example.
  const std::vector<std::size_t>& label(const std::string& name) const;
  std::optional<std::size_t> start() const { return start_; }
  /// Where the model came from (a file name, or "model"), for messages.
  const std::string& source() const { return source_; }
  /// Number of states owned by `o`.
  /// Example: count(state_owner::terminal) == 1 for parse_decision_json's example.
  std::size_t count(state_owner o) const;

 private:
  friend class decision_builder;
  std::vector<state_owner> owner_;
  std::vector<std::size_t> choice_begin_{0};
  std::vector<std::size_t> choice_state_;
  std::vector<std::size_t> edge_begin_{0};
  std::vector<std::size_t> targets_;
  std::vector<Rational> probabilities_;
  std::vector<Rational> rewards_;                      // per choice, empty when every reward is 0
  std::vector<std::string> action_names_;              // per choice, empty when no choice is named
  std::unordered_map<std::size_t, Rational> payoffs_;  // nonzero terminal payoffs
  std::vector<std::string> names_;                     // per state, empty when no state is named
  std::unordered_map<std::string, std::size_t> index_;
  std::map<std::string, std::vector<std::size_t>> labels_;
  std::optional<std::size_t> start_;
  std::string source_;
};

/// Builds a decision_model from code (or from a file reader). Every call
/// checks its arguments at once (std::invalid_argument naming the state and
/// the source); build() checks the whole model. Cost: O(1) amortised per
/// call; build() O(n + m log m) plus the exact sums. Memory: checked against
/// the state budget as states and transitions are added (about 150 bytes
/// a transition with small probabilities, kept until build() returns the
/// model, which keeps about 100), resource_error past it.
/// Status: every error path is tested.
class decision_builder {
 public:
  /// `source` names the model in messages.
  explicit decision_builder(std::string source = "model");

  /// Adds a state owned by `owner` and returns its index. `name` is optional
  /// (a state without one is called by its index); a non-empty name must be
  /// unique. Throws std::invalid_argument for a repeated name, resource_error
  /// past the state budget.
  std::size_t add_state(state_owner owner, std::string_view name = {});
  /// Index of the state with the given name, or nullopt.
  std::optional<std::size_t> find(std::string_view name) const;
  std::size_t size() const { return owner_.size(); }
  /// Changes the owner of s (a reader that learns owners late). The choices
  /// already added stay; build() checks that they fit the owner.
  void set_owner(std::size_t s, state_owner owner);

  /// Adds a choice to s (max, min or chance; a chance state has one) and
  /// returns its index among the choices of s. `action` is an optional name.
  std::size_t add_choice(std::size_t s, std::string_view action = {});
  /// Adds s -> to with probability p (0 < p <= 1; a 0 is dropped) to choice
  /// `choice` of s. Throws std::invalid_argument for an index out of range,
  /// p outside [0, 1], or a second transition to the same state.
  void transition(std::size_t s, std::size_t choice, std::size_t to, const Rational& p);
  /// Checks a model of `states` states and `transitions` transitions
  /// against the state budget at once, for a reader that knows its size:
  /// a refusal then names the whole need, not what was added when the
  /// budget ran out. Throws resource_error. Cost: O(1).
  void expect(std::size_t states, std::size_t transitions) const;
  /// Makes room for `transitions` transitions of choice `choice` of s (an
  /// optional hint for a reader that knows the count: no reallocation).
  /// Throws std::invalid_argument for an index out of range, resource_error
  /// when the model with that many more transitions passes the state budget.
  void reserve(std::size_t s, std::size_t choice, std::size_t transitions);
  /// Sets the reward of choice `choice` of s (any rational; the reward
  /// queries require rewards >= 0).
  void reward(std::size_t s, std::size_t choice, const Rational& r);
  /// Sets the payoff of the terminal state s (any rational).
  void payoff(std::size_t s, const Rational& v);
  /// Puts s in the label `name` (created if new).
  void label(const std::string& name, std::size_t s);
  /// Creates the label `name` with no states if it does not exist.
  void declare_label(const std::string& name);
  /// Sets the start state; a second, different start is an error.
  void start(std::size_t s);

  /// Validates and returns the model (see the invariants in the file
  /// comment). Throws std::invalid_argument naming the first bad state or
  /// choice: an empty model, a player's state without choices, a chance state
  /// with several, a terminal with choices, a choice without transitions, or
  /// probabilities summing to anything but 1 (the message gives the exact
  /// sum; nothing is renormalised). The builder is empty afterwards.
  decision_model build();

 private:
  struct choice_data {
    std::string action;
    Rational reward;
    std::vector<std::pair<std::size_t, Rational>> out;
  };
  std::string where(std::size_t s) const;
  void check_state(std::size_t s) const;
  void check_choice(std::size_t s, std::size_t choice) const;
  // Checks `states` states and `transitions` transitions against the
  // state budget.
  void charge(std::size_t states, std::size_t transitions) const;
  std::size_t transitions_ = 0;
  std::string source_;
  std::vector<state_owner> owner_;
  std::vector<std::vector<choice_data>> choices_;
  std::vector<std::string> names_;
  bool any_name_ = false;
  std::unordered_map<std::string, std::size_t> index_;
  std::unordered_map<std::size_t, Rational> payoffs_;
  std::map<std::string, std::vector<std::size_t>> labels_;
  std::optional<std::size_t> start_;
};

}  // namespace exactdp
