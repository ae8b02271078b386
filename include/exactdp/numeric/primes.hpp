// exactdp/numeric/primes.hpp: primes for residue runs combined by CRT.
//
// An exact answer too large for one machine is many residue runs, one per
// prime, and one combination (crt_combine, reconstruct,
// combine_known_denominator). The runs need distinct primes of the residue
// types' size; this lists them deterministically, so that every job of a job
// array can compute its own prime from its index.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace exactdp {

/// The `count` largest primes below 2^bits, largest first
/// (primes_below(3, 62) = 4611686018427387847, 4611686018427387817,
/// 4611686018427387787). Every one is a valid modulus of the 64-bit residues
/// (bits <= 62) and, for bits <= 31, of the 32-bit ones; 2 is never listed
/// (residues need an odd prime).
/// Constraints: 1 <= count <= 10^6, 3 <= bits <= 62; std::invalid_argument
/// otherwise, or when fewer than `count` odd primes lie below 2^bits (saying
/// how many do). Cost: about ln(2^bits)/2 candidates per prime, each a trial
/// division by the primes below 100 and, for the survivors, a deterministic
/// Miller-Rabin test: about 10^4 primes of 62 bits per second.
/// Source: prime number theorem for the density; Miller-Rabin with
/// Sinclair's bases (modint64.hpp). Status: tested against FLINT's n_is_prime
/// and n_prevprime, and on the ranges with few primes (bits 3 to 8).
/// Example: primes_below(2, 5) is {31, 29}.
std::vector<std::uint64_t> primes_below(std::size_t count, int bits = 62);

}  // namespace exactdp
