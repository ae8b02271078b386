// The number commands of the tool: mod, inv, unmod. Values are the residues
// of the fractions (p * q^-1 mod P) and the fractions of rational
// reconstruction (Wang 1981); every one is checked here against an
// independent computation or a closed form.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "support/run_in_process.hpp"
#include "support/tool_checks.hpp"
#include "support/run_tool.hpp"

using Catch::Contains;
using Catch::Equals;
using exactdp::test::command_line;
using exactdp::test::expect_error_containing;
using exactdp::test::run_in_process;
using exactdp::test::run_tool;

namespace {
constexpr std::uint64_t p = 1'000'000'007;

std::uint64_t power_mod(std::uint64_t b, std::uint64_t e, std::uint64_t m) {
  std::uint64_t r = 1;
  b %= m;
  for (; e; e >>= 1, b = b * b % m)
    if (e & 1) r = r * b % m;
  return r;
}

// The independent oracle: a/b mod P by Fermat's little theorem.
std::uint64_t residue(std::int64_t a, std::uint64_t b, std::uint64_t m = p) {
  const std::uint64_t num = a < 0 ? (m - static_cast<std::uint64_t>(-a) % m) % m : static_cast<std::uint64_t>(a) % m;
  return num * power_mod(b, m - 2, m) % m;
}

std::string line(std::uint64_t v) { return std::to_string(v) + "\n"; }

}  // namespace

TEST_CASE("mod: the residue alone, one line", "[tool][numbers]") {
  CHECK_THAT(run_in_process({"mod", "1/16"}).out, Equals(line(residue(1, 16))));
  CHECK(residue(1, 16) == 562500004);
  CHECK_THAT(run_in_process({"mod", "-3/7"}).out, Equals(line(residue(-3, 7))));
  CHECK_THAT(run_in_process({"mod", "0.1"}).out, Equals(line(residue(1, 10))));  // 0.1 is exactly 1/10
  // 1000000007/3000000021 is 1/3 in lowest terms.
  CHECK_THAT(run_in_process({"mod", "1000000007/3000000021"}).out, Equals(line(residue(1, 3))));
  CHECK_THAT(run_in_process({"mod", "137/12", "--modulus", "5"}).out, Equals(line(residue(137, 12, 5))));
  CHECK_THAT(run_in_process({"mod", "1/16", "--modulus", "998244353"}).out, Equals(line(residue(1, 16, 998244353))));
}

