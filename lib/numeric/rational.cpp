// Exact parsing and printing of Rational and BigInt (see rational.hpp).
#include "exactdp/numeric/rational.hpp"

#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/modint64.hpp"

#include <gmp.h>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace exactdp {

namespace {

constexpr std::size_t max_text_length = 1'000'000;
constexpr long max_exponent = 100'000;

[[noreturn]] void bad_number(std::string_view text, const std::string& why) {
  throw std::invalid_argument("cannot read " + quote_input(text) + " as a number: " + why);
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

BigInt digits_to_bigint(std::string_view digits) {
  BigInt z;
  if (digits.empty()) return z;
  const std::string s(digits);
  mpz_set_str(z.backend().data(), s.c_str(), 10);  // digits were validated
  return z;
}

BigInt pow10(long e) {
  BigInt z;
  mpz_ui_pow_ui(z.backend().data(), 10, static_cast<unsigned long>(e));
  return z;
}

void check_length(std::string_view text) {
  if (text.empty()) bad_number(text, "the text is empty");
  if (text.size() > max_text_length)
    bad_number(text, "the text has " + std::to_string(text.size()) + " characters, more than the limit of " +
                         std::to_string(max_text_length));
}

// Splits an optional leading sign off; returns true for '-'.
bool take_sign(std::string_view& text, std::string_view whole) {
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  if (text.empty()) bad_number(whole, "a sign must be followed by digits");
  return negative;
}

std::string_view take_digits(std::string_view& text) {
  std::size_t n = 0;
  while (n < text.size() && is_digit(text[n])) ++n;
  std::string_view digits = text.substr(0, n);
  text.remove_prefix(n);
  return digits;
}

}  // namespace

Rational make_rational(const BigInt& num, const BigInt& den) {
  if (den == 0) throw std::invalid_argument("fraction " + message_text(num) + "/0 has a zero denominator");
  Rational q;
  mpq_set_num(q.backend().data(), num.backend().data());
  mpq_set_den(q.backend().data(), den.backend().data());
  mpq_canonicalize(q.backend().data());  // lowest terms, positive denominator
  return q;
}

namespace {

// make_rational_over_power's work; `power` is base^exponent when the caller
// has it, nullptr otherwise.
Rational reduce_over_power(const BigInt& num, std::uint64_t base, std::uint64_t exponent, const BigInt* power) {
  if (base < 1 || base > 0xffffffffULL)
    throw std::invalid_argument("make_rational_over_power: the base " + std::to_string(base) +
                                " is outside 1..4294967295");
  if (exponent > (std::uint64_t{1} << 58))
    throw std::invalid_argument("make_rational_over_power: the exponent " + std::to_string(exponent) +
                                " is above 2^58");
  // The primes of base with their multiplicities (at most 32 in all).
  std::vector<std::pair<unsigned long, std::uint64_t>> primes;
  std::uint64_t rest = base;
  for (std::uint64_t p = 2; p * p <= rest; p += (p == 2 ? 1 : 2)) {
    std::uint64_t a = 0;
    for (; rest % p == 0; rest /= p) ++a;
    if (a != 0) primes.emplace_back(static_cast<unsigned long>(p), a);
  }
  if (rest > 1) primes.emplace_back(static_cast<unsigned long>(rest), 1);
  Rational q;
  mpz_ptr n = mpq_numref(q.backend().data());
  mpz_ptr d = mpq_denref(q.backend().data());
  mpz_set(n, num.backend().data());
  mpz_set_ui(d, 1);
  if (mpz_sgn(n) == 0) return q;
  // Strip each prime p of base from n. Without the power, d is built from
  // what does not cancel: the odd primes' powers, then 2's as a shift (a
  // product by a big power of 2 costs as much as a power). With it, d is the
  // power over what cancels, usually nothing: a copy.
  mpz_t factor;
  mpz_t cancelled;  // the product of p^removed, only with the power
  mpz_init(factor);
  mpz_init_set_ui(cancelled, 1);
  std::uint64_t twos = 0;  // 2's exponent left in the denominator
  for (const auto& [p, a] : primes) {
    const std::uint64_t total = a * exponent;  // p's exponent in base^exponent
    std::uint64_t removed = 0;
    if (p == 2) {
      removed = std::min<std::uint64_t>(mpz_scan1(n, 0), total);
      mpz_tdiv_q_2exp(n, n, static_cast<mp_bitcnt_t>(removed));  // exact: the low bits are 0
      twos = total - removed;
      if (power != nullptr) mpz_mul_2exp(cancelled, cancelled, static_cast<mp_bitcnt_t>(removed));
      continue;
    }
    // One remainder pass tells whether p divides n; mpz_remove costs several
    // times more even when it does not (about 7 against 1 us on 5001^4999,
    // p = 5).
    if (total != 0 && mpz_divisible_ui_p(n, p) != 0) {
      mpz_set_ui(factor, p);
      removed = mpz_remove(n, n, factor);  // every factor p of n
      if (removed > total) {               // more than the denominator holds: put the rest back
        mpz_ui_pow_ui(factor, p, static_cast<unsigned long>(removed - total));
        mpz_mul(n, n, factor);
        removed = total;
      }
    }
    mpz_ptr into = power != nullptr ? cancelled : d;  // what cancels, or what is left
    const std::uint64_t times = power != nullptr ? removed : total - removed;
    if (times != 0) {
      mpz_ui_pow_ui(factor, p, static_cast<unsigned long>(times));
      mpz_mul(into, into, factor);
    }
  }
  if (power == nullptr)
    mpz_mul_2exp(d, d, static_cast<mp_bitcnt_t>(twos));
  else if (mpz_cmp_ui(cancelled, 1) == 0)
    mpz_set(d, power->backend().data());  // nothing cancels: the denominator is the power itself
  else
    mpz_divexact(d, power->backend().data(), cancelled);
  mpz_clear(cancelled);
  mpz_clear(factor);
  return q;  // lowest terms: d's primes no longer divide n
}

}  // namespace

Rational make_rational_over_power(const BigInt& num, std::uint64_t base, std::uint64_t exponent) {
  return reduce_over_power(num, base, exponent, nullptr);
}

Rational make_rational_over_power(const BigInt& num, std::uint64_t base, std::uint64_t exponent, const BigInt& power) {
  // A cheap check that power is base^exponent: both sides modulo the prime
  // 2^61 - 1 (a base out of range is left to reduce_over_power's error).
  constexpr std::uint64_t check_prime = (std::uint64_t{1} << 61) - 1;
  std::uint64_t expected = 1;
  if (base >= 1 && base <= 0xffffffffULL) {
    std::uint64_t b = base % check_prime;
    for (std::uint64_t e = exponent; e != 0; e >>= 1, b = detail::mul_mod_u64(b, b, check_prime))
      if ((e & 1) != 0) expected = detail::mul_mod_u64(expected, b, check_prime);
    if (mpz_sgn(power.backend().data()) <= 0 || mpz_fdiv_ui(power.backend().data(), check_prime) != expected)
      throw std::invalid_argument("make_rational_over_power: the power given is not " + std::to_string(base) + "^" +
                                  std::to_string(exponent));
  }
  return reduce_over_power(num, base, exponent, &power);
}

BigInt parse_bigint(std::string_view text) {
  check_length(text);
  std::string_view rest = text;
  const bool negative = take_sign(rest, text);
  const std::string_view digits = take_digits(rest);
  if (digits.empty() || !rest.empty()) bad_number(text, "expected an integer such as 42 or -7");
  BigInt z = digits_to_bigint(digits);
  return negative ? BigInt(-z) : z;
}

Rational parse_rational(std::string_view text) {
  check_length(text);
  std::string_view rest = text;
  const bool negative = take_sign(rest, text);
  const std::string_view int_part = take_digits(rest);

  if (!rest.empty() && rest[0] == '/') {  // p/q
    rest.remove_prefix(1);
    const std::string_view den_part = take_digits(rest);
    if (int_part.empty() || den_part.empty() || !rest.empty())
      bad_number(text, "a fraction is written p/q with digits on both sides, such as 1/16 or -3/7");
    const BigInt den = digits_to_bigint(den_part);
    if (den == 0) bad_number(text, "the denominator is 0");
    BigInt num = digits_to_bigint(int_part);
    if (negative) num = -num;
    return make_rational(num, den);
  }

  std::string_view frac_part;
  bool has_point = false;
  if (!rest.empty() && rest[0] == '.') {
    has_point = true;
    rest.remove_prefix(1);
    frac_part = take_digits(rest);
  }
  if (int_part.empty() && frac_part.empty())
    bad_number(
        text, has_point ? "a decimal point needs digits beside it" : "expected a number such as 42, -3/7, 0.1 or 1e-3");
  long exponent = 0;
  if (!rest.empty() && (rest[0] == 'e' || rest[0] == 'E')) {
    rest.remove_prefix(1);
    bool exp_negative = false;
    if (!rest.empty() && (rest[0] == '+' || rest[0] == '-')) {
      exp_negative = rest[0] == '-';
      rest.remove_prefix(1);
    }
    const std::string_view exp_digits = take_digits(rest);
    if (exp_digits.empty()) bad_number(text, "the exponent after 'e' has no digits");
    std::size_t first = exp_digits.find_first_not_of('0');
    const std::string_view significant = first == std::string_view::npos ? "0" : exp_digits.substr(first);
    if (significant.size() > 6) bad_number(text, "the exponent is larger than the limit of 100000");
    exponent = std::stol(std::string(significant));
    if (exp_negative) exponent = -exponent;
  }
  if (!rest.empty()) bad_number(text, "unexpected character " + quote_input(rest.substr(0, 1)));
  if (exponent > max_exponent || exponent < -max_exponent)
    bad_number(text, "the exponent is larger than the limit of 100000");

  std::string all_digits(int_part);
  all_digits += frac_part;
  BigInt num = digits_to_bigint(all_digits);
  if (negative) num = -num;
  const long scale = exponent - static_cast<long>(frac_part.size());
  if (scale >= 0) return make_rational(num * pow10(scale), BigInt(1));
  return make_rational(num, pow10(-scale));
}

long double exact_digits_in_text(std::string_view text) {
  long double digits = static_cast<long double>(text.size());
  for (std::size_t i = 1; i < text.size(); ++i) {
    if ((text[i] != 'e' && text[i] != 'E') || !(is_digit(text[i - 1]) || text[i - 1] == '.')) continue;
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
    long exponent = 0;
    for (; j < text.size() && is_digit(text[j]); ++j)
      exponent = std::min(exponent * 10 + (text[j] - '0'), max_exponent + 1);
    digits += static_cast<long double>(exponent);
    i = j - 1;
  }
  return digits;
}

std::string to_string(const Rational& q) {
  std::unique_ptr<char, void (*)(void*)> text(mpq_get_str(nullptr, 10, q.backend().data()), std::free);
  return text.get();
}

std::string to_string(const BigInt& z) {
  std::unique_ptr<char, void (*)(void*)> text(mpz_get_str(nullptr, 10, z.backend().data()), std::free);
  return text.get();
}

namespace {

// One integer part of a number's text (an optional '-', then digits), cut as
// message_text describes.
std::string cut_digits(std::string_view part) {
  const std::size_t sign = !part.empty() && part[0] == '-' ? 1 : 0;
  const std::size_t digits = part.size() - sign;
  if (digits <= 30) return std::string(part);
  return std::string(part.substr(0, sign + 20)) + "..." + std::string(part.substr(part.size() - 4)) + " (" +
         std::to_string(digits) + " digits)";
}

std::string cut_number(std::string text) {
  if (text.size() <= 60) return text;
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) return cut_digits(text);
  return cut_digits(std::string_view(text).substr(0, slash)) + "/" +
         cut_digits(std::string_view(text).substr(slash + 1));
}

}  // namespace

std::string message_text(const Rational& q) { return cut_number(to_string(q)); }

std::string message_text(const BigInt& z) { return cut_number(to_string(z)); }

}  // namespace exactdp
