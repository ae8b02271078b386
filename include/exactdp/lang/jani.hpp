// exactdp/lang/jani.hpp: JANI models (jani-spec.org) read into the same
// symbolic model (model.hpp) and the same properties (properties.hpp) as the
// PRISM language, so that one builder and one property evaluation serve both.
//
// What is read (through the strict JSON layer, io/json_input.hpp: exact
// numbers, duplicate keys refused, nesting limited; a UTF-8 byte-order mark
// is allowed): model types dtmc and mdp; `constants` (values in the file or
// given by the caller, as --const); global and automaton-local `variables`
// (bounded int, bool; `transient` int, real and bool variables, whose value
// in a state is the one its locations give, else their initial value);
// `initial-value` and `restrict-initial`; `automata` with `locations` (an
// automaton of several locations gets a location variable, named
// "AUTOMATON.location"), `initial-locations`, `edges` (`location`,
// `action`, `guard`, `destinations` with `probability`, `location` and
// `assignments`); the `system` composition: `elements` and `syncs`
// (synchronisation vectors with `result`); an edge whose action is in no
// vector for its automaton is blocked, silent edges interleave.
// Expressions: every core operator and the `derived-operators` feature
// (ite, ∨, ∧, ¬, ⇒, =, ≠, <, ≤, >, ≥, +, -, *, /, %, pow, log, floor,
// ceil, abs, sgn, trc, min, max), `functions` (inlined where called;
// recursion is refused). Properties: `filter` (values, max, min, sum, avg,
// count, ∀, ∃) over `initial` or a state predicate; Pmin, Pmax of F, G, U
// with `step-bounds` (upper), and `reward-bounds` whose reward is the step
// count; bounds (≥, >, ≤, < of P or E and a constant); Emin, Emax of a
// transient variable or a constant with `accumulate` (steps, exit) and
// `reach`, or `step-instant` (C<=k with accumulate, I=k without); S for
// DTMCs. A transient variable's rewards: its location values are state
// rewards (accumulate exit), its assignments on destinations are collected
// when the destination is taken (accumulate steps).
// Refused, naming the JSON path of the construct ("file:line: path:
// reason"): other model types, features, operators, clocks and
// continuous variables, rates, assignment index levels other than 0,
// `exists`/`forall` path quantifiers, time bounds, rewards that are not
// the step count in reward bounds, and any key the specification does not
// define here.
// Source: Budde, Dehnert, Hahn, Hartmanns, Junges, Turrini, "JANI: Quantitative
// Model and Tool Interaction" (TACAS 2017) and the specification at
// jani-spec.org; Storm's reading of it for the semantics of transient
// variables as rewards.
// Status: tested construct by construct and against the PRISM route on the
// Quantitative Verification Benchmark Set's pairs (tests/lang/test_jani.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "exactdp/lang/model.hpp"
#include "exactdp/lang/prism.hpp"
#include "exactdp/lang/properties.hpp"

namespace exactdp::lang {

/// A JANI file: the model and the properties inside it, in the file's
/// order. A property that cannot be read is kept with its reason in
/// property::error ("file:line: path: message"), as parse_properties does
/// with keep_going, so that one unsupported operator does not stop the others.
struct jani_file {
  symbolic_model model;
  std::vector<property> properties;
};

/// Parses a JANI model and its properties. `source` names the file in
/// messages; `constants` gives the constants the file declares without a
/// value (name and text: "3", "1/2", "true"). A property that cannot be
/// read is kept with its reason in property::error. Throws std::invalid_argument
/// "file:line: path: message" for invalid JSON, a missing or unknown key,
/// an unsupported feature (named by its JSON path, such as
/// "automata[0].edges[3].guard.exp"), a type error, an undefined name, a
/// constant without a value; resource_error when the text passes the state
/// budget. Cost: linear in the text, plus the size of inlined function
/// bodies; no recursion deeper than the nesting limit (max_expression_depth).
/// Example: from the source tree, parse_jani(read_text("tests/data/qvbs/models/dtmc/herman/herman.3.jani",
/// "m"), "m").properties.size() == 1.
jani_file parse_jani(std::string_view text, const std::string& source, const constant_values& constants = {});

/// True when `text` looks like a JANI file: its first character, after a
/// byte-order mark and white space, is '{' (a PRISM model never starts so).
/// Example: looks_like_jani(" {\"jani-version\": 1}") and not looks_like_jani("dtmc").
bool looks_like_jani(std::string_view text);

/// The names of the constants a JANI file declares without a value.
/// Throws what the JSON reader throws.
/// Example: undefined_jani_constants(R"({"jani-version": 1, "constants": [{"name": "N", "type": "int"}]})", "m.jani")
/// is {"N"}.
std::vector<std::string> undefined_jani_constants(std::string_view text, const std::string& source);

}  // namespace exactdp::lang
