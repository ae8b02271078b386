// exactdp/probability/lazy_residues.hpp: lazy reduction for the counting
// recurrences that only add 32-bit residues (dice sequences, boundary
// paths).
//
// A residue addition is an add, a compare and a select (modint.hpp's
// add_mod); an addition of plain 64-bit integers is one add. Residues below
// P < 2^31 can be added as 64-bit integers many times before a sum can pass
// 2^64, so a recurrence that only adds may run on the raw residues, reduce
// once per several additions, and give the same residue as adding in the
// type: reduction modulo P commutes with addition. Each recurrence proves
// its own bound before it delays a reduction.
#pragma once

#include <cstdint>

#include "exactdp/numeric/modint.hpp"

namespace exactdp::detail {

/// The modulus of a 32-bit residue type T and the reduction of a 64-bit
/// integer modulo it, for the recurrences' lazy paths: `enabled` is true for
/// ModInt<P> and DynModInt (residues below 2^31, value() and from_residue),
/// false for every other type (which then adds in T).
template <class T>
struct lazy_residues {
  static constexpr bool enabled = false;
};

/// ModInt<P>: a constant modulus, so x % P compiles to a multiply-shift.
template <std::uint32_t P>
struct lazy_residues<ModInt<P>> {
  static constexpr bool enabled = true;
  static constexpr std::uint32_t modulus() { return P; }
  /// x mod P for any 64-bit x.
  static constexpr std::uint32_t reduce(std::uint64_t x) { return static_cast<std::uint32_t>(x % P); }
  static constexpr ModInt<P> make(std::uint32_t r) { return ModInt<P>::from_residue(r); }
};

/// DynModInt: the calling thread's modulus p, read once, and Barrett
/// reduction of a 64-bit x (no division). im = floor(2^64 / p) =
/// 2^64/p - e with 0 < e < 1 (p is an odd prime), so x·im/2^64 lies in
/// (x/p - 1, x/p] and q = floor(x·im / 2^64) is floor(x/p) or one less:
/// x - q·p is in [0, 2p), below 2^32, and one conditional subtraction ends it.
template <>
struct lazy_residues<DynModInt> {
  static constexpr bool enabled = true;
  std::uint32_t p = DynModInt::modulus();
  std::uint64_t im = ~std::uint64_t{0} / p;  // floor((2^64 - 1)/p) = floor(2^64/p): p does not divide 2^64
  std::uint32_t modulus() const { return p; }
  /// x mod p for any 64-bit x.
  std::uint32_t reduce(std::uint64_t x) const {
    const auto q = static_cast<std::uint64_t>((static_cast<unsigned __int128>(x) * im) >> 64);
    const std::uint64_t r = x - q * p;  // in [0, 2p)
    return static_cast<std::uint32_t>(r >= p ? r - p : r);
  }
  static DynModInt make(std::uint32_t r) { return DynModInt::from_residue(r); }
};

/// The residue types with a lazy path: ModInt<P> and DynModInt.
template <class T>
concept lazy_residue = lazy_residues<T>::enabled;

/// x mod p for a 128-bit x, through reduce: x = hi·2^64 + lo and
/// 2^64 ≡ c (mod p), so x ≡ (hi mod p)·c + (lo mod p) < p² + p < 2^63.
template <class R>
std::uint32_t reduce_wide(const R& r, unsigned __int128 x) {
  const std::uint64_t p = r.modulus();
  const std::uint64_t c = (0 - p) % p;  // 2^64 mod p
  const std::uint64_t hi = r.reduce(static_cast<std::uint64_t>(x >> 64)), lo = r.reduce(static_cast<std::uint64_t>(x));
  return r.reduce(hi * c + lo);
}

}  // namespace exactdp::detail
