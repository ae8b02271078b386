// The chance commands of the exactdp tool, run as a process: one case per
// command, and the error paths (exit status and message).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "support/run_tool.hpp"

using exactdp::test::run_tool;

namespace {
bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("tool: fixed-points shows the double's rounding", "[probability][tool]") {
  const auto r = run_tool({"fixed-points", "49"});
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "exact   1\n"));
  CHECK(contains(r.out, "double  0.9999999999999999"));
  CHECK(contains(r.out, "1 ulp from the correctly rounded 1"));
}

TEST_CASE("tool: rolls-to-reach", "[probability][tool]") {
  const auto r = run_tool({"rolls-to-reach", "3"});
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "exact   49/36"));
  CHECK(contains(r.out, "mod     361111115"));
  const auto four = run_tool({"rolls-to-reach", "1", "--faces", "4", "--as", "exact"});
  CHECK(four.out == "1\n");
}

TEST_CASE("tool: boundary-paths", "[probability][tool]") {
  const auto r = run_tool({"boundary-paths", "8", "50", "23", "5", "26", "--as", "mod"});
  REQUIRE(r.status == 0);
  CHECK(r.out == "914783380\n");
  CHECK(run_tool({"boundary-paths", "2", "2", "2", "0", "0", "--as", "exact"}).out == "6\n");
}

TEST_CASE("tool: dice-sequences as JSON", "[probability][tool]") {
  const auto r = run_tool({"dice-sequences", "20", "1", "1", "1", "1", "1", "1", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["exact"] == "114440917968750");
  CHECK(j["mod"] == 917167670);
  CHECK(run_tool({"dice-sequences", "0", "1", "1", "1", "1", "1", "1", "--as", "exact"}).out == "1\n");
}

TEST_CASE("tool: soup, exact and under a tolerance", "[probability][tool]") {
  const auto r = run_tool({"soup", "50"});
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "exact   5/8"));
  const auto big = run_tool({"soup", "1000000000", "--tolerance", "1e-6"});
  REQUIRE(big.status == 0);
  CHECK(contains(big.out, "exact   unavailable"));
  CHECK(contains(big.out, "within  1  (1000000000 ml is at or above the cutoff"));
  CHECK(contains(big.out, "for tolerance 1e-06 the cutoff is"));
  const auto j = nlohmann::json::parse(run_tool({"soup", "1000000000", "--tolerance", "1e-5", "--json"}).out);
  CHECK(j["used_cutoff"] == true);
  CHECK(j["cutoff_n"].get<long long>() <= 4800);
  const auto refused = run_tool({"soup", "1000000000"});
  CHECK(refused.status == 1);
  CHECK(contains(refused.err, "exactdp: error: "));
  CHECK(contains(refused.err, "elementary steps"));
  CHECK(contains(refused.err, "pass --tolerance"));
}

TEST_CASE("tool: new21", "[probability][tool]") {
  const auto r = run_tool({"new21", "5", "3", "4", "--digits", "10"});
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "exact   59/64 = 0.921875"));
  CHECK(contains(r.out, "decimal 0.9218750000"));
  CHECK(run_tool({"new21", "305", "303", "2", "--as", "exact"}).out == "1\n");
}

TEST_CASE("tool: chance command errors", "[probability][tool][errors]") {
  struct bad {
    std::vector<std::string> args;
    int status;
    std::string message;
  };
  const std::vector<bad> cases = {
      {{"fixed-points", "-1"}, 2, "must be >= 0"},
      {{"rolls-to-reach", "5", "--faces", "0"}, 2, "faces must be"},
      {{"boundary-paths", "-2", "2", "2", "0", "0"}, 2, "grid sizes"},
      {{"boundary-paths", "2", "2", "2", "2", "0"}, 2, "outside the 2x2 grid"},
      {{"dice-sequences", "2", "1", "1", "1", "16", "1", "1"}, 2, "between 1 and 15"},
      {{"dice-sequences", "2", "1", "1"}, 2, "exactdp: error:"},
      {{"new21", "5", "-4", "3"}, 2, "k must be"},
      {{"new21", "5", "4", "3", "--modulus", "3", "--as", "mod"}, 1, "has no residue modulo 3"},
      {{"soup", "50", "--tolerance", "0"}, 2, "tolerance"},
      {{"soup", "-5"}, 2, "between 0 and 10^15"},
      {{"soup", "3505", "--as", "exact", "--max-memory", "0.000001"}, 1, "above the state budget"},
  };
  for (const auto& c : cases) {
    INFO(c.args[0] << " " << c.args[1]);
    const auto r = run_tool(c.args);
    CHECK(r.status == c.status);
    CHECK(contains(r.err, "exactdp: error: "));
    CHECK(contains(r.err, c.message));
    CHECK(r.out.empty());
  }
  // In the default report a vanishing denominator is a line, not a failure.
  const auto all = run_tool({"new21", "5", "4", "3", "--modulus", "3"});
  CHECK(all.status == 0);
  CHECK(contains(all.out, "mod     none: the fraction 65/81 has no residue modulo 3"));
}
