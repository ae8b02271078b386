// One question's answer in every number system asked for, and how far a
// double is from the truth (exactdp/api/answer.hpp).
#include "exactdp/api/answer.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <exception>
#include <sstream>
#include <stdexcept>

#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/format.hpp"

namespace exactdp::api {

namespace {

// Words for a double that is not finite, from whom it came.
std::string nonfinite_words(const Rational& exact, const double_conversion& rounded, double value, bool users) {
  const std::string got = users ? "your value reads as the double " + format_shortest(value)
                                : "the double run returned " + format_shortest(value);
  if (rounded.status == double_status::overflow)
    return "the exact value " + brief(exact) + " is beyond the largest double (it overflows double); " + got;
  if (users)
    return got + ", beyond the largest double (it overflows double); the exact value " + brief(exact) + " is finite";
  return got + " (an overflow or a division by zero in floating point); the exact value " + brief(exact) + " is finite";
}

// Runs one system. Bad input and an interrupt stop the whole question; an
// infinite value makes the answer infinite (no failure) and keeps why; any
// other failure is kept with its type, for the caller to report or rethrow.
template <class F>
auto attempt(const answer_hooks& hooks, const char* what, F f, std::string& failure, std::exception_ptr& error,
             answer& a) -> std::optional<decltype(f())> {
  const std::shared_ptr<void> shown = hooks.progress ? hooks.progress(what) : nullptr;
  try {
    return f();
  } catch (const std::invalid_argument&) {
    throw;
  } catch (const interrupted_error&) {
    throw;
  } catch (const infinite_value_error& e) {
    a.infinite = true;
    a.infinite_reason = hooks.words ? hooks.words(e.what()) : std::string(e.what());
    return std::nullopt;
  } catch (const std::exception& e) {
    if (hooks.stops && hooks.stops(e)) throw;
    failure = hooks.words ? hooks.words(e.what()) : std::string(e.what());
    error = std::current_exception();
    return std::nullopt;
  }
}

// Whether `error` is of the kind E (a null error is of none).
template <class E>
bool is_error_of(const std::exception_ptr& error) {
  if (!error) return false;
  try {
    std::rethrow_exception(error);
  } catch (const E&) {
    return true;
  } catch (...) {
    return false;
  }
}

// How far a caller's value is from +infinity: right only when the caller
// wrote infinity (a finite value beyond the double range, 1e400, is wrong
// although its double is inf).
double_error check_against_infinity(bool yours_infinite, double value) {
  double_error r;
  r.value = value;
  r.finite = std::isfinite(value);
  if (yours_infinite) {
    r.words = "none: the value is infinite, and so is yours";
    return r;
  }
  r.absolute = HUGE_VAL;
  r.relative = HUGE_VAL;
  r.words = "wrong: the value is infinite (PRISM and Storm print Infinity); your value " +
            (std::isfinite(value) ? "reads as " + format_shortest(value)
                                  : std::string("is a finite number beyond the largest double")) +
            ", which is not";
  return r;
}

}  // namespace

bool reads_as_infinity(const std::string& text) {
  std::string t = text;
  std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
  if (!t.empty() && t[0] == '+') t.erase(0, 1);
  return t == "inf" || t == "infinity";
}

double_error measure_double(const Rational& exact, double value, bool users) {
  const double_conversion rounded = to_double_checked(exact);
  double_error r;
  r.value = value;
  if (!std::isfinite(value)) {
    r.finite = false;
    r.words = nonfinite_words(exact, rounded, value, users);
    return r;
  }
  const Rational diff = to_rational(value) - exact;
  r.absolute = to_double(abs(diff));
  // The relative error, exactly (a double would overflow for a tiny exact value).
  const Rational relative = exact == 0 ? Rational(0) : Rational(abs(diff / exact));
  r.relative = exact == 0 ? (diff == 0 ? 0.0 : HUGE_VAL) : to_double(relative);
  r.ulps = ulp_distance(value, rounded.value);
  std::ostringstream out;
  if (rounded.status == double_status::underflow) {
    out << "the exact value " << brief(exact) << " is below the smallest positive double (it underflows double)";
    out << (users ? "; your value reads as " : "; the double run returned ") << format_shortest(value);
    // Still a measure of how far it is: 42 for 1e-400 is off by 42, 0 by 100%.
    out << ": absolute error "
        << (r.absolute == 0 && diff != 0 ? format_decimal(Rational(abs(diff)), 3) : format_shortest(r.absolute))
        << ", relative " << format_decimal(relative, 3);
    if (relative >= 1) out << "; the double has no correct digit";
  } else if (rounded.status == double_status::overflow) {
    out << "the exact value " << brief(exact) << " is beyond the largest double (it overflows double)";
    out << (users ? "; your value reads as " : "; the double run returned ") << format_shortest(value)
        << ": relative error " << format_decimal(relative, 3);
  } else if (diff == 0) {
    out << "none: the double is exactly the exact value";
  } else if (exact == 0) {  // no relative error: any nonzero double is infinitely far, relatively
    out << "absolute " << format_shortest(r.absolute) << ", relative undefined (the exact value is 0), "
        << count_of(*r.ulps, "ulp", "ulps") << " from 0";
  } else {
    out << "absolute " << format_shortest(r.absolute) << ", relative " << format_decimal(relative, 3) << ", "
        << count_of(*r.ulps, "ulp", "ulps") << " from the correctly rounded " << format_shortest(rounded.value);
    if (rounded.status == double_status::subnormal) out << " (a subnormal double)";
    if (relative >= 1) out << "; the double has no correct digit";
  }
  r.words = out.str();
  return r;
}

answer compute_answer(const value_runs& runs, const answer_request& request, const answer_hooks& hooks) {
  const std::string& as = request.as;
  const bool all = as == "all";
  answer a;
  if (as == "primes") {  // the bound alone: no run
    if (!runs.bound) throw std::invalid_argument("primes: this question has no bound on its exact value");
    a.bound = runs.bound();
    a.primes_needed = primes_needed(*a.bound, prime_bits);
    return a;
  }
  const bool offers_mod = static_cast<bool>(runs.residue);
  const bool want_exact =
      all || as == "exact" || as == "decimal" || request.check || request.check_infinite || request.digits > 0;
  const bool want_double = all || as == "double";
  const bool want_mod = (all && offers_mod) || as == "mod";
  const bool want_int64 = as == "int64";

  std::exception_ptr first_error;
  if (want_exact) {
    a.exact = attempt(hooks, "computing the exact value", runs.exact, a.exact_failure, first_error, a);
    if (!a.exact && !a.infinite && !all) std::rethrow_exception(first_error);
  }
  // Once a run found the value infinite, it is so in every system: no other run is made.
  if (want_double && !a.infinite) {
    std::exception_ptr error;
    a.approx = attempt(hooks, "computing the double", runs.approx, a.double_failure, error, a);
    // nan is no value: the double run says why instead of giving it.
    if (a.approx && std::isnan(*a.approx)) {
      a.approx.reset();
      a.double_failure = double_nan_words(hooks.exact_option);
      error = std::make_exception_ptr(std::domain_error(a.double_failure));
    }
    if (!a.approx && !a.infinite && !all) std::rethrow_exception(error);
    if (!first_error) first_error = error;
  }
  if (want_double && a.infinite) a.approx = HUGE_VAL;
  if (want_mod) {
    if (!offers_mod) throw std::invalid_argument("this question has no residue");
    a.modulus = request.modulus;
    std::exception_ptr error;
    if (!a.infinite)
      a.residue = attempt(
          hooks, "computing the residue", [&] { return runs.residue(request.modulus); }, a.mod_failure, error, a);
    // The recurrence may divide by a multiple of P on the way to an answer
    // that has a residue (the coupon collector for 5 kinds, mod 5, divides
    // by 5 on the way to 137/12, which is 1 mod 5), or have no residue form
    // at all (a maximum over choices compares values): take it from the
    // exact value, computing it unless it already failed.
    if (!a.residue && !a.infinite && is_error_of<std::domain_error>(error) && (a.exact || !want_exact)) {
      std::string exact_failure;
      std::exception_ptr exact_error;
      std::optional<Rational> exact = a.exact;
      if (!exact) exact = attempt(hooks, "computing the exact value", runs.exact, exact_failure, exact_error, a);
      if (exact) {
        try {
          a.residue = to_residue64(*exact, request.modulus);
          // The usual cause (a division by a multiple of P) in words; any
          // other, as it was said.
          a.residue_note =
              is_error_of<no_residue_error>(error)
                  ? "from the exact value: the recurrence divides by a multiple of " + std::to_string(request.modulus)
                  : "from the exact value, as the residue run has none: " + a.mod_failure;
          a.mod_failure.clear();
        } catch (const std::domain_error& e) {
          a.mod_failure = hooks.words ? hooks.words(e.what()) : std::string(e.what());
          error = std::current_exception();
        }
      }
    }
    if (a.infinite) a.mod_failure = "the value is infinite, which has no residue";
    if (!a.residue && !a.infinite && !all) std::rethrow_exception(error);
    if (!first_error) first_error = error;
  }
  if (want_int64) {
    std::exception_ptr error;
    a.int64 = attempt(hooks, "computing in 64-bit integers", runs.int64, a.int64_failure, error, a);
    if (!a.int64 && !a.infinite) std::rethrow_exception(error);
  }
  if (all && !a.exact && !a.approx && !a.residue && !a.infinite) std::rethrow_exception(first_error);

  if (a.exact) {
    a.exact_double = to_double_checked(*a.exact);
    if (request.digits > 0) a.decimal = format_decimal(*a.exact, request.digits);
    if (a.approx) a.error = measure_double(*a.exact, *a.approx, false);
  }
  if (request.check || request.check_infinite) {
    const double yours = request.check_infinite ? HUGE_VAL : to_double(*request.check);
    // Echoed as given, but never whole when long (a 100,000-digit value): quoted and cut, with its size.
    a.check_text = request.check_text.size() <= 200 ? request.check_text : quote_input(request.check_text, 200);
    if (a.infinite) {
      a.check = check_against_infinity(request.check_infinite, yours);
    } else {
      if (!a.exact)
        throw std::domain_error(hooks.check_option + " needs the exact value, which failed: " + a.exact_failure);
      a.check = measure_double(*a.exact, yours, true);
      if (request.check_infinite)
        a.check->words = "wrong: your value is infinite; the exact value " + brief(*a.exact) + " is finite";
    }
  }
  return a;
}

}  // namespace exactdp::api
