// exactdp/lang/properties.hpp: PRISM properties (the PCTL subset that the
// benchmark sets use), read and evaluated by the solvers that exist.
//
// Read: properties files with `"name":` labels, `const` declarations,
// comments, properties separated by `;` or new lines; `// RESULT: v` and
// `// RESULT (N=16,MAX=2): v` comments above a property (PRISM's -test).
// Operators: P=?, Pmax=?, Pmin=? and bounds (P>=1, P<0.5 ...) of F φ, G φ,
// X φ, φ U ψ, F<=k φ, G<=k φ, φ U<=k ψ; R{"r"}=?, Rmax=?, Rmin=? of F φ,
// C<=k and I=k; Storm's T=?, Tmin=?, Tmax=? (expected steps: reward 1 a
// step) of F φ; S=? [φ] (long run, DTMC); filter(op, property, states)
// with op max, min, avg, sum, count, forall, exists, first, print; labels
// "l", "init", formulas and constants of the model. Anything else (nested
// operators, reward bounds F^{rew...}, W, R operators of other kinds) is
// refused, naming it and its file:line:column.
//
// Evaluation (the solvers, never a second one): unbounded P and R and T by
// optimal_decision (decision/solve.hpp) on the decision model of the state
// space, every state at once (a DTMC is a decision model with one choice a
// state); φ U ψ makes the states of neither φ nor ψ terminal; G φ is
// 1 - P[F !φ] with min and max swapped; X φ is one step; the step-bounded
// forms by bounded_value_iteration (decision/bounded.hpp); S by the chain's
// long-run distribution (markov/long_run.hpp). R follows PRISM's infinity
// conventions (decision/solve.hpp: rmax, rmin).
// Source: the PRISM manual, "Property Specification"; Storm's documentation
// (T operator); Baier and Katoen, "Principles of Model Checking" ch. 10.
// Status: tested on hand-made models and on the Quantitative Verification
// Benchmark Set's references (tests/lang/).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/decision/bounded.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/lang/build.hpp"
#include "exactdp/lang/model.hpp"
#include "exactdp/lang/prism.hpp"

namespace exactdp::lang {

/// A `// RESULT: v` or `// RESULT (N=16,MAX=2): v` comment above a property.
struct result_comment {
  std::string constants;  ///< "N=16,MAX=2", or "" for every value
  std::string value;      ///< as written: "4/3", "0.0183", "true", "Infinity"
  position pos;
};

/// A property, compiled against a model.
struct property {
  std::string name;  ///< "" when unnamed
  std::string text;  ///< the property as written (spaces collapsed)
  position pos;
  std::string filter;                    ///< "" (none) or max, min, avg, sum, count, forall, exists, first, print
  expr filter_states = no_expr;          ///< the filter's states (no_expr: every state)
  bool filter_init = false;              ///< the filter's states are "init"
  char letter = 'P';                     ///< P, R, S, T
  int optimum = 0;                       ///< 1 max, -1 min, 0 none (a DTMC)
  int reward = -1;                       ///< index into the model's rewards (R), -1 otherwise
  std::string compare;                   ///< "=?" or a bound's relation "<", "<=", ">", ">="
  Rational bound;                        ///< the bound (compare != "=?")
  char path = 'F';                       ///< F, G, X, U, C, I, S
  std::optional<std::uint64_t> steps;    ///< the step bound (F<=k, U<=k, G<=k, C<=k, I=k)
  expr left = no_expr, right = no_expr;  ///< U: left U right; F, G, X, S: right
  std::vector<result_comment> results;
  /// Why the property was refused (parse_properties with keep_going), or "".
  std::string error;

