// Computing one question's answer in every number system asked for, and how
// far the double is from the truth (command.hpp: compute_answer).
#include <algorithm>
#include <cmath>
#include <exception>
#include <sstream>

#include "args.hpp"
#include "command.hpp"
#include "progress.hpp"

namespace exactdp::tool {

void add_answer_options(CLI::App& cmd, answer_options& o) {
  std::string systems;
  for (const std::string& s : o.systems) systems += s + ", ";
  const bool primes = std::find(o.systems.begin(), o.systems.end(), "primes") != o.systems.end();
  cmd.add_option("--as", o.as,
                 "Which answer to print: " + systems +
                     "or all (the default: every answer and the double's error). With one system the answer is "
                     "printed alone, on one line" +
                     (primes ? std::string("; --as primes prints how many primes of 62 bits (exactdp primes) "
                                           "determine the exact value: residue runs to combine with unmod "
                                           "(docs/scale.md)")
                             : std::string()));
  if (std::find(o.systems.begin(), o.systems.end(), "mod") != o.systems.end())
    cmd.add_option("--modulus", o.modulus,
                   std::string("The prime P of the residues, 2 < P < ") + (o.small_moduli ? "2^31" : "2^62") +
                       " (default 1000000007; exactdp primes lists primes)");
  cmd.add_option("--check", o.check,
                 "A floating-point answer of yours (as text, e.g. 0.0625): its absolute and relative error "
                 "against the exact value and its distance in ULPs from the correctly rounded double");
  cmd.add_option("--digits", o.digits,
                 "The exact value as a decimal with D significant digits, correctly rounded (1 <= D <= 100000; "
                 "--as decimal prints it alone, 17 digits by default)");
}

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

double_error measure(const Rational& exact, const double_conversion& rounded, double value, bool users) {
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

// Runs one system. Bad input fails the whole command; any other failure is
// kept with its type, for the caller to report or rethrow.
template <class F>
auto attempt(const char* what, F f, std::string& failure, std::exception_ptr& error) -> std::optional<decltype(f())> {
  progress_line progress(what);
  try {
    return f();
  } catch (const std::invalid_argument&) {
    throw;
  } catch (const std::exception& e) {
    failure = in_tool_words(e.what());
    error = std::current_exception();
    return std::nullopt;
  }
}

bool is_domain_error(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const std::domain_error&) {
    return true;
  } catch (...) {
    return false;
  }
}

}  // namespace

answer compute_answer(const value_runs& runs, const answer_options& o) {
  std::vector<std::string> offered{"all"};
  offered.insert(offered.end(), o.systems.begin(), o.systems.end());
  const std::string& as = one_of(o.as, "--as", offered);
  const bool all = as == "all";
  answer a;
  auto offers = [&](const char* system) {
    return std::find(o.systems.begin(), o.systems.end(), system) != o.systems.end();
  };
  a.offered = {offers("exact"), offers("double"), offers("mod") && static_cast<bool>(runs.residue)};
  // Every option is read before any work, so bad input never waits.
  const bool offers_mod = static_cast<bool>(runs.residue);
  const std::uint64_t modulus = offers_mod ? read_modulus(o.modulus, api::modulus_limit(runs.residues)) : 0;
  int digits = 0;
  if (o.digits) digits = parse_integer<int>(*o.digits, "--digits", 1, 100000);
  if (as == "decimal" && digits == 0) digits = 17;
  std::optional<Rational> check_value;
  if (o.check) check_value = parse_number(*o.check, "the --check value");

  if (as == "primes") {  // the bound alone: no run
    if (!runs.bound) throw std::invalid_argument("--as primes: this question has no bound on its exact value");
    a.bound = runs.bound();
    a.primes_needed = primes_needed(*a.bound, prime_bits);
    return a;
  }

  const bool want_exact = all || as == "exact" || as == "decimal" || check_value || digits > 0;
  const bool want_double = all || as == "double";
  const bool want_mod = (all && offers_mod) || as == "mod";
  const bool want_int64 = as == "int64";

  std::exception_ptr first_error;
  if (want_exact) {
    a.exact = attempt("computing the exact value", runs.exact, a.exact_failure, first_error);
    if (!a.exact && !all) std::rethrow_exception(first_error);
  }
  if (want_double) {
    std::exception_ptr error;
    a.approx = attempt("computing the double", runs.approx, a.double_failure, error);
    // nan is no value: the double run says why instead of printing it.
    if (a.approx && std::isnan(*a.approx)) {
      a.approx.reset();
      a.double_failure = api::double_nan_words("--as exact");
      error = std::make_exception_ptr(std::domain_error(a.double_failure));
    }
    if (!a.approx && !all) std::rethrow_exception(error);
    if (!first_error) first_error = error;
  }
  if (want_mod) {
    a.modulus = modulus;
    std::exception_ptr error;
    a.residue = attempt(
        "computing the residue", [&] { return runs.residue(modulus); }, a.mod_failure, error);
    // The recurrence may divide by a multiple of P on the way to an answer
    // that has a residue (the coupon collector for 5 kinds, mod 5, divides
    // by 5 on the way to 137/12, which is 1 mod 5): take it from the exact
    // value, computing it unless it already failed.
    if (!a.residue && is_domain_error(error) && (a.exact || !want_exact)) {
      std::string exact_failure;
      std::exception_ptr exact_error;
      std::optional<Rational> exact = a.exact;
      if (!exact) exact = attempt("computing the exact value", runs.exact, exact_failure, exact_error);
      if (exact) {
        try {
          a.residue = to_residue64(*exact, modulus);
          a.residue_note = "from the exact value: the recurrence divides by a multiple of " + std::to_string(modulus);
          a.mod_failure.clear();
        } catch (const std::domain_error& e) {
          a.mod_failure = in_tool_words(e.what());
          error = std::current_exception();
        }
      }
    }
    if (!a.residue && !all) std::rethrow_exception(error);
    if (!first_error) first_error = error;
  }
  if (want_int64) {
    std::exception_ptr error;
    a.int64 = attempt("computing in 64-bit integers", runs.int64, a.int64_failure, error);
    if (!a.int64) std::rethrow_exception(error);
  }
  if (all && !a.exact && !a.approx && !a.residue) std::rethrow_exception(first_error);

  if (a.exact) {
    a.exact_double = to_double_checked(*a.exact);
    if (digits > 0) a.decimal = format_decimal(*a.exact, digits);
    if (a.approx) a.error = measure(*a.exact, *a.exact_double, *a.approx, false);
  }
  if (check_value) {
    if (!a.exact) throw std::domain_error("--check needs the exact value, which failed: " + a.exact_failure);
    a.check_text = *o.check;
    a.check = measure(*a.exact, *a.exact_double, to_double(*check_value), true);
  }
  return a;
}

}  // namespace exactdp::tool
