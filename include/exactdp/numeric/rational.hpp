// exactdp/numeric/rational.hpp: exact numbers. Rational and BigInt are GMP's
// mpq_t and mpz_t through Boost.Multiprecision with expression templates OFF.
//
// et_off is required: with expression templates `auto s = a + b;` keeps
// references to a and b (it dangles or changes when they do), and a + b is not
// the type itself, so the type would fail the Ring concept. Never construct a
// Rational from a double literal (`Rational q = 0.1` is 3602879701896397/2^55):
// use ratio<Rational>(1, 10) or parse_rational("0.1").
// Source: Boost.Multiprecision's documentation of expression templates
// ("et_off") and GMP's manual on canonical mpq_t values. Status: the
// aliasing of `auto` and the canonical form are tested in
// tests/numeric/test_policies.cpp.
#pragma once

#include <boost/multiprecision/gmp.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "exactdp/numeric/field_traits.hpp"

namespace exactdp {

/// Arbitrary-precision integer (GMP mpz), for exact counts.
using BigInt = boost::multiprecision::number<boost::multiprecision::gmp_int, boost::multiprecision::et_off>;
/// Exact rational (GMP mpq), always kept in lowest terms with a positive denominator.
using Rational = boost::multiprecision::number<boost::multiprecision::gmp_rational, boost::multiprecision::et_off>;

/// Rational: exact, values grow; counting recurrences count with big
/// integers and build the fraction once; linear systems go to FLINT.
template <>
struct field_traits<Rational> {
  static constexpr const char* name = "rational";
  static constexpr bool is_exact = true;
  static constexpr bool is_residue = false;
  static constexpr bool is_field = true;
  static constexpr bool fixed_size = false;
  static constexpr count_form counting = count_form::big_integers;
  static constexpr linear_solver solver = linear_solver::flint;
  static Rational from_rational(const Rational& q) { return q; }
  /// GMP's mpq_get_d: truncated, relative error below 2^-52 (within the
  /// double range). Cost: O(1) limbs.
  static double approximate(const Rational& q) { return mpq_get_d(q.backend().data()); }
};

/// BigInt is a ring, not a field: its / truncates. Counting recurrences run
/// on fixed-width limbs that widen with the counts (count_first.hpp).
template <>
struct field_traits<BigInt> {
  static constexpr const char* name = "bigint";
  static constexpr bool is_exact = true;
  static constexpr bool is_residue = false;
  static constexpr bool is_field = false;
  static constexpr bool fixed_size = false;
  static constexpr count_form counting = count_form::big_integers;
  static constexpr linear_solver solver = linear_solver::none;
};

/// num/den in lowest terms with a positive denominator ((-1)/(-1) is 1).
/// Throws std::invalid_argument when den == 0. Cost: one gcd.
/// A non-canonical mpq_t compares and converts wrongly (GMP manual,
/// "Rational Number Functions": mpq_canonicalize). Status: tested with
/// (-1)/(-1) and 6/(-4) (tests/numeric/test_policies.cpp).
/// Example: to_string(make_rational(6, -4)) == "-3/2".
Rational make_rational(const BigInt& num, const BigInt& den);

/// num / base^exponent in lowest terms, for a denominator known to be a
/// power (the counting recurrences: 8^moves, 2·4^L, max_pts^draws). Only
/// base's primes can cancel, so each is stripped from num (a bit scan for
/// 2, mpz_remove for the others) instead of a gcd of two big numbers.
/// Arguments: any num; 1 <= base <= 2^32 - 1; exponent <= 2^58 (so that
/// the exponent of each prime of base fits). std::invalid_argument
/// otherwise. Result: equal to make_rational(num, base^exponent).
/// Cost: trial division of base (at most 2^15 steps), then per prime p of
/// base one pass over num when p does not divide it, O(M(n)·log v) when
/// it divides it v times; the reduced power base^exponent / (stripped).
/// An odd p that does not divide num costs one pass (mpz_divisible_ui_p)
/// before any mpz_remove; the power of 2 left in the denominator is a shift.
/// Measured on 5000·5001^4999 / 5000^5000: 0.13 to 0.35 ms, against 2.2 ms
/// for make_rational's gcd (a loaded machine; issue 26). Source: GMP manual, "Number Theoretic
/// Functions" (mpz_remove, mpz_scan1). Status: agreement with make_rational
/// on random numerators and every base below 200 and prime and composite
/// bases near 2^32 (tests/numeric/test_conversions.cpp).
/// Example: to_string(make_rational_over_power(4, 2, 3)) == "1/2".
Rational make_rational_over_power(const BigInt& num, std::uint64_t base, std::uint64_t exponent);

/// The same, when the caller has the power already (the counting
/// recurrences compute it as their scale): power must equal base^exponent,
/// checked modulo the prime 2^61 - 1 (std::invalid_argument otherwise).
/// The denominator is then power divided by what cancels: a copy of power
/// when nothing cancels, instead of a power of about the same cost as
/// power itself. Arguments, result and errors as above. Cost: as above
/// without the powers of the denominator, plus one pass over power (the
/// check) and, when something cancels, one exact division.
/// Status: agreement with the three-argument form on the same inputs
/// (tests/numeric/test_conversions.cpp).
/// Example: to_string(make_rational_over_power(4, 2, 3, 8)) == "1/2".
Rational make_rational_over_power(const BigInt& num, std::uint64_t base, std::uint64_t exponent, const BigInt& power);

/// Parses an exact rational from text, never through a double:
///   integers "42", "-7"; fractions "1/16", "-3/7", "1000000007/3000000021";
///   decimals "0.1" (= 1/10), ".5", "2.", "-0.25"; scientific "1e-3", "2.5E+4".
/// Leading/trailing spaces are not accepted. Exponents are limited to
/// |e| <= 100000 and the text to 1,000,000 characters so that a short input
/// cannot ask for a huge number.
/// Throws std::invalid_argument naming the text and what is wrong with it.
/// Cost: quasi-linear in the number of digits (GMP).
/// Example: to_string(parse_rational("0.1")) == "1/10".
Rational parse_rational(std::string_view text);

/// An upper bound on the decimal digits of the exact numbers parse_rational
/// would read from everything written in `text`: its length plus the
/// exponent of every number in scientific notation in it, wherever it is (a
/// JSON number, a string "1e-5", a field of a .tra line). "1e-99999" is 8
/// bytes of text and 100,000 digits once read, so a reader checks this
/// against the state budget before it reads any number. Exponents count up
/// to parse_rational's limit (larger ones are refused when read).
/// Cost: O(size of text).
/// Example: exact_digits_in_text("1e-99999") >= 99999.
long double exact_digits_in_text(std::string_view text);

/// Parses a (signed) integer of any size; same rules as parse_rational
/// without '/', '.', 'e'. Throws std::invalid_argument.
/// Example: parse_bigint("-7") == -7.
BigInt parse_bigint(std::string_view text);

/// Lowest-terms text of q: "42", "1/16", "-3/7". Cost: linear in digits.
/// Example: to_string(parse_rational("0.0625")) == "1/16".
std::string to_string(const Rational& q);
/// Decimal text of z. Cost: linear in digits.
/// Example: to_string(BigInt(-7)) == "-7".
std::string to_string(const BigInt& z);

/// A number as an error message shows it: to_string when that has at most 60
/// characters; otherwise every integer part of more than 30 digits keeps its
/// first 20 and last 4 digits and gives its length, so that a number read
/// from a short input such as "181e41615" cannot fill a message:
/// "18100000000000000000...0000 (41618 digits)"; each part of a fraction is
/// cut on its own: "10000000000000000000...0001 (61 digits)/7".
/// Cost: one decimal conversion. Status: tested in tests/io/test_parse.cpp.
/// Example: message_text(parse_rational("1/3")) == "1/3".
std::string message_text(const Rational& q);
/// The same for an integer.
/// Example: message_text(BigInt(42)) == "42".
std::string message_text(const BigInt& z);

}  // namespace exactdp

// The concepts and the generic operations (ratio, from_rational, ...), which
// need Rational declared above: a user of rational.hpp gets them too.
#include "exactdp/numeric/concepts.hpp"
