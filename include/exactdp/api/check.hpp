// exactdp/api/check.hpp: checking a model's properties, one floor for every
// front end (the tool's `exactdp check`, the Python module's exactdp.check):
//   - the model is a PRISM-language model or a JANI file, told apart by its
//     content (lang::looks_like_jani); a PRISM model's properties come from
//     a properties file or one property's text, a JANI file's are inside it;
//   - undefined constants are given as NAME=VALUE items, a value may be a
//     range from:step:to (or from:to) that checks every value, as PRISM's
//     -const does; every given name must be an undefined constant;
//   - `prop` picks properties as PRISM's -prop does: a name, a 1-based
//     index, or (PRISM models) a property's text;
//   - each property is evaluated at most once in each number system (exact,
//     double, residues modulo a prime below 2^31), by the chain and decision
//     solvers (lang::evaluate_property), and reported at the states PRISM
//     reports it: the filter's, else the initial states (each one when there
//     are at most 10, else the smallest and the largest value).
// Printing is the front ends': this layer returns values and sizes, and
// throws std::invalid_argument with file:line:column (or the JANI path) for
// bad input, std::domain_error where no value exists (an infinite expected
// reward, a residue whose denominator the modulus divides), and
// resource_error past a budget.
// Source: the PRISM manual, "Property Specification" and "Running PRISM:
// Constants" (-const, -prop, filters); the JANI specification
// (jani-spec.org: properties inside the model, "filter" over "initial").
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "exactdp/lang/build.hpp"
#include "exactdp/lang/model.hpp"
#include "exactdp/lang/prism.hpp"
#include "exactdp/lang/properties.hpp"
#include "exactdp/lang/property_values.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp::api {

/// How a front end's options are named in messages: the tool's "--const",
/// "--prop", "a properties file", and "--prop" as the source of a
/// property's text ("--prop:1:9: ..."); Python's "constants=", "prop=",
/// "properties=" and "<prop>".
struct check_words {
  std::string constants = "--const";
  std::string prop = "--prop";
  std::string properties = "a properties file";
  std::string prop_source = "--prop";
};

/// One constant given by name, with its value or (a range) its values as text.
struct constant_range {
  std::string name;
  std::vector<std::string> values;
};

/// Reads NAME=VALUE items separated by commas (several strings allowed, as
/// several --const); a VALUE from:step:to or from:to (exact numbers, step >
/// 0) is the range of every value from `from` up to `to`. Throws
/// std::invalid_argument naming `words.constants` for an item without '=',
/// a name given twice, an empty value, a range that is empty, has a step <=
/// 0, more than three parts or more than 1000 values. Example:
/// read_constant_ranges({"p=1/2,N=1:3"}) has p with one value and N with
/// 1, 2, 3. Cost: linear in the text and the values.
std::vector<constant_range> read_constant_ranges(const std::vector<std::string>& items, const check_words& words = {});

/// The constants of one combination as text, "N=16,MAX=2" (name=value
/// items in the order given, joined by commas; "" for none): how the check
/// names a row of a range, and how a certificate records its constants.
/// Cost: linear in the text.
/// Example: constants_text({{"N", "16"}, {"MAX", "2"}}) == "N=16,MAX=2".
std::string constants_text(const lang::constant_values& given);

/// What to check: the texts of the model and its properties, their names
/// in messages ("standard input" or a path), the property choice and the
/// constants.
struct check_input {
  std::string model_text;
  std::string model_name;
  std::optional<std::string> properties_text;  ///< PRISM models only
  std::string properties_name;
  std::optional<std::string> prop;  ///< a name, a 1-based index or (PRISM) a property's text
  std::vector<constant_range> constants;
  check_words words;
};

/// The plan of a check: whether the model is JANI, and every combination
/// of the constants' values (one when no range is given), the first
/// constant's values varying slowest.
struct check_plan {
  bool jani = false;
  std::vector<lang::constant_values> combinations;
};

/// Checks the input before anything is built and plans the runs. Throws
/// std::invalid_argument for a properties file given with a JANI model, a
/// PRISM model without properties nor `prop`, a text that is neither JANI
/// nor the PRISM language, and a constant that is not an undefined constant
/// of the model or the properties (the message lists those); the JSON
/// reader's errors for a broken JANI file. Cost: one scan of the texts.
/// Example: plan_check(in).combinations.size() == 1 for in = {.model_text = coin, .model_name = "coin.pm",
/// .prop = "P=? [ F x=1 ]"}, coin the model of lang::build_state_space's example.
check_plan plan_check(const check_input& in);

/// The size of a built state space, as PRISM reports it: a DTMC's
/// transitions are counted once its choices are merged (distinct targets
/// per state); an MDP's are every choice's.
struct space_size {
  lang::model_kind kind = lang::model_kind::dtmc;
  std::size_t states = 0, transitions = 0, choices = 0, initial_states = 0, deadlocks = 0;
  std::optional<std::size_t> deadlock_example;  ///< a state given a self-loop
};

/// A model read with one combination of constants, the properties
/// selected, and (once build_checked_space ran) its state space.
struct checked_model {
  lang::constant_values constants;
  lang::symbolic_model model;
  lang::state_space space;
  std::vector<lang::property> properties;  ///< a refused one carries its reason in property::error
  space_size size;
};

