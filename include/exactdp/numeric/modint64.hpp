// exactdp/numeric/modint64.hpp: residues modulo a prime P < 2^62.
//
// The 32-bit residues of modint.hpp (P < 2^31) need twice as many primes for
// an answer combined by CRT as residues modulo primes near 2^62. Here:
//   DynModInt64   a run-time prime 2 < P < 2^62, set with dyn_modulus64_scope
//                 (default 4611686018427387847, the largest prime below 2^62);
//   ModInt64<P>   the same with a compile-time prime.
// Both keep values in Montgomery form (x·2^64 mod P, in [0, P)): a product is
// one 64x64 -> 128-bit multiplication and a Montgomery reduction (two more
// multiplications), never a 128-bit division and never a double. Sums of two
// values are below 2^63, so + and - are one add and one conditional
// correction. Primality: deterministic Miller-Rabin for every 64-bit number.
// The inverse of 0 mod P throws std::domain_error naming the value and P.
// Source: P. L. Montgomery, "Modular multiplication without trial division"
// (Math. Comp. 44, 1985); the Miller-Rabin bases 2, 325, 9375, 28178,
// 450775, 9780504, 1795265022 have no strong pseudoprime below 2^64
// (J. Sinclair 2011, verified by Feitsma and Galway's list of base-2
// pseudoprimes). Status: tested against 128-bit arithmetic on random
// operands, against FLINT's n_is_prime, and through every probability
// recurrence (exact value mapped to a residue, 61- and 62-bit primes).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/errors.hpp"

// The opt-in modulus tag of DynModInt64, as of DynModInt (modint.hpp): 1
// tags every value with the modulus it was made under and checks it.
#ifndef EXACTDP_DYNMODINT_TAGGED
#define EXACTDP_DYNMODINT_TAGGED 0
#endif

namespace exactdp {

/// The largest modulus the 64-bit residues accept (exclusive): 2^62.
inline constexpr std::uint64_t modulus64_limit = std::uint64_t{1} << 62;

namespace detail {

/// a·b mod m for any a, b < m < 2^64 through a 128-bit product (usable in
/// constant expressions; at run time the residue types use Montgomery form).
constexpr std::uint64_t mul_mod_u64(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return static_cast<std::uint64_t>(static_cast<unsigned __int128>(a) * b % m);
}

/// True when n is prime: trial division by the primes below 40, then
/// deterministic Miller-Rabin with Sinclair's seven bases (no strong
/// pseudoprime to all of them below 2^64). Usable in constant expressions.
/// Cost: O(log n) 128-bit products per base, 7 bases.
constexpr bool is_prime_u64(std::uint64_t n) {
  if (n < 2) return false;
  for (const std::uint64_t p : {2ull, 3ull, 5ull, 7ull, 11ull, 13ull, 17ull, 19ull, 23ull, 29ull, 31ull, 37ull})
    if (n % p == 0) return n == p;
  if (n < std::uint64_t{41} * 41) return true;  // no prime factor below 41
  std::uint64_t d = n - 1;
  int s = 0;
  while (d % 2 == 0) {
    d /= 2;
    ++s;
  }
  for (const std::uint64_t base : {2ull, 325ull, 9375ull, 28178ull, 450775ull, 9780504ull, 1795265022ull}) {
    const std::uint64_t a = base % n;
    if (a == 0) continue;  // the base is a multiple of n: no information
    std::uint64_t x = 1, b = a;
    for (std::uint64_t e = d; e; e >>= 1, b = mul_mod_u64(b, b, n))  // x = a^d mod n
      if (e & 1) x = mul_mod_u64(x, b, n);
    if (x == 1 || x == n - 1) continue;
    bool composite = true;
    for (int r = 1; r < s && composite; ++r) {
      x = mul_mod_u64(x, x, n);
      if (x == n - 1) composite = false;
    }
    if (composite) return false;
  }
  return true;
}

/// x mod m in [0, m) for any signed x; requires 1 <= m < 2^63.
constexpr std::uint64_t reduce_signed_u64(std::int64_t x, std::uint64_t m) {
  std::int64_t r = x % static_cast<std::int64_t>(m);  // in (-m, m)
  if (r < 0) r += static_cast<std::int64_t>(m);
  return static_cast<std::uint64_t>(r);
}

[[noreturn]] inline void throw_not_invertible64(std::uint64_t value, std::uint64_t modulus) {
  throw no_residue_error("no inverse: " + std::to_string(value) + " is 0 modulo " + std::to_string(modulus));
}

/// Inverse of a in Z/m for prime m < 2^62 by the extended Euclidean
/// algorithm. Requires 0 <= a < m. Throws std::domain_error when a == 0.
constexpr std::uint64_t inverse_mod_u64(std::uint64_t a, std::uint64_t m) {
  if (a == 0) throw_not_invertible64(a, m);
  std::int64_t r0 = static_cast<std::int64_t>(m), r1 = static_cast<std::int64_t>(a), t0 = 0, t1 = 1;
  while (r1 != 0) {  // |t_i| <= m / r_(i-1) < 2^62: no overflow
    const std::int64_t q = r0 / r1;
    const std::int64_t r2 = r0 - q * r1;
    r0 = r1;
    r1 = r2;
    const std::int64_t t2 = t0 - q * t1;
    t0 = t1;
    t1 = t2;
  }
  return reduce_signed_u64(t0, m);
}

/// Montgomery arithmetic modulo an odd m < 2^62 with R = 2^64. Values in
/// Montgomery form are x·R mod m, kept in [0, m).
/// reduce(T) for T < m·2^64: with q = T·(-m⁻¹) mod 2^64, T + q·m is a
/// multiple of 2^64 below 2m·2^64 < 2^127, so (T + q·m)/2^64 is T·R⁻¹ mod m
/// up to one subtraction of m.
struct montgomery64 {
  std::uint64_t m = 3;
  std::uint64_t neg_inv = 0;  // -m⁻¹ mod 2^64
  std::uint64_t r2 = 0;       // R² mod m, to enter the form

