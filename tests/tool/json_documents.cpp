// Every command's --json output is one JSON document: an object whose
// "command" is the command's name. The command list is read from the tool's
// help, so a new command without a sample here fails the test.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "support/run_in_process.hpp"
#include "support/run_tool.hpp"

using exactdp::test::command_line;
using exactdp::test::run_in_process;
using exactdp::test::source_path;

namespace {

// The command names listed under "Subcommands:" in `exactdp --help`.
std::set<std::string> listed_commands() {
  std::istringstream help(run_in_process({"--help"}).out);
  std::set<std::string> names;
  bool in_list = false;
  for (std::string line; std::getline(help, line);) {
    // The commands are listed by family after the options, each family
    // under its heading ("Markov chains:").
    if (line.rfind("  --version", 0) == 0) {
      in_list = true;
      continue;
    }
    if (in_list && line.size() > 2 && line[0] == ' ' && line[2] != ' ')
      names.insert(line.substr(2, line.find(' ', 2) - 2));
  }
  return names;
}

// One command line per command, each answered (status 0).
const std::map<std::string, std::vector<std::string>>& samples() {
  static const std::map<std::string, std::vector<std::string>> lines = {
      {"tour", {"tour"}},
      {"run", {"run", "2"}},
      {"profile", {"profile", "--range", "1..3", "run", "{}"}},  // without --: the --json added goes to profile
      {"knight", {"knight", "3", "2", "0", "0"}},
      {"knight-paths", {"knight-paths", "3", "2", "0", "0"}},
      {"coupon", {"coupon", "3"}},
      {"fixed-points", {"fixed-points", "4"}},
      {"rolls-to-reach", {"rolls-to-reach", "3"}},
      {"boundary-paths", {"boundary-paths", "2", "2", "2", "0", "0"}},
      {"dice-sequences", {"dice-sequences", "2", "1", "1", "2", "2", "2", "3"}},
      {"soup", {"soup", "50"}},
      {"new21", {"new21", "5", "3", "4"}},
      {"seat", {"seat", "5"}},
      {"chain", {"chain", source_path("examples/markov/gamblers_ruin.json"), "--query", "absorb"}},
      {"take", {"take", "10", "--moves", "1,3,4", "--table", "10", "--period"}},
      {"divisor", {"divisor", "8"}},
      {"predict", {"predict", "1", "5", "2"}},
      {"stone", {"stone", "5", "3", "4", "5"}},
      {"stone2", {"stone2", "2", "7", "9", "4", "4"}},
      {"stone3", {"stone3", "1", "2", "3", "7"}},
      {"can-i-win", {"can-i-win", "10", "11"}},
      {"flip-search", {"flip-search", "++++"}},
      {"nim", {"nim", "3", "4", "5"}},
      {"expectiminimax", {"expectiminimax", source_path("examples/games/dice_duel.json")}},
      {"guess-number", {"guess-number", "10"}},
      {"stone7", {"stone7", "5", "3", "1", "4", "2"}},
      {"mdp", {"mdp", source_path("examples/decision/lottery.json"), "--query", "pmax", "--target", "goal"}},
      {"check", {"check", source_path("examples/prism/two_sixes.pm"), source_path("examples/prism/two_sixes.props")}},
      {"verify",
       {"verify", source_path("examples/decision/lottery.json"),
        source_path("examples/decision/lottery.pmax.cert.json")}},
      {"game", {"game", source_path("examples/decision/duel.json"), "--query", "reach", "--target", "max wins"}},
      {"pig", {"pig", "--target", "10"}},
      {"grundy", {"grundy", "--octal", "0.07", "--n", "10", "--table", "5", "--period"}},
      {"nim-sum", {"nim-sum", "--octal", "0.07", "13", "5"}},
      {"flip", {"flip", "+++++++++++++"}},
      {"cat-mouse", {"cat-mouse", "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"}},
      {"cat-mouse2", {"cat-mouse2", "####F", "#C...", "M....", "--cat-jump", "1", "--mouse-jump", "2"}},
      {"retrograde", {"retrograde", source_path("examples/retrograde/two_players.json")}},
      {"mod", {"mod", "1/16"}},
      {"inv", {"inv", "16"}},
      {"unmod", {"unmod", "562500004"}},
      {"primes", {"primes", "--count", "3"}},
  };
  return lines;
}

}  // namespace

TEST_CASE("every command's --json output is one object naming the command", "[tool][json]") {
  const std::set<std::string> commands = listed_commands();
  REQUIRE(commands.size() >= 31);
  for (const std::string& name : commands) {
    INFO("command " << name);
    REQUIRE(samples().count(name) == 1);
  }
  for (const auto& [name, line] : samples()) {
    CHECK(commands.count(name) == 1);
    std::vector<std::string> args = line;
    args.push_back("--json");
    INFO(command_line(args));
    const auto r = run_in_process(args);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    // One document on one line.
    CHECK(exactdp::test::line_count(r.out) == 1);
    nlohmann::json j;
    REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
    REQUIRE(j.is_object());
    CHECK(j.at("command") == name);
    CHECK(j.at("question").is_string());
    // Not an error document ({"command", "error": {"status", "message"}}).
    CHECK_FALSE(j.contains("error"));  // "error" is only the error document's key
  }
}

TEST_CASE("the answer keys of --json, for the commands with a numeric answer", "[tool][json]") {
  // The keys of an answer in every number system a command offers, present
  // even when not computed (null).
  const std::map<std::string, std::vector<std::string>> keys_of = {
      {"run", {"exact", "exact_double", "exact_double_status", "double", "mod", "modulus", "double_error", "failures"}},
      {"knight",
       {"exact", "exact_double", "exact_double_status", "double", "mod", "modulus", "double_error", "failures"}},
      {"soup",
       {"exact", "exact_double", "exact_double_status", "double", "mod", "modulus", "double_error", "failures"}},
      {"predict", {"exact", "exact_double", "exact_double_status", "double", "double_error", "failures", "row"}},
      {"expectiminimax",
       {"exact", "exact_double", "exact_double_status", "double", "double_error", "failures", "root", "nodes",
        "best_move"}},
  };
  for (const auto& [name, keys] : keys_of) {
    std::vector<std::string> args = samples().at(name);
    args.push_back("--json");
    INFO(command_line(args));
    const auto j = nlohmann::json::parse(run_in_process(args).out);
    for (const std::string& key : keys) {
      INFO("key " << key);
      CHECK(j.contains(key));
    }
    CHECK(j.at("exact").is_string());
    CHECK(j.at("double").is_string());
    CHECK(j.at("failures").is_object());
    if (j.contains("mod")) {
      CHECK(j.at("mod").is_number_unsigned());
      CHECK(j.at("modulus").is_number_unsigned());
    }
  }
  // With --as exact the other systems are null, not missing.
  const auto exact = nlohmann::json::parse(run_in_process({"run", "2", "--as", "exact", "--json"}).out);
  CHECK(exact.at("exact") == "42");
  CHECK(exact.at("double").is_null());
  CHECK(exact.at("mod").is_null());
  CHECK(exact.at("modulus").is_null());
}
