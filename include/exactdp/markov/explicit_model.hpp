// exactdp/markov/explicit_model.hpp: a finite model whose states may have
// several choices (a Markov decision process; a Markov chain when every
// state has one), with exact probabilities, as the model files describe it,
// and the readers of those files.
//
// An explicit_model has states 0..n-1; each state has zero or more choices;
// a choice has an optional action name, a distribution over successor
// states (exact Rationals in (0, 1] summing to exactly 1) and a reward
// collected when it is taken. States also carry a state reward, collected at
// every step taken from them, labels (named sets of states) and an optional
// start. A state with no choice is absorbing.
//
// Formats read (each told apart by its content, not only its extension):
//   PRISM explicit  .tra "states transitions" (DTMC) or "states choices
//                   transitions" (MDP), .lab 0="init" 1="goal", .srew,
//                   .trew, '#' comment lines (PRISM manual, "Explicit
//                   Model Files");
//   Storm explicit  .tra starting with the line "dtmc" or "mdp", .lab with
//                   #DECLARATION ... #END, state rewards "state reward"
//                   (Storm documentation, "Languages: Explicit");
//   Storm DRN       @type, @nr_states, @nr_choices, @reward_models, @model,
//                   "state N [rewards] labels", "action NAME [rewards]",
//                   "target : probability" (Storm documentation, "DRN");
//   JSON            the chain format of model.hpp (one choice per state).
// Source: PRISM manual (Kwiatkowska, Norman, Parker), Storm (Hensel, Junges,
// Katoen, Quatmann, Volk 2022). Status: every reader and error path tested,
// with the Knuth-Yao die in both Storm formats.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/markov/model.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// A validated finite model with choices (see the file comment). Read-only;
/// build it with explicit_model_builder or the readers below. States are
/// named by their index ("0", "1", ...) unless the model names them.
/// Choices are numbered 0..choice_count()-1 globally, those of state s
/// being choice_begin(s) .. choice_end(s)-1, in the order the file numbers them.
class explicit_model {
 public:
  /// Number of states, >= 1.
  std::size_t size() const { return choice_begin_.size() - 1; }
  /// Name of state s: its own name, or its index as text.
  std::string name(std::size_t s) const;
  /// Whether the states have names of their own (false: named by index).
  bool has_names() const { return !names_.empty(); }
  /// The state called `name`, or nullopt. Cost: one hash lookup, or a parse.
  std::optional<std::size_t> find(std::string_view name) const;

  /// The choices of state s are choice_begin(s) .. choice_end(s) - 1.
  std::size_t choice_begin(std::size_t s) const { return choice_begin_.at(s); }
  std::size_t choice_end(std::size_t s) const { return choice_begin_.at(s + 1); }
  /// Number of choices of state s (0: absorbing).
  std::size_t choice_count(std::size_t s) const { return choice_end(s) - choice_begin(s); }
  /// Number of choices of all states.
  std::size_t choice_count() const { return actions_.size(); }
  /// The distribution of choice c: transitions sorted by target, each
  /// probability in (0, 1], summing to exactly 1.
  std::span<const markov_transition> distribution(std::size_t c) const;
  /// The action name of choice c ("" when the file gives none).
  const std::string& action(std::size_t c) const { return actions_.at(c); }
  /// Reward collected when choice c is taken (0 unless given).
  const Rational& choice_reward(std::size_t c) const { return choice_rewards_.at(c); }
  /// Reward collected at every step taken from s (0 unless given).
  const Rational& state_reward(std::size_t s) const { return state_rewards_.at(s); }
  /// True when the file gave rewards (a reward structure); otherwise every
  /// reward is 0 and a chain made from the model counts steps.
  bool has_rewards() const { return has_rewards_; }
  /// The name of the reward structure read ("" when unnamed or none).
  const std::string& reward_name() const { return reward_name_; }
  /// Number of transitions of all choices.
  std::size_t transition_count() const { return transitions_.size(); }
  /// Labels by name, each a sorted list of distinct states.
  const std::map<std::string, std::vector<std::size_t>>& labels() const { return labels_; }
  /// The start state: the single state labelled "init" (or the one the
  /// format implies), if there is one.
  std::optional<std::size_t> start() const { return start_; }
  /// Where the model came from (a file name), for messages.
  const std::string& source() const { return source_; }
  /// The first state with two or more choices, or nullopt when the model is
  /// a Markov chain (every state has at most one).
  std::optional<std::size_t> state_with_choices() const;