  constexpr montgomery64() : montgomery64(3) {}
  explicit constexpr montgomery64(std::uint64_t modulus) : m(modulus) {
    std::uint64_t inv = modulus;  // Newton's iteration doubles the correct low bits: 3, 6, 12, 24, 48, 96
    for (int i = 0; i < 5; ++i) inv *= 2 - modulus * inv;
    neg_inv = 0 - inv;
    const std::uint64_t r = (0 - modulus) % modulus;  // 2^64 mod m
    r2 = mul_mod_u64(r, r, modulus);
  }
  constexpr std::uint64_t reduce(unsigned __int128 t) const {
    const std::uint64_t q = static_cast<std::uint64_t>(t) * neg_inv;
    const auto u = static_cast<std::uint64_t>((t + static_cast<unsigned __int128>(q) * m) >> 64);
    return u >= m ? u - m : u;
  }
  constexpr std::uint64_t mul(std::uint64_t a, std::uint64_t b) const {
    return reduce(static_cast<unsigned __int128>(a) * b);
  }
  constexpr std::uint64_t to_form(std::uint64_t x) const { return mul(x, r2); }
  constexpr std::uint64_t from_form(std::uint64_t x) const { return reduce(x); }
  /// (a + b) mod m and (a - b) mod m for a, b in [0, m): below 2^63, so the
  /// sign of a + b - m (or a - b) as int64 says whether to add m back.
  constexpr std::uint64_t add(std::uint64_t a, std::uint64_t b) const {
    const std::uint64_t x = a + b - m;
    return x + (m & (0 - (x >> 63)));
  }
  constexpr std::uint64_t sub(std::uint64_t a, std::uint64_t b) const {
    const std::uint64_t x = a - b;
    return x + (m & (0 - (x >> 63)));
  }
};

/// The modulus of ModInt64<P>: fixed at compile time.
template <std::uint64_t P>
struct static_modulus64 {
  static_assert(P > 2 && P < modulus64_limit, "ModInt64: modulus must be in (2, 2^62)");
  static_assert(is_prime_u64(P), "ModInt64: modulus must be prime");
  static constexpr montgomery64 arithmetic{P};
  static constexpr const montgomery64& get() { return arithmetic; }
  static constexpr bool fixed = true;
};

/// The modulus of DynModInt64: the calling thread's (thread_local,
/// constant-initialized, so reading it needs no guard).
struct dynamic_modulus64 {
  static montgomery64& get() {
    constinit thread_local montgomery64 arithmetic(4'611'686'018'427'387'847ull);  // the largest prime below 2^62
    return arithmetic;
  }
  static constexpr bool fixed = false;
};

/// A residue modulo the prime Modulus::get().m, in Montgomery form.
template <class Modulus>
class modint64 {
 public:
  static constexpr std::uint64_t modulus() { return Modulus::get().m; }

