// exactdp/markov/model.hpp: a finite discrete-time Markov chain as the user
// described it, with exact probabilities, and the files it is read from.
//
// A markov_model is the validated, exact description: named states, sparse
// transitions whose probabilities are Rationals parsed from text ("1/6",
// "0.1" = 1/10, "1e-3" = 1/1000, never through a double), absorbing states,
// a reward per state (1 per step unless given), labels (named sets of
// states) and an optional start state. It is built with markov_builder, or
// read from a JSON model or from PRISM's or Storm's files (explicit_model.hpp).
// Solving happens on markov_chain<T> (chain.hpp), its numeric image.
//
// Invariants of a built model (checked once, by markov_builder::build):
//   - every non-absorbing state has at least one transition, each
//     probability is in (0, 1], and they sum to exactly 1;
//   - an absorbing state has no transitions (a state whose only transition
//     is a self-loop of probability 1 is made absorbing: that is how PRISM
//     writes one);
//   - no transition is listed twice; every name is unique.
// Source: Kemeny and Snell, "Finite Markov Chains" (absorbing chains).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// One transition out of a state: the target's index and its probability.
struct markov_transition {
  std::size_t to = 0;
  Rational probability;
};

/// A validated finite Markov chain with exact probabilities (see the file
/// comment for its invariants). Read-only; build it with markov_builder or
/// the loaders below. Copying copies every state.
class markov_model {
 public:
  /// Number of states, >= 1.
  std::size_t size() const { return names_.size(); }
  /// Name of state s (s < size()).
  /// Example: name(1) == "b" for parse_json_model's example.
  const std::string& name(std::size_t s) const { return names_.at(s); }
  /// Index of the state called `name`, or nullopt. Cost: one hash lookup.
  /// Example: find("b") == 1 for parse_json_model's example.
  std::optional<std::size_t> find(std::string_view name) const;
  /// Transitions out of s, sorted by target; empty when s is absorbing.
  /// Example: transitions(0).size() == 2 for parse_json_model's example.
  const std::vector<markov_transition>& transitions(std::size_t s) const { return out_.at(s); }
  /// Total number of transitions.
  std::size_t transition_count() const { return transition_count_; }
  bool is_absorbing(std::size_t s) const { return out_.at(s).empty(); }
  /// Reward collected at every step taken from s (1 unless the model gives rewards).
  const Rational& reward(std::size_t s) const { return rewards_.at(s); }
  /// Labels by name, each a sorted list of distinct state indices.
  const std::map<std::string, std::vector<std::size_t>>& labels() const { return labels_; }
  /// The start state the model names, if any.
  /// Example: start() == 0 for parse_json_model's example.
  std::optional<std::size_t> start() const { return start_; }
  /// Where the model came from (a file name, or "model"), for messages.
  const std::string& source() const { return source_; }

 private:
  friend class markov_builder;
  std::vector<std::string> names_;
  std::unordered_map<std::string, std::size_t> index_;
  std::vector<std::vector<markov_transition>> out_;
  std::vector<Rational> rewards_;
  std::map<std::string, std::vector<std::size_t>> labels_;
  std::optional<std::size_t> start_;
  std::string source_;
  std::size_t transition_count_ = 0;
};

/// Builds a markov_model from code or from a file reader. Every call checks
/// its arguments at once (std::invalid_argument naming the state, and
/// `where` — "file:line" — when the caller gives it); build() checks the
/// whole model. Cost: O(1) amortised per call, build() O(n + m log m) plus
/// the exact sums.
/// Status: every error path is tested through the library and the tool.
class markov_builder {
 public:
  /// `source` names the model in messages (a file name).
  explicit markov_builder(std::string source = "model");

  /// The index of the state called `name`, adding it if new. Names are
  /// non-empty. Throws std::invalid_argument for an empty name, and
  /// resource_error when the states would pass the state budget (about 330
  /// bytes a state, checked each time the tables double).
  std::size_t state(std::string_view name);
  /// Makes room for `states` states at once, for a reader that knows how
  /// many there are; checks them against the state budget first
  /// (resource_error). Cost: O(states).
  void reserve(std::size_t states);
  /// Index of an existing state, or nullopt.
  std::optional<std::size_t> find(std::string_view name) const;
  std::size_t size() const { return names_.size(); }

  /// Adds from -> to with probability p, 0 <= p <= 1 (a 0 is dropped).
  /// Throws std::invalid_argument for an index out of range, p outside
  /// [0, 1], or a second from -> to. p is taken by value: a temporary is
  /// moved, not copied.
  void transition(std::size_t from, std::size_t to, Rational p, const std::string& where = {});
  /// Declares s absorbing: it must have no transitions other than a
  /// self-loop of probability 1.
  void absorbing(std::size_t s, const std::string& where = {});
  /// Sets the reward of s (any rational). Once any reward is set, states
  /// without one get 0 (PRISM's rule for .srew files); with none set, every
  /// state gets 1 (the expected number of steps).
  void reward(std::size_t s, const Rational& r, const std::string& where = {});
  /// Declares a reward model: states without a reward get 0 even when no
  /// reward is set (a declared reward model with no rewards means reward 0,
  /// as an empty PRISM .srew does), not 1 a step.
  void reward_structure() { any_reward_ = true; }
  /// Puts s in the label `name` (created if new; may stay empty).
  void label(const std::string& name, std::size_t s, const std::string& where = {});
  /// Creates the label `name` with no states if it does not exist.
  void declare_label(const std::string& name);
  /// Sets the start state; a second, different start is an error.
  void start(std::size_t s, const std::string& where = {});

