// exactdp/numeric/rational.hpp: exact numbers. Rational and BigInt are GMP's
// mpq_t and mpz_t through Boost.Multiprecision with expression templates OFF.
//
// et_off is required: with expression templates `auto s = a + b;` keeps
// references to a and b (it dangles or changes when they do), and a + b is not
// the type itself, so the type would fail the Ring concept. Never construct a
// Rational from a double literal (`Rational q = 0.1` is 3602879701896397/2^55):
// use ratio<Rational>(1, 10) or parse_rational("0.1").
// Source: DESIGN.md "The numeric policy"; handed cases C19, C21.
#pragma once

#include <boost/multiprecision/gmp.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "exactdp/numeric/concepts.hpp"

namespace exactdp {

/// Arbitrary-precision integer (GMP mpz), for exact counts.
using BigInt = boost::multiprecision::number<boost::multiprecision::gmp_int, boost::multiprecision::et_off>;
/// Exact rational (GMP mpq), always kept in lowest terms with a positive denominator.
using Rational = boost::multiprecision::number<boost::multiprecision::gmp_rational, boost::multiprecision::et_off>;

template <>
struct field_traits<Rational> {
  static constexpr const char* name = "rational";
  static constexpr bool is_exact = true;
  static constexpr bool is_field = true;
  static constexpr bool fixed_size = false;
};

/// BigInt is a ring, not a field: its / truncates.
template <>
struct field_traits<BigInt> {
  static constexpr const char* name = "bigint";
  static constexpr bool is_exact = true;
  static constexpr bool is_field = false;
  static constexpr bool fixed_size = false;
};

/// num/den in lowest terms with a positive denominator ((-1)/(-1) is 1).
/// Throws std::invalid_argument when den == 0. Cost: one gcd.
/// Source: handed case C19 (a non-canonical mpq compares and converts wrongly).
Rational make_rational(const BigInt& num, const BigInt& den);

/// Parses an exact rational from text, never through a double:
///   integers "42", "-7"; fractions "1/16", "-3/7", "1000000007/3000000021";
///   decimals "0.1" (= 1/10), ".5", "2.", "-0.25"; scientific "1e-3", "2.5E+4".
/// Leading/trailing spaces are not accepted. Exponents are limited to
/// |e| <= 100000 and the text to 1,000,000 characters so that a short input
/// cannot ask for a huge number.
/// Throws std::invalid_argument naming the text and what is wrong with it.
/// Cost: quasi-linear in the number of digits (GMP).
Rational parse_rational(std::string_view text);

/// Parses a (signed) integer of any size; same rules as parse_rational
/// without '/', '.', 'e'. Throws std::invalid_argument.
BigInt parse_bigint(std::string_view text);

/// Lowest-terms text of q: "42", "1/16", "-3/7". Cost: linear in digits.
std::string to_string(const Rational& q);
/// Decimal text of z. Cost: linear in digits.
std::string to_string(const BigInt& z);

}  // namespace exactdp