 private:
  friend class explicit_model_builder;
  std::vector<std::string> names_;  // empty: states are named by index
  std::map<std::string, std::size_t, std::less<>> index_;
  std::vector<std::size_t> choice_begin_{0};
  std::vector<std::size_t> distribution_begin_{0};
  std::vector<markov_transition> transitions_;
  std::vector<std::string> actions_;
  std::vector<Rational> choice_rewards_;
  std::vector<Rational> state_rewards_;
  bool has_rewards_ = false;
  std::string reward_name_;
  std::map<std::string, std::vector<std::size_t>> labels_;
  std::optional<std::size_t> start_;
  std::string source_;
};

/// Builds an explicit_model from code or from a file reader. Transitions
/// may come in any order; each names its state, its choice (numbered 0, 1,
/// ... within the state) and, for messages, the line it came from. Every
/// call checks its arguments at once (std::invalid_argument); build()
/// checks the whole model. Cost: O(1) amortised per call; build()
/// O(m log m) plus the exact sums.
/// Status: tested through the readers and directly.
class explicit_model_builder {
 public:
  /// `source` names the model (the transition file) in messages.
  explicit explicit_model_builder(std::string source = "model");

  /// Makes `n` states named by their index ("0", "1", ...); only on an empty
  /// builder. Checks the state budget first (resource_error), so a file
  /// that declares 10^18 states is refused before anything is allocated.
  void indexed_states(std::uint64_t n);
  /// The state called `name`, added if new (only when the states are named).
  std::size_t state(std::string_view name);
  std::size_t size() const { return state_count_; }

  /// Makes room for `m` transitions at once, for a reader whose file
  /// announces how many it lists (any m >= 0; more or fewer may follow).
  /// Checks them against the state budget first (resource_error). Cost:
  /// O(1), the entries allocated once instead of doubling.
  /// Example: b.indexed_states(2); b.reserve_transitions(2); b.transition(0, 0, 1, 1); b.transition(1, 0, 1, 1);
  /// then b.build().transition_count() == 2.
  void reserve_transitions(std::uint64_t m);
  /// Adds to -> probability p to choice `choice` of state `from`.
  /// 0 <= p <= 1 (a 0 is dropped). `line` (0: none) is the line of the
  /// transition file, for the messages of build(). Throws
  /// std::invalid_argument for an index out of range or p outside [0, 1].
  /// p is taken by value: a reader's temporary is moved, not copied.
  void transition(std::size_t from, std::size_t choice, std::size_t to, Rational p, std::size_t line = 0);
  /// Names the action of a choice; a second, different name is an error.
  void action(std::size_t s, std::size_t choice, std::string_view name, const std::string& where = {});
  /// Sets the reward of taking a choice (any rational).
  void choice_reward(std::size_t s, std::size_t choice, const Rational& r, const std::string& where = {});
  /// Sets the reward collected when the transition from -> to of choice
  /// `choice` of `from` is taken (PRISM's .trew); build() adds p·r to the
  /// choice's reward, p the transition's probability. Two different rewards
  /// for one transition, or a reward for a transition the model lacks, are
  /// errors (std::invalid_argument naming `where`).
  void transition_reward(std::size_t from, std::size_t choice, std::size_t to, const Rational& r,
                         const std::string& where = {});
  /// Sets the reward of every step taken from s; two different rewards are an error.
  void state_reward(std::size_t s, const Rational& r, const std::string& where = {});
  /// Marks the model as having a reward structure (rewards default to 0)
  /// even when no reward is set, and names it.
  void reward_structure(std::string name = {});
  /// Declares s absorbing: it must get no transitions.
  void absorbing(std::size_t s, const std::string& where = {});
  /// Puts s in the label `name` (created if new).
  void label(const std::string& name, std::size_t s, const std::string& where = {});
  /// Creates the label `name` with no states if it does not exist.
  void declare_label(const std::string& name);
  /// Sets the start state; a second, different start is an error.
  void start(std::size_t s, const std::string& where = {});

