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
// Evaluation (lang/property_values.hpp; this header holds the syntax and
// the questions' decision models, and includes no solver): unbounded P and R and T by
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

#include "exactdp/decision/model.hpp"
#include "exactdp/decision/query.hpp"
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
/// ("init" is the initial states, "deadlock" the states the builder gave a
/// self-loop: state_space::deadlock_states), R{"name"} or R{k} (the k-th
/// structure, from 1) to the model's rewards, and the file's own `const`s (values
/// from `constants` when the file gives none) and `label "name" = e;`s
/// (added to model.labels, for the properties after them; a name the model
/// or the file has already, or "init" and "deadlock", throws, naming both
/// places). Adds the compiled
/// expressions to model.pool. Throws std::invalid_argument
/// "file:line:column: ..." for a syntax error, an unknown name (with
/// "; did you mean ...?" for a close name, or the label of that name) or
/// label, a type error, an unknown reward structure, an unsupported operator
/// (named: long-run rewards, Smax, arithmetic between properties,
/// filter(state, ...), a state formula in a filter),
/// a property that needs a model type it does not have (S on an MDP), or a
/// step bound that is not a constant int >= 0. With `keep_going`, a property
/// that fails is kept with its reason in property::error (its text and
/// name are kept too; reading goes on at the next ';' or named property),
/// so that a file with one unsupported property still serves the others;
/// a `const` that fails still throws. A model in the PRISM language given
/// as the text (its first word a model's and not const or label, or an
/// endmodule in it) throws "SOURCE is a model in the PRISM language, not a
/// properties file" before any property. Cost: linear in the text.
/// Example: parse_properties("P=? [ F x=1 ]", "coin.props", model).at(0).letter == 'P' for the model of
/// parse_prism_language's example.
std::vector<property> parse_properties(std::string_view text, const std::string& source, symbolic_model& model,
                                       const constant_values& constants = {}, bool keep_going = false);

/// The names of the constants a properties file declares without a value.
/// Example: undefined_property_constants("const double p;\nP>=p [ F x=1 ]", "coin.props") is {"p"}.
std::vector<std::string> undefined_property_constants(std::string_view text, const std::string& source);

/// The decision model and query of an unbounded P, R or T property (the
/// stop states and targets of F, U, and of G through its complement).
struct unbounded_question {
  decision_model model;
  decision_query query;
  bool complement = false;  ///< G: the value is 1 - this question's
};

/// The question of an unbounded P, R or T property (F, U, G; no step bound)
/// on the space: the decision model of the space (to_decision_model, with
/// the property's reward structure; U's states of neither side stop) and
/// the query (pmax/pmin or rmax/rmin as p's optimum; a DTMC's pmax or rmax)
/// with the states where the target formula holds (G: where it fails,
/// complement set). The solvers evaluate it (question_of,
/// lang/property_values.hpp); the checker of certificates reads its model
/// and target. Errors: to_decision_model's and the expressions'. Cost:
/// linear in the state space.
/// Example: unbounded_question_of(model, space, p).query.target == std::vector<std::size_t>{1} for
/// question_of's example.
unbounded_question unbounded_question_of(const symbolic_model& model, const state_space& space, const property& p);

/// The states a property is reported for: the filter's states (filter
/// given: its states, or the initial states for "init"), else the initial
/// states. Increasing.
/// Example: reported_states(model, space, p) == {0} (the initial state) for question_of's example.
std::vector<std::size_t> reported_states(const symbolic_model& model, const state_space& space, const property& p);

/// The reward structure called `name` ("" : the first one), or -1 when the
/// model has none of that name.
/// Example: reward_index(model, "") == -1 for the model of parse_prism_language's example (no rewards).
int reward_index(const symbolic_model& model, const std::string& name);

}  // namespace exactdp::lang
