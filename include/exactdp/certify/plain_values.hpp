// exactdp/certify/plain_values.hpp: values from elsewhere (a CSV or JSON
// of state values, without witnesses) made into a certificate and checked
// by the checker (exactdp/verify/verify.hpp): first the equations and the
// choices (check_certificate without witnesses); then the witnesses are
// derived from the values (decision/certify.hpp: ranks found by graph
// search among the choices that attain the values) and the full
// certificate is checked. Values that solve the equations but are another
// fixed point than the query's (a loop given Pmax 1) have no witnesses and
// are refused. Reading the values, the query and deriving the witnesses
// are not part of the checker: it checks the certificate made here, whose
// query the report names.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "exactdp/numeric/rational.hpp"
#include "exactdp/verify/certificate.hpp"
#include "exactdp/verify/verify.hpp"

namespace exactdp {

/// Whether `text` is a certificate rather than values from elsewhere: a
/// JSON object whose first key is "certificate" (as certificate_text
/// writes it; read_certificate then reads it strictly). Cost: O(leading
/// white space). Example: is_certificate("{\"certificate\": 1}") is true,
/// is_certificate("state,value\n0,1/2") false.
bool is_certificate(std::string_view text);

/// Values from elsewhere, without witnesses: CSV lines "state,value" (a
/// first line "state,value" is a header; '#' lines are comments; a name in
/// double quotes, as CSV quotes one with commas, "(x=1, y=0)", is read
/// without them, "" as ") or a JSON
/// object {"state": value, ...}, where a value is a fraction or decimal
/// ("1/3", "0.25", 3) or "inf". Returns (state name, value; nullopt for inf)
/// in file order. Throws std::invalid_argument "SOURCE:LINE: ..." for a bad
/// line, a bad number or a state named twice. Cost: linear in the text.
/// Example: read_plain_values("state,value\n0,1/2\n1,inf\n", "v") is {{"0", 1/2}, {"1", nullopt}}.
std::vector<std::pair<std::string, std::optional<Rational>>> read_plain_values(std::string_view text,
                                                                               const std::string& source);

/// The query of values from elsewhere, which name none (the options of
/// `exactdp verify MODEL VALUES`).
struct plain_query {
  std::string objective;  ///< reach, steps (a chain), pmax, pmin, rmax, rmin (an MDP), or a game's reach, payoff
  std::string kind;       ///< "chain", "mdp" or "game"; "": the objective's (payoff: a game)
  std::optional<std::string> target;       ///< the target label or state (a chain's default: the absorbing states)
  std::optional<std::string> start;        ///< the state whose value to report (default: the first)
  std::optional<Rational> default_payoff;  ///< a payoff game's: what a play that never ends pays (default 0)
  std::string format, reward_model;        ///< as load_verify_model's
  /// A model in the PRISM language or JANI: the property whose values they are (its text; a JANI property's
  /// name), which sets the query, kind and target (objective, kind, target, default, format and reward_model
  /// stay empty); the states are named by their variables' values, "(x=1, y=0)", as check names them
  std::optional<std::string> property;
  std::string constants;  ///< with property: the model's constants, "N=3,p=0.5" (--const)
};

/// Checks values from elsewhere (`text`, read by read_plain_values; one
/// value for every state of the model) against the model at `model_path`
/// for query q: the equations, and for MDPs and games that no choice
/// improves on the values (check_certificate's `witnesses` false); then,
/// when they hold, the witnesses derived from the values
/// (certify_decision, with a strategy of choices that attain the values),
/// checked with check_certificate in full. Returns the certificate made of
/// them (states, values, and the witnesses when they were found) and the
/// report: verified with nothing unchecked, or not verified naming the
/// state, with the failed equation or, for a fixed point of the equations
/// that is not the query's values, why ("... the values are a fixed point
/// of the equations, but not the least one, which the probabilities
/// are"). Throws std::invalid_argument for a query that is no kind's
/// ("the query 'x' is not one of reach, steps, ...") or does not fit its
/// kind (a target missing or not allowed, a default outside a payoff
/// game), a model in the PRISM language or JANI (.pm, .prism, .nm, .jani)
/// without q.property, a property no certificate covers (unbounded
/// reachability and expected rewards), a state the model lacks or lacks a
/// value, and what
/// load_verify_model and read_plain_values throw (when q.kind is "" and the
/// model file does not read as the query's kind, the reader's message is
/// followed by what to give instead: " (read as a Markov chain, the kind
/// the query reach defaults to: for an MDP give the query pmax or pmin,
/// for a game the kind game)"). Cost: reading the model
/// and the values, check_certificate twice and certify_decision.
/// Example: from the source tree, verify_plain_values("examples/decision/lottery.json",
/// read_text("examples/decision/lottery.values.csv", "v"), "v", {"pmax", "", "goal"}).second.verified.
std::pair<certificate, verify_report> verify_plain_values(const std::string& model_path, std::string_view text,
                                                          const std::string& source, const plain_query& q);

}  // namespace exactdp