  /// Validates and returns the model. Throws std::invalid_argument naming
  /// the file, line and state of the first fault: a transition listed twice
  /// in one choice, a choice whose probabilities do not sum to exactly 1
  /// (the exact sum is given; nothing is renormalised), choices numbered
  /// with a gap, a state with no choice that is not declared absorbing, an
  /// absorbing state with transitions, or an empty model.
  explicit_model build();

 private:
  struct entry {
    std::size_t state, choice, to, line;
    Rational probability;
  };
  struct choice_key {
    std::size_t state, choice;
    auto operator<=>(const choice_key&) const = default;
  };
  struct transition_key {
    std::size_t state, choice, to;
    auto operator<=>(const transition_key&) const = default;
  };
  struct located_reward {
    Rational reward;
    std::string where;
  };
  std::string at(const std::string& where) const { return where.empty() ? source_ : where; }
  void check_index(std::size_t s, const std::string& where) const;
  // The state budget against `entries` transitions (resource_error).
  void check_entries_budget(long double entries) const;
  std::string source_;
  std::size_t state_count_ = 0;
  bool named_ = false;
  std::vector<std::string> names_;
  std::map<std::string, std::size_t, std::less<>> index_;
  std::vector<entry> entries_;
  std::map<choice_key, std::string> actions_;
  std::map<choice_key, Rational> choice_rewards_;
  std::map<transition_key, located_reward> transition_rewards_;
  std::map<std::size_t, Rational> state_rewards_;
  std::vector<std::size_t> absorbing_;
  bool has_rewards_ = false;
  std::string reward_name_;
  std::map<std::string, std::vector<std::size_t>> labels_;
  std::optional<std::size_t> start_;
};

/// The Markov chain of a model whose states have at most one choice: the
/// same states, names, labels and start; a state without choices, or whose
/// only choice is a self-loop of probability 1, is absorbing. Rewards: when
/// the model has a reward structure, the reward of a step from s is
/// state_reward(s) + choice_reward(its choice) (Storm's and PRISM's
/// meaning); otherwise every step costs 1 (expected steps).
/// Throws std::invalid_argument when a state has two or more choices,
/// naming the state and the file: a decision process is not a chain (it is
/// solved by the tool's `exactdp mdp` command). Cost: O(n + m) plus the
/// exact sums of markov_builder::build.
/// Status: tested on every reader's output.
/// Example: to_markov_model(parse_storm_explicit("dtmc\n0 0 0.5\n0 1 0.5\n", "coin.tra")).size() == 2.
markov_model to_markov_model(const explicit_model& model);
/// The same, moving the probabilities out of `model` instead of copying
/// them (a reader's model, used once): the chain takes its transitions'
/// GMP numbers over, so that only one copy of them is ever held.
/// `model` is left valid but unspecified. Cost and errors: as above.
/// Example: to_markov_model(parse_prism_explicit("2 2\n0 1 1\n1 1 1\n", "x.tra")).transition_count() == 1.
markov_model to_markov_model(explicit_model&& model);

/// The model with choices of a Markov chain: one choice per non-absorbing
/// state, none for an absorbing one, the chain's rewards as state rewards.
/// Cost: O(n + m).
/// Example: to_explicit_model(parse_json_model(...)).size() == 2 (the coin of parse_json_model's example).
explicit_model to_explicit_model(const markov_model& chain);

/// Reads PRISM's explicit files: `tra` is a DTMC ("n m", then "i j p [action]")
/// or an MDP ("n k m", then "i c j p [action]"); `lab` (optional) is PRISM's
/// (0="init" 1="goal", then "i: 0 1") or Storm's (#DECLARATION ... #END) label
/// file; `srew` (optional) is PRISM's state rewards ("n k" then "i r", '#'
/// comments) or Storm's ("i r" lines); `trew` (optional) transition rewards,
/// PRISM's .trew ("n m" or "n k m", then "i j r" or "i c j r") or Storm's
/// (the lines alone), a transition's reward r adding p·r to its choice's.
/// '#' lines are comments in every PRISM file (PRISM 4.9 writes a header of
/// them). The start is the single state
/// labelled init, or state 0 when none is (PRISM's rule); with several init
/// states it is unset. Throws std::invalid_argument naming the file and line;
/// resource_error when the declared size passes the state budget.
/// Cost: linear in the texts plus O(m log m).
/// Example: parse_prism_explicit("2 3\n0 0 0.5\n0 1 0.5\n1 1 1\n", "coin.tra").size() == 2.
explicit_model parse_prism_explicit(std::string_view tra, const std::string& tra_name,
                                    std::optional<std::string_view> lab = std::nullopt,
                                    const std::string& lab_name = {},
                                    std::optional<std::string_view> srew = std::nullopt,
                                    const std::string& srew_name = {},
                                    std::optional<std::string_view> trew = std::nullopt,
                                    const std::string& trew_name = {});

