// Shared checks for the chance recurrence tests: agreement across the
// number systems of one recurrence written once.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <type_traits>

#include "exactdp/numeric/numeric.hpp"

namespace exactdp::test {

/// The exact value of a recurrence as a Rational (counts included).
template <class Exact, class Solve>
Rational exact_of(const Solve& solve) {
  return Rational(solve(std::type_identity<Exact>{}));
}

/// Policy agreement: the exact value mapped to a residue equals the Mod run
/// and the DynModInt run under another prime; the double run is within
/// `relative_tolerance` (relative to max(1, |exact|)) of the exact value
/// rounded to double. Returns the exact value.
template <class Exact, class Solve>
Rational check_policies(const Solve& solve, double relative_tolerance) {
  const Rational exact = exact_of<Exact>(solve);
  const Mod residue = solve(std::type_identity<Mod>{});
  CHECK(to_residue(exact, Mod::modulus()) == residue.value());
  {
    dyn_modulus_scope scope(998'244'353);
    const DynModInt other = solve(std::type_identity<DynModInt>{});
    CHECK(to_residue(exact, 998'244'353) == other.value());
  }
  const double approx = static_cast<double>(solve(std::type_identity<double>{}));
  const double rounded = to_double(exact);
  CHECK(std::abs(approx - rounded) <= relative_tolerance * std::max(1.0, std::abs(rounded)));
  return exact;
}

}  // namespace exactdp::test
