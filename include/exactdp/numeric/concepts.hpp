// exactdp/numeric/concepts.hpp: the numeric policy concepts and the
// operations every recurrence asks of its number type through field_traits:
// from_rational, power, ratio, fixed_divisor, approximate.
//
// A recurrence is written once as a template over a number type T and runs as
// a double, an exact Rational or a residue (ModInt). A type takes part only if
// it opts in through field_traits<T> (field_traits.hpp, like Eigen's
// NumTraits): the concepts check syntax, the trait states the algebra and
// answers what the recurrences ask, so that no recurrence tests which type it
// runs on. Status: the policy tests of every recurrence; a type added in the
// tests alone (tests/probability/test_fourth_policy.cpp), from_rational and
// the step messages (tests/probability/test_recurrence_errors.cpp), the
// solver choice (tests/markov/test_traits_solver.cpp).
#pragma once

#include <concepts>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/field_traits.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// IEEE double: inexact, one size; counting recurrences weigh each step.
template <>
struct field_traits<double> {
  static constexpr const char* name = "double";
  static constexpr bool is_exact = false;
  static constexpr bool is_residue = false;
  static constexpr bool is_field = true;
  static constexpr bool fixed_size = true;
  static constexpr count_form counting = count_form::weights;
  static constexpr linear_solver solver = linear_solver::pivoting;
  /// q correctly rounded to nearest, ties to even (to_double, convert.hpp;
  /// defined in lib/numeric/convert.cpp). Cost: one MPFR division.
  static double from_rational(const Rational& q);
  static double approximate(double x) { return x; }
};

/// A commutative ring with unit: +, -, * return T itself (std::same_as rejects
/// Boost expression templates, whose operators return proxies that dangle when
/// captured with auto), T is regular and constructible from int64.
template <class T>
concept Ring = std::regular<T> && std::constructible_from<T, std::int64_t> && requires(T a, T b) {
  { a + b } -> std::same_as<T>;
  { a - b } -> std::same_as<T>;
  { a* b } -> std::same_as<T>;
  { -a } -> std::same_as<T>;
  { a += b } -> std::same_as<T&>;
  { field_traits<T>::is_exact } -> std::convertible_to<bool>;
};

/// A Ring whose trait says it is a field and whose / is its division
/// (BigInt has a / but it truncates, so its trait says is_field = false).
template <class T>
concept Field = Ring<T> && field_traits<T>::is_field && requires(T a, T b) {
  { a / b } -> std::same_as<T>;
};

/// A Field with a total order (double, Rational; not ModInt).
template <class T>
concept OrderedField = Field<T> && std::totally_ordered<T>;

/// The constant p/q in the number type T. This is the only way a recurrence
/// writes a constant such as 1/8: over Rational it is exact, over ModInt it is
/// p·q⁻¹ mod P, over double it is the correctly rounded quotient when
/// |p|, |q| <= 2^53 (IEEE division of two exact values).
/// Throws std::invalid_argument when q == 0, and std::domain_error (from
/// ModInt's inverse) when q ≡ 0 mod P. Cost: one division in T.
/// Example: to_string(ratio<Rational>(1, 8)) == "1/8".
template <Field T>
T ratio(std::int64_t p, std::int64_t q) {
  if (q == 0) throw std::invalid_argument("ratio: denominator is 0 in " + std::to_string(p) + "/0");
  return T(p) / T(q);
}

/// The exact value q in the field T: itself for Rational, the correctly
/// rounded double, the residue num·den⁻¹ mod P for residues (whatever
/// field_traits<T>::from_rational says). Throws std::domain_error when q has
/// no value in T (P divides q's denominator; the message names q and P).
/// Cost: one conversion (an MPFR division for double, two mpz remainders and
/// an inverse for residues).
/// Example: from_rational<double>(parse_rational("1/10")) == 0.1.
template <Field T>
T from_rational(const Rational& q) {
  return field_traits<T>::from_rational(q);
}

