// exactdp/numeric/convert.hpp: conversions between the number systems.
//
//   fraction -> residue   p·q⁻¹ mod P (the "answer modulo 1,000,000,007" of
//                         LeetCode-style probability problems)
//   fraction -> double    correctly rounded to nearest, ties to even (GMP's
//                         mpq_get_d truncates: 1/10 must give 0.1)
//   residue  -> fraction  rational reconstruction (Wang 1981; Wang, Guy and
//                         Davenport 1982), from one residue or several
//                         combined by CRT
//   double   -> fraction  exact (every finite double is a dyadic rational)
// Status: tests/numeric/test_conversions.cpp and test_modint64.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "exactdp/numeric/modint.hpp"
#include "exactdp/numeric/modint64.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// The residue of q modulo the prime p (2 < p < 2^31): num·den⁻¹ mod p, in
/// [0, p), for negative q too. q is in lowest terms, so 1000000007/3000000021
/// is 1/3 and maps to 333333336.
/// Throws std::domain_error naming q and p when p divides q's reduced
/// denominator (1/1000000007 has no residue mod 1000000007), and
/// std::invalid_argument for a modulus out of range or not prime.
/// Cost: two mpz remainders and one modular inverse.
/// Example: to_residue(parse_rational("1/3"), 1000000007) == 333333336.
std::uint32_t to_residue(const Rational& q, std::uint64_t p);

/// The residue of q modulo the prime p, 2 < p < 2^62 (the 64-bit residues'
/// range): num·den⁻¹ mod p in [0, p), for negative q too. Same errors as
/// to_residue, with the 2^62 range. Cost: two mpz remainders, one modular
/// inverse and one 128-bit product.
/// Example: to_residue64(parse_rational("1/2"), 998244353) == 499122177.
std::uint64_t to_residue64(const Rational& q, std::uint64_t p);

/// q as a value of the residue type M (ModInt<P>, DynModInt, ModInt64<P> or
/// DynModInt64): from_rational<M>(q), the one conversion. Throws
/// std::domain_error naming q and P when P divides q's denominator.
/// Example: to_modint<Mod>(parse_rational("1/3")).value() == 333333336.
template <Field M>
M to_modint(const Rational& q) {
  return from_rational<M>(q);
}

/// What happened when an exact value was rounded to a double.
enum class double_status {
  exact,      ///< the double equals the value
  rounded,    ///< normal double, rounded to nearest
  subnormal,  ///< below 2^-1022: a subnormal double with fewer significant bits
  underflow,  ///< nonzero but nearer 0 than the smallest subnormal: rounds to ±0
  overflow,   ///< beyond the largest double: rounds to ±infinity
};

struct double_conversion {
  double value;
  double_status status;
};

/// q rounded to the nearest double, ties to even, with IEEE subnormals and
/// overflow (1/10 -> 0.10000000000000001, 2^-1076 -> 0 with status underflow).
/// Cost: one MPFR division at 53 bits.
/// Example: to_double_checked(parse_rational("1/10")).value == 0.1.
double_conversion to_double_checked(const Rational& q);

/// q rounded to the nearest double, ties to even (see to_double_checked).
/// Example: to_double(parse_rational("1/10")) == 0.1.
inline double to_double(const Rational& q) { return to_double_checked(q).value; }

/// The exact value of a finite double; throws std::invalid_argument for
/// infinity and NaN. Cost: O(1) limbs.
/// Example: to_string(to_rational(0.375)) == "3/8".
Rational to_rational(double d);

/// A residue together with its modulus (not necessarily prime, but the moduli
/// combined by crt_combine must be pairwise coprime).
struct residue_class {
  BigInt residue;
  BigInt modulus;
};

/// Chinese remaindering: the unique class modulo the product of the moduli
/// that agrees with every input. Residues may be any integers (reduced first).
/// Throws std::invalid_argument for an empty list, a modulus < 2, or two
/// moduli that share a factor. Cost: O(k) mpz operations for k classes.
/// Example: crt_combine(std::vector<residue_class>{{2, 3}, {3, 5}}).residue == 8 (modulo 15).
residue_class crt_combine(std::span<const residue_class> classes);

/// Reads residues written "R" or "R@P": R any integer (reduced later), P a
/// prime with 2 < P < 2^62; a bare R is taken modulo `default_modulus`.
/// Throws std::invalid_argument naming the bad item (not an integer, modulus
/// out of range or not prime, more than 10000 items). Cost: linear in the text.
/// Example: parse_residues(std::vector<std::string>{"2@7"}, 1000000007)[0].modulus == 7.
std::vector<residue_class> parse_residues(std::span<const std::string> items, std::uint64_t default_modulus);

/// floor(sqrt(m / 2)): rational reconstruction modulo m finds a fraction n/d
/// with |n| <= bound and 0 < d <= bound, and no other fraction within those
/// bounds has the same residue (two such fractions differ by less than m).
/// Example: reconstruction_bound(BigInt(100)) == 7.
BigInt reconstruction_bound(const BigInt& modulus);

/// The numerator N of a value N/D whose denominator D is known (and
/// nonzero), from the residues of N/D modulo primes p_i not dividing D:
/// N ≡ r_i·D (mod p_i) combined by CRT, then taken in the symmetric range
/// (-M/2, M/2] for the product M of the primes. Exact when |N| < M/2: with a
/// known denominator a bound on the numerator alone decides how many primes
/// are needed (half as many as rational reconstruction, which must find both
/// parts: see answer_bound.hpp). Returns N/D in lowest terms. Throws
/// std::invalid_argument for an empty list, moduli that share a factor, or
/// D = 0; std::domain_error when some p_i divides D (that residue says
/// nothing about N). Cost: one CRT over k classes and one gcd.
/// Example: the residue of 5/8 modulo 1000000007 with the denominator 8 gives 5/8.
Rational combine_known_denominator(std::span<const residue_class> classes, const BigInt& denominator);

/// Rational reconstruction (Wang's algorithm): the unique n/d in lowest terms
/// with |n|, d <= reconstruction_bound(modulus) and n ≡ residue·d (mod m), or
/// nullopt when none exists. The residue is first reduced into [0, m)
/// (-370370373 and 1370370380 mod 1e9+7 give -1/27 and 1/27).
/// Uniqueness within the bound is all a residue can prove: a true value with a
/// larger numerator or denominator reconstructs wrongly or not at all; combine
/// residues for several primes (crt_combine) to raise the bound.
/// Throws std::invalid_argument when modulus < 2. Cost: O(log m) mpz steps.
/// Example: to_string(*reconstruct(333333336, 1000000007)) == "1/3".
std::optional<Rational> reconstruct(const BigInt& residue, const BigInt& modulus);

/// Distance in units in the last place between two finite doubles: the
/// number of representable doubles strictly between them, plus one (0 when
/// equal; +0 and -0 are equal). Infinite or NaN arguments give nullopt.
/// Example: ulp_distance(1.0, std::nextafter(1.0, 2.0)) == 1.
std::optional<std::uint64_t> ulp_distance(double a, double b);

}  // namespace exactdp
