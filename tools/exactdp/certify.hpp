// --certificate FILE.json of the chain, mdp and check commands: the certificate of
// an exact MDP solution (exactdp/decision/certify.hpp) written as the file
// format of exactdp/verify/certificate.hpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "exactdp/decision/model.hpp"
#include "exactdp/decision/solve.hpp"

namespace exactdp::tool {

/// How the model of a certificate was read and asked.
struct certificate_request {
  std::string path;          // where to write the certificate
  std::string model;         // the model file as given
  std::string format;        // --format ("" when told from the content)
  std::string reward_model;  // --reward-model ("" for the first)
  std::string kind;          // "chain" or "mdp"
  std::string objective;     // "reach", "steps", "pmax", "pmin", "rmax", "rmin"
  std::optional<std::string> target;
  std::string start;               // the start state's name
  std::string constants;           // the constants the model was built with ("" for none)
  std::vector<std::string> names;  // every state's name; empty: the decision model's names
};

/// Checks what can be checked before solving: a model file (not standard
/// input) and a path that can be written. Throws std::invalid_argument.
void check_certificate_request(const certificate_request& c);

/// Writes the certificate of `sol` (an exact solution of `q` on `m`) to
/// c.path and adds a text fact naming the file to `r`. Throws
/// std::invalid_argument when the file cannot be written, std::domain_error
/// when no witness exists (certify_decision).
void write_certificate(result& r, const certificate_request& c, const decision_model& m, const decision_query& q,
                       const decision_solution<Rational>& sol);

}  // namespace exactdp::tool
