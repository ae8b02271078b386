// exactdp/api/answer.hpp: one question's answer in every number system, and
// how far a double is from the exact value, for every front end (the
// command-line tool's answer lines, Python's exactdp.answer).
//
// A question is given as its runs (value_runs): the exact value, the double,
// the residue modulo P and, for the row games, a checked 64-bit integer;
// compute_answer runs the systems asked for, keeps each one's failure, takes
// a residue from the exact value when the residue run divides by a multiple
// of P, and measures the double (and a caller's own double) against the
// exact value.
// Source: Goldberg, "What Every Computer Scientist Should Know About
// Floating-Point Arithmetic" (1991) for ulps and relative error.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/api/systems.hpp"
#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp::api {

/// How far a double (a recurrence's double run, or a caller's own value) is
/// from the exact value.
struct double_error {
  double value = 0;                   ///< the double measured
  bool finite = true;                 ///< false: the double is inf or nan
  double absolute = 0;                ///< |value - exact|, rounded (finite only)
  double relative = 0;                ///< |value - exact| / |exact| (inf when exact is 0 and value is not)
  std::optional<std::uint64_t> ulps;  ///< doubles from the correctly rounded exact value
  std::string words;                  ///< one sentence: "absolute 1.1e-17, relative 5.55e-17, 0 ulps from ..."
};

/// Measures `value` against `exact` (any rational, any double, inf and nan
/// included). `users`: the value is a caller's own ("your value reads as"),
/// else a double run's ("the double run returned"). The relative error is
/// computed exactly, so a tiny exact value gives no overflow; an exact
/// value outside the double range is named as such (it overflows or
/// underflows double) with the error still measured.
/// Example: measure_double(Rational(1, 10), 0.1, false).ulps == 0.
/// Errors: none. Cost: O(M(size of exact)).
double_error measure_double(const Rational& exact, double value, bool users);

/// A run whose value is +infinity throws it (numeric/errors.hpp):
/// compute_answer makes it the answer (answer::infinite, with its message
/// as answer::infinite_reason), not a failure.
using exactdp::infinite_value_error;

/// Whether `text` is a way to write +infinity: inf, infinity or +inf,
/// +infinity in any case (PRISM and Storm print Infinity). Cost: O(|text|).
/// Example: reads_as_infinity("Infinity") && !reads_as_infinity("1e999").
bool reads_as_infinity(const std::string& text);

/// The number systems a question offers: their JSON keys are always present.
struct offered_systems {
  bool exact = true;
  bool double_ = true;
  bool mod = true;
};

/// One question's answer in each number system that was asked for and could
/// be computed; a system that failed keeps its reason instead.
struct answer {
  offered_systems offered;
  /// The value is +infinity, in every system: exact, exact_double, error
  /// and residue are unset (mod_failure says there is no residue), approx is
  /// +inf when the double was asked for. Decided by the first run asked for
  /// (the exact one, else the double, else the residue); the graph analysis
  /// that finds infinite values does no arithmetic, so every run agrees.
  bool infinite = false;
  std::string infinite_reason;  ///< why the value is infinite: the run's message (infinite_value_error)
  std::optional<Rational> exact;
  std::optional<double_conversion> exact_double;  ///< the exact value correctly rounded
  std::optional<std::string> decimal;             ///< `digits` significant digits of the exact value
  std::optional<double> approx;                   ///< the double run
  std::optional<std::uint64_t> residue;           ///< the residue run
  std::string residue_note;                       ///< how the residue was found, when not by the run
  std::optional<std::int64_t> int64;              ///< the checked 64-bit run (row games)
  std::uint64_t modulus = 0;                      ///< 0: no residue was asked for
  std::optional<answer_bound> bound;              ///< "primes": the bound on the exact value
  std::uint64_t primes_needed = 0;                ///< "primes": primes of prime_bits bits that determine it
  std::optional<double_error> error;              ///< the double run against the exact value
  std::optional<std::string> check_text;          ///< the caller's value as given (over 200 bytes: quote_input's cut)
  std::optional<double_error> check;              ///< the caller's value against the exact value
  std::string exact_failure, double_failure, mod_failure, int64_failure;
};

/// The bits of the primes that "primes" counts: those of `exactdp primes`
/// by default, the largest primes below 2^62.
inline constexpr int prime_bits = 62;

