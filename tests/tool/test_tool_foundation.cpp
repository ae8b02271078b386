// The exactdp tool run as a process: foundation commands, options and errors.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "support/run_tool.hpp"

using exactdp::test::run_tool;

TEST_CASE("tool: run 2 prints exact, double, residue and the double's error") {
  const auto r = run_tool({"run", "2"});
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("exact   42\n"));
  CHECK_THAT(r.out, Catch::Contains("double  42.00000000000015\n"));
  CHECK_THAT(r.out, Catch::Contains("mod     42  (mod 1000000007)"));
  CHECK_THAT(r.out, Catch::Contains("ulps from the correctly rounded 42"));
}

TEST_CASE("tool: --as selects one answer") {
  CHECK(run_tool({"run", "2", "--as", "exact"}).out == "42\n");
  CHECK(run_tool({"run", "2", "--as", "double"}).out == "42.00000000000015\n");
  CHECK(run_tool({"knight", "3", "2", "0", "0", "--as", "mod"}).out == "562500004\n");
  CHECK(run_tool({"knight", "3", "2", "0", "0", "--as", "mod", "--modulus", "998244353"}).out == "935854081\n");
  CHECK(run_tool({"coupon", "3", "--as", "exact"}).out == "11/2\n");
  CHECK(run_tool({"knight-paths", "3", "2", "0", "0", "--as", "exact"}).out == "4\n");
  const auto bad = run_tool({"run", "2", "--as", "float"});
  CHECK(bad.status == 2);
  CHECK_THAT(bad.err, Catch::StartsWith("exactdp: error:"));
}

