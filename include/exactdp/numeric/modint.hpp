// exactdp/numeric/modint.hpp: residues modulo a prime P < 2^31.
//
// ModInt<P> has a compile-time prime modulus (Mod = ModInt<1'000'000'007>);
// DynModInt has a run-time prime modulus chosen with dyn_modulus_scope (the
// tool's --modulus). Values are kept in [0, P) in a uint32_t, so a sum of two
// is < 2^32 and a product is < 2^62: products go through 64-bit integers,
// never through a double (a double loses bits above 2^53, so 16^(P-2) mod P
// through doubles gives a wrong inverse of 16). Negative inputs are reduced
// into [0, P) (a signed % gives a negative residue, as in LeetCode 1223 Dice
// Roll Simulation's subtractions). Status: tests/numeric/test_policies.cpp.
// The inverse of 0 mod P throws std::domain_error naming the value and P.
// ModInt has no order: it is a Field, never an OrderedField.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

namespace detail {

/// True when n is prime. Deterministic Miller-Rabin with the bases 2, 7, 61,
/// which has no false positive below 4,759,123,141 > 2^32 (Jaeschke 1993);
/// usable in constant expressions. Cost: O(log n) multiplications.
constexpr bool is_prime_u32(std::uint32_t n) {
  if (n < 2) return false;
  for (const std::uint32_t p : {2u, 3u, 5u, 7u, 11u, 13u, 61u})
    if (n % p == 0) return n == p;
  std::uint32_t d = n - 1;
  int s = 0;
  while (d % 2 == 0) {
    d /= 2;
    ++s;
  }
  for (const std::uint64_t a : {2ull, 7ull, 61ull}) {
    std::uint64_t x = 1, b = a % n;
    for (std::uint32_t e = d; e; e >>= 1, b = b * b % n)  // x = a^d mod n; products < 2^64
      if (e & 1) x = x * b % n;
    if (x == 1 || x == n - 1) continue;
    bool composite = true;
    for (int r = 1; r < s && composite; ++r) {
      x = x * x % n;
      if (x == n - 1) composite = false;
    }
    if (composite) return false;
  }
  return true;
}

/// x mod m in [0, m) for any signed x. Requires 1 <= m < 2^31.
constexpr std::uint32_t reduce_signed(std::int64_t x, std::uint32_t m) {
  std::int64_t r = x % static_cast<std::int64_t>(m);  // in (-m, m)
  if (r < 0) r += m;
  return static_cast<std::uint32_t>(r);
}

[[noreturn]] inline void throw_not_invertible(std::uint32_t value, std::uint64_t modulus) {
  throw no_residue_error("no inverse: " + std::to_string(value) + " is 0 modulo " + std::to_string(modulus));
}

/// Inverse of a in Z/m for prime m by the extended Euclidean algorithm
/// (no exponentiation, no double). Requires 0 <= a < m < 2^31.
/// Throws std::domain_error when a == 0. Every remainder is below 2^31 and
/// every coefficient t_i satisfies |t_i| <= m / r_(i-1) < 2^31, so 32-bit
/// divisions suffice (cheaper than 64-bit ones).
constexpr std::uint32_t inverse_mod(std::uint32_t a, std::uint32_t m) {
  if (a == 0) throw_not_invertible(a, m);
  std::uint32_t r0 = m, r1 = a;
  std::int32_t t0 = 0, t1 = 1;
  while (r1 != 0) {
    const std::uint32_t q = r0 / r1;
    const std::uint32_t r2 = r0 - q * r1;
    r0 = r1;
    r1 = r2;
    const std::int32_t t2 = t0 - static_cast<std::int32_t>(q) * t1;
    t0 = t1;
    t1 = t2;
  }
  // r0 = gcd(a, m) = 1 because m is prime and 0 < a < m; |t0| < m.
  return reduce_signed(t0, m);
}

/// (a + b) mod m and (a - b) mod m for residues a, b in [0, m), m < 2^31,
/// without a branch. x = a + b - m (or a - b) computed modulo 2^32 is either
/// the residue, in [0, m), or has wrapped to at least 2^32 - m > 2^31; so its
/// top bit says whether to add m back. Shift, and, add: the compiler can
/// vectorize this with SSE2, where an unsigned minimum would need SSE4.1.
constexpr std::uint32_t wrap_back(std::uint32_t x, std::uint32_t m) { return x + (m & (0u - (x >> 31))); }
constexpr std::uint32_t add_mod(std::uint32_t a, std::uint32_t b, std::uint32_t m) { return wrap_back(a + b - m, m); }
constexpr std::uint32_t sub_mod(std::uint32_t a, std::uint32_t b, std::uint32_t m) { return wrap_back(a - b, m); }

/// Barrett reduction for a run-time modulus 3 <= m < 2^31 (the AtCoder
/// Library's method). im = ceil(2^64 / m), so im·m = 2^64 + r with 0 <= r < m.
/// For z < m² < 2^62: z·im / 2^64 = z/m + z·r/(m·2^64), and the second term is
/// < z/2^64 < 1/4. Hence x = floor(z·im / 2^64) is floor(z/m) or floor(z/m)+1,
/// and z - x·m lies in (-m, m): computed in uint64 it wraps when negative, and
/// one conditional + m corrects it. Result in [0, m).
struct barrett {
  std::uint32_t m = 3;
  std::uint64_t im = (~std::uint64_t{0}) / 3 + 1;
  explicit constexpr barrett(std::uint32_t modulus) : m(modulus), im((~std::uint64_t{0}) / modulus + 1) {}
  constexpr std::uint32_t mul(std::uint32_t a, std::uint32_t b) const {
    const std::uint64_t z = static_cast<std::uint64_t>(a) * b;
    const std::uint64_t x = static_cast<std::uint64_t>((static_cast<unsigned __int128>(z) * im) >> 64);
    std::uint64_t v = z - x * m;
    if (m <= v) v += m;  // v wrapped below zero: add m back
    return static_cast<std::uint32_t>(v);
  }
};

}  // namespace detail

