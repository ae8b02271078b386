// exactdp/probability/count_first.hpp: the count-first representation of
// exact probabilities, shared by the chance recurrences.
//
// A Rational per table cell is the slow exact path (a gcd per operation,
// 70-5000x a double). When every probability in a table has a denominator
// that divides one known D (8^moves for the knight, max_pts^k for New 21
// Game, 2·4^L for Soup Servings) the recurrence instead runs over integers
// that count outcomes, and the one division by D happens at the end (the
// common-denominator technique of exact DP; LeetCode 688 and 837 ask for the
// same probabilities in floating point). The recurrence itself
// stays written once as a template; this header supplies the integer types:
//
//   detail::fixed_count<L>   an unsigned integer of 64·L bits with wrapping
//                            arithmetic (the ring Z/2^(64L)): no heap, no gcd.
//                            Exact whenever the true count is below 2^(64L),
//                            which the caller proves from a bound before
//                            choosing L (with_count_width).
//   detail::with_count_width chooses the narrowest fixed_count that holds a
//                            count of a given number of bits, or BigInt.
//   detail::exact_share      x / m for an x known to be a multiple of m
//                            (GMP mpz_divexact_ui), the count-form "average".
#pragma once

#include <gmp.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

namespace detail {

/// Unsigned integer of 64·L bits, little-endian limbs, arithmetic modulo
/// 2^(64L) (a commutative ring, so it satisfies Ring). Construction from a
/// negative int64 gives its two's complement, so x - y is right whenever the
/// true difference is in [0, 2^(64L)).
/// @param L 1 <= L <= 64
/// Cost: + and - are L add-with-carry steps; * is L²/2 word products.
/// Status: tested against BigInt on random operands (tests/probability).
template <int L>
struct fixed_count {
  static_assert(L >= 1 && L <= 64, "fixed_count: 1 <= L <= 64 limbs");
  static_assert(sizeof(mp_limb_t) == sizeof(std::uint64_t), "fixed_count: GMP limbs must be 64 bits");
  static constexpr int limbs = L;
  /// + and - up to this many limbs are one inline add-with-carry chain,
  /// above it a call of mpn_add_n / mpn_sub_n. Measured (bench_probability,
  /// add_limbs_256 rows, a sum of 256 values of L limbs, two runs): the
  /// chain is 1.5-1.7x faster than the call at 4 limbs, 1.6-1.8x at 8,
  /// 1.25-1.35x at 16; the call is 1.2x faster at 32. Soup Servings at
  /// 4800 ml (4 limbs) went from 4.8x to 1.16x its inline-chain floor.
  static constexpr int inline_limbs = 16;
  std::array<std::uint64_t, L> limb{};

  constexpr fixed_count() = default;
  constexpr fixed_count(std::int64_t x) {  // NOLINT: implicit like an integer
    limb[0] = static_cast<std::uint64_t>(x);
    if (x < 0)
      for (int i = 1; i < L; ++i) limb[static_cast<std::size_t>(i)] = ~std::uint64_t{0};
  }

