// exactdp/lang/certificate_model.hpp: what the writer of certificates
// (exactdp check --certificate) and their checker (exactdp verify) share
// for models in the PRISM language and JANI (docs/certificates.md,
// "PRISM-language and JANI models"), one rule each: which properties a
// certificate covers, how the states are named, and how a model and the
// property a certificate's target names are read back with the
// certificate's constants (for a PRISM-language model the target is the
// property's text, for a JANI file the property's name). The front end
// alone: no solver.
#pragma once

#include <string>
#include <vector>

#include "exactdp/lang/build.hpp"
#include "exactdp/lang/model.hpp"
#include "exactdp/lang/properties.hpp"

namespace exactdp::lang {

/// The certificate's query.objective for property p on a model of kind
/// `kind`: a DTMC's P=? [F φ] is "reach", its R=? and T=? [F φ] "steps" (an
/// expected reward); an MDP's Pmax, Pmin, Rmax, Rmin (and T) =? [F φ] are
/// "pmax", "pmin", "rmax", "rmin" (a filter around them is allowed: the
/// certificate holds every state's value). Throws std::invalid_argument
/// naming the property and what is covered for any other property (a bound,
/// a step bound, U, G, X, C, I, S). Cost: O(1).
/// Example: certificate_objective(model_kind::dtmc, p) == "reach" for p "P=? [ F x=1 ]".
std::string certificate_objective(model_kind kind, const property& p);

/// The certificate's name of every state of a built space: its full
/// valuation, "(s=0, srep=0, b=true)" (describe_state, every
/// variable shown), in the builder's order. Cost: linear in the states and
/// variables.
/// Example: state_names(model, space)[1] == "(x=1)" for the coin of build_state_space's example.
std::vector<std::string> state_names(const symbolic_model& model, const state_space& space);

/// A PRISM-language or JANI model read back for a certificate: the model
/// with the certificate's constants, and the one property its label selects.
struct certificate_model {
  symbolic_model model;
  lang::property property;  // qualified: the member is named as its type
  constant_values constants;
};

/// Reads the model text `model_text` (a PRISM-language model or a JANI file,
/// told by its content; `model_name` names it in messages) with the
/// constants `constants` (read_constant_items; one value each) and the one property
/// `label` selects: for a PRISM-language model the label is the property's
/// text, for a JANI file the name of one of its properties. The state space
/// is not built. Throws std::invalid_argument for a text that is neither
/// kind of model, a constant the model does not leave undefined, what
/// read_constant_items and the front end refuse, a range, a label that names no
/// property or several, or a property the front end refused (with its
/// reason; `label_name` names the label's text in them). Cost: linear in the texts.
/// Example: read_certificate_model(coin, "coin.pm", "", "P=? [ F x=1 ]").property.path == 'F' for the
/// coin of build_state_space's example.
certificate_model read_certificate_model(const std::string& model_text, const std::string& model_name,
                                         const std::string& constants, const std::string& label,
                                         const std::string& label_name = "the certificate's target");

/// Whether two constant lists name the same values ("N=3,p=1/2" and
/// "p=0.5,N=3" do): both are read by read_constant_items, and each
/// name's value is compared as an exact number where both read as one (as
/// text otherwise, true and false). The order does not count. Throws
/// std::invalid_argument what read_constant_items refuses in either.
/// Cost: linear in the texts. Example: same_constants("a=1,b=2", "b=2,a=1").
bool same_constants(const std::string& a, const std::string& b);

}  // namespace exactdp::lang