/// Residue modulo the compile-time prime P, 2 < P < 2^31.
/// Construction from int64 reduces into [0, P) for negative values too.
/// Division by a value ≡ 0 throws std::domain_error naming the value and P.
/// Cost: every operation O(1); inverse O(log P).
template <std::uint32_t P>
class ModInt {
  static_assert(P > 2 && P < (std::uint32_t{1} << 31), "ModInt: modulus must be in (2, 2^31)");
  static_assert(detail::is_prime_u32(P), "ModInt: modulus must be prime");

 public:
  static constexpr std::uint32_t modulus() { return P; }

  constexpr ModInt() = default;
  constexpr ModInt(std::int64_t x) : v_(detail::reduce_signed(x, P)) {}  // NOLINT: implicit like int
  /// A residue already in [0, P); throws std::invalid_argument otherwise.
  /// Example: Mod::from_residue(5).value() == 5.
  static constexpr ModInt from_residue(std::uint32_t r) {
    if (r >= P)
      throw std::invalid_argument("ModInt: residue " + std::to_string(r) + " is not below " + std::to_string(P));
    ModInt m;
    m.v_ = r;
    return m;
  }
  /// The residue, in [0, P).
  /// Example: Mod(-1).value() == 1000000006.
  constexpr std::uint32_t value() const { return v_; }

  constexpr ModInt& operator+=(ModInt o) {
    v_ = detail::add_mod(v_, o.v_, P);
    return *this;
  }
  constexpr ModInt& operator-=(ModInt o) {
    v_ = detail::sub_mod(v_, o.v_, P);
    return *this;
  }
  constexpr ModInt& operator*=(ModInt o) {
    // Both < 2^31: the product is < 2^62 and the constant modulus compiles to
    // a multiply-shift.
    v_ = static_cast<std::uint32_t>(static_cast<std::uint64_t>(v_) * o.v_ % P);
    return *this;
  }
  constexpr ModInt& operator/=(ModInt o) { return *this *= o.inv(); }
  /// The inverse; throws std::domain_error when the value is 0 mod P.
  /// Example: Mod(2).inv().value() == 500000004.
  constexpr ModInt inv() const { return from_residue(detail::inverse_mod(v_, P)); }
  constexpr ModInt pow(std::uint64_t e) const {
    ModInt r(1), b = *this;
    for (; e; e >>= 1, b *= b)
      if (e & 1) r *= b;
    return r;
  }

