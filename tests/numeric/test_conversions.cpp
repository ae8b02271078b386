// Parsing, fraction -> residue, fraction -> double, reconstruction, formatting.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>

#include "exactdp/numeric/numeric.hpp"

using namespace exactdp;

TEST_CASE("parse_rational reads exact values, never through a double") {
  CHECK(parse_rational("0.1") == make_rational(1, 10));
  CHECK(parse_rational("1e-3") == make_rational(1, 1000));
  CHECK(parse_rational("-3/7") == make_rational(-3, 7));
  CHECK(parse_rational("+2.5E+2") == 250);
  CHECK(parse_rational(".5") == make_rational(1, 2));
  CHECK(parse_rational("2.") == 2);
  CHECK(parse_rational("-0") == 0);
  CHECK(parse_rational("1000000007/3000000021") == make_rational(1, 3));
  CHECK(parse_rational("123456789012345678901234567890") == Rational(parse_bigint("123456789012345678901234567890")));
}

TEST_CASE("make_rational_over_power equals the reduction by a gcd") {
  std::mt19937_64 rng(837);
  auto power = [](std::uint64_t base, std::uint64_t e) {
    BigInt z;
    mpz_ui_pow_ui(z.backend().data(), static_cast<unsigned long>(base), static_cast<unsigned long>(e));
    return z;
  };
  // Numerators built from the base's own primes, so that some cancel fully,
  // some partly and some more often than the denominator holds them.
  std::vector<std::uint64_t> bases;
  for (std::uint64_t b = 1; b < 200; ++b) bases.push_back(b);
  for (const std::uint64_t b : {4294967291ULL, 4294967295ULL, 4294836225ULL, 2147483648ULL, 999999937ULL, 5000ULL})
    bases.push_back(b);
  std::uniform_int_distribution<int> small(0, 12);
  int checked = 0;
  for (const std::uint64_t base : bases) {
    for (int round = 0; round < 6; ++round) {
      const auto e = static_cast<std::uint64_t>(small(rng));
      BigInt num = power(base, static_cast<std::uint64_t>(small(rng)));
      num *= BigInt(static_cast<unsigned long long>(rng() % 1000003 + 1));
      num *= power(2, static_cast<std::uint64_t>(small(rng))) * power(3, static_cast<std::uint64_t>(small(rng)));
      if (round % 3 == 1) num = -num;
      if (round == 5) num = 0;
      INFO("base " << base << " exponent " << e << " numerator " << num);
      const Rational got = make_rational_over_power(num, base, e);
      CHECK(got == make_rational(num, power(base, e)));
      // The form given the power: the same value and the same denominator.
      const Rational given = make_rational_over_power(num, base, e, power(base, e));
      CHECK(mpz_cmp(mpq_numref(given.backend().data()), mpq_numref(got.backend().data())) == 0);
      CHECK(mpz_cmp(mpq_denref(given.backend().data()), mpq_denref(got.backend().data())) == 0);
      // Lowest terms as GMP keeps them: canonicalising changes nothing.
      Rational copy = got;
      mpq_canonicalize(copy.backend().data());
      CHECK(mpz_cmp(mpq_numref(copy.backend().data()), mpq_numref(got.backend().data())) == 0);
      CHECK(mpz_cmp(mpq_denref(copy.backend().data()), mpq_denref(got.backend().data())) == 0);
      ++checked;
    }
  }
  CHECK(checked == 6 * 205);
  CHECK_THROWS_WITH(make_rational_over_power(1, 0, 3), Catch::Contains("outside 1..4294967295"));
  CHECK_THROWS_WITH(make_rational_over_power(1, 4294967296ULL, 3), Catch::Contains("outside 1..4294967295"));
  CHECK_THROWS_WITH(make_rational_over_power(1, 2, (std::uint64_t{1} << 58) + 1), Catch::Contains("above 2^58"));
  CHECK_THROWS_WITH(make_rational_over_power(1, 0, 3, 1), Catch::Contains("outside 1..4294967295"));
  CHECK_THROWS_WITH(make_rational_over_power(1, 5000, 3, 5000 * 5000), Catch::Contains("not 5000^3"));
  CHECK_THROWS_WITH(make_rational_over_power(1, 7, 0, 0), Catch::Contains("not 7^0"));
  CHECK(to_string(make_rational_over_power(4, 2, 3, 8)) == "1/2");
  CHECK(to_string(make_rational_over_power(-250, 10, 3, 1000)) == "-1/4");
}

