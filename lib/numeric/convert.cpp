// Conversions between exact fractions, residues and doubles (see convert.hpp).
#include "exactdp/numeric/convert.hpp"

#include <gmp.h>
#include <mpfr.h>

#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

namespace {

// num·den⁻¹ mod p for the reduced q; p is a checked prime below 2^62.
std::uint64_t residue_of(const Rational& q, std::uint64_t p) {
  static_assert(sizeof(unsigned long) == sizeof(std::uint64_t), "mpz_fdiv_ui needs 64-bit unsigned long");
  const mpq_srcptr raw = q.backend().data();
  const auto m = static_cast<unsigned long>(p);
  // mpz_fdiv_ui gives the non-negative remainder, so negative numerators work.
  const std::uint64_t num = mpz_fdiv_ui(mpq_numref(raw), m);
  const std::uint64_t den = mpz_fdiv_ui(mpq_denref(raw), m);
  if (den == 0)
    throw no_residue_error("the fraction " + message_text(q) + " has no residue modulo " + std::to_string(p) +
                           ": its reduced denominator is divisible by " + std::to_string(p));
  return detail::mul_mod_u64(num, detail::inverse_mod_u64(den, p), p);
}

}  // namespace

std::invalid_argument modulus_range_error(std::string_view text, std::uint64_t limit) {
  const int bits = static_cast<int>(std::bit_width(limit)) - 1;
  return std::invalid_argument(
      "the modulus must be a prime P with 2 < P < 2^" + std::to_string(bits) + " = " + std::to_string(limit) +
      (limit < modulus64_limit ? " (this solver computes in 32-bit residues)" : "") + ", not " + quote_input(text));
}

std::uint32_t to_residue(const Rational& q, std::uint64_t p) {
  dyn_modulus_scope::check_modulus(p);
  return static_cast<std::uint32_t>(residue_of(q, p));
}

std::uint64_t to_residue64(const Rational& q, std::uint64_t p) {
  check_modulus64(p);
  return residue_of(q, p);
}

double_conversion to_double_checked(const Rational& q) {
  // Emulate IEEE binary64 in MPFR: 53-bit significand, exponents of MPFR's
  // [1/2, 1) convention from -1073 (the smallest subnormal 2^-1074 is
  // 0.5·2^-1073) to 1024, and mpfr_subnormalize to round subnormals once, at
  // their own precision (the method of the MPFR manual).
  const mpfr_exp_t saved_emin = mpfr_get_emin();
  const mpfr_exp_t saved_emax = mpfr_get_emax();
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_t x;
  mpfr_init2(x, 53);
  int ternary = mpfr_set_q(x, q.backend().data(), MPFR_RNDN);
  ternary = mpfr_subnormalize(x, ternary, MPFR_RNDN);
  const double value = mpfr_get_d(x, MPFR_RNDN);  // exact: x is a double now
  mpfr_clear(x);
  mpfr_set_emin(saved_emin);
  mpfr_set_emax(saved_emax);

  double_status status = double_status::rounded;
  if (std::isinf(value))
    status = double_status::overflow;
  else if (value == 0 && q != 0)
    status = double_status::underflow;
  else if (value != 0 && std::fabs(value) < std::numeric_limits<double>::min())
    status = double_status::subnormal;
  else if (ternary == 0)
    status = double_status::exact;
  return {value, status};
}

double field_traits<double>::from_rational(const Rational& q) { return to_double(q); }

Rational to_rational(double d) {
  if (!std::isfinite(d)) throw std::invalid_argument("the double is not finite: it has no exact value");
  Rational q;
  mpq_set_d(q.backend().data(), d);  // exact for every finite double
  return q;
}

residue_class crt_combine(std::span<const residue_class> classes) {
  if (classes.empty()) throw std::invalid_argument("no residues given to combine");
  BigInt x = 0, m = 1;
  for (const residue_class& c : classes) {
    if (c.modulus < 2) throw std::invalid_argument("modulus " + message_text(c.modulus) + " is below 2");
    BigInt r;
    mpz_fdiv_r(r.backend().data(), c.residue.backend().data(), c.modulus.backend().data());
    BigInt inv;
    // x' = x + m·((r - x)·m⁻¹ mod c.modulus) agrees with x mod m and with r mod c.modulus.
    if (mpz_invert(inv.backend().data(), m.backend().data(), c.modulus.backend().data()) == 0 && m != 1)
      throw std::invalid_argument("the moduli " + message_text(m) + " and " + message_text(c.modulus) +
                                  " share a factor; give residues for distinct primes");
    if (m == 1) inv = 1;
    BigInt t = (r - x) * inv;
    mpz_fdiv_r(t.backend().data(), t.backend().data(), c.modulus.backend().data());
    x += m * t;
    m *= c.modulus;
  }
  return {x, m};
}