  friend constexpr ModInt operator+(ModInt a, ModInt b) { return a += b; }
  friend constexpr ModInt operator-(ModInt a, ModInt b) { return a -= b; }
  friend constexpr ModInt operator*(ModInt a, ModInt b) { return a *= b; }
  friend constexpr ModInt operator/(ModInt a, ModInt b) { return a /= b; }
  friend constexpr ModInt operator-(ModInt a) { return ModInt() - a; }
  friend constexpr bool operator==(ModInt a, ModInt b) = default;

 private:
  std::uint32_t v_ = 0;
};

/// Residues modulo 1,000,000,007, the usual judge modulus.
using Mod = ModInt<1'000'000'007>;

/// 1 when DynModInt values carry the modulus they were made under and every
/// operation checks it; 0 (the default) otherwise. Opt-in, never tied to
/// NDEBUG: the tag changes DynModInt's layout, so a debug program linked
/// to a release build of the library would see two layouts of one type.
/// Every file of a program must see one value (tests/numeric's tagged test
/// is a program of its own).
#ifndef EXACTDP_DYNMODINT_TAGGED
#define EXACTDP_DYNMODINT_TAGGED 0
#endif

/// Residue modulo a run-time prime 2 < P < 2^31, set with dyn_modulus_scope
/// (default 1,000,000,007). The modulus belongs to the calling thread
/// (thread_local): threads may compute with different moduli at once, and
/// each thread starts with the default. Values made under one modulus must
/// not be mixed with another, nor handed to a thread with another modulus
/// (value() is a plain integer and may be). Same operations and errors as
/// ModInt<P>; products use Barrett reduction (proof in detail::barrett).
/// Cost: every operation O(1) plus one thread-local read of the modulus
/// (an offset from the thread pointer in a program; in a shared library a
/// general-dynamic access, which the compiler hoists out of loops when it can).
/// With EXACTDP_DYNMODINT_TAGGED defined to 1, each value is tagged with
/// the modulus it was made under, and every operation (+, -, *,
/// /, ==, inv, pow) throws std::logic_error when an operand's tag is not the
/// calling thread's modulus: values of two moduli mixed, or a value carried
/// into another modulus's scope. A default-constructed value (0, a residue
/// under every modulus) has no tag. The tag doubles the size of a value;
/// untagged builds keep one word and do not check.
class DynModInt {
 public:
  static std::uint32_t modulus() { return state().m; }

  DynModInt() = default;
  DynModInt(std::int64_t x) : v_(detail::reduce_signed(x, modulus())) { tag(); }  // NOLINT
  static DynModInt from_residue(std::uint32_t r) {
    if (r >= modulus())
      throw std::invalid_argument("DynModInt: residue " + std::to_string(r) + " is not below " +
                                  std::to_string(modulus()));
    DynModInt m;
    m.v_ = r;
    m.tag();
    return m;
  }
  std::uint32_t value() const { return v_; }

  DynModInt& operator+=(DynModInt o) {
    check(o);
    v_ = detail::add_mod(v_, o.v_, modulus());
    return tag();
  }
  DynModInt& operator-=(DynModInt o) {
    check(o);
    v_ = detail::sub_mod(v_, o.v_, modulus());
    return tag();
  }
  DynModInt& operator*=(DynModInt o) {
    check(o);
    v_ = state().mul(v_, o.v_);
    return tag();
  }
  DynModInt& operator/=(DynModInt o) { return *this *= o.inv(); }
  DynModInt inv() const {
    check(*this);
    return from_residue(detail::inverse_mod(v_, modulus()));
  }
  DynModInt pow(std::uint64_t e) const {
    DynModInt r(1), b = *this;
    for (; e; e >>= 1, b *= b)
      if (e & 1) r *= b;
    return r;
  }

  friend DynModInt operator+(DynModInt a, DynModInt b) { return a += b; }
  friend DynModInt operator-(DynModInt a, DynModInt b) { return a -= b; }
  friend DynModInt operator*(DynModInt a, DynModInt b) { return a *= b; }
  friend DynModInt operator/(DynModInt a, DynModInt b) { return a /= b; }
  friend DynModInt operator-(DynModInt a) { return DynModInt() - a; }
  friend bool operator==(DynModInt a, DynModInt b) {
    a.check(b);
    return a.v_ == b.v_;
  }

