// --certificate FILE.json of the chain, mdp, game, pig and check commands: the
// certificate of an exact MDP or game solution (exactdp/decision/certify.hpp)
// or of Pig, written as the file format of exactdp/verify/certificate.hpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "exactdp/decision/model.hpp"
#include "exactdp/decision/pig.hpp"
#include "exactdp/decision/solve.hpp"

namespace exactdp::tool {

/// How the model of a certificate was read and asked.
struct certificate_request {
  std::string path;          // where to write the certificate
  std::string model;         // the model file as given
  std::string format;        // --format ("" when told from the content)
  std::string reward_model;  // --reward-model ("" for the first)
  std::string kind;          // "chain", "mdp" or "game"
  std::string objective;     // "reach", "steps", "pmax", "pmin", "rmax", "rmin"; a game's "reach", "payoff"
  std::optional<std::string> target;
  std::string start;                         // the start state's name
  std::string constants;                     // the constants the model was built with ("" for none)
  std::vector<std::string> names;            // every state's name; empty: the decision model's names
  std::optional<Rational> default_payoff{};  // a payoff game's: what a play that never ends pays
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

/// The largest target of Pig whose certificate is written: the turn-start
/// values' text grows with their length (0.4 MB at target 50, 13 MB at 80;
/// at 100 the values have up to 75,000 bits), and past 100 the exact solve
/// itself is out of reach.
inline constexpr int pig_certificate_max_target = 100;

/// Throws std::invalid_argument when Pig's certificate for this target is
/// not written (past pig_certificate_max_target) or `path` is no new JSON
/// file (check_certificate_request).
void check_pig_certificate_request(const std::string& path, int target);

/// Writes the certificate of an exact solution of Pig to `path` (the
/// turn-start values, every state's action, the parameters as identity)
/// and adds a text fact naming the file to `r`.
void write_pig_certificate(result& r, const std::string& path, const pig_solution<Rational>& sol);

}  // namespace exactdp::tool