  constexpr fixed_count& operator+=(const fixed_count& o) {
    if (!std::is_constant_evaluated()) {
      if constexpr (L > inline_limbs) {  // long: GMP's loop (see inline_limbs)
        mpn_add_n(limb.data(), limb.data(), o.limb.data(), L);
        return *this;
      }
#if defined(__x86_64__)
      add_chain(o, std::make_index_sequence<static_cast<std::size_t>(L)>{});
      return *this;
#endif
    }
    unsigned carry = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(L); ++i) {
      const unsigned __int128 s = static_cast<unsigned __int128>(limb[i]) + o.limb[i] + carry;
      limb[i] = static_cast<std::uint64_t>(s);
      carry = static_cast<unsigned>(s >> 64);
    }
    return *this;
  }
  constexpr fixed_count& operator-=(const fixed_count& o) {
    if (!std::is_constant_evaluated()) {
      if constexpr (L > inline_limbs) {
        mpn_sub_n(limb.data(), limb.data(), o.limb.data(), L);
        return *this;
      }
#if defined(__x86_64__)
      sub_chain(o, std::make_index_sequence<static_cast<std::size_t>(L)>{});
      return *this;
#endif
    }
    unsigned borrow = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(L); ++i) {
      const unsigned __int128 d = static_cast<unsigned __int128>(limb[i]) - o.limb[i] - borrow;
      limb[i] = static_cast<std::uint64_t>(d);
      borrow = static_cast<unsigned>(d >> 127);  // the subtraction wrapped below 0
    }
    return *this;
  }
  /// Product modulo 2^(64L) (schoolbook, high half dropped).
  friend constexpr fixed_count operator*(const fixed_count& a, const fixed_count& b) {
    fixed_count r;
    for (std::size_t i = 0; i < static_cast<std::size_t>(L); ++i) {
      std::uint64_t carry = 0;
      for (std::size_t j = 0; i + j < static_cast<std::size_t>(L); ++j) {
        const unsigned __int128 t = static_cast<unsigned __int128>(a.limb[i]) * b.limb[j] + r.limb[i + j] + carry;
        r.limb[i + j] = static_cast<std::uint64_t>(t);
        carry = static_cast<std::uint64_t>(t >> 64);
      }
    }
    return r;
  }
  friend constexpr fixed_count operator+(fixed_count a, const fixed_count& b) { return a += b; }
  friend constexpr fixed_count operator-(fixed_count a, const fixed_count& b) { return a -= b; }
  friend constexpr fixed_count operator-(const fixed_count& a) { return fixed_count() - a; }
  friend constexpr bool operator==(const fixed_count&, const fixed_count&) = default;

  /// The value as a BigInt in [0, 2^(64L)). Cost: O(L).
  BigInt to_bigint() const {
    BigInt z;
    mpz_import(z.backend().data(), static_cast<std::size_t>(L), -1, sizeof(std::uint64_t), 0, 0, limb.data());
    return z;
  }

 private:
#if defined(__x86_64__)
  // One straight adc (sbb) chain: unrolled, so that the carry stays in the
  // flags register from limb to limb (a loop keeps it in a byte register and
  // costs about three times as much per limb).
  static unsigned char add_limb(unsigned char carry, std::uint64_t& x, std::uint64_t y) {
    unsigned long long r;
    carry = _addcarry_u64(carry, x, y, &r);
    x = r;
    return carry;
  }
  static unsigned char sub_limb(unsigned char borrow, std::uint64_t& x, std::uint64_t y) {
    unsigned long long r;
    borrow = _subborrow_u64(borrow, x, y, &r);
    x = r;
    return borrow;
  }
  template <std::size_t... I>
  void add_chain(const fixed_count& o, std::index_sequence<I...>) {
    unsigned char c = 0;
    ((c = add_limb(c, limb[I], o.limb[I])), ...);
  }
  template <std::size_t... I>
  void sub_chain(const fixed_count& o, std::index_sequence<I...>) {
    unsigned char b = 0;
    ((b = sub_limb(b, limb[I], o.limb[I])), ...);
  }
#endif
};

template <class T>
struct is_fixed_count : std::false_type {};
template <int L>
struct is_fixed_count<fixed_count<L>> : std::true_type {};

/// The count as a BigInt (identity for BigInt itself).
template <class T>
BigInt count_to_bigint(const T& x) {
  if constexpr (is_fixed_count<T>::value) {
    return x.to_bigint();
  } else {
    static_assert(std::is_same_v<T, BigInt>, "count_to_bigint: fixed_count<L> or BigInt");
    return x;
  }
}

/// Calls f(std::type_identity<C>{}) with C the narrowest fixed_count<L>
/// (L in 1, 2, 3, 4, 6, 8, 12, 16, 24, 32) that holds every value below
/// 2^bits, or C = BigInt when bits > 2048, and returns f's result.
/// The caller must prove that every intermediate value of its computation is
/// in [0, 2^bits); then the wrapping arithmetic of fixed_count is exact.
template <class F>
decltype(auto) with_count_width(long double bits, F&& f) {
  if (bits <= 64) return f(std::type_identity<fixed_count<1>>{});
  if (bits <= 128) return f(std::type_identity<fixed_count<2>>{});
  if (bits <= 192) return f(std::type_identity<fixed_count<3>>{});
  if (bits <= 256) return f(std::type_identity<fixed_count<4>>{});
  if (bits <= 384) return f(std::type_identity<fixed_count<6>>{});
  if (bits <= 512) return f(std::type_identity<fixed_count<8>>{});
  if (bits <= 768) return f(std::type_identity<fixed_count<12>>{});
  if (bits <= 1024) return f(std::type_identity<fixed_count<16>>{});
  if (bits <= 1536) return f(std::type_identity<fixed_count<24>>{});
  if (bits <= 2048) return f(std::type_identity<fixed_count<32>>{});
  return f(std::type_identity<BigInt>{});
}

