// exactdp/numeric/concepts.hpp: the numeric policy concepts, ratio<T> and
// fixed_divisor<T>.
//
// A recurrence is written once as a template over a number type T and runs as
// a double, an exact Rational or a residue (ModInt). A type takes part only if
// it opts in through field_traits<T> (like Eigen's NumTraits): the concepts
// check syntax, the trait states the algebra. Source: DESIGN.md "The numeric
// policy"; seed 000 "Choosing the number type".
#pragma once

#include <concepts>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace exactdp {

/// Opt-in description of a number type. A specialisation provides
///   static constexpr const char* name;   // "double", "rational", "mod"
///   static constexpr bool is_exact;      // arithmetic never rounds
///   static constexpr bool is_field;      // a / b is the field division
///   static constexpr bool fixed_size;    // every value has the same size
/// Types without a specialisation satisfy none of the concepts below.
template <class T>
struct field_traits;

template <>
struct field_traits<double> {
  static constexpr const char* name = "double";
  static constexpr bool is_exact = false;
  static constexpr bool is_field = true;
  static constexpr bool fixed_size = true;
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
template <Field T>
T ratio(std::int64_t p, std::int64_t q) {
  if (q == 0) throw std::invalid_argument("ratio: denominator is 0 in " + std::to_string(p) + "/0");
  if constexpr (std::same_as<T, double>) {
    return static_cast<double>(p) / static_cast<double>(q);
  } else {
    return T(p) / T(q);
  }
}

/// Division of many values by one nonzero divisor d, as a recurrence does at
/// every step: fixed_divisor<T> per(d); per(x) is x / d.
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