 private:
  // The modulus tag (EXACTDP_DYNMODINT_TAGGED): set to the calling thread's
  // modulus by every value made, checked (both operands against the
  // modulus) by every operation; no code without it.
#if EXACTDP_DYNMODINT_TAGGED
  DynModInt& tag() {
    m_ = modulus();
    return *this;
  }
  void check(DynModInt o) const {
    const std::uint32_t p = modulus();
    if ((m_ != 0 && m_ != p) || (o.m_ != 0 && o.m_ != p))
      throw std::logic_error("DynModInt: a value made modulo " + std::to_string(m_ != 0 && m_ != p ? m_ : o.m_) +
                             " is used modulo " + std::to_string(p) +
                             " (values of two moduli mixed, or carried out of their dyn_modulus_scope)");
  }
  std::uint32_t m_ = 0;  // the modulus the value was made under; 0: none (a default zero)
#else
  DynModInt& tag() { return *this; }
  void check(DynModInt /*o*/) const {}
#endif
  friend class dyn_modulus_scope;
  // The calling thread's modulus; constant-initialized, so reading it needs
  // no guard.
  static detail::barrett& state() {
    constinit thread_local detail::barrett b(1'000'000'007);
    return b;
  }
  std::uint32_t v_ = 0;
};

/// Sets DynModInt's modulus for the calling thread for the lifetime of the
/// scope and restores the previous one afterwards; other threads keep theirs.
/// Throws std::invalid_argument unless 2 < P < 2^31 and P is prime
/// (deterministic Miller-Rabin, O(log P)).
/// Status: tested in tests/threads/test_threads.cpp (threads with different
/// moduli at once, under ThreadSanitizer).
class dyn_modulus_scope {
 public:
  explicit dyn_modulus_scope(std::uint64_t p) : saved_(DynModInt::state().m) {
    check_modulus(p);
    DynModInt::state() = detail::barrett(static_cast<std::uint32_t>(p));
  }
  ~dyn_modulus_scope() { DynModInt::state() = detail::barrett(saved_); }
  dyn_modulus_scope(const dyn_modulus_scope&) = delete;
  dyn_modulus_scope& operator=(const dyn_modulus_scope&) = delete;

  /// Throws std::invalid_argument unless p is a prime with 2 < p < 2^31
  /// (modulus_range_error's words out of range).
  static void check_modulus(std::uint64_t p) {
    if (p <= 2 || p >= (std::uint64_t{1} << 31)) throw modulus_range_error(std::to_string(p), std::uint64_t{1} << 31);
    if (!detail::is_prime_u32(static_cast<std::uint32_t>(p)))
      throw std::invalid_argument("modulus " + std::to_string(p) +
                                  " is not prime: residues of fractions need a prime modulus");
  }

 private:
  std::uint32_t saved_;
};

/// Residues below 2^31: exact, one word; counts run in the residues, and
/// linear systems on the 32-bit values with delayed reduction.
template <std::uint32_t P>
struct field_traits<ModInt<P>> {
  static constexpr const char* name = "mod";
  static constexpr bool is_exact = true;
  static constexpr bool is_residue = true;
  static constexpr bool is_field = true;
  static constexpr bool fixed_size = true;
  static constexpr count_form counting = count_form::in_type;
  static constexpr linear_solver solver = linear_solver::residues32;
  static ModInt<P> from_rational(const Rational& q) { return detail::residue_from_rational<ModInt<P>>(q); }
  static constexpr ModInt<P> power(ModInt<P> x, std::uint64_t e) { return x.pow(e); }
};
template <>
struct field_traits<DynModInt> {
  static constexpr const char* name = "mod";
  static constexpr bool is_exact = true;
  static constexpr bool is_residue = true;
  static constexpr bool is_field = true;
  static constexpr bool fixed_size = true;
  static constexpr count_form counting = count_form::in_type;
  static constexpr linear_solver solver = linear_solver::residues32;
  static DynModInt from_rational(const Rational& q) { return detail::residue_from_rational<DynModInt>(q); }
  static DynModInt power(DynModInt x, std::uint64_t e) { return x.pow(e); }
};

}  // namespace exactdp
