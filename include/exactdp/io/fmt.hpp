// exactdp/io/fmt.hpp: fmt (fmtlib.org, Debian libfmt-dev) formatters for
// exactdp's numbers and answers, so that fmt::format("{}", x) prints what
// `std::cout << x` prints (numeric/ostream.hpp, games/ostream.hpp):
//   ModInt<P>, DynModInt, ModInt64<P>, DynModInt64  the residue, with the
//                                                   integer format specs ("{:>12}", "{:x}")
//   Rational, BigInt                                "1/16", "42" (width, fill, alignment)
//   outcome, row_end, stone_winner, and the answers of best_lead, stone_game,
//   stone_game_vii, stone_game_ii, stone_game_iii and nim  (width, fill, alignment)
// The library itself does not use fmt: only a program that includes this
// header needs fmt (find_package(fmt), link fmt::fmt). Needs fmt 9 or later.
// Status: every formatter compared with the stream's text (tests/numeric/test_printing.cpp).
#pragma once

#if !__has_include(<fmt/format.h>)
#error \
    "exactdp/io/fmt.hpp needs fmt (Debian: libfmt-dev); without it, print with numeric/ostream.hpp and games/ostream.hpp"
#endif

#include <cstdint>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "exactdp/games/ostream.hpp"
#include "exactdp/numeric/ostream.hpp"
#include "exactdp/numeric/rational.hpp"

#if FMT_VERSION < 90000
#error "exactdp/io/fmt.hpp needs fmt 9 or later (fmt::ostream_formatter)"
#endif

namespace exactdp::detail {
/// A residue type's formatter: the integer formatter of its value() type.
template <class Residue, class Integer>
struct residue_formatter : fmt::formatter<Integer> {
  template <class FormatContext>
  auto format(const Residue& x, FormatContext& ctx) const {
    return fmt::formatter<Integer>::format(x.value(), ctx);
  }
};
}  // namespace exactdp::detail

template <std::uint32_t P>
struct fmt::formatter<exactdp::ModInt<P>> : exactdp::detail::residue_formatter<exactdp::ModInt<P>, std::uint32_t> {};
template <>
struct fmt::formatter<exactdp::DynModInt> : exactdp::detail::residue_formatter<exactdp::DynModInt, std::uint32_t> {};
template <class Modulus>
struct fmt::formatter<exactdp::detail::modint64<Modulus>>
    : exactdp::detail::residue_formatter<exactdp::detail::modint64<Modulus>, std::uint64_t> {};

template <>
struct fmt::formatter<exactdp::Rational> : fmt::ostream_formatter {};
template <>
struct fmt::formatter<exactdp::BigInt> : fmt::ostream_formatter {};

template <>
struct fmt::formatter<exactdp::outcome> : fmt::ostream_formatter {};
template <>
struct fmt::formatter<exactdp::row_end> : fmt::ostream_formatter {};
template <>
struct fmt::formatter<exactdp::stone_winner> : fmt::ostream_formatter {};
template <>
struct fmt::formatter<exactdp::nim_move> : fmt::ostream_formatter {};
template <>
struct fmt::formatter<exactdp::nim_result> : fmt::ostream_formatter {};
template <exactdp::LeadValue T>
struct fmt::formatter<exactdp::row_game_result<T>> : fmt::ostream_formatter {};
template <exactdp::LeadValue T>
struct fmt::formatter<exactdp::stone_game_vii_result<T>> : fmt::ostream_formatter {};
template <exactdp::LeadValue T>
struct fmt::formatter<exactdp::stone_game_result<T>> : fmt::ostream_formatter {};
template <exactdp::LeadValue T>
struct fmt::formatter<exactdp::stone_game_ii_result<T>> : fmt::ostream_formatter {};
template <exactdp::LeadValue T>
struct fmt::formatter<exactdp::stone_game_iii_result<T>> : fmt::ostream_formatter {};
