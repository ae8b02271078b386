// The grundy, nim-sum and flip commands run as processes.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "support/run_tool.hpp"

using Catch::Contains;
using exactdp::test::run_tool;

TEST_CASE("tool: grundy --n answers far heaps through the certified period", "[grundy][tool]") {
  auto r = run_tool({"grundy", "--octal", "0.07", "--n", "1000000000000000000"});
  CHECK(r.status == 0);
  CHECK(r.out == "game: 0.07\nG(1000000000000000000) = 3\n");
  r = run_tool({"grundy", "--octal", "0.07", "--period"});
  CHECK(r.status == 0);
  CHECK(r.out ==
        "game: 0.07\nperiod: 34\npreperiod: 53\nchecked: G(n+34) = G(n) for 53 <= n < 142 (t = 2, 3072 values "
        "computed)\n");
  // A table longer than the values computed before the period was certified.
  r = run_tool({"grundy", "--octal", "0.07", "--table", "20000", "--json"});
  REQUIRE(r.status == 0);
  const auto t = nlohmann::json::parse(r.out).at("table");
  REQUIRE(t.size() == 20000);
  CHECK(t.at(19999) == t.at(53 + (19999 - 53) % 34));
  CHECK(nlohmann::json::parse(r.out).at("computed") == 3072);
  r = run_tool({"grundy", "--subtract", "1,3,4", "--table", "10"});
  CHECK(r.status == 0);
  CHECK(r.out == "game: 0.3033\nG(0..9): 0 1 0 1 2 3 2 0 1 0\n");
}

TEST_CASE("tool: grundy --json and the honest 'not certified'", "[grundy][tool]") {
  auto r = run_tool({"grundy", "--octal", "0.137", "--n", "51", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("grundy") == 2);  // A002187(51)
  CHECK(j.at("certified") == true);
  CHECK(j.at("preperiod") == 52);
  CHECK(j.at("period") == 34);
  r = run_tool({"grundy", "--octal", "0.161", "--max-values", "3000"});
  CHECK(r.status == 0);
  CHECK(r.out == "game: 0.161\nperiod: not certified up to 3000 values\n");
  r = run_tool({"grundy", "--octal", "0.161", "--max-values", "3000", "--n", "5000"});
  CHECK(r.status == 1);
  CHECK_THAT(r.err, Contains("exactdp: error: heap 5000 of 0.161 is beyond the 3000 computed values"));
  CHECK_THAT(r.err, Contains("raise --max-values"));
  r = run_tool({"grundy", "--octal", "0.161", "--n", "2999", "--method", "naive", "--max-values", "3000"});
  CHECK(r.status == 0);
}

TEST_CASE("tool: grundy errors", "[grundy][tool][errors]") {
  auto r = run_tool({"grundy", "--octal", "0.9"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("'9' is not an octal digit"));
  r = run_tool({"grundy", "--n", "5"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("grundy needs a game"));
  r = run_tool({"grundy", "--octal", "0.07", "--subtract", "1,2"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("either --octal or --subtract"));
  r = run_tool({"grundy", "--octal", "0.07", "--n", "-1"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("not a whole number"));
  r = run_tool({"grundy", "--octal", "0.07", "--n", "18446744073709551616"});
  CHECK(r.status == 2);
  r = run_tool({"grundy", "--octal", "0.07", "--method", "fast"});
  CHECK(r.status == 2);
  r = run_tool({"grundy", "--octal", "0.77", "--table", "100000000", "--max-work", "1e6"});
  CHECK(r.status == 1);
  CHECK_THAT(r.err, Contains("work budget"));
}

TEST_CASE("tool: nim-sum of Nim heaps and of octal heaps", "[grundy][tool]") {
  auto r = run_tool({"nim-sum", "3", "4", "5"});
  CHECK(r.status == 0);
  CHECK(r.out ==
        "game: nim\nvalues: 3 4 5\nnim-sum: 2\nthe player to move wins: take 2 from heap 3 leaving 1 (component "
        "0)\n");
  r = run_tool({"nim-sum", "1", "2", "3"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("the player to move loses"));
  r = run_tool({"nim-sum", "--octal", "0.07", "13", "5", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("values") == nlohmann::json::array({2, 0}));
  CHECK(j.at("nim_sum") == 2);
  CHECK(j.at("move").at("component") == 0);
  r = run_tool({"nim-sum", "--octal", "0.161", "--max-values", "2000", "9999"});
  CHECK(r.status == 1);
  CHECK_THAT(r.err, Contains("beyond the 2000 computed values"));
  r = run_tool({"nim-sum", "3", "x"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("heap 'x' is not a whole number"));
}

TEST_CASE("tool: flip", "[grundy][tool][flip]") {
  auto r = run_tool({"flip", "+++++++++++++"});
  CHECK(r.status == 0);
  CHECK(r.out == "value: 2\nthe player to move wins: flip positions 3 and 4 (+++--++++++++)\n");
  r = run_tool({"flip", "+++++"});
  CHECK(r.out == "value: 0\nthe player to move loses\n");
  r = run_tool({"flip", "--run", "1000000000000000000", "--json"});
  CHECK(r.status == 0);
  CHECK(nlohmann::json::parse(r.out).at("wins") == true);
  r = run_tool({"flip", "-", "--json"}, std::string(1'000'000, '+') + "\n");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("length") == 1'000'000);
  CHECK(j.at("value") == 2);  // G(53 + (10^6 - 53) mod 34) = G(61)
  r = run_tool({"flip", "++a"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("character 2 is 'a'"));
  r = run_tool({"flip"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("exactly one of STRING"));
}