/// True for the number types whose trait says count first with big integers
/// (field_traits<T>::counting == count_form::big_integers: Rational). Such a
/// recurrence runs over BigInt counts with a common denominator and builds
/// the fraction once at the end (from_rational<T>); residues and double run
/// the recurrence on T itself.
template <class T>
inline constexpr bool counts_first = field_traits<T>::counting == count_form::big_integers;

/// Calls f(std::type_identity<C>{}) with C the narrowest fixed_count<L> of
/// the ladder L = 1, 2, ..., 12, 14, ..., 32, 36, ..., 64 (steps of at most
/// about 12%) whose 64·L bits hold `bits`, or C = BigInt above 4096 bits.
template <class F>
decltype(auto) with_fine_count_width(long double bits, F&& f) {
  if (bits <= 64 * 1) return f(std::type_identity<fixed_count<1>>{});
  if (bits <= 64 * 2) return f(std::type_identity<fixed_count<2>>{});
  if (bits <= 64 * 3) return f(std::type_identity<fixed_count<3>>{});
  if (bits <= 64 * 4) return f(std::type_identity<fixed_count<4>>{});
  if (bits <= 64 * 5) return f(std::type_identity<fixed_count<5>>{});
  if (bits <= 64 * 6) return f(std::type_identity<fixed_count<6>>{});
  if (bits <= 64 * 7) return f(std::type_identity<fixed_count<7>>{});
  if (bits <= 64 * 8) return f(std::type_identity<fixed_count<8>>{});
  if (bits <= 64 * 9) return f(std::type_identity<fixed_count<9>>{});
  if (bits <= 64 * 10) return f(std::type_identity<fixed_count<10>>{});
  if (bits <= 64 * 11) return f(std::type_identity<fixed_count<11>>{});
  if (bits <= 64 * 12) return f(std::type_identity<fixed_count<12>>{});
  if (bits <= 64 * 14) return f(std::type_identity<fixed_count<14>>{});
  if (bits <= 64 * 16) return f(std::type_identity<fixed_count<16>>{});
  if (bits <= 64 * 18) return f(std::type_identity<fixed_count<18>>{});
  if (bits <= 64 * 20) return f(std::type_identity<fixed_count<20>>{});
  if (bits <= 64 * 22) return f(std::type_identity<fixed_count<22>>{});
  if (bits <= 64 * 24) return f(std::type_identity<fixed_count<24>>{});
  if (bits <= 64 * 26) return f(std::type_identity<fixed_count<26>>{});
  if (bits <= 64 * 28) return f(std::type_identity<fixed_count<28>>{});
  if (bits <= 64 * 30) return f(std::type_identity<fixed_count<30>>{});
  if (bits <= 64 * 32) return f(std::type_identity<fixed_count<32>>{});
  if (bits <= 64 * 36) return f(std::type_identity<fixed_count<36>>{});
  if (bits <= 64 * 40) return f(std::type_identity<fixed_count<40>>{});
  if (bits <= 64 * 44) return f(std::type_identity<fixed_count<44>>{});
  if (bits <= 64 * 48) return f(std::type_identity<fixed_count<48>>{});
  if (bits <= 64 * 52) return f(std::type_identity<fixed_count<52>>{});
  if (bits <= 64 * 56) return f(std::type_identity<fixed_count<56>>{});
  if (bits <= 64 * 60) return f(std::type_identity<fixed_count<60>>{});
  if (bits <= 64 * 64) return f(std::type_identity<fixed_count<64>>{});
  return f(std::type_identity<BigInt>{});
}

