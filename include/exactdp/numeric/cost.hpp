// exactdp/numeric/cost.hpp: per-type cost factors for budget estimates.
//
// A recurrence estimates its work before it starts (check_work_budget) as
// (number of arithmetic operations) × (cost of one operation in T). For
// double and residues one operation is one step; for exact types it grows
// with the size of the operands, which the recurrence estimates in bits.
#pragma once

#include <cstddef>

#include "exactdp/numeric/concepts.hpp"

namespace exactdp {

/// Estimated word operations for one arithmetic operation in T on operands of
/// about `bits` bits. Exact types (BigInt, Rational): 1 + bits/64, times 8 for
/// Rational (a gcd per operation); double and residues: 1.
/// Example: operation_cost<double>(1000) == 1; operation_cost<BigInt>(640) == 11.
template <class T>
constexpr long double operation_cost(long double bits) {
  if constexpr (!field_traits<T>::fixed_size) {
    const long double words = 1.0L + bits / 64.0L;
    return field_traits<T>::is_field ? 8.0L * words : words;
  } else {
    return 1.0L;
  }
}

/// Bytes of one table entry of T holding about `bits` bits (heap part included
/// for exact types).
/// Example: entry_bytes<double>(1000) == sizeof(double).
template <class T>
constexpr std::size_t entry_bytes(long double bits) {
  if constexpr (!field_traits<T>::fixed_size) {
    return sizeof(T) + static_cast<std::size_t>(bits / 8.0L) + 16;
  } else {
    return sizeof(T);
  }
}

}  // namespace exactdp
