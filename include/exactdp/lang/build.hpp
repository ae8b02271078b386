// exactdp/lang/build.hpp: the reachable state space of a symbolic model
// (model.hpp), built breadth first, and the explicit and decision models
// the solvers take.
//
// States are the variables' values packed into 64-bit words (the bits of
// each variable from its range), found again through an open-addressing
// hash table. Transitions are (target, probability) pairs of 8 bytes: the
// distinct probabilities of a model are few, so each is kept once in a
// table of exact rationals. Choices keep the action that made them.
// Semantics (PRISM's): the choices of a state are the enabled unlabelled
// commands of every module, and for each action a, the product of one
// enabled a-command of every module whose alphabet holds a (blocked when one
// such module has none). A choice's distribution is the product of its
// commands' updates; all their assignments are evaluated in the state
// before the step. A DTMC chooses uniformly among the choices (PRISM
// divides by their number); an MDP keeps them as nondeterministic choices.
// A state without choices (a deadlock) gets a self-loop, counted, unless
// the options refuse deadlocks.
// Source: the PRISM manual ("The PRISM Language": modules, synchronisation,
// "Deadlocks"); Kwiatkowska, Norman, Parker, "PRISM 4.0" (CAV 2011).
// Status: tested construct by construct against hand-made explicit models,
// and on the Quantitative Verification Benchmark Set (tests/lang/).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/decision/model.hpp"
#include "exactdp/lang/model.hpp"
#include "exactdp/markov/explicit_model.hpp"

namespace exactdp::lang {

/// How to build a state space.
struct build_options {
  /// Give a deadlock state a self-loop (PRISM's default); false: refuse it.
  bool fix_deadlocks = true;
  /// Called now and then with the number of states found so far. Optional.
  std::function<void(std::size_t states, std::size_t explored)> progress;
  /// Stop with state_limit_error when a state past this many is found (0:
  /// no limit): a caller that knows the size it expects (the checker, a
  /// certificate's states) need not build a larger space.
  std::size_t max_states = 0;
};

/// What build_state_space throws when the space passes
/// build_options::max_states ("the state space of F has more than N states").
/// Example: build_state_space(coin, {true, {}, 1}) throws it for the coin of build_state_space's example.
struct state_limit_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Where a variable lives in a packed state.
struct variable_slot {
  std::uint32_t word = 0, shift = 0, bits = 0;
  std::int64_t low = 0;
};

/// The reachable states of a symbolic model with their choices (see the file
/// comment). Read-only; made by build_state_space.
struct state_space {
  model_kind kind = model_kind::dtmc;
  std::vector<variable_slot> slots;         ///< per variable of the model
  std::uint32_t words = 1;                  ///< 64-bit words per state
  std::vector<std::uint64_t> packed;        ///< words per state, state after state
  std::vector<std::size_t> choice_begin;    ///< per state, size() + 1 entries
  std::vector<std::int32_t> choice_action;  ///< per choice: action index, -1 unlabelled
  std::vector<std::size_t> edge_begin;      ///< per choice, choice count + 1 entries
  std::vector<std::uint32_t> targets;       ///< per transition
  std::vector<std::uint32_t> probability;   ///< per transition: index into `values`
  std::vector<Rational> values;             ///< the distinct probabilities (and branch rewards)
  std::vector<std::size_t> initial;         ///< the initial states, increasing
  std::size_t deadlocks = 0;                ///< states given a self-loop
  std::optional<std::size_t> deadlock_example;
  /// The states given a self-loop (deadlocks), increasing: PRISM's built-in
  /// label "deadlock" (deadlock_variable).
  std::vector<std::size_t> deadlock_states;
  /// The expected branch rewards (update::rewards, JANI's destinations) of
  /// each choice for each reward structure: branch_reward[choice *
  /// branch_structures + r] is an index into `values`. Empty when no update
  /// has rewards (PRISM models).
  std::vector<std::uint32_t> branch_reward;
  std::size_t branch_structures = 0;

  std::size_t size() const { return choice_begin.size() - 1; }
  std::size_t choices() const { return choice_action.size(); }
  /// Transitions of all choices (for a DTMC, of the choices before they are merged).
  std::size_t transitions() const { return targets.size(); }
  /// The value of variable v in state s.
  std::int64_t value(std::size_t s, std::size_t v) const {
    const variable_slot& x = slots[v];
    const std::uint64_t w = packed[s * words + x.word];
    const std::uint64_t mask = x.bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << x.bits) - 1;
    return x.low + static_cast<std::int64_t>((w >> x.shift) & mask);
  }
  /// Every variable's value in state s, into out (size: the variables).
  void unpack(std::size_t s, std::int64_t* out) const;
};

