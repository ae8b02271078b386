// exactdp/certify/writer.hpp: the writing side of certificates
// (exactdp/verify/certificate.hpp): the JSON text of a certificate,
// Pig's certificate from an exact solution, and a Markov chain's exact
// values for certify_decision (rewards of any sign). The witnesses of MDPs, chains
// and games come from exactdp/decision/certify.hpp. The checker
// (exactdp/verify/) includes none of this, so that it shares no code with
// the solvers whose answers it checks.
#pragma once

#include <string>

#include "exactdp/decision/model.hpp"
#include "exactdp/decision/pig.hpp"
#include "exactdp/decision/query.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/verify/certificate.hpp"

namespace exactdp {

/// The certificate as one JSON document (docs/certificates.md), written with
/// nlohmann_json. Cost: linear in the states and the digits of the values.
/// Example: read_certificate(certificate_text(c), "c").values == c.values.
std::string certificate_text(const certificate& c);

/// Pig's certificate from an exact solution (the tool's pig --certificate):
/// the model is its parameters (pig_parameters_text, with their digest),
/// the states the T² turn starts (i, j, 0) with their values, and one
/// string of actions per score pair, 'r' or 'h' for every turn total k of
/// 0..T−i−1. Errors: none. Cost: O(T³) characters and T² values.
/// Example: pig_certificate(pig_game<Rational>(2, 4)).values.size() == 16.
certificate pig_certificate(const pig_solution<Rational>& sol);

/// Every state's exact value of a Markov chain's reach or steps query, as
/// certify_decision takes it (the tool's chain --certificate): `m` is the
/// chain as an MDP of at most one choice per state
/// (to_decision_model(to_explicit_model(chain))), q.objective pmax (the
/// probability of reaching q.target) or rmin (the expected reward until
/// q.target). A chain's expected reward is defined for rewards of any sign
/// (docs/markov.md): where the target is reached almost surely its
/// first-step equations have one solution, elsewhere it is infinite
/// (infinite[s] = 1). optimal_decision refuses negative rewards (an MDP's
/// rmin needs rewards >= 0); here, with a lowest reward -c < 0, the value
/// is that of the rewards shifted by +c less c times the expected steps.
/// Values: probabilities in [0, 1]; rewards any rational, or infinite.
/// Errors: std::invalid_argument for another objective or a state of two
/// choices or more, and optimal_decision's (a target out of range,
/// resource_error past the budgets). Cost: optimal_decision's, twice more
/// (and two copies of the model) when a reward is negative.
/// Example: chain_solution(d, {.objective = decision_objective::rmin, .target = {2}}).value[0] == Rational(1, 2)
/// for the chain d of a -> {b, g} (1/2 each), b -> g, rewards a: -1, b: 3 (d: tests/api/test_header_examples.cpp).
decision_solution<Rational> chain_solution(const decision_model& m, const decision_query& q);

}  // namespace exactdp