/// Reads the model and its properties with the constants `given` (one of
/// plan.combinations) and selects the properties `in.prop` names; the state
/// space is not built yet (build_checked_space). Throws
/// std::invalid_argument "file:line:column: ..." for the language's errors
/// (lang/prism.hpp, lang/jani.hpp, lang/properties.hpp), for a `prop` that
/// names nothing (listing the names), a chosen property that is refused
/// (its reason), or when there is no property at all ("FILE holds no
/// property to check"). Cost: linear in the texts.
/// Example: read_checked_model(in, plan, plan.combinations[0]).properties.size() == 1 for plan_check's in and plan.
checked_model read_checked_model(const check_input& in, const check_plan& plan, const lang::constant_values& given);

/// Builds the state space of m and its size; a deadlock state gets a
/// self-loop unless `fix_deadlocks` is false (PRISM's -nofixdl);
/// `progress(found, explored)` is called now and then (optional). Throws lang::build_state_space's errors
/// (std::invalid_argument "file:line:column: ..." for a bad distribution or
/// an update out of range, a deadlock when `fix_deadlocks` is false) and
/// resource_error past the state budget. Polls poll_interrupt(). Cost: per
/// state, every guard; a hash lookup per transition.
/// Example: build_checked_space(m, true) makes m.size.states 2 for m, read_checked_model's example.
void build_checked_space(checked_model& m, bool fix_deadlocks,
                         const std::function<void(std::size_t, std::size_t)>& progress = {});

/// One reported value of a property: at one state, or reduced over
/// states ("state", "min", "max", or the filter's max, min, avg, sum,
/// first, count, forall, exists).
struct report_row {
  std::string reduce = "state";
  std::vector<std::size_t> states;
  /// Where the value is: "" (the one reported state, or the filter's
  /// reduction), the state of one of several initial states ("(x=1, b=true)",
  /// lang::describe_state), or "min" and "max" (the smallest and the largest
  /// value over more than 10 initial states).
  std::string at;
};

/// The rows a property is reported in (the file comment's rule). Throws
/// std::invalid_argument "TEXT: the filter's states are empty". Cost: the
/// filter's evaluation at every state.
/// Example: report_rows(m, m.properties[0]).size() == 1 (the initial state) for build_checked_space's m.
std::vector<report_row> report_rows(const checked_model& m, const lang::property& p);

/// The state whose value the row reports, when it is one state's: the
/// row's state ("state", "first") or, for "max" and "min", the first of its
/// states that attains the value in `values` (max: an infinite value is the
/// largest; min: infinite states are skipped unless all are, then the first
/// state). nullopt for the other reductions (avg, sum, count, forall,
/// exists). `values` holds a value and an infinity flag for every state of
/// the model. Cost: linear in the row's states.
/// Example: reported_state(row, v) == 1 for a "max" row of the states {0, 1} and values {1/2, 3/4}.
std::optional<std::size_t> reported_state(const report_row& row, const lang::property_values<Rational>& values);
std::optional<std::size_t> reported_state(const report_row& row, const lang::property_values<double>& values);

/// Whether the value v satisfies the property's bound (p.compare is "<",
/// "<=", ">" or ">="); `infinite`: the value is +infinity (v is not read),
/// as PRISM compares it: above every bound, so > and >= hold, < and <= fail.
/// Example: holds_bound(Rational(1, 2), p) for p the property "P>=1/4 [ F x=1 ]".
bool holds_bound(const Rational& v, const lang::property& p, bool infinite = false);

/// One property of a checked model, solved at most once in each number
/// system (api::in_systems), read at every row. Not thread-safe: one front
/// end call owns it.
class property_check {
 public:
  /// The property m->properties[index] (not refused).
  property_check(std::shared_ptr<const checked_model> m, std::size_t index);
  ~property_check();
  property_check(const property_check&) = delete;
  property_check& operator=(const property_check&) = delete;

  const lang::property& property() const;
  /// The values at every state, exactly, solved at the first call. Throws
  /// the solvers' errors. Cost: one solve, then O(1).
  const lang::property_values<Rational>& exact_values();
  /// The exact values when they were solved, else nullptr.
  const lang::property_values<Rational>* find_exact_values() const;
  /// The property's question to the solvers (lang::question_of: its decision
  /// model and query) once a solve has built it, else nullptr: the
  /// certificate of an unbounded property is made from the model solved.
  const lang::property_question* question() const;
  /// The row's value in each system. Throw api::infinite_value_error (a
  /// std::domain_error) "the expected reward of P is infinite at STATE
  /// (...)" where the value is infinite (compute_answer makes it the answer
  /// Infinity; min skips infinite states unless all are),
  /// the solvers' errors, and (residue) what api::run_residue throws for p
  /// not a prime below 2^31. An MDP's residues evaluate the exact solve's
  /// optimal strategy. A row that counts states by the bound (count,
  /// forall, exists) uses the exact values: they are solved first. A row
  /// that picks a state (max, min) uses them too when they were solved (the
  /// residue solves them first); else approx picks by the doubles, and so
  /// decides infinity by the double solve's own flags (the same graph
  /// analysis, no arithmetic).
  /// Cost: one solve per system and modulus, then linear in the row's states.
  Rational exact(const report_row& row);
  double approx(const report_row& row);
  std::uint64_t residue(const report_row& row, std::uint64_t p);

 private:
  struct solved;
  std::shared_ptr<const checked_model> model_;
  std::size_t index_;
  std::unique_ptr<solved> solved_;
};

}  // namespace exactdp::api
