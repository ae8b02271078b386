// The game commands, run as a process: one case per command, --json, errors.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "support/run_tool.hpp"

using exactdp::test::run_tool;

namespace {
nlohmann::json json_of(const std::vector<std::string>& args) {
  const auto r = run_tool(args);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(r.out);
}
void expect_error(const std::vector<std::string>& args, int status, const std::string& words) {
  const auto r = run_tool(args);
  INFO(r.err);
  CHECK(r.status == status);
  CHECK(r.err.rfind("exactdp: error: ", 0) == 0);
  CHECK(r.err.find(words) != std::string::npos);
  CHECK(r.out.empty());
}
}  // namespace

TEST_CASE("tool: take, with the period for a huge pile", "[games][tool]") {
  const auto r = run_tool({"take", "40", "--moves", "1,3,4", "--table", "40"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("losing piles up to 40: 0 2 7 9 14 16 21 23 28 30 35 37") != std::string::npos);
  const auto j = json_of({"take", "1000000000000000000", "--moves", "1,3,4", "--json"});
  CHECK(j["outcome"] == "win");
  CHECK(j["winning_move"] == 1);
  CHECK(j["period"]["period"] == 7);
  CHECK(j["period"]["preperiod"] == 0);
  CHECK(j["period"]["from_period"] == true);
  const auto text = run_tool({"take", "1000000000000000000", "--moves", "2,12,13"});
  CHECK(text.out.find("period 5 from n = 44") != std::string::npos);
  CHECK(text.out.find("repeats forever") != std::string::npos);
  CHECK(json_of({"take", "4", "--json"})["first_player_wins"] == false);  // Nim Game
}

TEST_CASE("tool: divisor, nim, can-i-win, flip-search", "[games][tool]") {
  CHECK(json_of({"divisor", "0", "--json"})["outcome"] == "lose");
  CHECK(json_of({"divisor", "8", "--json"})["winning_move"] == 1);
  const auto n = json_of({"nim", "3", "4", "5", "--json"});
  CHECK(n["outcome"] == "win");
  CHECK(n["winning_move"]["heap"] == 0);
  CHECK(n["winning_move"]["remove"] == "2");
  CHECK(run_tool({"nim", "3", "4", "5"}).out.find("remove 2 from heap 0") != std::string::npos);
  CHECK(json_of({"nim", "1,2,3", "--json"})["winning_move"].is_null());
  CHECK(json_of({"can-i-win", "10", "11", "--json"})["first_player_wins"] == false);
  const auto c01 = json_of({"can-i-win", "1", "2", "--json"});
  CHECK(c01["first_player_wins"] == false);
  CHECK(c01["outcome"] == "draw");
  CHECK(json_of({"can-i-win", "10", "0", "--json"})["first_player_wins"] == true);
  const auto f = json_of({"flip-search", "+++++", "--json"});
  CHECK(f["first_player_wins"] == false);
  CHECK(json_of({"flip-search", "++++", "--json"})["winning_flip"] == 1);
}

TEST_CASE("tool: predict, stone, stone2, stone3 in several value types", "[games][tool]") {
  CHECK(json_of({"predict", "1", "5", "2", "--json"})["first_player_wins"] == false);
  CHECK(json_of({"predict", "1,2,1", "--json"})["first_player_wins"] == true);
  const auto p = json_of({"predict", "5", "3", "4", "5", "--as", "all", "--json"});
  CHECK(p["exact_lead"] == "1");
  CHECK(p["double_lead"] == "1");
  CHECK(p["exact_first_score"] == "9");
  CHECK(json_of({"predict", "1/2", "1/3", "--json"})["lead"] == "1/6");
  CHECK(json_of({"predict", "5", "3", "4", "5", "--as", "int64", "--json"})["lead"] == "1");
  const auto s = json_of({"stone", "3", "2", "7", "4", "3", "--json"});
  CHECK(s["by_parity"] == false);
  CHECK(s["lead"] == "-1");
  CHECK(json_of({"stone", "5", "3", "4", "5", "--json"})["by_parity"] == true);
  CHECK(json_of({"stone2", "2", "7", "9", "4", "4", "--json"})["first_score"] == "10");
  CHECK(json_of({"stone2", "1", "--json"})["first_score"] == "1");
  CHECK(json_of({"stone3", "1", "2", "3", "7", "--json"})["winner"] == "Bob");
  CHECK(json_of({"stone3", "--values=-5,-3", "--json"})["winner"] == "Bob");
  CHECK(json_of({"stone3", "1", "2", "3", "-9", "--as", "double", "--json"})["winner"] == "Alice");
}

TEST_CASE("tool: expectiminimax on the example", "[games][tool]") {
  const std::string file = exactdp::test::source_path("examples/games/dice_duel.json");
  const auto j = json_of({"expectiminimax", file, "--json"});
  CHECK(j["exact"] == "-5/108");
  // The double run rounds at every node: within 1e-12 of -5/108.
  CHECK(std::abs(std::stod(j["double"].get<std::string>()) + 5.0 / 108) < 1e-12);
  const auto r = run_tool({"expectiminimax", file});
  CHECK(r.out.find("exact   -5/108") != std::string::npos);
}

TEST_CASE("tool: game errors", "[games][tool][errors]") {
  expect_error({"take", "10", "--moves", "1,0"}, 2, "not positive");
  expect_error({"take", "10", "--moves", "1,3,1"}, 2, "twice");
  expect_error({"take", "10", "--moves", "-2"}, 2, "not positive");
  expect_error({"take", "-1"}, 2, "negative");
  expect_error({"take", "99999999999999999999"}, 2, "above the limit");
  expect_error({"can-i-win", "26", "300"}, 2, "above the limit of 25");
  expect_error({"can-i-win", "0", "3"}, 2, "at least 1");
  expect_error({"predict", "--as", "mod", "1", "2"}, 2, "residues modulo P have no order");
  expect_error({"stone3", "--values", ","}, 2, "empty");
  expect_error({"stone2", "1", "x"}, 2, "x");
  expect_error({"predict", "1/2", "--as", "int64"}, 2, "not one");
  expect_error({"predict", "9223372036854775807", "9223372036854775807", "--as", "int64"}, 1, "overflow");
  expect_error({"flip-search", "++a"}, 2, "only '+' and '-'");
  expect_error({"flip-search", std::string(40, '+'), "--max-positions", "1000"}, 1, "limit of 1000 positions");
  expect_error({"flip-search", std::string(64, '+')}, 1, "distinct strings");
  expect_error({"nim", "-3"}, 2, "negative");
  expect_error({"expectiminimax", "/nonexistent/model.json"}, 2, "cannot read");
  expect_error({"expectiminimax", exactdp::test::source_path("examples/games/dice_duel.json"), "--as", "mod"}, 2,
               "no order");
}
