// exactdp/verify/lang_model.hpp: certificates of models in the PRISM
// language and JANI (docs/certificates.md, "PRISM-language and JANI
// models"). One rule each, shared by the writer (exactdp check
// --certificate) and the checker (exactdp verify): which properties a
// certificate covers, how the states are named, and how the checker reads
// the model back — with the language front end (lang/: parse, build the
// state space and the property's decision model; no solver, and none of
// their headers: scripts/checker_apart.py), the certificate's constants,
// and the property its target names: for a PRISM-language model the
// property's text, for a JANI file the property's name.
#pragma once

#include <string>
#include <vector>

#include "exactdp/lang/build.hpp"
#include "exactdp/lang/jani.hpp"
#include "exactdp/lang/model.hpp"
#include "exactdp/lang/properties.hpp"
#include "exactdp/verify/certificate.hpp"
#include "exactdp/verify/verify.hpp"

namespace exactdp {

/// The certificate's query.objective for property p on a model of kind
/// `kind`: a DTMC's P=? [F φ] is "reach", its R=? and T=? [F φ] "steps" (an
/// expected reward); an MDP's Pmax, Pmin, Rmax, Rmin (and T) =? [F φ] are
/// "pmax", "pmin", "rmax", "rmin" (a filter around them is allowed: the
/// certificate holds every state's value). Throws std::invalid_argument
/// naming the property and what is covered for any other property (a bound,
/// a step bound, U, G, X, C, I, S). Cost: O(1).
/// Example: lang_certificate_objective(lang::model_kind::dtmc, p) == "reach" for p "P=? [ F x=1 ]".
std::string lang_certificate_objective(lang::model_kind kind, const lang::property& p);

/// The certificate's name of every state of a built space: its full
/// valuation, "(s=0, srep=0, b=true)" (lang::describe_state, every
/// variable shown), in the builder's order. Cost: linear in the states and
/// variables.
/// Example: lang_state_names(model, space)[1] == "(x=1)" for the coin of lang::build_state_space's example.
std::vector<std::string> lang_state_names(const lang::symbolic_model& model, const lang::state_space& space);

/// A PRISM-language or JANI model read back for a certificate: the model
/// with the certificate's constants, and the one property its label selects.
struct lang_certificate_model {
  lang::symbolic_model model;
  lang::property property;
  lang::constant_values constants;
};

/// Reads the model text `model_text` (a PRISM-language model or a JANI file,
/// told by its content; `model_name` names it in messages) with the
/// constants `constants` (lang::read_constant_items; one value each) and the one property
/// `label` selects: for a PRISM-language model the label is the property's
/// text, for a JANI file the name of one of its properties. The state space
/// is not built. Throws std::invalid_argument for a text that is neither
/// kind of model, a constant the model does not leave undefined, what
/// lang::read_constant_items and the front end refuse, a range, a label that names no
/// property or several, or a property the front end refused (with its
/// reason). Cost: linear in the texts.
/// Example: read_lang_certificate_model(coin, "coin.pm", "", "P=? [ F x=1 ]").property.path == 'F' for the
/// coin of lang::build_state_space's example.
lang_certificate_model read_lang_certificate_model(const std::string& model_text, const std::string& model_name,
                                                   const std::string& constants, const std::string& label);

/// Whether two constant lists name the same values ("N=3,p=1/2" and
/// "p=0.5,N=3" do): both are read by lang::read_constant_items, and each
/// name's value is compared as an exact number where both read as one (as
/// text otherwise, true and false). The order does not count. Throws
/// std::invalid_argument what lang::read_constant_items refuses in either.
/// Cost: linear in the texts. Example: same_constants("a=1,b=2", "b=2,a=1").
bool same_constants(const std::string& a, const std::string& b);

/// The checker's view of the PRISM-language or JANI model at `path` for
/// certificate c (c.model.format "prism-language" or "jani"): the model
/// read with c.model.constants and the property c.target names
/// (read_lang_certificate_model), its state space built (deadlocks given a
/// self-loop), the decision model of the property (lang::unbounded_question_of: the
/// states, choices, probabilities and the property's reward structure),
/// states named by lang_state_names, and the label c.target holding the
/// states where the property's target formula holds. Throws
/// std::invalid_argument when c has no target, when the file is not of
/// c.model.format, or when the property's objective
/// (lang_certificate_objective) is not c.objective; the front end's errors
/// (std::invalid_argument, resource_error past the state budget). Cost:
/// the state space's construction.
/// Example: from the source tree, load_lang_verify_model("examples/prism/two_sixes.pm", c).names.size() == 3
/// for c read from examples/prism/two_sixes.rolls.cert.json.
verify_model load_lang_verify_model(const std::string& path, const certificate& c);

}  // namespace exactdp