  /// Validates and returns the model (see markov_model's invariants).
  /// Throws std::invalid_argument naming the first bad state: no transitions
  /// and not absorbing, probabilities summing to something other than 1
  /// (the message gives the exact sum; nothing is ever renormalised), an
  /// absorbing state with transitions, or an empty model.
  markov_model build();

 private:
  std::string at(const std::string& where) const;
  void check_index(std::size_t s, const std::string& where) const;
  std::string source_;
  std::vector<std::string> names_;
  std::unordered_map<std::string, std::size_t> index_;
  std::vector<std::vector<markov_transition>> out_;
  std::vector<char> declared_absorbing_;
  std::vector<std::optional<Rational>> rewards_;
  bool any_reward_ = false;
  std::map<std::string, std::vector<std::size_t>> labels_;
  std::optional<std::size_t> start_;
  std::size_t transitions_ = 0;  // charged against the state budget as it doubles
};

/// Reads a JSON model (format in docs/markov.md):
///   {"start": "s0",
///    "transitions": {"s0": {"s0": "5/6", "s1": "1/6"}, "s1": {"s0": "5/6", "done": "1/6"}},
///    "absorbing": ["done"],
///    "rewards": {"s0": 1, "s1": "1"},           (optional; without it 1 per step;
///                                                with it a state not listed gets 0, so {} means 0)
///    "labels": {"goal": ["done"]}}               (optional)
/// The states are the keys of "transitions" and the entries of "absorbing";
/// any other name used anywhere is an unknown state. Probabilities and
/// rewards are strings or JSON numbers, both read exactly from their text.
/// Duplicate keys are errors. `source` names the text in messages.
/// Throws std::invalid_argument (with the source and, for names, the line
/// where the name first appears). Cost: linear in the text.
/// Example: parse_json_model(R"({"start": "a", "transitions": {"a": {"a": "1/2", "b": "1/2"}}, "absorbing":
/// ["b"]})").size() == 2: a coin tossed until heads, whose markov_chain<Rational> the examples of the markov headers
/// call `coin`.
markov_model parse_json_model(std::string_view text, const std::string& source = "model");
/// Reads a JSON model from a file (parse_json_model). Throws
/// std::invalid_argument when the file cannot be read, and resource_error
/// when it is larger than the state budget allows.
/// Example: from the source tree, expected_steps(markov_chain<Rational>(m), {*m.start()}) == 42 for m =
/// load_json_model("examples/markov/sixes_run_2.json").
markov_model load_json_model(const std::string& path);

/// Reads PRISM's explicit files as a Markov chain: parse_prism_explicit
/// (explicit_model.hpp: a DTMC .tra "n m" then "i j p [action]" lines, an
/// optional .lab and .srew, PRISM's or Storm's by content), then
/// to_markov_model, which refuses a state with several choices (an MDP).
/// State names are the indices as text ("0", "1", ...). The start is the
/// single state labelled init, or state 0 when none is (PRISM's default).
/// Texts are given with their file names for messages. Throws
/// std::invalid_argument naming the file and line. Cost: linear in the text.
/// Example: parse_prism_model("2 3\n0 0 0.5\n0 1 0.5\n1 1 1\n", "coin.tra").size() == 2.
markov_model parse_prism_model(std::string_view tra, const std::string& tra_name,
                               std::optional<std::string_view> lab = std::nullopt, const std::string& lab_name = {},
                               std::optional<std::string_view> srew = std::nullopt, const std::string& srew_name = {});
/// Reads PRISM's explicit files from disk: `tra_path`, and the .lab and
/// .srew files with the same stem when they exist (PRISM's -exportmodel
/// names). Same errors as parse_prism_model, plus unreadable files.
/// Example: from the source tree, load_prism_model("examples/markov/sixes_run_2.tra") is the chain of
/// load_json_model's example (42 expected rolls).
markov_model load_prism_model(const std::string& tra_path);

/// The bytes a markov_model of `states` states and `transitions`
/// transitions holds, at most: per state its name, index entry, transition
/// list and reward, per transition its entry and the two GMP numbers of its
/// probability, the same figures as the budget of the builder that makes
/// it (which holds both). The tool holds the model while it solves the
/// chain (budget_hold). Arguments may be any size. Cost: O(1).
/// Example: markov_model_bytes(0, 1000) == 1000 * (2 * sizeof(markov_transition) + 64).
long double markov_model_bytes(long double states, long double transitions);

/// Reads a model file as a Markov chain, in the format `format` ("json",
/// "prism", "storm", "drn") or, when it is empty, the format its content
/// shows (detect_model_format in explicit_model.hpp); "-" reads standard
/// input. A model whose states have several choices is refused, naming such
/// a state (see load_explicit_model for those). Throws std::invalid_argument
/// for an unknown format, an unreadable file or a fault in it.
/// Example: from the source tree, load_markov_model("examples/markov/sixes_run_2.tra") is the chain of
/// load_json_model's example.
markov_model load_markov_model(const std::string& path, const std::string& format = {});

}  // namespace exactdp
