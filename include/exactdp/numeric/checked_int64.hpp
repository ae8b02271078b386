// exactdp/numeric/checked_int64.hpp: checked_int64, counts in 64-bit
// integers whose +, -, * and negation throw std::overflow_error instead of
// wrapping. A number policy of its own (a Ring, ordered, not a field): the
// counting recurrences (knight_paths, boundary_paths, dice_sequences) run on
// it unchanged, through its field_traits alone, and agree with the exact
// BigInt counts whenever those fit in 63 bits.
// Status: tests/probability/test_fourth_policy.cpp (the problems' values,
// agreement with BigInt on every small input, the overflows).
#pragma once

#include <compare>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/field_traits.hpp"

namespace exactdp {

/// A count in int64 whose +, -, * and negation throw std::overflow_error
/// naming the operation when the true result does not fit (GCC's and
/// Clang's __builtin_*_overflow: exact, no undefined behaviour).
/// Example: checked_int64(6) * 7 is 42; checked_int64(INT64_MAX) + 1 throws
/// "int64 count overflow: 9223372036854775807 + 1 does not fit in 64 bits".
/// Cost: one machine operation and one branch per operation.
class checked_int64 {
 public:
  checked_int64() = default;
  checked_int64(std::int64_t v) : v_(v) {}  // NOLINT: implicit like an integer
  /// The count as an int64.
  std::int64_t value() const { return v_; }

  friend checked_int64 operator+(checked_int64 a, checked_int64 b) {
    std::int64_t r;
    if (__builtin_add_overflow(a.v_, b.v_, &r)) overflow(a, "+", b);
    return r;
  }
  friend checked_int64 operator-(checked_int64 a, checked_int64 b) {
    std::int64_t r;
    if (__builtin_sub_overflow(a.v_, b.v_, &r)) overflow(a, "-", b);
    return r;
  }
  friend checked_int64 operator*(checked_int64 a, checked_int64 b) {
    std::int64_t r;
    if (__builtin_mul_overflow(a.v_, b.v_, &r)) overflow(a, "*", b);
    return r;
  }
  friend checked_int64 operator-(checked_int64 a) { return checked_int64(0) - a; }
  checked_int64& operator+=(checked_int64 o) { return *this = *this + o; }
  checked_int64& operator-=(checked_int64 o) { return *this = *this - o; }
  checked_int64& operator*=(checked_int64 o) { return *this = *this * o; }
  friend bool operator==(checked_int64, checked_int64) = default;
  friend std::strong_ordering operator<=>(checked_int64, checked_int64) = default;

 private:
  [[noreturn]] static void overflow(checked_int64 a, const char* op, checked_int64 b) {
    throw std::overflow_error("int64 count overflow: " + std::to_string(a.v_) + " " + op + " " + std::to_string(b.v_) +
                              " does not fit in 64 bits");
  }
  std::int64_t v_ = 0;
};

/// Exact while it fits (it throws rather than round or wrap), one word,
/// counted in the type itself; no division, so no linear solve.
template <>
struct field_traits<checked_int64> {
  static constexpr const char* name = "int64 (checked)";
  static constexpr bool is_exact = true;
  static constexpr bool is_residue = false;
  static constexpr bool is_field = false;
  static constexpr bool fixed_size = true;
  static constexpr count_form counting = count_form::in_type;
  static constexpr linear_solver solver = linear_solver::none;
};

}  // namespace exactdp
