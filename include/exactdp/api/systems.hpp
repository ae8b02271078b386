// exactdp/api/systems.hpp: the number systems a question is answered in, and
// run_in, the one place where a number system picks the type a solver runs
// in. Every front end (the command-line tool, the Python module) asks here:
//   exact      Rational for values, BigInt for counts (the caller's Exact);
//   double     double;
//   residue P  DynModInt for a prime P < 2^31, DynModInt64 for 2^31 < P < 2^62
//              (a solver on 32-bit residues only, residue_width::narrow,
//              refuses P > 2^31), with the calling thread's modulus set to P
//              for the run;
//   int64      std::int64_t, for the solvers that check their 64-bit
//              arithmetic (the row games: lead_add, lead_sub).
// A solver is written once as a generic callable solve(std::type_identity<T>)
// and run_in calls it with the T of the system asked for.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "exactdp/numeric/modint.hpp"
#include "exactdp/numeric/modint64.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp::api {

/// Why a double answer came out nan, for every front end: nan is no value,
/// so a front end refuses it with these words (the tool's "double
/// unavailable" line, or status 1 with --as double; Python's DomainError)
/// instead of printing it. `exact_option` is how that front end asks for the
/// exact value ("--as exact", "number=\"exact\""). An infinite double, by
/// contrast, is an answer: it overflowed, and the front ends say so beside it.
/// Example: double_nan_words("--as exact") ends with "--as exact computes without that limit".
inline std::string double_nan_words(const std::string& exact_option) {
  return "the double computation gave nan (not a number): a value beyond the largest double became infinity and "
         "then met inf - inf or 0 * inf on the way; " +
         exact_option + " computes without that limit";
}

/// The kinds of number system.
enum class system_kind { exact, approx, residue, int64 };

/// One number system: exact, double, residues modulo the prime `modulus`, or
/// checked 64-bit integers. Example: number_system::residue(998244353).
struct number_system {
  system_kind kind = system_kind::exact;
  std::uint64_t modulus = 0;  // residue only: the prime P

  static constexpr number_system exact() { return {system_kind::exact, 0}; }
  static constexpr number_system approx() { return {system_kind::approx, 0}; }
  /// Residues modulo p: p is checked when a run starts (check_residue_modulus).
  static constexpr number_system residue(std::uint64_t p) { return {system_kind::residue, p}; }
  static constexpr number_system int64() { return {system_kind::int64, 0}; }
  friend constexpr bool operator==(const number_system&, const number_system&) = default;
};

/// The usual modulus of residue answers: 1,000,000,007.
inline constexpr std::uint64_t default_modulus = 1'000'000'007;

/// The residues a solver computes in: narrow, 32-bit (primes below 2^31: the
/// solvers of chains, decision processes and Pig), or wide (below 2^62: the
/// recurrences).
enum class residue_width { narrow, wide };

/// The bound (exclusive) on the moduli of residue_width w: 2^31 or 2^62.
/// Example: modulus_limit(residue_width::narrow) == 2^31.
constexpr std::uint64_t modulus_limit(residue_width w) {
  return w == residue_width::narrow ? std::uint64_t{1} << 31 : modulus64_limit;
}

static_assert(is_residue_modulus64(default_modulus));

/// Checks that p can be the modulus of a run of width w: a prime with
/// 2 < p < modulus_limit(w), std::invalid_argument otherwise, in
/// modulus_range_error's words out of range (naming 2^31 for a narrow run)
/// and check_modulus64's for a number that is not prime. Example:
/// check_residue_modulus(7, residue_width::narrow) returns. Cost: O(log p) for a new modulus (the
/// primality test: seven Miller-Rabin bases on 128-bit products, 1 to
/// 20 µs, more than a small run); O(1) for the default modulus and for the
/// last one this thread found prime, which it remembers.
inline void check_residue_modulus(std::uint64_t p, residue_width w) {
  thread_local std::uint64_t known_prime = default_modulus;
  if (p <= 2 || p >= modulus_limit(w)) throw modulus_range_error(std::to_string(p), modulus_limit(w));
  if (p != known_prime) {
    check_modulus64(p);
    known_prime = p;
  }
}

/// solve(std::type_identity<M>{}) in the residues modulo the prime p: M is
/// DynModInt for p < 2^31 and DynModInt64 for 2^31 < p < 2^62 (Width wide
/// only), with the calling thread's modulus set to p while solve runs (so a
/// value of M can be read inside solve, not after). The one place where a
/// modulus picks its type. Returns what solve returns (the same type for
/// every M). Throws what check_residue_modulus throws, before solve runs, and
/// what solve throws. Cost: that of solve; no modulus scope (whose
/// constructor tests p for primality again) when the calling thread's
/// modulus of M is p already, as the default modulus is.
/// Example: run_residue(7, [](auto t) { return std::uint64_t{typename decltype(t)::type(3).inv().value()}; })
/// is 5.
template <residue_width Width = residue_width::wide, class Solve>
auto run_residue(std::uint64_t p, Solve&& solve) -> std::invoke_result_t<Solve&, std::type_identity<DynModInt>> {
  check_residue_modulus(p, Width);
  if constexpr (Width == residue_width::wide) {
    if (p >= modulus_limit(residue_width::narrow)) {
      if (DynModInt64::modulus() == p) return solve(std::type_identity<DynModInt64>{});
      dyn_modulus64_scope scope(p);
      return solve(std::type_identity<DynModInt64>{});
    }
  }
  if (DynModInt::modulus() == p) return solve(std::type_identity<DynModInt>{});
  dyn_modulus_scope scope(p);
  return solve(std::type_identity<DynModInt>{});
}

/// solve(std::type_identity<T>{}) in the number system s: T is Exact
/// (Rational or BigInt) for exact, double for approx, the residue type
/// run_residue<Width> picks for residue, std::int64_t for int64 (only when
/// Int64: otherwise std::invalid_argument "this question has no 64-bit
/// integer answer"). solve returns the same type for every T: convert the
/// value inside it (a residue's value needs the modulus of its run).
/// Throws what run_residue and solve throw. Cost: that of solve.
/// Example: run_in<Rational>(number_system::approx(), [](auto t) { return
/// double(ratio<typename decltype(t)::type>(1, 8)); }) is 0.125.
template <class Exact = Rational, residue_width Width = residue_width::wide, bool Int64 = false, class Solve>
auto run_in(const number_system& s, Solve&& solve) -> std::invoke_result_t<Solve&, std::type_identity<double>> {
  switch (s.kind) {
    case system_kind::exact:
      return solve(std::type_identity<Exact>{});
    case system_kind::approx:
      return solve(std::type_identity<double>{});
    case system_kind::residue:
      return run_residue<Width>(s.modulus, solve);
    case system_kind::int64:
      if constexpr (Int64) return solve(std::type_identity<std::int64_t>{});
      break;
  }
  throw std::invalid_argument("this question has no 64-bit integer answer");
}

}  // namespace exactdp::api