/// The bytes a state space of `states` states of `words` words, `choices`
/// choices with `branch_structures` reward indices each, and `transitions`
/// transitions holds (the hash slots and per-state offsets included): the
/// estimate that build_state_space checks as it grows (with its vectors'
/// capacities) and that a solve counts as held beside it. Arguments may be
/// any size. Cost: O(1).
/// Example: state_space_bytes(1000, 1, 0, 0, 0) == 56000.
long double state_space_bytes(long double states, long double words, long double choices, long double branch_structures,
                              long double transitions);

/// state_space_bytes of a built space. Cost: O(1).
long double state_space_bytes(const state_space& space);

/// Builds the reachable state space of `model`, breadth first from every
/// initial state, without recursion.
/// Errors: std::invalid_argument "file:line:column: ..." for a probability
/// outside [0, 1], a command whose probabilities do not sum to exactly 1
/// (the exact sum is given; nothing is renormalised), an update that leaves
/// a variable's range (with the state), two modules of a synchronised
/// choice writing one variable, an expression that fails (overflow,
/// division by zero), no initial state, or a deadlock when refused;
/// resource_error when the states pass the state budget (checked as the
/// space grows; about 8 bytes a word of state plus 40 a state and 8 a
/// transition; one state's synchronised choices or branches, past 4096, are
/// checked before they are made, at 80 bytes or more a branch, beside the
/// space built so far); resource_error past the work budget (a guard
/// tested or an update evaluated counts 6 steps per node of its
/// expression's tree; a transition 128 steps, plus 16 per variable, word
/// and module of it); state_limit_error past options.max_states. Polls
/// poll_interrupt() every 2^20 steps of that work.
/// Cost: per state, every guard once and every update of the enabled
/// commands once; hash lookups per transition.
/// Example: build_state_space(model).size() == 2 for the coin "x : [0..1] init 0; [] x=0 -> 1/2:(x'=1) +
/// 1/2:(x'=0);" (a dtmc of one module).
state_space build_state_space(const symbolic_model& model, const build_options& options = {});

/// "(x=1, y=true)": the state's variables, at most `shown` of them (20 for
/// messages; then ", ..." ends the list). Cost: linear in the variables shown.
/// Example: describe_state(model, space, 1) == "(x=1)" for the coin of build_state_space's example.
std::string describe_state(const symbolic_model& model, const state_space& space, std::size_t s,
                           std::size_t shown = 20);

/// The index of the pseudo-variable that the built-in label "deadlock" of
/// the properties reads (model.variables.size(): one past the model's
/// variables): 1 in the states of space.deadlock_states, 0 elsewhere. Only
/// states_where gives it a value. Cost: O(1).
/// Example: deadlock_variable(model) == model.variables.size().
std::size_t deadlock_variable(const symbolic_model& model);

/// The states where the bool expression e (in model.pool) holds, as a flag
/// per state; the label "deadlock" (deadlock_variable) holds in
/// space.deadlock_states.
/// Example: states_where(model, space, p.right) == {0, 1} for question_of's example (p "P=? [ F x=1 ]").
std::vector<char> states_where(const symbolic_model& model, const state_space& space, expr e);

/// The state rewards of reward structure `reward` (an index into
/// model.rewards; -2: 1 at every state, Storm's expected steps) at every state.
/// Example: state_rewards(model, space, -2) is {1, 1} for the coin of build_state_space's example.
std::vector<Rational> state_rewards(const symbolic_model& model, const state_space& space, int reward);

/// The decision model of the state space (every state owned by the one
/// player; see decision/model.hpp) for a query: states with stop[s] (may be
/// empty) become terminal, a DTMC's choices are merged into one uniform
/// distribution, and the rewards of reward structure `reward` (-1: none;
/// -2: 1 a step; an index into model.rewards) are the choices' rewards: the state
/// rewards plus the choice's transition rewards (a DTMC: their average).
/// Errors: decision_builder's; a reward expression that fails to evaluate.
/// Cost: linear in the state space plus the rewards' evaluation.
/// Example: to_decision_model(model, space, -1).size() == 2 for the coin of build_state_space's example.
decision_model to_decision_model(const symbolic_model& model, const state_space& space, int reward,
                                 const std::vector<char>& stop = {});

/// The explicit model of the state space (markov/explicit_model.hpp):
/// choices with their action names (a DTMC: one merged choice per state),
/// the state and choice rewards of reward structure `reward` (-1: none),
/// the labels of the model and "init". Cost: linear plus O(m log m).
/// Example: to_explicit_model(model, space).size() == 2 for the coin of build_state_space's example.
explicit_model to_explicit_model(const symbolic_model& model, const state_space& space, int reward = -1);

}  // namespace exactdp::lang