std::vector<residue_class> parse_residues(std::span<const std::string> items, std::uint64_t default_modulus) {
  if (items.size() > 10'000)
    throw std::invalid_argument("too many residues: " + std::to_string(items.size()) + " (the limit is 10000)");
  std::vector<residue_class> classes;
  for (const std::string& item : items) {
    const auto at = item.find('@');
    std::uint64_t p = default_modulus;
    if (at != std::string::npos) {
      const std::string_view text = std::string_view(item).substr(at + 1);
      const BigInt modulus = parse_bigint(text);
      if (modulus <= 2 || modulus >= BigInt(modulus64_limit)) throw modulus_range_error(text);
      p = static_cast<std::uint64_t>(modulus);
    }
    check_modulus64(p);
    classes.push_back({parse_bigint(std::string_view(item).substr(0, at)), BigInt(p)});
  }
  return classes;
}

Rational combine_known_denominator(std::span<const residue_class> classes, const BigInt& denominator) {
  if (denominator == 0) throw std::invalid_argument("the known denominator is 0");
  std::vector<residue_class> numerators;
  numerators.reserve(classes.size());
  for (const residue_class& c : classes) {
    if (c.modulus < 2) throw std::invalid_argument("modulus " + message_text(c.modulus) + " is below 2");
    BigInt d;
    mpz_fdiv_r(d.backend().data(), denominator.backend().data(), c.modulus.backend().data());
    if (d == 0)
      throw std::domain_error("the known denominator is divisible by the modulus " + message_text(c.modulus) +
                              ": that residue says nothing about the numerator; use another prime");
    numerators.push_back({c.residue * denominator, c.modulus});  // N ≡ r·D
  }
  residue_class n = crt_combine(numerators);
  if (n.residue > n.modulus / 2) n.residue -= n.modulus;  // the symmetric range (-M/2, M/2]
  return make_rational(n.residue, denominator);
}

BigInt reconstruction_bound(const BigInt& modulus) {
  BigInt half = modulus / 2;  // floor(sqrt(floor(m/2))) = floor(sqrt(m/2))
  BigInt root;
  mpz_sqrt(root.backend().data(), half.backend().data());
  return root;
}

std::optional<Rational> reconstruct(const BigInt& residue, const BigInt& modulus) {
  if (modulus < 2) throw std::invalid_argument("modulus " + message_text(modulus) + " is below 2: no reconstruction");
  const BigInt bound = reconstruction_bound(modulus);
  BigInt u;
  mpz_fdiv_r(u.backend().data(), residue.backend().data(), modulus.backend().data());
  // Extended Euclid on (m, u), keeping r_i ≡ t_i·u (mod m), stopped at the
  // first remainder <= bound (Wang 1981; von zur Gathen & Gerhard, 5.26).
  BigInt r0 = modulus, r1 = u, t0 = 0, t1 = 1;
  while (r1 > bound) {
    const BigInt q = r0 / r1;
    BigInt r2 = r0 - q * r1;
    r0 = std::move(r1);
    r1 = std::move(r2);
    BigInt t2 = t0 - q * t1;
    t0 = std::move(t1);
    t1 = std::move(t2);
  }
  const BigInt den = abs(t1);
  if (den == 0 || den > bound) return std::nullopt;
  BigInt g;
  mpz_gcd(g.backend().data(), r1.backend().data(), t1.backend().data());
  if (g != 1) return std::nullopt;
  return make_rational(t1 < 0 ? BigInt(-r1) : r1, den);
}

std::optional<std::uint64_t> ulp_distance(double a, double b) {
  if (!std::isfinite(a) || !std::isfinite(b)) return std::nullopt;
  // Map the doubles onto integers that are consecutive for consecutive
  // doubles: the bit pattern for a >= 0, its mirror below zero for a < 0.
  auto key = [](double d) -> std::int64_t {
    const auto bits = std::bit_cast<std::int64_t>(d);
    return bits >= 0 ? bits : -(bits & std::numeric_limits<std::int64_t>::max());
  };
  const std::int64_t ka = key(a), kb = key(b);
  return ka >= kb ? static_cast<std::uint64_t>(ka) - static_cast<std::uint64_t>(kb)
                  : static_cast<std::uint64_t>(kb) - static_cast<std::uint64_t>(ka);
}

}  // namespace exactdp