/// Reads Storm's explicit files: `tra` starts with "dtmc" ("i j p" lines) or
/// "mdp" ("i c j p [action]" lines); the number of states is the largest
/// index + 1, and a state without transitions is absorbing (Storm adds a
/// self-loop). `lab` and `srew` as in parse_prism_explicit. The start is the
/// single init state (unset otherwise). Errors and cost as
/// parse_prism_explicit; "ctmc" and "ma" models are refused.
/// Example: parse_storm_explicit("dtmc\n0 0 0.5\n0 1 0.5\n", "coin.tra").size() == 2.
explicit_model parse_storm_explicit(std::string_view tra, const std::string& tra_name,
                                    std::optional<std::string_view> lab = std::nullopt,
                                    const std::string& lab_name = {},
                                    std::optional<std::string_view> srew = std::nullopt,
                                    const std::string& srew_name = {},
                                    std::optional<std::string_view> trew = std::nullopt,
                                    const std::string& trew_name = {});

/// Reads Storm's DRN format (one file): @type DTMC or MDP, exact values
/// ("1/3", "0.25"), @placeholders, labels (quoted when they hold blanks),
/// state and action rewards of the reward model `reward_model` (default: the
/// first one declared). The start is the single init state. Throws
/// std::invalid_argument naming the file and line (other model types,
/// parameters, intervals, an unknown reward model, states out of order,
/// counts that differ from @nr_states / @nr_choices); resource_error when
/// @nr_states passes the state budget. Cost: linear in the text plus O(m log m).
/// Example: parse_drn_model(text).size() == 2 for the coin in DRN: "@type: DTMC", 2 states, state 0
/// init with "0 : 1/2" and "1 : 1/2", state 1 with "1 : 1" (tests/api/test_header_examples.cpp).
explicit_model parse_drn_model(std::string_view text, const std::string& source = "model",
                               const std::string& reward_model = {});

/// The formats of model files.
enum class model_format { json, prism, storm, drn };

/// The format of a model file from its content: JSON ('{'), DRN (an '@'
/// section line), Storm explicit (first line "dtmc" or "mdp"), PRISM
/// explicit (first line of two or three integers). Throws
/// std::invalid_argument naming the source when it is none of them, and
/// for a model in the PRISM language ("dtmc" then a line of words, or
/// "module m", "const ...": is_prism_model_start in io/prism_keywords.hpp) or
/// a JANI file (a "jani-version" key), saying to use exactdp check.
/// Cost: reads the first lines only.
/// Example: detect_model_format("dtmc\n0 1 1\n", "x.tra") == model_format::storm.
model_format detect_model_format(std::string_view text, const std::string& source);

/// How to read a model file.
struct model_file_options {
  /// "json", "prism", "storm", "drn", or "" to tell the format from the content.
  std::string format;
  /// DRN: the reward model to read (default: the first declared).
  std::string reward_model;
  /// Refuse an explicit model without a reward structure (no reward file
  /// beside a .tra, no @reward_models in a DRN file), naming the files
  /// looked for: PRISM and Storm refuse a reward query without rewards.
  bool rewards_required = false;
};

/// The bytes a line of an explicit model file (at most one transition), and
/// a state, cost while the file is read, besides the text
/// (explicit_model_read_bytes).
inline constexpr long double explicit_model_line_bytes = 160, explicit_model_state_bytes = 400;

