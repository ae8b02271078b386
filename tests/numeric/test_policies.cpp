// The numeric policy layer: concepts, ModInt, ratio, Rational semantics.
#include <catch2/catch.hpp>

#include <boost/multiprecision/gmp.hpp>
#include <random>

#include "exactdp/numeric/numeric.hpp"

using namespace exactdp;

// Boost's default mpq_rational has expression templates on. Even with a trait
// that admits it, it must fail the concepts: a + b is a proxy, not the type.
using et_on_rational = boost::multiprecision::mpq_rational;
template <>
struct exactdp::field_traits<et_on_rational> {
  static constexpr const char* name = "et-on";
  static constexpr bool is_exact = true;
  static constexpr bool is_residue = false;
  static constexpr bool is_field = true;
  static constexpr bool fixed_size = false;
};

static_assert(Field<double> && OrderedField<double>);
static_assert(Field<Rational> && OrderedField<Rational>);
static_assert(Field<Mod> && !OrderedField<Mod>);
static_assert(Field<DynModInt> && !OrderedField<DynModInt>);
static_assert(Field<ModInt<998'244'353>>);
static_assert(Ring<BigInt> && !Field<BigInt>);
static_assert(!Ring<int> && !Field<int>);  // no trait: not admitted
static_assert(!Ring<et_on_rational> && !Field<et_on_rational>);
static_assert(!Ring<long double>);