TEST_CASE("tool: --json has stable keys") {
  const auto r = run_tool({"knight", "3", "2", "0", "0", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["exact"] == "1/16");
  CHECK(j["double"] == "0.0625");
  CHECK(j["mod"] == 562500004);
  CHECK(j["modulus"] == 1000000007);
  CHECK(j["error"]["ulps"] == 0);
  CHECK(j["exact_double_status"] == "exact");
}

TEST_CASE("tool: --check measures a user's floating answer") {
  const auto r = run_tool({"run", "2", "--check", "42.00000000000015"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("check   42.000000000000149: absolute 1.4921397450962104e-13"));
  CHECK_THAT(r.out, Catch::Contains("21 ulps"));
  const auto j = nlohmann::json::parse(run_tool({"coupon", "3", "--check", "5.5", "--json"}).out);
  CHECK(j["check"]["ulps"] == 0);
  CHECK(run_tool({"run", "2", "--check", "abc"}).status == 2);
}

TEST_CASE("tool: the double's failures are said in words") {
  const auto run21 = run_tool({"run", "21"});
  CHECK(run21.status == 0);
  CHECK_THAT(run21.out, Catch::Contains("exact   26324340768453426"));
  CHECK_THAT(run21.out, Catch::Contains("double computation failed: it returned inf"));
  const auto under = run_tool({"knight", "3", "538", "0", "0"});
  CHECK(under.status == 0);
  CHECK_THAT(under.out, Catch::Contains("~ 1.2351641146031164e-324"));
  CHECK_THAT(under.out, Catch::Contains("underflows double"));
  CHECK_THAT(run_tool({"knight", "3", "538", "0", "0", "--digits", "5"}).out, Catch::Contains("decimal 1.2352e-324"));
}

TEST_CASE("tool: number utilities") {
  CHECK(run_tool({"mod", "1/16"}).out == "562500004\n");
  CHECK(run_tool({"mod", "-3/7"}).out == "571428575\n");
  CHECK(run_tool({"mod", "0.1"}).out == "700000005\n");
  CHECK(run_tool({"mod", "1000000007/3000000021"}).out == "333333336\n");
  CHECK(run_tool({"inv", "16"}).out == "562500004\n");
  CHECK(run_tool({"inv", "-1"}).out == "1000000006\n");
  CHECK_THAT(run_tool({"unmod", "562500004"}).out, Catch::StartsWith("1/16\n") && Catch::Contains("22360"));
  CHECK_THAT(run_tool({"unmod", "-370370373"}).out, Catch::StartsWith("-1/27\n"));
  CHECK_THAT(run_tool({"unmod", "55986"}).out, Catch::StartsWith("21925/17862\n"));
  CHECK_THAT(run_tool({"unmod", "55986", "55986@998244353"}).out, Catch::StartsWith("55986\n"));
}

TEST_CASE("tool: errors are one line with status 2 (input) or 1 (no answer / limits)") {
  struct expectation {
    std::vector<std::string> args;
    int status;
    const char* words;
  };
  const std::vector<expectation> cases = {
      {{"mod", "1/1000000007"}, 1, "no residue"},
      {{"mod", "1/0"}, 2, "denominator is 0"},
      {{"mod", "0/0"}, 2, "denominator is 0"},
      {{"mod", ""}, 2, "empty"},
      {{"mod", "1/16", "--modulus", "4"}, 2, "not prime"},
      {{"mod", "1/16", "--modulus", "2"}, 2, "out of range"},
      {{"mod", "1/16", "--modulus", "1"}, 2, "out of range"},
      {{"mod", "1/16", "--modulus", "2305843009213693951"}, 2, "out of range"},
      {{"mod", "1/16", "--modulus", "18446744073709551616"}, 2, "out of range"},
      {{"inv", "0"}, 1, "0 is 0 modulo 1000000007 and has no inverse"},
      {{"inv", "1000000007"}, 1, "1000000007 is 0 modulo 1000000007 and has no inverse"},
      {{"unmod", "43721615"}, 1, "no fraction"},  // the residue of 42142223/720720
      {{"unmod", "1@4"}, 2, "not prime"},
      {{"unmod", "x"}, 2, "cannot read"},
      {{"run", "0"}, 2, "between 1 and 10^7"},
      {{"run", "9223372036854775808"}, 2, ""},
      {{"run", "2", "--faces", "-1"}, 2, "faces"},
      {{"coupon", "5", "--as", "mod", "--modulus", "3"}, 1, "the fraction 137/12 has no residue modulo 3"},
      {{"knight", "0", "1", "0", "0"}, 2, "board size"},
      {{"knight", "3", "1", "5", "0"}, 2, "outside"},
      {{"knight", "100000", "1", "0", "0"}, 1, "state budget"},
      {{"knight", "30", "5", "0", "0", "--max-memory", "0.000001"}, 1, "state budget"},
      {{"coupon", "-1"}, 2, "between 0 and 10^7"},
      {{"coupon", "1000000", "--as", "exact"}, 1, "work budget"},
      {{"nosuchcommand"}, 2, ""},
      {{}, 2, ""},
  };
  for (const auto& c : cases) {
    std::string shown;
    for (const auto& a : c.args) shown += a + " ";
    INFO("exactdp " << shown);
    const auto r = run_tool(c.args);
    CHECK(r.status == c.status);
    CHECK_THAT(r.err, Catch::StartsWith("exactdp: error: ") && Catch::Contains(c.words));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("tool: --as all reports a missing residue on its line and still answers") {
  const auto r = run_tool({"coupon", "5", "--modulus", "3"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("exact   137/12") &&
                        Catch::Contains("mod     none: the fraction 137/12 has no residue modulo 3"));
}

TEST_CASE("tool: a residue the recurrence cannot reach comes from the exact value") {
  // The recurrences divide by 7 (run, 7 faces) and by 5 (coupon, 5 kinds),
  // but the answers 56 and 137/12 have residues: 0 mod 7 and 1 mod 5.
  CHECK(run_tool({"run", "2", "--faces", "7", "--as", "mod", "--modulus", "7"}).out == "0\n");
  CHECK(run_tool({"coupon", "5", "--as", "mod", "--modulus", "5"}).out == "1\n");
  CHECK(run_tool({"mod", "137/12", "--modulus", "5"}).out == "1\n");
  const auto r = run_tool({"run", "2", "--faces", "7", "--modulus", "7"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("exact   56") &&
                        Catch::Contains("mod     0  (mod 7, from the exact value: the recurrence divides by a "
                                        "multiple of 7)"));
}

TEST_CASE("tool: help and tour") {
  const auto help = run_tool({"--help"});
  CHECK(help.status == 0);
  CHECK_THAT(help.out, Catch::Contains("knight") && Catch::Contains("unmod"));
  CHECK(run_tool({"knight", "--help"}).status == 0);
  const auto tour = run_tool({"tour"});
  CHECK(tour.status == 0);
  CHECK_THAT(tour.out, Catch::Contains("> exactdp run 2") && Catch::Contains("exact   42") && Catch::Contains("1/16") &&
                           Catch::Contains("562500004") && Catch::Contains("11/2"));
}
