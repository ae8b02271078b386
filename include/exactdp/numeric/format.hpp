// exactdp/numeric/format.hpp: text for numbers.
//
// Fractions print in lowest terms ("42", "1/16", "-3/7": see rational.hpp's
// to_string); doubles print as the shortest text that reads back to the same
// double, or with 17 significant digits; an exact value prints as a decimal
// with D significant digits, correctly rounded from the fraction itself, so
// that values below the double range still print (2^-1076 -> "1.2352e-324").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// Shortest decimal that reads back as d ("42.00000000000015", "0.1",
/// "5e-324", "inf", "-inf", "nan"). Cost: O(1).
/// Example: format_shortest(0.1) == "0.1".
std::string format_shortest(double d);

/// d with 17 significant digits, the printf "%.17g" form
/// ("0.10000000000000001"). Cost: O(1).
/// Example: format_17(0.1) == "0.10000000000000001".
std::string format_17(double d);

/// q as a decimal with `digits` significant digits (1 <= digits <= 100000),
/// rounded to nearest with ties to even, from the exact fraction. Plain
/// notation when the decimal exponent is in [-5, 21), scientific
/// ("1.2352e-324") otherwise; trailing zeros are kept in plain notation so
/// the precision is visible. Throws std::invalid_argument for digits out of
/// range. Cost: O(M(size of q + digits)) with GMP.
/// Example: format_decimal(parse_rational("1/3"), 5) == "0.33333".
std::string format_decimal(const Rational& q, int digits);

/// q in lowest terms when that is at most 30 characters, else a decimal with
/// 6 significant digits ("1.00000e+400"): for numbers inside sentences.
/// Cost: that of to_string and format_decimal.
/// Example: brief(parse_rational("1/3")) == "1/3".
std::string brief(const Rational& q);

/// "1 time" / "2 times": a count with its noun in the right number.
/// Example: count_of(2, "time", "times") == "2 times".
std::string count_of(std::uint64_t n, std::string_view singular, std::string_view plural);

}  // namespace exactdp