TEST_CASE("ModInt reduces negative values into 0..P-1") {
  CHECK(Mod(-1).value() == 1'000'000'006u);
  CHECK(Mod(-1'000'000'007).value() == 0u);
  CHECK(Mod(-3'000'000'022).value() == 1'000'000'006u);
  CHECK(Mod(INT64_MIN).value() == static_cast<std::uint32_t>(((INT64_MIN % 1'000'000'007) + 1'000'000'007)));
  CHECK((Mod(0) - Mod(1)).value() == 1'000'000'006u);
  CHECK((-Mod(5)).value() == 1'000'000'002u);
}

TEST_CASE("ModInt products never lose bits (handed case C13 and the seed's double trap)") {
  // (-1)·(-1) = 1: through a double, 1000000006² % P gives 999999972.
  CHECK((Mod(1'000'000'006) * Mod(1'000'000'006)).value() == 1u);
  CHECK(Mod(16).inv().value() == 562'500'004u);
  CHECK(Mod(16).pow(1'000'000'005).value() == 562'500'004u);  // Fermat agrees with Euclid
  CHECK((Mod(16) * Mod(16).inv()).value() == 1u);
}

TEST_CASE("DynModInt agrees with ModInt on random products, sums and inverses") {
  for (const std::uint32_t p : {1'000'000'007u, 998'244'353u, 2'147'483'647u, 3u, 65'537u}) {
    dyn_modulus_scope scope(p);
    std::mt19937_64 rng(p);
    for (int i = 0; i < 20000; ++i) {
      const std::uint64_t a = rng() % p, b = rng() % p;
      const DynModInt x(static_cast<std::int64_t>(a)), y(static_cast<std::int64_t>(b));
      CHECK((x * y).value() == static_cast<std::uint32_t>(static_cast<unsigned __int128>(a) * b % p));
      CHECK((x + y).value() == static_cast<std::uint32_t>((a + b) % p));
      CHECK((x - y).value() == static_cast<std::uint32_t>((a + p - b) % p));
      if (a != 0) CHECK((x * x.inv()).value() == 1u);
    }
    // The extremes of Barrett's range: (P-1)² is the largest product.
    CHECK((DynModInt(p - 1) * DynModInt(p - 1)).value() == 1u);
  }
  CHECK(DynModInt::modulus() == 1'000'000'007u);  // restored after the scopes
}

TEST_CASE("the inverse of 0 mod P is a domain error naming the value and P") {
  CHECK_THROWS_AS(Mod(0).inv(), std::domain_error);
  CHECK_THROWS_WITH(Mod(1'000'000'007) / Mod(1'000'000'007), Catch::Contains("0 modulo 1000000007"));
  dyn_modulus_scope scope(998'244'353);
  CHECK_THROWS_WITH(DynModInt(1) / DynModInt(998'244'353), Catch::Contains("998244353"));
}

TEST_CASE("run-time moduli: primes 2 < P < 2^31 only") {
  CHECK_NOTHROW(dyn_modulus_scope(998'244'353));
  CHECK_NOTHROW(dyn_modulus_scope(2'147'483'647));  // 2^31 - 1 is prime
  CHECK_THROWS_WITH(dyn_modulus_scope(2),
                    "the modulus must be a prime P with 2 < P < 2^31 = 2147483648 (this solver "
                    "computes in 32-bit residues), not '2'");
  CHECK_THROWS_WITH(dyn_modulus_scope(1), Catch::Contains("the modulus must be a prime P with 2 < P < 2^"));
  CHECK_THROWS_WITH(dyn_modulus_scope(0), Catch::Contains("the modulus must be a prime P with 2 < P < 2^"));
  CHECK_THROWS_WITH(dyn_modulus_scope(4), Catch::Contains("not prime"));
  CHECK_THROWS_WITH(dyn_modulus_scope(1'000'000'008), Catch::Contains("not prime"));
  CHECK_THROWS_WITH(dyn_modulus_scope(2'147'483'648ull),
                    Catch::Contains("the modulus must be a prime P with 2 < P < 2^"));
  CHECK_THROWS_WITH(dyn_modulus_scope((1ull << 61) - 1),
                    Catch::Contains("the modulus must be a prime P with 2 < P < 2^"));
}

TEST_CASE("ratio<T> writes constants exactly in every policy") {
  CHECK(ratio<Rational>(1, 8) == make_rational(1, 8));
  CHECK(ratio<Rational>(-2, -4) == make_rational(1, 2));
  CHECK(ratio<double>(1, 8) == 0.125);  // a power of two: exact
  CHECK(ratio<Mod>(1, 16).value() == 562'500'004u);
  CHECK(ratio<Mod>(-3, 7) * Mod(7) == Mod(-3));
  CHECK_THROWS_AS(ratio<Rational>(1, 0), std::invalid_argument);
  CHECK_THROWS_AS(ratio<Mod>(1, 1'000'000'007), std::domain_error);
}

TEST_CASE("Rational from parts is canonical (handed case C19)") {
  const Rational one = make_rational(BigInt(-1), BigInt(-1));
  CHECK(one == 1);
  CHECK(to_string(one) == "1");
  CHECK(to_double(one) == 1.0);
  CHECK(to_residue(one, 1'000'000'007) == 1u);
  CHECK(to_string(make_rational(BigInt(6), BigInt(-4))) == "-3/2");
  CHECK_THROWS_AS(make_rational(BigInt(1), BigInt(0)), std::invalid_argument);
}

TEST_CASE("Rational values do not alias (handed case C21, expression templates off)") {
  Rational a = parse_rational("1/3");
  const Rational b = parse_rational("1/6");
  auto s = a + b;  // with expression templates on, s would still refer to a
  a = 0;
  CHECK(s == make_rational(1, 2));
  CHECK(to_double(s) == 0.5);
  CHECK(to_residue(s, 1'000'000'007) == 500'000'004u);
}

TEST_CASE("budgets refuse before allocating and say how much") {
  CHECK_THROWS_AS(check_state_budget("a table", 1e12, 8), resource_error);
  CHECK_THROWS_WITH(check_state_budget("a table", 1e12, 8), Catch::Contains("1e+12 states") && Catch::Contains("GiB"));
  CHECK_NOTHROW(check_state_budget("a table", 1000, 8));
  CHECK_THROWS_WITH(check_work_budget("a walk", 1e20L), Catch::Contains("work budget"));
  // A need just above the limit is told apart from it, never "2 GiB, above 2 GiB".
  {
    const budget_scope two_gib({.state_bytes = std::uint64_t{2} << 30, .work_steps = 1e9L});
    CHECK_THROWS_WITH(check_state_budget("a table", (2.0L * 1024 * 1024 * 1024) + 4096, 1, "bytes"),
                      Catch::Contains("needs 2.000003815 GiB, above the state budget of 2 GiB"));
    CHECK_THROWS_WITH(check_state_budget("a table", (1024.0L * 1024 * 1024) + 1, 2),
                      Catch::Contains("= 2.000000002 GiB, above the state budget of 2 GiB"));
    CHECK_THROWS_WITH(check_work_budget("a walk", 1e9L + 1),
                      Catch::Contains("needs about 1000000001 elementary steps, above the work budget of 1000000000"));
    CHECK_THROWS_WITH(check_work_budget("a walk", 3e9L), Catch::Contains("needs about 3e+09 elementary steps"));
  }
  // Sizes from 1000 to 1023 of a unit keep their integer digits (never "1.02e+03 KiB").
  {
    const budget_scope tiny({.state_bytes = 1023, .work_steps = 1e9L});
    CHECK_THROWS_WITH(check_state_budget("a table", 2000, 1, "bytes"),
                      Catch::Contains("needs 1.95 KiB, above the state budget of 1023 B"));
  }
}

TEST_CASE("the modulus primality test agrees with trial division") {
  auto trial = [](std::uint64_t n) {
    if (n < 2) return false;
    for (std::uint64_t d = 2; d * d <= n; ++d)
      if (n % d == 0) return false;
    return true;
  };
  for (std::uint32_t n = 0; n < 200'000; ++n) REQUIRE(detail::is_prime_u32(n) == trial(n));
  for (std::uint32_t n = 2'147'483'647u - 3000; n < 2'147'483'647u; ++n) REQUIRE(detail::is_prime_u32(n) == trial(n));
  // Strong pseudoprimes to some of the bases: 3215031751 = 151·751·28351 fools 2, 3, 5, 7.
  CHECK_FALSE(detail::is_prime_u32(3'215'031'751u));
  CHECK_FALSE(detail::is_prime_u32(2'047u));    // 23·89, a strong pseudoprime to base 2
  CHECK(detail::is_prime_u32(4'294'967'291u));  // the largest 32-bit prime
}
