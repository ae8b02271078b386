// Exact answers as residue runs, one per prime, combined by CRT: residues
// modulo primes up to 2^62 (--modulus), `primes --count N`, a command's
// `--as primes` (how many primes determine its exact value), and `unmod`
// with and without a known denominator (--denominator). Every residue is
// checked against the exact value reduced by an independent computation
// (GMP remainders and Fermat's little theorem in 128-bit products), every
// listed prime against GMP's primality test, and the whole pipeline of
// docs/scale.md is run as processes in parallel (xargs -P2).
#include <gmp.h>

#include <catch2/catch.hpp>

#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

#include "exactdp/numeric/numeric.hpp"
#include "support/run_in_process.hpp"
#include "support/tool_checks.hpp"
#include "support/run_tool.hpp"

using Catch::Contains;
using Catch::Equals;
using exactdp::test::command_line;
using exactdp::test::expect_error_containing;
using exactdp::test::run_in_process;

namespace {
using u64 = std::uint64_t;
using u128 = unsigned __int128;

u64 power_mod(u64 b, u64 e, u64 m) {
  u64 r = 1;
  for (b %= m; e; e >>= 1, b = static_cast<u64>(u128{b} * b % m))
    if (e & 1) r = static_cast<u64>(u128{r} * b % m);
  return r;
}

// The independent oracle: N/D mod p from GMP remainders and D^(p-2).
u64 residue_of(const exactdp::Rational& q, u64 p) {
  const u64 n = mpz_fdiv_ui(mpq_numref(q.backend().data()), p);
  const u64 d = mpz_fdiv_ui(mpq_denref(q.backend().data()), p);
  return static_cast<u64>(u128{n} * power_mod(d, p - 2, p) % p);
}

std::string out_of(const std::vector<std::string>& args) {
  INFO(command_line(args));
  const auto r = run_in_process(args);
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  return r.out;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::vector<u64> primes_of(const std::string& text) {
  std::vector<u64> out;
  std::istringstream in(text);
  for (u64 p; in >> p;) out.push_back(p);
  return out;
}

std::vector<std::string> with(std::vector<std::string> args, std::initializer_list<std::string> more) {
  args.insert(args.end(), more);
  return args;
}

// One question of every chance command, with an exact value of several
// hundred bits for some.
const std::vector<std::vector<std::string>> questions{
    {"run", "30"},
    {"knight", "8", "30", "0", "0"},
    {"knight-paths", "8", "30", "3", "4"},
    {"coupon", "60"},
    {"fixed-points", "7"},
    {"rolls-to-reach", "40"},
    {"boundary-paths", "5", "6", "40", "2", "2"},
    {"dice-sequences", "60", "1", "1", "2", "2", "2", "3"},
    {"soup", "500"},
    {"new21", "21", "17", "10"},
};

}  // namespace

TEST_CASE("primes: the largest primes below 2^B, largest first; text and JSON agree", "[tool][scale]") {
  for (const int bits : {62, 40, 32, 9}) {
    INFO("bits " << bits);
    const std::string b = std::to_string(bits);
    const std::vector<u64> listed = primes_of(out_of({"primes", "--count", "20", "--bits", b}));
    REQUIRE(listed.size() == 20);
    // The oracle: walking down from 2^B - 1 with GMP's primality test.
    std::vector<u64> expected;
    mpz_t z;
    mpz_init(z);
    for (u64 n = (u64{1} << bits) - 1; expected.size() < 20; --n) {
      mpz_set_ui(z, n);
      if (n > 2 && mpz_probab_prime_p(z, 40) > 0) expected.push_back(n);
    }
    mpz_clear(z);
    CHECK(listed == expected);
    const auto j = nlohmann::json::parse(out_of({"primes", "--count", "20", "--bits", b, "--json"}));
    CHECK(j.at("command") == "primes");
    CHECK(j.at("bits") == bits);
    CHECK(j.at("count") == 20);
    CHECK(j.at("primes").get<std::vector<u64>>() == expected);
  }
  CHECK_THAT(out_of({"primes", "--count", "3"}),
             Equals("4611686018427387847\n4611686018427387817\n4611686018427387787\n"));
  // All the odd primes below 2^4, and one more is refused with how many there are.
  CHECK_THAT(out_of({"primes", "--count", "5", "--bits", "4"}), Equals("13\n11\n7\n5\n3\n"));
  expect_error_containing({"primes", "--count", "6", "--bits", "4"}, 2, "only 5 odd primes lie below 2^4, not 6");
  for (const char* n : {"0", "-1", "100001", "x"})
    expect_error_containing({"primes", "--count", n}, 2,
                            std::string("--count must be an integer in 1..10^5, not '") + n + "'");
  for (const char* b : {"2", "63", "64", "x"})
    expect_error_containing({"primes", "--count", "1", "--bits", b}, 2,
                            std::string("--bits must be an integer in 3..62, not '") + b + "'");
  expect_error_containing({"primes"}, 2, "--count");
}

TEST_CASE("moduli up to 2^62: every chance command's residue is its exact value's", "[tool][scale]") {
  // Primes just above 2^31 (run in 64-bit residues), of 40 bits, just below
  // 2^62, the Mersenne prime 2^61 - 1, and one below 2^31 (32-bit residues).
  std::vector<u64> moduli = primes_of(out_of({"primes", "--count", "2", "--bits", "32"}));
  moduli.push_back(primes_of(out_of({"primes", "--count", "1", "--bits", "40"})).front());
  for (const u64 p : primes_of(out_of({"primes", "--count", "2"}))) moduli.push_back(p);
  moduli.push_back((u64{1} << 61) - 1);
  moduli.push_back(2147483647);
  CHECK(moduli[0] > (u64{1} << 31));
  for (const auto& question : questions) {
    const exactdp::Rational exact = exactdp::parse_rational(first_line(out_of(with(question, {"--as", "exact"}))));
    for (const u64 p : moduli) {
      INFO(command_line(question) << " mod " << p);
      const std::string text = out_of(with(question, {"--as", "mod", "--modulus", std::to_string(p)}));
      CHECK(text == std::to_string(residue_of(exact, p)) + "\n");
      const auto j = nlohmann::json::parse(out_of(with(question, {"--json", "--modulus", std::to_string(p)})));
      CHECK(j.at("mod").get<u64>() == residue_of(exact, p));
      CHECK(j.at("modulus").get<u64>() == p);
    }
  }
  // The number commands take the same range.
  const u64 big = moduli[3];
  CHECK(out_of({"mod", "-3/7", "--modulus", std::to_string(big)}) ==
        std::to_string(residue_of(exactdp::parse_rational("-3/7"), big)) + "\n");
  CHECK(out_of({"inv", "16", "--modulus", std::to_string(big)}) ==
        std::to_string(residue_of(exactdp::parse_rational("1/16"), big)) + "\n");
  CHECK_THAT(
      out_of({"unmod", std::to_string(residue_of(exactdp::parse_rational("-3/7"), big)) + "@" + std::to_string(big)}),
      Catch::StartsWith("-3/7\n"));
}

TEST_CASE("moduli: the range, primality, and the commands that take P < 2^31 only", "[tool][scale][errors]") {
  expect_error_containing(
      {"knight", "8", "3", "0", "0", "--modulus", "4611686018427387904"}, 2,
      "the modulus must be a prime P with 2 < P < 2^62 = 4611686018427387904, not '4611686018427387904'");
  expect_error_containing({"knight", "8", "3", "0", "0", "--modulus", "4611686018427387849"}, 2,
                          "modulus 4611686018427387849 is not prime");
  const std::string model = exactdp::test::source_path("examples/markov/gamblers_ruin.json");
  expect_error_containing({"chain", model, "--modulus", "4611686018427387847"}, 2,
                          "the modulus must be a prime P with 2 < P < 2^31 = 2147483648 (this solver computes in "
                          "32-bit residues), not '4611686018427387847'");
  // The range a command states is its own, for every wrong modulus (issue 25: chain said 2^62).
  expect_error_containing({"chain", model, "--modulus", "2"}, 2, "2 < P < 2^31 = 2147483648");
  CHECK(run_in_process({"chain", model, "--modulus", "2147483647"}).status == 0);
  // --as primes is offered by the chance commands only.
  expect_error_containing({"chain", model, "--as", "primes"}, 2, "--as must be");
}

TEST_CASE("as primes: that many residues, combined by unmod, are the exact value", "[tool][scale]") {
  for (const auto& question : questions) {
    INFO(command_line(question));
    const std::string exact = first_line(out_of(with(question, {"--as", "exact"})));
    const std::string count = first_line(out_of(with(question, {"--as", "primes"})));
    const auto j = nlohmann::json::parse(out_of(with(question, {"--as", "primes", "--json"})));
    CHECK(j.at("primes_needed").get<u64>() == std::stoull(count));
    CHECK(j.at("prime_bits") == 62);
    CHECK(j.at("exact").is_null());
    CHECK(j.at("mod").is_null());
    // The bound holds: |N| < 2^numerator_bits, D < 2^denominator_bits.
    const exactdp::Rational q = exactdp::parse_rational(exact);
    CHECK(msb(abs(numerator(q)) + 1) < j.at("numerator_bits").get<u64>() + 1);
    CHECK(msb(denominator(q)) < j.at("denominator_bits").get<u64>());
    std::vector<std::string> unmod{"unmod"};
    const std::vector<u64> primes = primes_of(out_of({"primes", "--count", count}));
    for (const u64 p : primes)
      unmod.push_back(first_line(out_of(with(question, {"--as", "mod", "--modulus", std::to_string(p)}))) + "@" +
                      std::to_string(p));
    if (!j.at("known_denominator").is_null()) {
      // The known denominator is a multiple of the reduced one.
      const exactdp::BigInt d = exactdp::parse_bigint(j.at("known_denominator").get<std::string>());
      CHECK(d % denominator(q) == 0);
      unmod.push_back("--denominator");
      unmod.push_back(j.at("known_denominator").get<std::string>());
    }
    CHECK(first_line(out_of(unmod)) == exact);
  }
  // The knight's numerator needs more than one prime of 62 bits: with one
  // fewer than --as primes says, CRT gives another numerator.
  const std::vector<std::string> knight{"knight", "8", "30", "0", "0"};
  CHECK(out_of(with(knight, {"--as", "primes"})) == "2\n");
  const u64 p = primes_of(out_of({"primes", "--count", "1"})).front();
  const std::string one = first_line(out_of(with(knight, {"--as", "mod", "--modulus", std::to_string(p)})));
  CHECK(first_line(out_of({"unmod", one + "@" + std::to_string(p), "--denominator", "8^30"})) !=
        first_line(out_of(with(knight, {"--as", "exact"}))));
}

TEST_CASE("unmod --denominator: the numerator by CRT, in the symmetric range, with its bound", "[tool][scale]") {
  // -3/7 with the known denominator 7 from one small prime: N = -3.
  const u64 p = 1'000'000'007;
  const std::string r = std::to_string(residue_of(exactdp::parse_rational("-3/7"), p));
  CHECK_THAT(out_of({"unmod", r, "--denominator", "7"}),
             Equals("-3/7\n  the only value N/D with D = 7 and |N| <= 500000003 (half the prime) "
                    "that has these residues; a true numerator outside that bound would not be recovered (add "
                    "residues for more primes)\n"));
  // The known denominator need not be reduced: 6/14 is 3/7.
  const std::string r3 = std::to_string(residue_of(exactdp::parse_rational("3/7"), p));
  CHECK(first_line(out_of({"unmod", r3, "--denominator", "14"})) == "3/7");
  CHECK(first_line(out_of({"unmod", std::to_string(residue_of(exactdp::parse_rational("5/64"), p)), "--denominator",
                           "2^6"})) == "5/64");
  const auto j = nlohmann::json::parse(out_of({"unmod", r, "--denominator", "7", "--json"}));
  CHECK(j.at("fraction") == "-3/7");
  CHECK(j.at("denominator") == "7");
  CHECK(j.at("bound") == "500000003");
  CHECK(j.at("moduli") == nlohmann::json::array({p}));
}

TEST_CASE("the pipeline of docs/scale.md: residue runs in parallel (xargs -P2), combined by unmod",
          "[tool][scale][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  const std::string tool = EXACTDP_TOOL_PATH;
  char dir_template[] = "/tmp/exactdp-scale-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  // The shell script of docs/scale.md, on a small instance: the knight on
  // 8x8 for 30 moves (2 primes; with --bits 31, 4 primes of 31 bits would do
  // as well).
  const std::string script =
      "set -e\n"
      "exactdp=" +
      tool +
      "\n"
      "cd " +
      dir +
      "\n"
      "count=$($exactdp knight 8 30 0 0 --as primes)\n"
      "$exactdp primes --count $count > primes.txt\n"
      "xargs -P2 -I{} sh -c '" +
      tool +
      " knight 8 30 0 0 --as mod --modulus {} > residue.{}' < primes.txt\n"
      "for p in $(cat primes.txt); do echo \"$(cat residue.$p)@$p\"; done > residues.txt\n"
      "$exactdp unmod --denominator 8^30 $(cat residues.txt) | head -n 1\n";
  const std::string command = "sh -c '" + [&] {
    std::string quoted;
    for (const char c : script) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted;
  }() + "' 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  const int status = pclose(pipe);
  std::system(("rm -rf " + dir).c_str());
  INFO(script);
  CHECK(status == 0);
  CHECK(out == out_of({"knight", "8", "30", "0", "0", "--as", "exact"}));
  CHECK(out == "17676121173185394258095/309485009821345068724781056\n");
}

TEST_CASE("chains: residue runs modulo primes below 2^31, combined by unmod, are the exact value (docs/scale.md)",
          "[tool][scale]") {
  // A chain's residue solve takes P < 2^31 and its answer has no known
  // denominator: rational reconstruction needs a product of primes above
  // 2·max(|N|, D)². Chutes and Ladders: 58-digit numerator and denominator.
  const std::string model = exactdp::test::source_path("examples/markov/chutes_and_ladders.json");
  const std::vector<std::string> question{"chain", model, "--query", "steps"};
  const std::string exact = first_line(out_of(with(question, {"--as", "exact"})));
  const exactdp::Rational q = exactdp::parse_rational(exact);
  const std::size_t bits = 2 * std::max(msb(abs(numerator(q))), msb(denominator(q))) + 4;
  const std::size_t count = bits / 30 + 1;  // primes above 2^30
  const std::vector<u64> primes = primes_of(out_of({"primes", "--count", std::to_string(count), "--bits", "31"}));
  REQUIRE(primes.size() == count);
  std::vector<std::string> unmod{"unmod"};
  for (const u64 p : primes) {
    const std::string r = first_line(out_of(with(question, {"--as", "mod", "--modulus", std::to_string(p)})));
    CHECK(std::stoull(r) == residue_of(q, p));
    unmod.push_back(r + "@" + std::to_string(p));
  }
  CHECK(first_line(out_of(unmod)) == exact);
  // --threads changes nothing in the answers.
  CHECK(out_of(with(question, {"--threads", "1"})) == out_of(with(question, {"--threads", "2"})));
  expect_error_containing(with(question, {"--threads", "0"}), 2, "--threads must be an integer in 1..1024");
}
