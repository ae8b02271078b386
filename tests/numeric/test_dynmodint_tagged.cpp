// DynModInt's and DynModInt64's modulus tag (issue 25): with the tag on (opt-in,
// EXACTDP_DYNMODINT_TAGGED; a program of its own, since the tag changes the
// type's layout), a value made under one modulus and used under another is
// a std::logic_error, never a silently wrong residue.
#define EXACTDP_DYNMODINT_TAGGED 1
#include <catch2/catch.hpp>
#include <stdexcept>

#include "exactdp/numeric/modint.hpp"
#include "exactdp/numeric/modint64.hpp"

using Catch::Matchers::Contains;
using exactdp::dyn_modulus_scope;
using exactdp::DynModInt;

TEST_CASE("DynModInt: values of two moduli are never mixed") {
  DynModInt a;
  DynModInt b;
  {
    const dyn_modulus_scope seven(7);
    a = DynModInt(3);
    REQUIRE((a * a).value() == 2);  // one modulus: as always
    REQUIRE((a / DynModInt(5)).value() == 2);
  }
  const dyn_modulus_scope eleven(11);
  b = DynModInt(5);
  REQUIRE_THROWS_AS(a + b, std::logic_error);
  REQUIRE_THROWS_WITH(a * b, Contains("made modulo 7") && Contains("used modulo 11"));
  REQUIRE_THROWS_AS(b - a, std::logic_error);
  REQUIRE_THROWS_AS(b / a, std::logic_error);
  REQUIRE_THROWS_AS(a == b, std::logic_error);
  REQUIRE_THROWS_AS(a.inv(), std::logic_error);
  REQUIRE_THROWS_AS(a.pow(3), std::logic_error);
  REQUIRE_THROWS_AS(-a, std::logic_error);
  // A value carried alone into another modulus's scope is refused too.
  DynModInt c = a;
  REQUIRE_THROWS_AS(c += DynModInt(1), std::logic_error);
  // A default value (0, a residue under every modulus) has no tag.
  REQUIRE((b + DynModInt()).value() == 5);
  REQUIRE((b * b).value() == 3);
  REQUIRE(DynModInt() == DynModInt(0));
  REQUIRE(sizeof(DynModInt) == 2 * sizeof(std::uint32_t));
}

TEST_CASE("DynModInt64: values of two moduli are never mixed; ModInt64 has no tag") {
  using exactdp::dyn_modulus64_scope;
  using exactdp::DynModInt64;
  const std::uint64_t p61 = 2305843009213693951ull;  // 2^61 - 1
  DynModInt64 a;
  {
    const dyn_modulus64_scope big(p61);
    a = DynModInt64(3);
    REQUIRE((a * a).value() == 9);
    REQUIRE((a / DynModInt64(3)).value() == 1);
  }
  const dyn_modulus64_scope small(1000000007);
  const DynModInt64 b(5);
  REQUIRE_THROWS_WITH(a + b, Contains("made modulo 2305843009213693951") && Contains("used modulo 1000000007"));
  REQUIRE_THROWS_AS(b - a, std::logic_error);
  REQUIRE_THROWS_AS(a * b, std::logic_error);
  REQUIRE_THROWS_AS(b / a, std::logic_error);
  REQUIRE_THROWS_AS(a == b, std::logic_error);
  REQUIRE_THROWS_AS(a.inv(), std::logic_error);
  REQUIRE_THROWS_AS(a.pow(2), std::logic_error);
  REQUIRE_THROWS_AS(-a, std::logic_error);
  REQUIRE((b + DynModInt64()).value() == 5);
  REQUIRE(DynModInt64() == DynModInt64(0));
  REQUIRE(sizeof(DynModInt64) == 2 * sizeof(std::uint64_t));
  REQUIRE(sizeof(exactdp::ModInt64<p61>) == sizeof(std::uint64_t));  // a fixed modulus needs no tag
  static_assert(exactdp::ModInt64<p61>(3) * exactdp::ModInt64<p61>(3) == exactdp::ModInt64<p61>(9));
}
