// Residues modulo primes below 2^62: ModInt64, DynModInt64, the primality
// test, the prime list, and the conversions that accept 62-bit moduli.
#include <catch2/catch.hpp>

#include <flint/ulong_extras.h>

#include <random>
#include <vector>

#include "exactdp/numeric/numeric.hpp"

using namespace exactdp;

namespace {
constexpr std::uint64_t largest62 = 4'611'686'018'427'387'847ull;  // the largest prime below 2^62
constexpr std::uint64_t mersenne61 = (std::uint64_t{1} << 61) - 1;
using M62 = ModInt64<largest62>;
using M61 = ModInt64<mersenne61>;

std::uint64_t mulmod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return static_cast<std::uint64_t>(static_cast<unsigned __int128>(a) * b % m);
}
}  // namespace

static_assert(Field<M62> && !OrderedField<M62>);
static_assert(Field<DynModInt64> && !OrderedField<DynModInt64>);
static_assert(Field<ModInt64<1'000'000'007>>);
// Compile-time arithmetic: Montgomery form in constant expressions.
static_assert((M62(3) * M62(5)).value() == 15);
static_assert((M62(-1) * M62(-1)).value() == 1);
static_assert((M61(2).pow(61)).value() == 1);  // 2^61 ≡ 1 mod 2^61 - 1
static_assert(detail::is_prime_u64(largest62) && detail::is_prime_u64(mersenne61));
static_assert(!detail::is_prime_u64(3'215'031'751ull));  // strong pseudoprime to bases 2, 3, 5, 7

TEST_CASE("64-bit residues agree with 128-bit arithmetic on random operands") {
  const std::uint64_t moduli[] = {largest62, mersenne61, 3, 5, 1'000'000'007, 1'099'511'627'791};
  for (const std::uint64_t p : moduli) {
    INFO("P = " << p);
    dyn_modulus64_scope scope(p);
    REQUIRE(DynModInt64::modulus() == p);
    std::mt19937_64 rng(p);
    for (int i = 0; i < 20000; ++i) {
      const std::uint64_t a = rng() % p, b = rng() % p;
      const DynModInt64 x = DynModInt64::from_residue(a), y = DynModInt64::from_residue(b);
      REQUIRE(x.value() == a);
      REQUIRE((x * y).value() == mulmod(a, b, p));
      REQUIRE((x + y).value() == static_cast<std::uint64_t>((static_cast<unsigned __int128>(a) + b) % p));
      REQUIRE((x - y).value() == static_cast<std::uint64_t>((static_cast<unsigned __int128>(a) + p - b) % p));
      if (a != 0) REQUIRE((x * x.inv()).value() == 1u);
    }
    // The extremes: (P-1)² is the largest product; negative values reduce.
    CHECK((DynModInt64(static_cast<std::int64_t>(p - 1)) * DynModInt64(static_cast<std::int64_t>(p - 1))).value() ==
          1u);
    CHECK(DynModInt64(-1).value() == p - 1);
    CHECK(DynModInt64(INT64_MIN).value() ==
          static_cast<std::uint64_t>((INT64_MIN % static_cast<std::int64_t>(p) + static_cast<std::int64_t>(p)) %
                                     static_cast<std::int64_t>(p)));
    CHECK(DynModInt64(7).pow(p - 1).value() == 1u);  // Fermat
  }
  CHECK(DynModInt64::modulus() == largest62);  // restored after the scopes
  std::mt19937_64 rng(62);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t a = rng() % largest62, b = rng() % largest62;
    REQUIRE((M62::from_residue(a) * M62::from_residue(b)).value() == mulmod(a, b, largest62));
    REQUIRE((M61::from_residue(a % mersenne61) * M61::from_residue(b % mersenne61)).value() ==
            mulmod(a % mersenne61, b % mersenne61, mersenne61));
  }
}

TEST_CASE("64-bit residues: the inverse of 0 and the modulus checks") {
  CHECK_THROWS_WITH(M62(0).inv(), Catch::Contains("0 modulo 4611686018427387847"));
  CHECK_THROWS_AS(M62(1) / M62(static_cast<std::int64_t>(largest62)), std::domain_error);
  CHECK_THROWS_AS(M62::from_residue(largest62), std::invalid_argument);
  CHECK_NOTHROW(dyn_modulus64_scope(3));
  CHECK_THROWS_WITH(dyn_modulus64_scope(2), Catch::Contains("the modulus must be a prime P with 2 < P < 2^"));
  CHECK_THROWS_WITH(dyn_modulus64_scope(std::uint64_t{1} << 62),
                    Catch::Contains("the modulus must be a prime P with 2 < P < 2^"));
  CHECK_THROWS_WITH(dyn_modulus64_scope((std::uint64_t{1} << 62) + 3),
                    Catch::Contains("the modulus must be a prime P with 2 < P < 2^"));
  CHECK_THROWS_WITH(dyn_modulus64_scope(largest62 - 2), Catch::Contains("not prime"));
  CHECK_THROWS_WITH(dyn_modulus64_scope(4'611'686'014'132'420'609ull), Catch::Contains("not prime"));  // (2^31-1)²
  CHECK(is_residue_modulus64(largest62));
  CHECK_FALSE(is_residue_modulus64(1));
}

TEST_CASE("Miller-Rabin for 64 bits agrees with FLINT's n_is_prime") {
  // Strong pseudoprimes to many small bases, Carmichael numbers, prime squares.
  const std::uint64_t hard[] = {2047ull,
                                1'373'653ull,
                                25'326'001ull,
                                3'215'031'751ull,
                                2'152'302'898'747ull,
                                3'474'749'660'383ull,
                                341'550'071'728'321ull,
                                3'825'123'056'546'413'051ull,
                                561ull,
                                41'041ull,
                                825'265ull,
                                321'197'185ull,
                                4'294'967'297ull,  // 641 · 6700417
                                4'611'686'014'132'420'609ull,
                                18'446'744'073'709'551'557ull,  // the largest prime below 2^64
                                18'446'744'073'709'551'615ull};
  for (const std::uint64_t n : hard) {
    INFO(n);
    CHECK(detail::is_prime_u64(n) == (n_is_prime(n) != 0));
  }
  std::mt19937_64 rng(64);
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t n = rng() >> (rng() % 64);
    REQUIRE(detail::is_prime_u64(n) == (n_is_prime(n) != 0));
  }
  for (std::uint64_t n = 0; n < 100000; ++n) REQUIRE(detail::is_prime_u64(n) == (n_is_prime(n) != 0));
}

TEST_CASE("primes_below lists the largest primes below 2^bits, none skipped") {
  const std::vector<std::uint64_t> top = primes_below(3);
  CHECK(top == std::vector<std::uint64_t>{largest62, 4'611'686'018'427'387'817ull, 4'611'686'018'427'387'787ull});
  for (const int bits : {62, 61, 40, 31, 20}) {
    INFO("bits " << bits);
    const std::vector<std::uint64_t> primes = primes_below(60, bits);
    REQUIRE(primes.size() == 60);
    std::uint64_t above = std::uint64_t{1} << bits;
    for (const std::uint64_t p : primes) {
      REQUIRE(n_is_prime(p));
      for (std::uint64_t n = p + 1; n < above; ++n) REQUIRE_FALSE(n_is_prime(n));  // none skipped
      above = p;
    }
  }
  CHECK(primes_below(1, 31) == std::vector<std::uint64_t>{2'147'483'647ull});
  CHECK(primes_below(3, 3) == std::vector<std::uint64_t>{7, 5, 3});
  CHECK_THROWS_WITH(primes_below(4, 3), Catch::Contains("only 3"));
  CHECK(primes_below(53, 8).back() == 3);  // the 53 odd primes below 256
  CHECK_THROWS_AS(primes_below(54, 8), std::invalid_argument);
  CHECK_THROWS_AS(primes_below(1, 63), std::invalid_argument);
  CHECK_THROWS_AS(primes_below(1, 2), std::invalid_argument);
  CHECK_THROWS_AS(primes_below(0, 62), std::invalid_argument);
  CHECK_THROWS_AS(primes_below(1'000'001, 62), std::invalid_argument);
}

TEST_CASE("fractions to 62-bit residues, and the residues back by CRT") {
  const Rational q = make_rational(BigInt("-123456789012345678901234567890"), BigInt("98765432109876543210987"));
  for (const std::uint64_t p : std::vector<std::uint64_t>{largest62, mersenne61}) {
    const std::uint64_t r = to_residue64(q, p);
    // r·den ≡ num (mod p), computed independently on BigInt.
    const BigInt lhs = (BigInt(r) * denominator(q) - numerator(q)) % BigInt(p);
    CHECK(lhs == 0);
    dyn_modulus64_scope scope(p);
    CHECK(to_modint<DynModInt64>(q).value() == r);
  }
  CHECK(to_residue64(make_rational(1, 16), 1'000'000'007) == to_residue(make_rational(1, 16), 1'000'000'007));
  CHECK(to_modint<M61>(make_rational(1, 3)).value() == to_residue64(make_rational(1, 3), mersenne61));
  CHECK(to_modint<Mod>(make_rational(1, 16)).value() == 562'500'004u);
  CHECK_THROWS_AS(to_residue64(make_rational(BigInt(1), BigInt(largest62)), largest62), std::domain_error);
  CHECK_THROWS_AS(to_residue64(q, largest62 + 2), std::invalid_argument);

  // Two 62-bit residues determine a fraction with numerator and denominator
  // below about 2^61 each (rational reconstruction), and a numerator below
  // about 2^122 when the denominator is known (q's is about 2^96).
  auto residues_of = [](const Rational& value) {
    const std::vector<std::string> items = {
        std::to_string(to_residue64(value, largest62)) + "@" + std::to_string(largest62),
        std::to_string(to_residue64(value, mersenne61)) + "@" + std::to_string(mersenne61)};
    return parse_residues(items, 1'000'000'007);
  };
  const Rational small = make_rational(BigInt("-1234567890123456789"), BigInt("987654321098765431"));
  const residue_class both = crt_combine(residues_of(small));
  CHECK(both.modulus == BigInt(largest62) * BigInt(mersenne61));
  const std::optional<Rational> back = reconstruct(both.residue, both.modulus);
  REQUIRE(back.has_value());
  CHECK(*back == small);
  CHECK(combine_known_denominator(residues_of(q), denominator(q)) == q);
  CHECK(reconstruct(crt_combine(residues_of(q)).residue, both.modulus) != q);  // too large to reconstruct
}

TEST_CASE("combine_known_denominator: signed numerators, the bound, and its errors") {
  // N/8^20 for N up to about 2^123 from two 62-bit primes (and not from one).
  const BigInt d = BigInt(1) << 60;
  const std::vector<std::uint64_t> primes = primes_below(3);
  for (const BigInt& n : {BigInt(0), BigInt(-1), BigInt("-5316911983139663491615228241121378303"),
                          BigInt("5316911983139663491615228241121378303")}) {  // about 2^122
    const Rational value = make_rational(n, d);
    std::vector<residue_class> classes;
    for (std::size_t i = 0; i < 2; ++i) classes.push_back({BigInt(to_residue64(value, primes[i])), BigInt(primes[i])});
    CHECK(combine_known_denominator(classes, d) == value);
    if (n > BigInt(1) << 70) CHECK(combine_known_denominator(std::span(classes).first(1), d) != value);
  }
  const std::vector<residue_class> one = {{BigInt(1), BigInt(7)}};
  CHECK_THROWS_AS(combine_known_denominator(one, BigInt(14)), std::domain_error);
  CHECK_THROWS_AS(combine_known_denominator(one, BigInt(0)), std::invalid_argument);
  CHECK_THROWS_AS(combine_known_denominator({}, BigInt(3)), std::invalid_argument);
}