/// base^e in the ring T: field_traits<T>::power when the trait has one (the
/// residues' pow), otherwise repeated squaring. Cost: O(log e) products.
/// Example: power(BigInt(2), 10) == 1024.
template <Ring T>
T power(const T& base, std::uint64_t e) {
  if constexpr (requires { field_traits<T>::power(base, e); }) {
    return field_traits<T>::power(base, e);
  } else {
    T result(1), b = base;
    for (; e; e >>= 1, b = b * b)
      if (e & 1) result = result * b;
    return result;
  }
}

/// A double within relative error 2^-52 of x, fast (not necessarily the
/// correctly rounded one): field_traits<T>::approximate. Only for types
/// whose trait provides it (double, Rational; a compile error otherwise).
/// Cost: O(1) for double, one mpq_get_d for Rational.
/// Example: approximate(parse_rational("1/4")) == 0.25.
template <Ring T>
double approximate(const T& x) {
  return field_traits<T>::approximate(x);
}

namespace detail {

/// " has no residue modulo P" for residue types (field_traits<T>::is_residue),
/// " has no value in <name>" for any other type.
template <class T>
std::string no_value_words() {
  if constexpr (field_traits<T>::is_residue) {
    return " has no residue modulo " + std::to_string(T::modulus());
  } else {
    return std::string(" has no value in ") + field_traits<T>::name;
  }
}

/// Runs one step of a recurrence, f(), and turns a std::domain_error from
/// inside it (a divisor with no inverse in T) into one that says which
/// recurrence and which step: "<recurrence>: <what> has no residue modulo P
/// (step: <step>)". Other exceptions pass unchanged. Cost: that of f().
template <Ring T, class F>
decltype(auto) name_the_step(std::string_view recurrence, std::string_view what, std::string_view step, F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const no_residue_error&) {
    throw no_residue_error(std::string(recurrence) + ": " + std::string(what) + no_value_words<T>() +
                           " (step: " + std::string(step) + ")");
  } catch (const std::domain_error&) {
    throw std::domain_error(std::string(recurrence) + ": " + std::string(what) + no_value_words<T>() +
                            " (step: " + std::string(step) + ")");
  }
}

/// q as a residue of type M (a static modulus() below 2^64 and
/// from_residue): num·den⁻¹ mod P from two mpz remainders, for negative q
/// too. Throws std::domain_error naming q and P when P divides q's
/// denominator. The residue types' field_traits<M>::from_rational.
/// Cost: two mpz remainders and one inverse.
template <class M>
M residue_from_rational(const Rational& q) {
  using residue = decltype(M::modulus());
  const unsigned long p = M::modulus();
  const auto& v = q.backend().data();
  const unsigned long num = mpz_fdiv_ui(mpq_numref(v), p), den = mpz_fdiv_ui(mpq_denref(v), p);
  if (den == 0)
    throw no_residue_error(to_string(q) + " has no residue modulo " + std::to_string(p) +
                           ": it has a denominator divisible by " + std::to_string(p));
  return M::from_residue(static_cast<residue>(num)) / M::from_residue(static_cast<residue>(den));
}

}  // namespace detail

/// Division of many values by one nonzero divisor d, as a recurrence does at
/// every step: fixed_divisor<T> per(d); per(x) is x / d. This is the one
/// rule for a fixed divisor (chance_step uses it too).
/// Exact types (Rational, residues) compute 1/d once and multiply by it: the
/// same value, and for residues one multiplication instead of an inverse (a
/// run of the extended Euclidean algorithm) per step. double divides every
/// time, so that each quotient stays the correctly rounded x / d; x · fl(1/d)
/// can differ from it in the last bit.
/// Throws what T(1) / d throws for d = 0 (std::domain_error for a residue);
/// a double divisor of 0 gives inf or nan as IEEE division does.
/// Cost: one division in T to construct, then one product (exact) or one
/// division (double) per call.
template <Field T>
class fixed_divisor {
 public:
  explicit fixed_divisor(const T& d) : d_(d) {
    if constexpr (field_traits<T>::is_exact) inverse_ = T(1) / d_;
  }
  T operator()(const T& x) const {
    if constexpr (field_traits<T>::is_exact) {
      return x * inverse_;
    } else {
      return x / d_;
    }
  }

 private:
  T d_;
  T inverse_ = T(1);
};

}  // namespace exactdp
