// The shared output of every recurrence command: exact fraction, double,
// residue, and how far the double is from the truth (see command.hpp).
#include <cmath>
#include <exception>
#include <iostream>
#include <sstream>

#include "command.hpp"

namespace exactdp::tool {

void add_modulus_option(CLI::App& cmd, std::uint64_t& modulus) {
  cmd.add_option("--modulus", modulus, "Prime modulus P for residues, 2 < P < 2^31 (default 1000000007)")
      ->check([](const std::string& text) {
        try {
          const BigInt p = parse_bigint(text);
          if (p <= 2 || p >= BigInt(1) << 31)
            return "modulus " + text + " is out of range: it must be a prime with 2 < P < 2^31";
          dyn_modulus_scope::check_modulus(static_cast<std::uint64_t>(p));
        } catch (const std::invalid_argument& e) {
          return std::string(e.what());
        }
        return std::string();
      });
}

void add_value_options(CLI::App& cmd, value_options& opts) {
  cmd.add_option("--as", opts.as, "Which answers to print: exact, double, mod, or all (default)")
      ->check(CLI::IsMember({"exact", "double", "mod", "all"}));
  add_modulus_option(cmd, opts.modulus);
  cmd.add_option("--check", opts.check,
                 "A floating-point answer of yours (as text, e.g. 0.0625): prints its absolute and relative "
                 "error against the exact value and its distance in ULPs from the correctly rounded double");
  cmd.add_flag("--json", opts.json, "Print one JSON object with stable keys instead of text");
  cmd.add_option("--digits", opts.digits,
                 "Also print the exact value as a decimal with this many significant digits, correctly rounded")
      ->check(CLI::Range(1, 100000));
}

std::string json_escape(const std::string& s) {
  std::string out = "\"";
  for (const unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

namespace {

const char* status_words(double_status s) {
  switch (s) {
    case double_status::exact:
      return "exact";
    case double_status::rounded:
      return "rounded";
    case double_status::subnormal:
      return "subnormal";
    case double_status::underflow:
      return "underflow";
    case double_status::overflow:
      return "overflow";
  }
  return "?";
}

// How far a double is from the exact value.
struct error_report {
  bool finite = true;  // false: the double is inf or nan
  double absolute = 0, relative = 0;
  std::optional<std::uint64_t> ulps;  // from the correctly rounded exact value
  std::string words;                  // one sentence for the text output
};

error_report measure(const Rational& exact, const double_conversion& rounded, double value) {
  error_report r;
  if (!std::isfinite(value)) {
    r.finite = false;
    if (rounded.status == double_status::overflow)
      r.words = "the exact value " + format_decimal(exact, 5) +
                " is beyond the largest double (it overflows double); the double run returned " +
                format_shortest(value);
    else
      r.words = "the double computation failed: it returned " + format_shortest(value) +
                " (a division by zero or an overflow in floating point); the exact value is finite";
    return r;
  }
  const Rational diff = to_rational(value) - exact;
  r.absolute = to_double(abs(diff));
  r.relative = exact == 0 ? (diff == 0 ? 0.0 : HUGE_VAL) : to_double(abs(diff / exact));
  r.ulps = ulp_distance(value, rounded.value);
  std::ostringstream out;
  if (rounded.status == double_status::underflow) {
    out << "the exact value " << format_decimal(exact, 5)
        << " is below the smallest positive double (it underflows double)";
    out << (value == 0 ? "; the double run returned 0" : "; the double run returned " + format_shortest(value));
  } else if (rounded.status == double_status::overflow) {
    out << "the exact value " << format_decimal(exact, 5) << " is beyond the largest double (it overflows double)";
  } else if (diff == 0) {
    out << "none: the double is exactly the exact value";
  } else {
    out << "absolute " << format_shortest(r.absolute) << ", relative " << format_decimal(to_rational(r.relative), 3)
        << ", " << *r.ulps << (*r.ulps == 1 ? " ulp" : " ulps") << " from the correctly rounded "
        << format_shortest(rounded.value);
    if (rounded.status == double_status::subnormal) out << " (a subnormal double)";
    if (r.relative >= 1) out << "; the double has no correct digit";
  }
  r.words = out.str();
  return r;
}

std::string exact_with_decimal(const Rational& q) {
  std::string s = to_string(q);
  if (denominator(q) == 1) return s;
  std::string dec = format_decimal(q, 17);
  // The decimal is exact when the 17-digit rounding reads back as q; then
  // its trailing zeros say nothing and are dropped.
  const bool exact = dec.find('e') == std::string::npos && parse_rational(dec) == q;
  if (exact && dec.find('.') != std::string::npos) {
    dec.erase(dec.find_last_not_of('0') + 1);
    if (dec.back() == '.') dec.pop_back();
  }
  return s + (exact ? " = " : " ~ ") + dec;
}

// Runs one policy. Bad input fails the whole command (status 2); any other
// failure is kept, with its type, for the caller to report or rethrow.
template <class F>
auto attempt(F f, std::string& failure, std::exception_ptr& error) -> std::optional<decltype(f())> {
  try {
    return f();
  } catch (const std::invalid_argument&) {
    throw;
  } catch (const std::exception& e) {
    failure = e.what();
    error = std::current_exception();
    return std::nullopt;
  }
}

// The residue of the exact value, when the residue run failed because the
// recurrence divided by a multiple of P (std::domain_error) although the
// answer itself may have a residue: coupon 5 mod 5 divides by 5 on the way
// to 137/12, which is 1 mod 5. Uses the exact value if it was computed, else
// computes it unless it already failed (`exact_tried`). If the exact value
// has no residue either (its denominator is a multiple of P), `failure` and
// `error` say that instead. Other failures (budgets) are left as they are.
std::optional<std::uint32_t> residue_from_exact(const value_runs& runs, std::uint64_t modulus,
                                                const std::optional<Rational>& exact, bool exact_tried,
                                                std::exception_ptr& error, std::string& failure, std::string& note) {
  if (exact_tried && !exact) return std::nullopt;
  try {
    std::rethrow_exception(error);
  } catch (const std::domain_error&) {
  } catch (...) {
    return std::nullopt;
  }
  std::string exact_failure;
  std::exception_ptr exact_error;
  const std::optional<Rational> value = exact ? exact : attempt(runs.exact, exact_failure, exact_error);
  if (!value) return std::nullopt;
  try {
    const std::uint32_t r = to_residue(*value, modulus);
    note = ", from the exact value: the recurrence divides by a multiple of " + std::to_string(modulus);
    return r;
  } catch (const std::domain_error& e) {
    failure = e.what();
    error = std::current_exception();
    return std::nullopt;
  }
}

}  // namespace

void report_value(const value_options& opts, const std::string& what, const value_runs& runs) {
  const bool all = opts.as == "all";
  const bool want_exact = all || opts.as == "exact" || opts.check || opts.digits > 0;
  const bool want_double = all || opts.as == "double";
  const bool want_mod = all || opts.as == "mod";

  // One answer asked for: its failure is the command's failure. With --as
  // all, a failure is reported on its own line, unless every answer failed.
  std::string exact_failure, double_failure, mod_failure;
  std::exception_ptr first_error;
  std::optional<Rational> exact;
  std::optional<double> approx;
  std::optional<std::uint32_t> residue;
  if (want_exact) {
    exact = attempt(runs.exact, exact_failure, first_error);
    if (!exact && !all) std::rethrow_exception(first_error);
  }
  if (want_double) {
    std::exception_ptr error;
    approx = attempt(runs.approx, double_failure, error);
    if (!approx && !all) std::rethrow_exception(error);
    if (!first_error) first_error = error;
  }
  std::string mod_note;
  if (want_mod) {
    dyn_modulus_scope scope(opts.modulus);
    std::exception_ptr error;
    residue = attempt(runs.residue, mod_failure, error);
    if (!residue) residue = residue_from_exact(runs, opts.modulus, exact, want_exact, error, mod_failure, mod_note);
    if (!residue && !all) std::rethrow_exception(error);
    if (!first_error) first_error = error;
  }
  if (all && !exact && !approx && !residue) std::rethrow_exception(first_error);
  std::optional<double_conversion> rounded;
  if (exact) rounded = to_double_checked(*exact);
  std::optional<error_report> error;
  if (exact && approx) error = measure(*exact, *rounded, *approx);
  std::optional<error_report> check;
  std::optional<double> check_value;
  if (opts.check) {
    if (!exact) throw std::domain_error("--check needs the exact value, which failed: " + exact_failure);
    check_value = to_double(parse_rational(*opts.check));
    check = measure(*exact, *rounded, *check_value);
  }

  if (opts.json) {
    std::ostringstream j;
    j << "{\"question\":" << json_escape(what);
    j << ",\"exact\":" << (exact ? json_escape(to_string(*exact)) : "null");
    j << ",\"exact_double\":" << (rounded ? json_escape(format_17(rounded->value)) : "null");
    j << ",\"exact_double_status\":" << (rounded ? json_escape(status_words(rounded->status)) : "null");
    if (opts.digits > 0) j << ",\"decimal\":" << json_escape(format_decimal(*exact, opts.digits));
    j << ",\"double\":" << (approx ? json_escape(format_shortest(*approx)) : "null");
    j << ",\"mod\":" << (residue ? std::to_string(*residue) : "null");
    j << ",\"modulus\":" << opts.modulus;
    auto error_json = [&](const char* key, const std::optional<error_report>& e) {
      if (!e) return;
      j << ",\"" << key << "\":{\"finite\":" << (e->finite ? "true" : "false");
      if (e->finite) {
        j << ",\"absolute\":" << json_escape(format_shortest(e->absolute))
          << ",\"relative\":" << json_escape(format_shortest(e->relative))
          << ",\"ulps\":" << (e->ulps ? std::to_string(*e->ulps) : "null");
      }
      j << ",\"words\":" << json_escape(e->words) << "}";
    };
    error_json("error", error);
    if (check) j << ",\"check_value\":" << json_escape(format_17(*check_value));
    error_json("check", check);
    j << ",\"failures\":{";
    const char* sep = "";
    for (const auto& [key, failure] :
         {std::pair{"exact", &exact_failure}, std::pair{"double", &double_failure}, std::pair{"mod", &mod_failure}}) {
      if (failure->empty()) continue;
      j << sep << '"' << key << "\":" << json_escape(*failure);
      sep = ",";
    }
    j << "}}";
    std::cout << j.str() << '\n';
    return;
  }

  if (all) std::cout << what << '\n';
  auto line = [&](const char* label, const std::string& text) {
    if (all || std::string(label) == "check" || std::string(label) == "decimal")
      std::cout << "  " << label << std::string(8 - std::string(label).size(), ' ') << text << '\n';
    else
      std::cout << text << '\n';
  };
  if (want_exact && (all || opts.as == "exact"))
    line("exact", !exact ? "unavailable: " + exact_failure : all ? exact_with_decimal(*exact) : to_string(*exact));
  if (opts.digits > 0 && exact) line("decimal", format_decimal(*exact, opts.digits));
  if (want_double) line("double", approx ? format_shortest(*approx) : "unavailable: " + double_failure);
  if (want_mod)
    line("mod", residue
                    ? std::to_string(*residue) + (all ? "  (mod " + std::to_string(opts.modulus) + mod_note + ")" : "")
                    : "none: " + mod_failure);
  if (all && error) line("error", error->words);
  if (check) line("check", format_17(*check_value) + ": " + check->words);
}

}  // namespace exactdp::tool