/// Advances a layer of counts (a table of non-negative integers, one per
/// state) by `steps` steps of a recurrence that only adds counts and in
/// which one step multiplies the largest value by at most 2^growth_bits
/// (intermediate sums included: a knight's cell gathers at most 8 values,
/// 3 bits). The steps run on the narrowest fixed_count that holds the
/// counts, tracking the limbs in use: each stage measures the largest value
/// (B bits), takes the narrowest width W with room for at least
/// min(16, steps left) more steps (with_fine_count_width) and runs
/// floor((W - B) / growth_bits) steps on it, which cannot wrap; past 4096
/// bits the rest runs on BigInt. So the width follows the actual counts,
/// not a bound on the final one. Between stages the layer is kept as raw
/// limbs (one copy per stage, no BigInt). advance(layer, m) is a generic
/// callable that runs m steps on a std::vector<C> for every such C.
/// Requires growth_bits >= 1.
/// Cost: the steps themselves, plus one copy of the layer per stage (about
/// 30 stages).
template <class Advance>
std::vector<BigInt> advance_in_widths(const std::vector<BigInt>& start, int steps, long double growth_bits,
                                      const Advance& advance) {
  const std::size_t cells = start.size();
  std::size_t width = 1;  // limbs per value in `raw`
  for (const BigInt& x : start) width = std::max(width, mpz_size(x.backend().data()));
  std::vector<std::uint64_t> raw(cells * width, 0);
  for (std::size_t i = 0; i < cells; ++i)
    mpz_export(raw.data() + i * width, nullptr, -1, sizeof(std::uint64_t), 0, 0, start[i].backend().data());
  auto bits_in_use = [&] {
    std::size_t top = 0;
    for (std::size_t i = 0; i < cells; ++i)
      for (std::size_t l = width; l-- > 0;)
        if (raw[i * width + l] != 0) {
          top = std::max(top, 64 * l + static_cast<std::size_t>(std::bit_width(raw[i * width + l])));
          break;
        }
    return static_cast<long double>(std::max<std::size_t>(top, 1));
  };
  int done = 0;
  while (done < steps) {
    const long double have = bits_in_use();
    const long double room = growth_bits * std::min(steps - done, 16);
    const bool finished = with_fine_count_width(have + room, [&]<class C>(std::type_identity<C>) {
      if constexpr (is_fixed_count<C>::value) {
        constexpr auto limbs = static_cast<std::size_t>(C::limbs);
        const int m =
            static_cast<int>(std::min<long double>(steps - done, std::floor((64.0L * limbs - have) / growth_bits)));
        std::vector<C> counts(cells);
        const std::size_t copied = std::min(width, limbs);  // the limbs above `have` bits are 0
        for (std::size_t i = 0; i < cells; ++i)
          std::copy_n(raw.begin() + static_cast<std::ptrdiff_t>(i * width), copied, counts[i].limb.begin());
        advance(counts, m);
        width = limbs;
        raw.assign(cells * width, 0);
        for (std::size_t i = 0; i < cells; ++i)
          std::copy_n(counts[i].limb.begin(), limbs, raw.begin() + static_cast<std::ptrdiff_t>(i * width));
        done += m;
        return false;
      } else {
        return true;
      }
    });
    if (finished) break;
  }
  std::vector<BigInt> layer(cells);
  for (std::size_t i = 0; i < cells; ++i)
    mpz_import(layer[i].backend().data(), width, -1, sizeof(std::uint64_t), 0, 0, raw.data() + i * width);
  if (done < steps) advance(layer, steps - done);  // past 4096 bits: BigInt
  return layer;
}

/// x / m for a BigInt x that is a multiple of m (the count-form average over
/// m equally likely outcomes: the numerators carry a common denominator that
/// already contains the factor m). Requires 1 <= m; the exactness is the
/// caller's proof. Cost: linear in the size of x.
struct exact_share {
  unsigned long m = 1;
  BigInt operator()(const BigInt& x) const {
    BigInt q;
    mpz_divexact_ui(q.backend().data(), x.backend().data(), m);
    return q;
  }
};

/// m^e as a BigInt. Cost: O(M(e·log m)).
inline BigInt power_of(unsigned long m, unsigned long e) {
  BigInt z;
  mpz_ui_pow_ui(z.backend().data(), m, e);
  return z;
}

}  // namespace detail

/// fixed_count is an exact ring modulo 2^(64L); the recurrences use it only
/// where a bound proves that no value wraps.
template <int L>
struct field_traits<detail::fixed_count<L>> {
  static constexpr const char* name = "fixed_count";
  static constexpr bool is_exact = true;
  static constexpr bool is_residue = false;
  static constexpr bool is_field = false;
  static constexpr bool fixed_size = true;
  static constexpr count_form counting = count_form::in_type;
  static constexpr linear_solver solver = linear_solver::none;
};

}  // namespace exactdp