/// The runs of one question. Each may throw; unset runs are not offered.
/// `residue` receives the modulus, a prime 2 < P < 2^31 for a narrow run
/// (32-bit residues), 2 < P < 2^62 for a wide one (runs_of makes those):
/// check_residue_modulus. `bound`, when set, bounds the exact value before
/// any run ("primes").
struct value_runs {
  std::function<Rational()> exact;
  std::function<double()> approx;
  std::function<std::uint64_t(std::uint64_t modulus)> residue;
  std::function<std::int64_t()> int64;
  residue_width residues = residue_width::narrow;
  std::function<answer_bound()> bound;
};

/// The residue modulo the prime p of a run in the residue type run_residue
/// picks (narrow: 32-bit residues, P < 2^31; wide: P < 2^62), as a number.
/// Example: residue_of(7, [](auto t) { return ratio<typename decltype(t)::type>(1, 8); }) == 1.
template <residue_width Width = residue_width::wide, class Solve>
std::uint64_t residue_of(std::uint64_t p, const Solve& solve) {
  return run_residue<Width>(p, [&solve](auto t) { return std::uint64_t{solve(t).value()}; });
}

/// Builds the three runs from one generic solver: solve(std::type_identity<T>{})
/// returns the recurrence's value in T (run_in). Exact is Rational
/// (probabilities and expectations) or BigInt (counts). Residues take primes
/// below 2^62.
/// Example: compute_answer(runs_of<Rational>([](auto t) { return ratio<typename decltype(t)::type>(1, 8); }), {.as =
/// "double"}).approx == 0.125.
template <class Exact, class Solve>
value_runs runs_of(Solve solve) {
  return {[solve] { return Rational(solve(std::type_identity<Exact>{})); },
          [solve] { return static_cast<double>(solve(std::type_identity<double>{})); },
          [solve](std::uint64_t p) { return residue_of(p, solve); },
          {},
          residue_width::wide,
          {}};
}

/// runs_of with the recurrence's bound on the exact value (--as primes):
/// bound() is its <name>_bound. Example: runs_of<Rational>(solve, [n] {
/// return seat_probability_bound(n); }).
template <class Exact, class Solve, class Bound>
value_runs runs_of(Solve solve, Bound bound) {
  value_runs runs = runs_of<Exact>(solve);
  runs.bound = bound;
  return runs;
}

/// What to compute, read and checked by the front end: `as` is "all" (every
/// offered system, the default) or one of "exact", "double", "mod",
/// "decimal", "int64", "primes"; `modulus` a prime below the runs' limit
/// (0 when the runs offer no residue); `check` the caller's own value;
/// `digits` the significant digits of the decimal (0: none).
struct answer_request {
  std::string as = "all";
  std::uint64_t modulus = 0;
  std::optional<Rational> check;
  bool check_infinite = false;  ///< the caller's value is +infinity (reads_as_infinity); check is unset
  std::string check_text;
  int digits = 0;
};

/// How a front end takes part: `words` turns a library message into the
/// front end's words (its option names); `progress(what)` starts showing a
/// long run and returns what stops it when released; `stops(e)` says which
/// more of the front end's own exceptions stop the whole question, as bad
/// input (std::invalid_argument) and an interrupt (interrupted_error)
/// always do; `exact_option` and `check_option` name the front end's ways
/// to ask for the exact value and to give a value of one's own.
struct answer_hooks {
  std::function<std::string(std::string)> words;
  std::function<bool(const std::exception&)> stops;
  std::function<std::shared_ptr<void>(const std::string& what)> progress;
  std::string exact_option = "--as exact";
  std::string check_option = "--check";
};

/// Computes the answer: only the systems `request.as` asks for, the
/// double's error when both the exact value and the double exist, and the
/// measure of request.check. With one system asked for, its failure is the
/// call's failure (the exception is rethrown); with all, a failure is kept
/// in the answer unless every system failed. std::invalid_argument from a
/// run (bad input), interrupted_error and what hooks.stops names are always
/// rethrown. When the residue run fails with
/// std::domain_error because the recurrence divides by a multiple of P, the
/// residue is taken from the exact value when that has one. A double run
/// that returns nan is a failure (double_nan_words). A run that throws
/// infinite_value_error makes the answer infinite (answer::infinite): no
/// other run is made, and a check is measured against +infinity (yours is
/// right only when it is infinite too).
/// Errors: the runs'; std::invalid_argument for "primes" without a bound;
/// std::domain_error for a check whose exact value failed.
/// Cost: that of the runs asked for, plus measure_double.
/// Example: to_string(*compute_answer(runs_of<Rational>(solve), {.as = "exact"}).exact) == "1/8" for the solve of
/// runs_of's example.
answer compute_answer(const value_runs& runs, const answer_request& request, const answer_hooks& hooks = {});

}  // namespace exactdp::api