  /// True when the property asks for a number (=?), false for a bound (true or false).
  bool numeric() const { return compare == "=?"; }
};

/// Parses a properties file (or one property's text) against the model:
/// names resolve to the model's variables, constants, formulas and labels
/// ("init" is the initial states), and the file's own `const`s (values
/// from `constants` when the file gives none). Adds the compiled
/// expressions to model.pool. Throws std::invalid_argument
/// "file:line:column: ..." for a syntax error, an unknown name or label, a
/// type error, an unknown reward structure, an unsupported operator (named),
/// a property that needs a model type it does not have (S on an MDP), or a
/// step bound that is not a constant int >= 0. With `keep_going`, a property
/// that fails is kept with its reason in property::error (its text and
/// name are kept too; reading goes on at the next ';' or named property),
/// so that a file with one unsupported property still serves the others;
/// a `const` that fails still throws. Cost: linear in the text.
/// Example: parse_properties("P=? [ F x=1 ]", "coin.props", model).at(0).letter == 'P' for the model of
/// parse_prism_language's example.
std::vector<property> parse_properties(std::string_view text, const std::string& source, symbolic_model& model,
                                       const constant_values& constants = {}, bool keep_going = false);

/// The names of the constants a properties file declares without a value.
/// Example: undefined_property_constants("const double p;\nP>=p [ F x=1 ]", "coin.props") is {"p"}.
std::vector<std::string> undefined_property_constants(std::string_view text, const std::string& source);

/// The values of a property at every state of the space, in T: probabilities
/// or expected rewards (infinite[s] = 1 where a reward is +infinity), with
/// the optimal strategy of the unbounded MDP questions (for residues:
/// evaluate that strategy).
template <class T>
struct property_values {
  std::vector<T> value;
  std::vector<char> infinite;
  std::vector<std::uint32_t> strategy;  ///< unbounded P, R, T on an MDP: an optimal choice per state
};

namespace detail {

/// The decision model and query of an unbounded P, R or T property (the
/// stop states and targets of F, U, and of G through its complement).
struct unbounded_question {
  decision_model model;
  decision_query query;
  bool complement = false;  ///< G: the value is 1 - this question's
};

unbounded_question unbounded_question_of(const symbolic_model& model, const state_space& space, const property& p);

/// The inputs of a bounded or one-step property: the decision model, the
/// target (reach), the state values (I=k), the steps, max or min, and
/// whether the answer is 1 - the values (G).
struct bounded_question {
  decision_model model;
  bounded_kind kind = bounded_kind::reach;
  std::uint64_t steps = 0;
  bool maximise = true;
  bool complement = false;
  std::vector<char> target;
  std::vector<Rational> state_value;
};

bounded_question bounded_question_of(const symbolic_model& model, const state_space& space, const property& p);

/// The long-run probability of the property's states (S=? [phi]) from each
/// of its reported states (0 at the others). DTMC only.
std::vector<Rational> long_run_exact(const symbolic_model& model, const state_space& space, const property& p);
std::vector<double> long_run_double(const symbolic_model& model, const state_space& space, const property& p);

}  // namespace detail

/// A property's question to the solvers, built once from the state space
/// and then solved in any number of number systems: the decision model of
/// a bounded or unbounded P, R or T property (empty for S, whose chain is
/// built by the long-run solver).
struct property_question {
  std::optional<detail::bounded_question> bounded;
  std::optional<detail::unbounded_question> unbounded;
};

/// The question of property p on the space (see property_question).
/// Errors: to_decision_model's and the expressions' (std::invalid_argument,
/// resource_error). Cost: linear in the state space.
/// Example: question_of(model, space, p).unbounded is set for p "P=? [ F x=1 ]" on the coin of
/// build_state_space's example.
property_question question_of(const symbolic_model& model, const state_space& space, const property& p);

/// The states a property is reported for: the filter's states (filter
/// given: its states, or the initial states for "init"), else the initial
/// states. Increasing.
/// Example: reported_states(model, space, p) == {0} (the initial state) for question_of's example.
std::vector<std::size_t> reported_states(const symbolic_model& model, const state_space& space, const property& p);

/// The property's value at every state (see the file comment for the
/// solver each operator goes to). T: Rational or double for every property;
/// residues (DynModInt) need `strategy` for unbounded MDP questions (the
/// exact solve's), and have no value for step-bounded MDP questions or S.
/// Errors: the solvers' (std::domain_error, resource_error), and
/// std::domain_error for a residue question that has none (a step-bounded
/// MDP question).
/// Cost: that of the solver: graph analysis plus strategy iteration
/// (unbounded), k rounds of O(n + m) (bounded).
/// `question` is question_of(model, space, p), built once for every number
/// system; the overload without it builds it.
/// Example: evaluate_property<Rational>(model, space, p, question_of(model, space, p)).value[0] == 1 for
/// question_of's example.
template <class T>
property_values<T> evaluate_property(const symbolic_model& model, const state_space& space, const property& p,
                                     const property_question& question,
                                     const std::vector<std::uint32_t>* strategy = nullptr) {
  property_values<T> out;
  const std::size_t n = space.size();
  out.infinite.assign(n, 0);
  if (p.letter == 'S') {
    if constexpr (std::is_same_v<T, Rational>) {
      out.value = detail::long_run_exact(model, space, p);
    } else if constexpr (std::is_same_v<T, double>) {
      out.value = detail::long_run_double(model, space, p);
    } else {
      const std::vector<Rational> exact = detail::long_run_exact(model, space, p);
      for (const Rational& q : exact) out.value.push_back(from_rational<T>(q));
    }
    return out;
  }
  if (question.bounded) {
    const detail::bounded_question& q = *question.bounded;
    bounded_values<T> v = bounded_value_iteration<T>(q.model, q.kind, q.steps, q.maximise, q.target, q.state_value);
    out.value = std::move(v.value);
    if (q.complement)
      for (T& x : out.value) x = T(1) - x;
    return out;
  }
  if (!question.unbounded) throw std::invalid_argument("evaluate_property: the question is not this property's");
  const detail::unbounded_question& q = *question.unbounded;
  if constexpr (std::totally_ordered<T>) {
    decision_solution<T> sol = optimal_decision<T>(q.model, q.query);
    out.value = std::move(sol.value);
    out.infinite = std::move(sol.infinite);
    out.strategy = std::move(sol.strategy);
  } else {
    std::vector<std::uint32_t> first(n, 0);
    bool choices = false;
    for (std::size_t s = 0; s < n && !choices; ++s) choices = q.model.choice_count(s) > 1;
    if (choices && !strategy)
      throw std::invalid_argument("the residue of an optimum needs the optimal strategy of the exact solve");
    strategy_values<T> v = evaluate_strategy<T>(q.model, q.query, strategy ? std::span(*strategy) : std::span(first));
    out.value = std::move(v.value);
    out.infinite = std::move(v.infinite);
  }
  if (q.complement)
    for (T& x : out.value) x = T(1) - x;
  return out;
}

/// evaluate_property with question_of(model, space, p) built here.
/// Example: evaluate_property<Rational>(model, space, p).value[0] == 1 for question_of's example.
template <class T>
property_values<T> evaluate_property(const symbolic_model& model, const state_space& space, const property& p,
                                     const std::vector<std::uint32_t>* strategy = nullptr) {
  return evaluate_property<T>(model, space, p, question_of(model, space, p), strategy);
}

/// The reward structure called `name` ("" : the first one), or -1 when the
/// model has none of that name.
/// Example: reward_index(model, "") == -1 for the model of parse_prism_language's example (no rewards).
int reward_index(const symbolic_model& model, const std::string& name);

}  // namespace exactdp::lang