/// The peak memory of reading an explicit model file (PRISM's or Storm's
/// .tra, or DRN, as `format` says) whose text is `text`, as a model with
/// choices or a Markov chain: the text itself, about a byte per character
/// for the numbers' digits, explicit_model_line_bytes per line (the
/// reader's entry of a transition, allocated once from the file's count,
/// its probability's two GMP allocations and the model's transition; the
/// lines are not stored, the sort's buffer is not needed for lines in
/// order, and the text is released before the chain is built; blank lines
/// are free) and explicit_model_state_bytes
/// per state (its rewards, offsets, and its name and index in the chain),
/// the states counted as the lines that start one (DRN's "state" lines, a
/// .tra line whose source differs from the line before's). The readers
/// check it against the state budget before parsing. Within 2x of the peak
/// of a child process that reads dense and sparse chains (tests/markov/
/// test_model_files.cpp). Cost: one pass over the text.
/// Example: explicit_model_read_bytes("2 3\n0 0 0.5\n0 1 0.5\n1 1 1\n", model_format::prism) == 2 * 26 + 4 * 160 + 3 *
/// 400.
long double explicit_model_read_bytes(std::string_view text, model_format format);

/// Reads a model file of any format into a model with choices; "-" reads
/// standard input. For the explicit formats, the .lab, .srew (or
/// .state.rew) and .trew (or .trans.rew) files with the same stem are read
/// when they exist; both files of one pair is an error. Throws
/// std::invalid_argument for an unreadable file, an unknown format, a
/// fault in the file, or (options.rewards_required) no reward structure;
/// resource_error above the state budget.
/// Example: from the source tree, load_explicit_model("examples/markov/sixes_run_2.tra").size() == 3.
explicit_model load_explicit_model(const std::string& path, const model_file_options& options = {});

/// The SHA-256 of `bytes` as 64 lowercase hex digits (FIPS 180-4, through
/// Nettle). Cost: linear in the bytes.
/// Example: sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad".
std::string sha256_hex(std::string_view bytes);

/// The digest that identifies a model file (a certificate's,
/// exactdp/verify/certificate.hpp): SHA-256 over the file's bytes and, when
/// the file is PRISM's or Storm's explicit format, over the .lab, .srew,
/// .state.rew, .trew and .trans.rew files beside it that the readers read
/// too (each preceded by its extension and length, so that no two sets of
/// files give the same input). Throws std::invalid_argument for "-"
/// (standard input cannot be read twice) or an unreadable file. Cost:
/// linear in the files.
/// Example: from the source tree, model_digest("examples/decision/lottery.json") starts with "feea5e56".
std::string model_digest(const std::string& path);

/// The format called `name` ("json", "prism", "storm", "drn"), nullopt for
/// "" (tell it from the content); std::invalid_argument for another name.
/// The loaders call it before they read the file.
/// Example: model_format_named("drn") == model_format::drn.
std::optional<model_format> model_format_named(const std::string& name);

/// The format a model file is read in: options.format when given (else
/// std::invalid_argument for an unknown name), else detect_model_format on
/// the text. `path` names the file in messages ("-": standard input).
/// std::invalid_argument when options.reward_model names a reward model
/// and the format is not DRN (the only one with named reward models).
/// Example: model_format_of("2 3\n0 0 0.5\n", "coin.tra", {}) == model_format::prism.
model_format model_format_of(std::string_view text, const std::string& path, const model_file_options& options);

/// The model in `text`, already read from `path` (which locates the .lab
/// and .srew files beside it; "-" for standard input, which has none), in
/// `format`. load_explicit_model is read_text then this. Same errors.
/// Example: parse_explicit_model("2 3\n0 0 0.5\n0 1 0.5\n1 1 1\n", "coin.tra", model_format::prism).size() == 2.
explicit_model parse_explicit_model(std::string_view text, const std::string& path, model_format format,
                                    const model_file_options& options = {});

/// Reads a model file as a Markov chain: load_explicit_model, then
/// to_markov_model (a model with choices is refused, naming a state that has
/// two). Same errors.
/// Example: from the source tree, load_markov_model("examples/markov/sixes_run_2.tra", model_file_options{})
/// .size() == 3.
markov_model load_markov_model(const std::string& path, const model_file_options& options);

}  // namespace exactdp
