// exactdp/numeric/answer_bound.hpp: how large an exact answer can be, and
// how many residue runs determine it.
//
// A residue run is independent per prime, so an exact answer too large for
// one machine is many residue runs (a job array over primes_below()) and one
// combination. Each recurrence gives a bound on its answer N/D before any
// run (<recurrence>_bound in its header); primes_needed turns the bound into
// a number of primes:
//  - when D is known in advance (8^moves for the knight, max_pts^draws for
//    New 21 Game, 1 for counts), the numerator alone is recovered by CRT
//    (combine_known_denominator): the primes' product must exceed 2|N|;
//  - otherwise rational reconstruction (reconstruct) recovers N and D, and
//    needs a product above 2·max(|N|, D)²: about twice as many primes.
// Source: von zur Gathen and Gerhard, "Modern Computer Algebra", 5.4 (CRT)
// and 5.10 (rational reconstruction).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// A bound on an exact answer N/D, known before computing it.
struct answer_bound {
  std::uint64_t numerator_bits = 1;    ///< |N| < 2^numerator_bits
  std::uint64_t denominator_bits = 1;  ///< 0 < D < 2^denominator_bits
  /// D itself when the recurrence fixes it in advance: the answer is N/D with
  /// this D (not necessarily in lowest terms); 1 for counts and integers.
  /// Empty when only its size is known.
  std::optional<BigInt> denominator;
};

/// The number of primes, each above 2^(prime_bits - 1), whose residues
/// determine an answer within `bound`: with a known denominator
/// ceil((numerator_bits + 1) / (prime_bits - 1)) (the product exceeds 2|N|,
/// combine_known_denominator), otherwise
/// ceil((2·max(numerator_bits, denominator_bits) + 1) / (prime_bits - 1))
/// (the product exceeds 2·max(|N|, D)², reconstruct). primes_below(count,
/// prime_bits) gives primes above 2^(prime_bits - 1) for every count far
/// below the number of primes in that range (for 62 bits: any count up to
/// 10^6). Constraints: 3 <= prime_bits <= 62 (std::invalid_argument
/// otherwise). Cost: O(1).
/// Status: tested on every recurrence's bound by combining that many
/// residues into the exact answer, and one prime fewer failing.
/// Example: primes_needed(answer_bound{100, 1, BigInt(1)}) == 2.
inline std::uint64_t primes_needed(const answer_bound& bound, int prime_bits = 62) {
  if (prime_bits < 3 || prime_bits > 62)
    throw std::invalid_argument("primes of " + std::to_string(prime_bits) + " bits: the bits must be between 3 and 62");
  const auto per_prime = static_cast<std::uint64_t>(prime_bits - 1);
  const std::uint64_t product_bits =
      bound.denominator ? bound.numerator_bits + 1 : 2 * std::max(bound.numerator_bits, bound.denominator_bits) + 1;
  return (product_bits + per_prime - 1) / per_prime;
}

namespace detail {

/// ceil(e·log2(base)) + 1: bits of a bound c·base^e with c < 2, without
/// rounding down (long double has 64 bits of precision; 1e-9 of slack per
/// bit keeps the ceiling safe for every e·log2(base) below 2^40).
inline std::uint64_t power_bits(std::uint64_t base, std::uint64_t e) {
  const long double bits = static_cast<long double>(e) * std::log2(static_cast<long double>(base));
  return static_cast<std::uint64_t>(std::ceil(bits * (1 + 1e-9L))) + 1;
}

/// base^e as the known denominator of a bound, checked against the state
/// budget before it is computed. Throws resource_error.
inline BigInt known_power(unsigned long base, unsigned long e, const std::string& what) {
  check_state_budget(what, 1, static_cast<std::size_t>(power_bits(base, e) / 8 + 16));
  BigInt z;
  mpz_ui_pow_ui(z.backend().data(), base, e);
  return z;
}

/// A bound for an integer answer (a count, or an expectation that is an
/// integer): known denominator 1.
inline answer_bound integer_bound(std::uint64_t bits) { return {bits, 1, BigInt(1)}; }

}  // namespace detail

}  // namespace exactdp