  constexpr modint64() = default;
  constexpr modint64(std::int64_t x)  // NOLINT: implicit like int
      : v_(Modulus::get().to_form(reduce_signed_u64(x, modulus()))) {
    tag();
  }
  /// A residue already in [0, P); throws std::invalid_argument otherwise.
  static constexpr modint64 from_residue(std::uint64_t r) {
    if (r >= modulus())
      throw std::invalid_argument("residue " + std::to_string(r) + " is not below the modulus " +
                                  std::to_string(modulus()));
    modint64 x;
    x.v_ = Modulus::get().to_form(r);
    x.tag();
    return x;
  }
  /// The residue, in [0, P).
  constexpr std::uint64_t value() const { return Modulus::get().from_form(v_); }

  constexpr modint64& operator+=(modint64 o) {
    check(o);
    v_ = Modulus::get().add(v_, o.v_);
    return tag();
  }
  constexpr modint64& operator-=(modint64 o) {
    check(o);
    v_ = Modulus::get().sub(v_, o.v_);
    return tag();
  }
  constexpr modint64& operator*=(modint64 o) {
    check(o);
    v_ = Modulus::get().mul(v_, o.v_);
    return tag();
  }
  constexpr modint64& operator/=(modint64 o) { return *this *= o.inv(); }
  /// The inverse; throws std::domain_error when the value is 0 mod P.
  constexpr modint64 inv() const {
    check(*this);
    return from_residue(inverse_mod_u64(value(), modulus()));
  }
  constexpr modint64 pow(std::uint64_t e) const {
    modint64 r(1), b = *this;
    for (; e; e >>= 1, b *= b)
      if (e & 1) r *= b;
    return r;
  }

  friend constexpr modint64 operator+(modint64 a, modint64 b) { return a += b; }
  friend constexpr modint64 operator-(modint64 a, modint64 b) { return a -= b; }
  friend constexpr modint64 operator*(modint64 a, modint64 b) { return a *= b; }
  friend constexpr modint64 operator/(modint64 a, modint64 b) { return a /= b; }
  friend constexpr modint64 operator-(modint64 a) { return modint64() - a; }
  friend constexpr bool operator==(modint64 a, modint64 b) {
    a.check(b);
    return a.v_ == b.v_;  // the form is a bijection
  }