TEST_CASE("mod --json: the fraction in lowest terms, the residue and the modulus as numbers", "[tool][numbers]") {
  const auto r = run_in_process({"mod", "2/32", "--json"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Equals("{\"command\":\"mod\",\"question\":\"the residue of 1/16 modulo 1000000007\","
                           "\"fraction\":\"1/16\",\"mod\":562500004,\"modulus\":1000000007}\n"));
}

TEST_CASE("inv: the inverse alone, and as JSON", "[tool][numbers]") {
  CHECK_THAT(run_in_process({"inv", "16"}).out, Equals(line(residue(1, 16))));
  CHECK_THAT(run_in_process({"inv", "-1"}).out, Equals(line(p - 1)));
  CHECK_THAT(run_in_process({"inv", "3", "--modulus", "7"}).out, Equals("5\n"));  // 3 * 5 = 15 = 1 mod 7
  const auto j = nlohmann::json::parse(run_in_process({"inv", "16", "--json"}).out);
  CHECK(j.at("command") == "inv");
  CHECK(j.at("integer") == "16");
  CHECK(j.at("inverse") == residue(1, 16));
  CHECK(j.at("modulus") == p);
}

TEST_CASE("unmod: the fraction, then the bound that makes it the only one", "[tool][numbers]") {
  // floor(sqrt(1000000007 / 2)) = 22360.
  CHECK_THAT(run_in_process({"unmod", "562500004"}).out,
             Equals("1/16\n  the only fraction with |numerator| and denominator <= 22360 that has residue 562500004 "
                    "modulo 1000000007; a true value outside that bound would not be recovered (add residues for "
                    "more primes)\n"));
  // A negative residue is reduced first: -370370373 = 629629634 = -1/27.
  CHECK(residue(-1, 27) == 629629634);
  CHECK_THAT(run_in_process({"unmod", "-370370373"}).out,
             Catch::StartsWith("-1/27\n") && Contains("has residue 629629634 modulo 1000000007"));
  // 55986 (the run of 6 sixes) modulo one prime is a smaller fraction with the
  // same residue; two primes recover 55986.
  CHECK(residue(21925, 17862) == 55986);
  CHECK_THAT(run_in_process({"unmod", "55986"}).out, Catch::StartsWith("21925/17862\n"));
  CHECK_THAT(run_in_process({"unmod", "55986", "55986@998244353"}).out,
             Catch::StartsWith("55986\n") && Contains("modulo the product 998244359987710471 of 2 primes"));
  const auto j = nlohmann::json::parse(run_in_process({"unmod", "55986", "55986@998244353", "--json"}).out);
  CHECK(j.at("fraction") == "55986");
  CHECK(j.at("moduli") == nlohmann::json::array({1000000007, 998244353}));
  CHECK(j.at("combined_modulus") == "998244359987710471");
  CHECK(j.at("residue") == "55986");
  CHECK(j.at("bound") == "706485796");
}

TEST_CASE("mod, inv, unmod: errors are one line with status 2 (input) or 1 (no answer)", "[tool][numbers][errors]") {
  expect_error_containing(
      {"mod", "1/1000000007"}, 1,
      "the fraction 1/1000000007 has no residue modulo 1000000007: its reduced denominator is divisible by "
      "1000000007");
  expect_error_containing({"mod", "1/0"}, 2,
                          "FRACTION must be a number such as 42, -3/7, 0.1 or 1e-3, not '1/0' (the denominator is 0)");
  expect_error_containing({"mod", "0/0"}, 2, "the denominator is 0");
  expect_error_containing({"mod", ""}, 2,
                          "FRACTION must be a number such as 42, -3/7, 0.1 or 1e-3, not '' (the text is empty)");
  expect_error_containing({"mod", "1/16", "--modulus", "4"}, 2, "modulus 4 is not prime");
  for (const char* m : {"2", "1", "0", "-7", "4611686018427387904", "18446744073709551616", "1e9", "x"})
    expect_error_containing(
        {"mod", "1/16", "--modulus", m}, 2,
        std::string("the modulus must be a prime P with 2 < P < 2^62 = 4611686018427387904, not '") + m + "'");
  expect_error_containing({"mod", "1/16", "--modulus", "2147483648"}, 2, "modulus 2147483648 is not prime");
  expect_error_containing({"inv", "0"}, 1, "0 has no inverse modulo 1000000007: it is a multiple of 1000000007");
  expect_error_containing({"inv", "1000000007"}, 1, "1000000007 has no inverse modulo 1000000007");
  // 43721615 is the residue of 42142223/720720, beyond the bound 22360.
  CHECK(residue(42142223, 720720) == 43721615);
  expect_error_containing(
      {"unmod", "43721615"}, 1,
      "no fraction with |numerator| and denominator <= 22360 has residue 43721615 modulo 1000000007");
  expect_error_containing({"unmod", "1@4"}, 2, "modulus 4 is not prime");
  expect_error_containing({"unmod", "x"}, 2, "RESIDUE 'x' must be R or R@P, an integer R and a prime 2 < P < 2^62");
  expect_error_containing({"unmod", "1@4611686018427387904"}, 2, "RESIDUE '1@4611686018427387904' must be R or R@P");
  expect_error_containing({"unmod", "1@7", "2@7"}, 2,
                          "the moduli 7 and 7 share a factor; give residues for distinct primes");
  expect_error_containing({"unmod", "1@7", "--denominator", "14"}, 1,
                          "the known denominator is divisible by the modulus 7");
  for (const char* d : {"0", "-8", "x", "8^", "^3", "1^5", "8^-1", "8^100000001"})
    expect_error_containing(
        {"unmod", "1@7", "--denominator", d}, 2,
        std::string("--denominator must be a positive integer or a power B^E (8^100; 2 <= B < 2^32, at most "
                    "10^7 bits), not '") +
            d + "'");
  expect_error_containing({"unmod", "1@7", "--denominator", "8^3000000", "--max-memory", "0.001"}, 1, "--max-memory");
}

TEST_CASE("mod, inv, unmod as processes", "[tool][numbers][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"mod", "1/16"}, {"inv", "16"}, {"unmod", "562500004"}}) {
    INFO(command_line(args));
    const auto process = run_tool(args, "", {10, 1024});
    CHECK(process.status == 0);
    CHECK_THAT(process.out, Equals(run_in_process(args).out));
    CHECK(process.err.empty());
  }
  const auto bad = run_tool({"mod", "1/1000000007"}, "", {10, 1024});
  CHECK(bad.status == 1);
  CHECK(bad.out.empty());
  CHECK(exactdp::test::line_count(bad.err) == 1);
}
