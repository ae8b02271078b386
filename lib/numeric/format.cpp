// Text for doubles and exact decimals (see format.hpp).
#include "exactdp/numeric/format.hpp"

#include <gmp.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <system_error>

namespace exactdp {

namespace {
std::string non_finite(double d) {
  if (std::isnan(d)) return "nan";
  return d < 0 ? "-inf" : "inf";
}

BigInt pow10(unsigned long e) {
  BigInt z;
  mpz_ui_pow_ui(z.backend().data(), 10, e);
  return z;
}
}  // namespace

std::string format_shortest(double d) {
  if (!std::isfinite(d)) return non_finite(d);
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
  return std::string(buf, end);
}

std::string format_17(double d) {
  if (!std::isfinite(d)) return non_finite(d);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  return buf;
}

std::string format_decimal(const Rational& q, int digits) {
  if (digits < 1 || digits > 100000)
    throw std::invalid_argument("digits must be between 1 and 100000, not " + std::to_string(digits));
  if (q == 0) return "0";
  const mpq_srcptr raw = q.backend().data();
  BigInt num, den;
  mpz_abs(num.backend().data(), mpq_numref(raw));
  mpz_set(den.backend().data(), mpq_denref(raw));

  // Decimal exponent E with 10^E <= |q| < 10^(E+1): estimate from the digit
  // counts (off by at most one either way), then correct.
  long e = static_cast<long>(mpz_sizeinbase(num.backend().data(), 10)) -
           static_cast<long>(mpz_sizeinbase(den.backend().data(), 10));
  auto at_least_pow10 = [&](long k) {  // |q| >= 10^k ?
    return k >= 0 ? num >= den * pow10(static_cast<unsigned long>(k))
                  : num * pow10(static_cast<unsigned long>(-k)) >= den;
  };
  while (!at_least_pow10(e)) --e;
  while (at_least_pow10(e + 1)) ++e;

  // S = round(|q|·10^(digits-1-E)), ties to even; 10^(digits-1) <= S <= 10^digits.
  const long shift = digits - 1 - e;
  BigInt scaled_num = num, scaled_den = den;
  if (shift >= 0)
    scaled_num *= pow10(static_cast<unsigned long>(shift));
  else
    scaled_den *= pow10(static_cast<unsigned long>(-shift));
  BigInt s, rem;
  mpz_fdiv_qr(s.backend().data(), rem.backend().data(), scaled_num.backend().data(), scaled_den.backend().data());
  const int cmp = (2 * rem).compare(scaled_den);
  if (cmp > 0 || (cmp == 0 && mpz_odd_p(s.backend().data()))) s += 1;
  std::string text = to_string(s);
  if (text.size() > static_cast<std::size_t>(digits)) {  // rounded up to 10^digits
    text.pop_back();
    ++e;
  }

  std::string out = q < 0 ? "-" : "";
  if (e >= -5 && e < 21) {
    if (e >= 0) {
      const auto int_digits = static_cast<std::size_t>(e + 1);
      if (text.size() <= int_digits) {
        out.append(text).append(int_digits - text.size(), '0');
      } else {
        out.append(text, 0, int_digits).append(1, '.').append(text, int_digits);
      }
    } else {
      out.append("0.").append(static_cast<std::size_t>(-e - 1), '0').append(text);
    }
  } else {
    out.append(text, 0, 1);
    if (text.size() > 1) out.append(1, '.').append(text, 1);
    out.append(e < 0 ? "e-" : "e+").append(std::to_string(e < 0 ? -e : e));
  }
  return out;
}

std::string brief(const Rational& q) {
  std::string s = to_string(q);
  return s.size() <= 30 ? s : format_decimal(q, 6);
}

std::string count_of(std::uint64_t n, std::string_view singular, std::string_view plural) {
  return std::to_string(n) + " " + std::string(n == 1 ? singular : plural);
}

}  // namespace exactdp