TEST_CASE("parse_rational rejects malformed text with a message") {
  for (const char* bad :
       {"",   "-",  "+",    "1/0", "0/0",  "1/",       "/2",    "1//2", "1.2.3", "e5",  "1e",  "1e+", "abc",
        " 1", "1 ", "1/-2", "--1", "0x10", "1e100001", "1/2/3", ".",    "1.5/2", "inf", "nan", "\xff"}) {
    INFO("text: '" << bad << "'");
    CHECK_THROWS_AS(parse_rational(bad), std::invalid_argument);
  }
  CHECK_THROWS_WITH(parse_rational("1/0"), Catch::Contains("denominator is 0"));
  CHECK_THROWS_WITH(parse_rational(std::string(1'000'001, '1')), Catch::Contains("limit"));
  CHECK_THROWS_AS(parse_bigint("1.5"), std::invalid_argument);
}

TEST_CASE("fraction -> residue") {
  CHECK(to_residue(make_rational(1, 16), 1'000'000'007) == 562'500'004u);                     // C13
  CHECK(to_residue(parse_rational("1000000007/3000000021"), 1'000'000'007) == 333'333'336u);  // C14
  const std::uint32_t r = to_residue(make_rational(-3, 7), 1'000'000'007);
  CHECK((Mod::from_residue(r) * Mod(7)).value() == Mod(-3).value());  // round trip
  CHECK(reconstruct(BigInt(r), BigInt(1'000'000'007)) == make_rational(-3, 7));
  CHECK_THROWS_AS(to_residue(make_rational(1, 1'000'000'007), 1'000'000'007), std::domain_error);
  CHECK_THROWS_WITH(to_residue(make_rational(1, 1'000'000'007), 1'000'000'007),
                    Catch::Contains("1/1000000007") && Catch::Contains("1000000007"));
  CHECK(to_residue(make_rational(5, 1), 998'244'353) == 5u);
  CHECK(to_modint<Mod>(make_rational(1, 2)) == Mod(2).inv());
}

TEST_CASE("fraction -> double is correctly rounded (handed case C20)") {
  CHECK(to_double(make_rational(1, 10)) == 0.1);
  CHECK(format_17(to_double(make_rational(1, 10))) == "0.10000000000000001");
  CHECK(to_double_checked(make_rational(1, 3)).value == 1.0 / 3.0);
  CHECK(to_double_checked(make_rational(1, 2)).status == double_status::exact);
  // Against the C library's correctly rounded strtod on random fractions.
  std::mt19937_64 rng(7);
  for (int i = 0; i < 2000; ++i) {
    const auto p = static_cast<std::int64_t>(rng() >> 11), q = static_cast<std::int64_t>((rng() >> 11) + 1);
    const Rational x = make_rational(p, q);
    const double via_text = std::strtod(format_decimal(x, 40).c_str(), nullptr);
    // 40 significant digits decide the rounding unless the value is within
    // 10^-40 relative of a tie; none of these random fractions is.
    CHECK(to_double(x) == via_text);
  }
  // Ties to even: 1 + 2^-53 lies halfway between 1 and 1 + 2^-52.
  BigInt two53 = BigInt(1) << 53;
  CHECK(to_double(make_rational(two53 + 1, two53)) == 1.0);
  CHECK(to_double(make_rational(two53 + 3, two53)) == 1.0 + std::ldexp(1.0, -51));
}

TEST_CASE("fraction -> double: subnormals, underflow, overflow") {
  const BigInt one = 1;
  const auto power2 = [&](int e) { return make_rational(one, one << e); };
  CHECK(to_double_checked(power2(1072)).status == double_status::subnormal);
  CHECK(to_double_checked(power2(1072)).value == std::ldexp(1.0, -1072));
  CHECK(to_double_checked(power2(1074)).value == std::numeric_limits<double>::denorm_min());
  CHECK(to_double_checked(power2(1075)).value == 0.0);  // a tie with 0: even is 0
  CHECK(to_double_checked(power2(1075)).status == double_status::underflow);
  CHECK(to_double_checked(power2(1076)).status == double_status::underflow);
  CHECK(to_double_checked(make_rational(3, 1) * power2(1076)).value == std::numeric_limits<double>::denorm_min());
  CHECK(to_double_checked(Rational(one << 1024)).status == double_status::overflow);
  CHECK(std::isinf(to_double_checked(Rational(-(one << 1024))).value));
  CHECK(to_double_checked(Rational(0)).status == double_status::exact);
}

TEST_CASE("fraction -> double: subnormals round to nearest, ties to even, never toward zero") {
  const BigInt one = 1;
  const double tiny = std::numeric_limits<double>::denorm_min();  // 2^-1074
  // 7/2^1076 = 1.75 x 2^-1074: nearest is 2 x 2^-1074 (toward zero would give 1 x).
  CHECK(to_double(make_rational(BigInt(7), one << 1076)) == 2 * tiny);
  // 3/2^1075 = 1.5 x 2^-1074: a tie between 1 and 2 x 2^-1074; even is 2.
  CHECK(to_double(make_rational(BigInt(3), one << 1075)) == 2 * tiny);
  // 5/2^1075 = 2.5 x 2^-1074: a tie between 2 and 3; even is 2.
  CHECK(to_double(make_rational(BigInt(5), one << 1075)) == 2 * tiny);
  // 7/2^1075 = 3.5 x 2^-1074: a tie between 3 and 4; even is 4.
  CHECK(to_double(make_rational(BigInt(7), one << 1075)) == 4 * tiny);
  CHECK(to_double_checked(make_rational(BigInt(7), one << 1076)).status == double_status::subnormal);
  // Just below half of the smallest subnormal rounds to 0 (underflow), just above to it.
  CHECK(to_double(make_rational((one << 200) - 1, one << 1275)) == 0.0);
  CHECK(to_double(make_rational((one << 200) + 1, one << 1275)) == tiny);
}

TEST_CASE("rational reconstruction (Wang) with its bound (handed case C15)") {
  const BigInt p = 1'000'000'007;
  CHECK(reconstruction_bound(p) == 22360);
  CHECK(reconstruct(BigInt(-370'370'373), p) == make_rational(-1, 27));
  CHECK(reconstruct(BigInt(1'370'370'380), p) == make_rational(1, 27));
  CHECK(reconstruct(BigInt(562'500'004), p) == make_rational(1, 16));
  CHECK(reconstruct(BigInt(0), p) == 0);
  // 55986 itself is beyond the bound for one prime: a small congruent
  // fraction comes back, which is why the bound is printed.
  CHECK(reconstruct(BigInt(55986), p) == make_rational(21925, 17862));
  // Two primes raise the bound and recover the truth.
  const residue_class both[] = {{BigInt(55986), p}, {BigInt(55986), BigInt(998'244'353)}};
  const residue_class c = crt_combine(both);
  CHECK(reconstruct(c.residue, c.modulus) == 55986);
  // 42142223/720720 has no reconstruction modulo one prime, but has one modulo two.
  const Rational h = make_rational(42142223, 720720);
  CHECK_FALSE(reconstruct(BigInt(to_residue(h, 1'000'000'007)), p).has_value());
  const residue_class h2[] = {{BigInt(to_residue(h, 1'000'000'007)), p},
                              {BigInt(to_residue(h, 998'244'353)), BigInt(998'244'353)}};
  const residue_class hc = crt_combine(h2);
  CHECK(reconstruct(hc.residue, hc.modulus) == h);
  CHECK_THROWS_AS(reconstruct(BigInt(1), BigInt(1)), std::invalid_argument);
  const residue_class shared[] = {{BigInt(1), BigInt(7)}, {BigInt(2), BigInt(14)}};
  CHECK_THROWS_AS(crt_combine(shared), std::invalid_argument);
}

TEST_CASE("reconstruction recovers every small fraction (exhaustive within a box)") {
  const BigInt p = 1'000'000'007;
  for (int den = 1; den <= 60; ++den)
    for (int num = -60; num <= 60; ++num) {
      const Rational q = make_rational(num, den);
      CHECK(reconstruct(BigInt(to_residue(q, 1'000'000'007)), p) == q);
    }
}

TEST_CASE("formatting") {
  CHECK(to_string(make_rational(42, 1)) == "42");
  CHECK(to_string(make_rational(2, 32)) == "1/16");
  CHECK(to_string(make_rational(-3, 7)) == "-3/7");
  CHECK(format_shortest(0.1) == "0.1");
  CHECK(format_shortest(42.00000000000015) == "42.00000000000015");
  CHECK(format_shortest(std::numeric_limits<double>::infinity()) == "inf");
  CHECK(format_17(0.1) == "0.10000000000000001");
  CHECK(format_decimal(make_rational(1, 3), 5) == "0.33333");
  CHECK(format_decimal(make_rational(2, 3), 5) == "0.66667");
  CHECK(format_decimal(make_rational(1, 8), 2) == "0.12");    // tie to even
  CHECK(format_decimal(make_rational(3, 8), 2) == "0.38");    // tie to even
  CHECK(format_decimal(make_rational(999, 1), 2) == "1000");  // rounds up a digit
  CHECK(format_decimal(make_rational(-42, 1), 4) == "-42.00");
  CHECK(format_decimal(make_rational(1, 1'000'000), 3) == "1.00e-6");
  const BigInt one = 1;
  CHECK(format_decimal(make_rational(one, one << 1076), 5) == "1.2352e-324");
  CHECK(format_decimal(Rational(0), 5) == "0");
  CHECK_THROWS_AS(format_decimal(make_rational(1, 3), 0), std::invalid_argument);
}

TEST_CASE("ulp distance") {
  CHECK(ulp_distance(1.0, 1.0) == 0u);
  CHECK(ulp_distance(0.0, -0.0) == 0u);
  CHECK(ulp_distance(1.0, std::nextafter(1.0, 2.0)) == 1u);
  CHECK(ulp_distance(-std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::denorm_min()) == 2u);
  CHECK_FALSE(ulp_distance(1.0, HUGE_VAL).has_value());
}

TEST_CASE("handed cases of the numeric layer (tests/data/handed.json)") {
  std::ifstream in(std::string(EXACTDP_SOURCE_DIR) + "/tests/data/handed.json");
  REQUIRE(in);
  const auto cases = nlohmann::json::parse(in)["cases"];
  int seen = 0;
  for (const auto& c : cases) {
    const std::string fn = c["function"];
    const auto& expected = c["expected"];
    INFO("case " << c["id"].get<std::string>());
    if (fn == "to_residue" || fn == "to_double") {
      const Rational q = parse_rational(c["input"]["fraction"].get<std::string>());
      CHECK(to_string(q) == expected["exact"].get<std::string>());
      CHECK(format_17(to_double(q)) == expected["double"].get<std::string>());
      CHECK(std::to_string(to_residue(q, 1'000'000'007)) == expected["mod"].get<std::string>());
      ++seen;
    } else if (fn == "reconstruct") {
      const auto q = reconstruct(BigInt(c["input"]["residue"].get<std::int64_t>()),
                                 BigInt(c["input"]["modulus"].get<std::int64_t>()));
      REQUIRE(q);
      CHECK(to_string(*q) == expected["exact"].get<std::string>());
      CHECK(format_17(to_double(*q)) == expected["double"].get<std::string>());
      CHECK(std::to_string(to_residue(*q, 1'000'000'007)) == expected["mod"].get<std::string>());
      ++seen;
    } else if (fn == "rational_from_parts") {
      const Rational q = make_rational(BigInt(c["input"]["numerator"].get<std::int64_t>()),
                                       BigInt(c["input"]["denominator"].get<std::int64_t>()));
      CHECK(to_string(q) == expected["exact"].get<std::string>());
      CHECK(format_17(to_double(q)) == expected["double"].get<std::string>());
      ++seen;
    }
  }
  CHECK(seen == 5);
}

TEST_CASE("residue lists for unmod") {
  const std::vector<std::string> items = {"55986", "55986@998244353", "-1@7"};
  const auto classes = parse_residues(items, 1'000'000'007);
  REQUIRE(classes.size() == 3);
  CHECK(classes[0].modulus == 1'000'000'007);
  CHECK(classes[1].modulus == 998'244'353);
  CHECK(classes[2].residue == -1);
  for (const std::string bad : {"", "@7", "1@", "1@4", "1@2", "1@2147483648", "x@7", "1@7@7", "1.5", "1@-7"}) {
    INFO("item '" << bad << "'");
    CHECK_THROWS_AS(parse_residues(std::vector<std::string>{bad}, 1'000'000'007), std::invalid_argument);
  }
}
