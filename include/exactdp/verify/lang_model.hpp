// exactdp/verify/lang_model.hpp: the checker's view of a model in the
// PRISM language or JANI (docs/certificates.md, "PRISM-language and JANI
// models"), read back with the language front end (lang/: parse, build the
// state space and the property's decision model; no solver, and none of
// their headers: scripts/checker_apart.py) by the rules the writer shares
// (lang/certificate_model.hpp).
#pragma once

#include <string>
#include <vector>

#include "exactdp/lang/certificate_model.hpp"
#include "exactdp/verify/certificate.hpp"
#include "exactdp/verify/verify.hpp"

namespace exactdp {

/// The checker's view of the PRISM-language or JANI model at `path` for
/// certificate c (c.model.format "prism-language" or "jani"): the model
/// read with c.model.constants and the property c.target names
/// (lang::read_certificate_model), its state space built (deadlocks given a
/// self-loop), the decision model of the property (lang::unbounded_question_of: the
/// states, choices, probabilities and the property's reward structure),
/// states named by lang::state_names, and the label c.target holding the
/// states where the property's target formula holds. Throws
/// std::invalid_argument when c has no target, when the file is not of
/// c.model.format, or when the property's objective
/// (lang::certificate_objective) is not c.objective; the front end's errors
/// (std::invalid_argument, resource_error past the state budget). Cost:
/// the state space's construction.
/// Example: from the source tree, load_lang_verify_model("examples/prism/two_sixes.pm", c).names.size() == 3
/// for c read from examples/prism/two_sixes.rolls.cert.json.
verify_model load_lang_verify_model(const std::string& path, const certificate& c);

}  // namespace exactdp
