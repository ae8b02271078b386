// exactdp/numeric/ostream.hpp: operator<< for the residue types — ModInt<P>,
// DynModInt, ModInt64<P> and DynModInt64 print their residue in [0, P) as a
// decimal integer, like value() (the modulus is not printed). Rational and
// BigInt already stream through Boost.Multiprecision ("1/16", "42").
// numeric/numeric.hpp includes this header; io/fmt.hpp adds fmt formatters.
#pragma once

#include <cstdint>
#include <ostream>

#include "exactdp/numeric/modint.hpp"
#include "exactdp/numeric/modint64.hpp"

namespace exactdp {

/// Writes the residue of `x` (0 <= x.value() < P) as value() would print.
/// Honours the stream's width, fill and base. Cost: O(digits). Status:
/// printed text compared for each residue type (tests/numeric/test_printing.cpp).
/// Example: os << Mod(-1) writes "1000000006".
template <std::uint32_t P>
std::ostream& operator<<(std::ostream& os, ModInt<P> x) {
  return os << x.value();
}

/// Writes the residue of `x` under the current modulus, as value().
/// Example: os << DynModInt(5) writes "5".
inline std::ostream& operator<<(std::ostream& os, DynModInt x) { return os << x.value(); }

namespace detail {
/// Writes the residue of a ModInt64<P> or DynModInt64, as value() (declared
/// beside the class, in detail, so that argument-dependent lookup finds it).
template <class Modulus>
std::ostream& operator<<(std::ostream& os, modint64<Modulus> x) {
  return os << x.value();
}
}  // namespace detail

}  // namespace exactdp
