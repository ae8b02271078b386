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

/// Policy agreement: the exact value mapped to a residue equals the Mod run,
/// the DynModInt run under another prime, and the 64-bit residue runs
/// (ModInt64 modulo 2^61 - 1, DynModInt64 modulo the largest prime below
/// 2^62 and modulo 4611686018427387817); the double run is within
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
  using mersenne61 = ModInt64<(std::uint64_t{1} << 61) - 1>;
  CHECK(to_residue64(exact, mersenne61::modulus()) == solve(std::type_identity<mersenne61>{}).value());
  for (const std::uint64_t p : {4'611'686'018'427'387'847ull, 4'611'686'018'427'387'817ull}) {
    dyn_modulus64_scope scope(p);
    CHECK(to_residue64(exact, p) == solve(std::type_identity<DynModInt64>{}).value());
  }
  const double approx = static_cast<double>(solve(std::type_identity<double>{}));
  const double rounded = to_double(exact);
  CHECK(std::abs(approx - rounded) <= relative_tolerance * std::max(1.0, std::abs(rounded)));
  return exact;
}

}  // namespace exactdp::test