 private:
  // The modulus tag (EXACTDP_DYNMODINT_TAGGED, a run-time modulus only): set
  // to the calling thread's modulus by every value made, checked (both
  // operands against the modulus) by every operation; no member and no
  // code without it.
  static constexpr bool tagged = EXACTDP_DYNMODINT_TAGGED && !Modulus::fixed;
  struct no_tag {};
  constexpr modint64& tag() {
    if constexpr (tagged) m_ = modulus();
    return *this;
  }
  constexpr void check(modint64 o) const {
    if constexpr (tagged) {
      const std::uint64_t p = modulus();
      if ((m_ != 0 && m_ != p) || (o.m_ != 0 && o.m_ != p))
        throw std::logic_error("DynModInt64: a value made modulo " + std::to_string(m_ != 0 && m_ != p ? m_ : o.m_) +
                               " is used modulo " + std::to_string(p) +
                               " (values of two moduli mixed, or carried out of their dyn_modulus64_scope)");
    } else {
      (void)o;
    }
  }
  std::uint64_t v_ = 0;
  [[no_unique_address]] std::conditional_t<tagged, std::uint64_t, no_tag> m_{};  // 0: none (a default zero)
};

}  // namespace detail

/// Residue modulo the compile-time prime P, 2 < P < 2^62 (checked by
/// static_assert, deterministic Miller-Rabin). Same operations and errors as
/// ModInt<P>; value() is a uint64_t. Cost: a product is three 64-bit
/// multiplications; inverse O(log P).
template <std::uint64_t P>
using ModInt64 = detail::modint64<detail::static_modulus64<P>>;

/// Residue modulo a run-time prime 2 < P < 2^62, set with dyn_modulus64_scope
/// (default 4611686018427387847, the largest prime below 2^62). The modulus
/// belongs to the calling thread, like DynModInt's (separate from it):
/// threads may compute with different moduli at once, and each starts with
/// the default. Values made under one modulus must not be mixed with another
/// nor handed to a thread with another modulus. Same operations and errors
/// as ModInt64<P>. With EXACTDP_DYNMODINT_TAGGED defined to 1 (as for
/// DynModInt), each value carries the modulus it was made under, and an
/// operation on a value of another modulus throws std::logic_error.
using DynModInt64 = detail::modint64<detail::dynamic_modulus64>;

/// True when p can be the modulus of a 64-bit residue: a prime with
/// 2 < p < 2^62. Cost: deterministic Miller-Rabin, O(log p).
/// Example: is_residue_modulus64(998244353).
constexpr bool is_residue_modulus64(std::uint64_t p) { return p > 2 && p < modulus64_limit && detail::is_prime_u64(p); }

/// Throws std::invalid_argument unless p is a prime with 2 < p < 2^62,
/// saying which condition fails (modulus_range_error's words out of range).
/// Cost: O(log p).
/// Example: check_modulus64(4) throws "modulus 4 is not prime: residues of fractions need a prime modulus".
inline void check_modulus64(std::uint64_t p) {
  if (p <= 2 || p >= modulus64_limit) throw modulus_range_error(std::to_string(p));
  if (!detail::is_prime_u64(p))
    throw std::invalid_argument("modulus " + std::to_string(p) +
                                " is not prime: residues of fractions need a prime modulus");
}

/// Sets DynModInt64's modulus for the calling thread for the lifetime of the
/// scope and restores the previous one afterwards; other threads keep theirs.
/// Throws what check_modulus64 throws.
/// Status: tested in tests/threads/test_threads.cpp (threads with different
/// moduli at once, under ThreadSanitizer).
class dyn_modulus64_scope {
 public:
  explicit dyn_modulus64_scope(std::uint64_t p) : saved_(DynModInt64::modulus()) {
    check_modulus64(p);
    detail::dynamic_modulus64::get() = detail::montgomery64(p);
  }
  ~dyn_modulus64_scope() { detail::dynamic_modulus64::get() = detail::montgomery64(saved_); }
  dyn_modulus64_scope(const dyn_modulus64_scope&) = delete;
  dyn_modulus64_scope& operator=(const dyn_modulus64_scope&) = delete;

 private:
  std::uint64_t saved_;
};

/// Residues below 2^62: exact, one word; counts run in the residues, and
/// linear systems by plain elimination in the residues (the 32-bit solver's
/// delayed reduction needs a modulus below 2^31).
template <class Modulus>
struct field_traits<detail::modint64<Modulus>> {
  using value_type = detail::modint64<Modulus>;
  static constexpr const char* name = "mod";
  static constexpr bool is_exact = true;
  static constexpr bool is_residue = true;
  static constexpr bool is_field = true;
  static constexpr bool fixed_size = true;
  static constexpr count_form counting = count_form::in_type;
  static constexpr linear_solver solver = linear_solver::elimination;
  static value_type from_rational(const Rational& q) { return detail::residue_from_rational<value_type>(q); }
  static constexpr value_type power(value_type x, std::uint64_t e) { return x.pow(e); }
};

}  // namespace exactdp
