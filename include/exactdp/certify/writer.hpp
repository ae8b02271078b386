// exactdp/certify/writer.hpp: the writing side of certificates
// (exactdp/verify/certificate.hpp): the JSON text of a certificate, and
// Pig's certificate from an exact solution. The witnesses of MDPs, chains
// and games come from exactdp/decision/certify.hpp. The checker
// (exactdp/verify/) includes none of this, so that it shares no code with
// the solvers whose answers it checks.
#pragma once

#include <string>

#include "exactdp/decision/pig.hpp"
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

}  // namespace exactdp
