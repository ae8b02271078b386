// The game commands of the tool: take, divisor, predict, stone, stone2,
// stone3, can-i-win, flip-search, nim, expectiminimax. The outcomes, moves
// and leads are those of the problems (LeetCode 292, 1025, 486, 877, 1140,
// 1406, 464, 294; Nim's XOR rule) and of the library, which tests/games/
// checks against brute force; here the tool must print them unchanged.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "support/run_in_process.hpp"
#include "support/tool_checks.hpp"
#include "support/run_tool.hpp"
#include "support/temp_file.hpp"

using Catch::Contains;
using Catch::Equals;
using exactdp::test::command_line;
using exactdp::test::expect_error;
using exactdp::test::json_of;
using exactdp::test::out_of;
using exactdp::test::run_in_process;
using exactdp::test::run_tool;
using exactdp::test::source_path;
using exactdp::test::temp_file;

namespace {
// An expectiminimax model of a root over two terminal payoffs (JSON text).
std::string two_leaves(const std::string& kind, const std::string& a, const std::string& b,
                       const std::string& root_extra = "") {
  return R"({"root": "r", "nodes": [)"
         "\n"
         R"( {"id": "r", "kind": ")" +
         kind + R"(", "children": ["a", "b"])" + root_extra +
         "},\n"
         R"( {"id": "a", "kind": "terminal", "payoff": )" +
         a +
         "},\n"
         R"( {"id": "b", "kind": "terminal", "payoff": )" +
         b + "}\n]}\n";
}

}  // namespace

TEST_CASE("take: the table and the losing piles of {1,3,4}", "[tool][games]") {
  // Losing piles of {1,3,4}: n mod 7 in {0, 2}.
  CHECK_THAT(out_of({"take", "40", "--moves", "1,3,4", "--table", "40"}),
             Equals("pile of 40 stones, moves {1,3,4}: who wins, the player to move or the other?\n"
                    "  outcome       win for the player to move\n"
                    "  winning move  take 3 (leaves 37, a losing pile)\n"
                    "  table         LWLWWWWLWLWWWWLWLWWWWLWLWWWWLWLWWWWLWLWWW\n"
                    "                (W/L for n = 0..40, 50 per line)\n"));
  const auto j = json_of({"take", "40", "--moves", "1,3,4", "--table", "40"});
  CHECK(j.at("losing") == nlohmann::json::array({0, 2, 7, 9, 14, 16, 21, 23, 28, 30, 35, 37}));
  CHECK(j.at("winning_move") == nlohmann::json({{"take", 3}, {"leaves", 37}}));
}

TEST_CASE("take: a huge pile through the certified period", "[tool][games]") {
  // 10^18 = 1 mod 7: take 1 to leave a multiple of 7.
  const auto j = json_of({"take", "1000000000000000000", "--moves", "1,3,4"});
  CHECK(j.at("n") == 1000000000000000000ULL);
  CHECK(j.at("outcome") == "win");
  CHECK(j.at("first_player_wins") == true);
  CHECK(j.at("winning_move").at("take") == 1);
  CHECK(j.at("period").at("period") == 7);
  CHECK(j.at("period").at("preperiod") == 0);
  CHECK(j.at("period").at("from_period") == true);
  const auto text = out_of({"take", "1000000000000000000", "--moves", "2,12,13"});
  // The periodicity theorem checks n < 2·44 + 5 + 13 = 106.
  CHECK_THAT(text, Contains("\n  period        5 from n = 44 on; certified by w(n) = w(n + 5) for n = 44 .. 105 (the "
                            "periodicity theorem of octal games: with the largest move 13, a match over n < "
                            "2·max(start, 1) + period + largest move repeats forever)"));
  // Nim Game (LeetCode 292): 4 stones lose.
  CHECK(json_of({"take", "4"}).at("first_player_wins") == false);
}

TEST_CASE("take, nim, grundy --n: leading zeros are decimal", "[tool][games]") {
  // 010 is ten: with moves {1,2,3}, 10 = 2 mod 4 wins by taking 2.
  const auto take = json_of({"take", "010"});
  CHECK(take.at("n") == 10);
  CHECK(take.at("winning_move") == nlohmann::json({{"take", 2}, {"leaves", 8}}));
  const auto nim = json_of({"nim", "010"});
  CHECK(nim.at("heaps") == nlohmann::json::array({10}));
  CHECK(nim.at("winning_move").at("take") == 10);
  CHECK(json_of({"take", "10", "--moves", "01,03"}).at("moves") == nlohmann::json::array({1, 3}));
}

TEST_CASE("take --moves and grundy --subtract: one list syntax", "[tool][games]") {
  // A repeated move is refused by both.
  expect_error({"take", "10", "--moves", "1,1"}, 2, "--moves lists the move 1 twice");
  expect_error({"grundy", "--subtract", "1,1", "--n", "5"}, 2, "--subtract lists the move 1 twice");
  // Surrounding spaces are allowed by both, and by mod.
  CHECK(json_of({"take", "10", "--moves", " 1"}).at("moves") == nlohmann::json::array({1}));
  CHECK(json_of({"grundy", "--subtract", " 1", "--n", "5"}).at("grundy") == 1);
  CHECK_THAT(out_of({"mod", " 5"}), Equals("5\n"));
  // An empty item is refused by both.
  expect_error({"take", "10", "--moves", "1,,2"}, 2,
               "--moves has an empty item in '1,,2' (items are separated by one comma or by spaces)");
  expect_error({"grundy", "--subtract", "1,,2", "--n", "5"}, 2,
               "--subtract has an empty item in '1,,2' (items are separated by one comma or by spaces)");
  // Spaces separate items as commas do.
  CHECK(json_of({"take", "10", "--moves", "1 3 4"}).at("moves") == nlohmann::json::array({1, 3, 4}));
}

TEST_CASE("divisor, nim, can-i-win, flip-search", "[tool][games]") {
  CHECK(json_of({"divisor", "0"}).at("outcome") == "lose");
  CHECK(json_of({"divisor", "8"}).at("winning_move") == nlohmann::json({{"take", 1}, {"leaves", 7}}));
  CHECK_THAT(out_of({"divisor", "8"}),
             Equals("divisor game from 8: who wins, the player to move or the other?\n"
                    "  outcome       win for the player to move\n"
                    "  winning move  x = 1 (leaves the odd number 7, whose divisors are all odd)\n"));
  // 3 ^ 4 ^ 5 = 2: take 2 from the heap of 3.
  const auto n = json_of({"nim", "3", "4", "5"});
  CHECK(n.at("nim_sum") == 2);
  CHECK(n.at("outcome") == "win");
  CHECK(n.at("winning_move").at("heap") == 0);
  CHECK(n.at("winning_move").at("take") == 2);
  CHECK_THAT(out_of({"nim", "3", "4", "5"}), Equals("Nim on heaps 3, 4, 5: who wins, the player to move or the other?\n"
                                                    "  nim-sum       2\n"
                                                    "  outcome       win for the player to move\n"
                                                    "  winning move  take 2 from heap 3 leaving 1 (heap number 0)\n"));
  CHECK(json_of({"nim", "1,2,3"}).at("winning_move").is_null());
  // LeetCode 464: 10 and 11 is false; 1 and 2 cannot be reached at all.
  CHECK(json_of({"can-i-win", "10", "11"}).at("first_player_wins") == false);
  const auto c = json_of({"can-i-win", "1", "2"});
  CHECK(c.at("first_player_wins") == false);
  CHECK(c.at("outcome") == "draw");
  CHECK(json_of({"can-i-win", "10", "0"}).at("first_player_wins") == true);
  // Flip Game II (LeetCode 294): five pluses lose, four win by flipping 1-2.
  CHECK(json_of({"flip-search", "+++++"}).at("first_player_wins") == false);
  CHECK(json_of({"flip-search", "++++"}).at("winning_move") == nlohmann::json({{"flip", 1}, {"leaves", "+--+"}}));
}

TEST_CASE("flip-search ++: a value that starts with + is a value", "[tool][games]") {
  CHECK_THAT(out_of({"flip-search", "++"}),
             Equals("Flip Game II on \"++\" by search over the strings: does the player to move win?\n"
                    "  outcome       win for the player to move\n"
                    "  winning flip  positions 0 and 1 -> \"--\"\n"
                    "  searched      2 strings\n"));
  CHECK(json_of({"flip-search", "-++"}).at("winning_move").at("flip") == 1);
}

TEST_CASE("predict, stone, stone2, stone3 in several number types", "[tool][games]") {
  // LeetCode 486: [1,5,2] loses by 2, [1,2,1] ties (a win for the first).
  const auto p = json_of({"predict", "1", "5", "2"});
  CHECK(p.at("exact") == "-2");
  CHECK(p.at("first_player_wins") == false);
  CHECK(json_of({"predict", "1,2,1"}).at("first_player_wins") == true);
  const auto q = json_of({"predict", "5", "3", "4", "5", "--as", "all"});
  CHECK(q.at("exact") == "1");
  CHECK(q.at("double") == "1");
  CHECK(q.at("scores") == nlohmann::json({{"first", "9"}, {"second", "8"}}));
  CHECK(json_of({"predict", "1/2", "1/3"}).at("exact") == "1/6");
  CHECK_THAT(out_of({"predict", "5", "3", "4", "5", "--as", "int64"}), Equals("1\n"));
  CHECK(json_of({"predict", "5", "3", "4", "5", "--as", "int64"}).at("int64") == 1);
  // LeetCode 877: the parity argument; [3,2,7,4,3] has an odd count.
  const auto s = json_of({"stone", "3", "2", "7", "4", "3"});
  CHECK(s.at("by_parity") == false);
  CHECK(s.at("exact") == "-1");
  const auto even = json_of({"stone", "5", "3", "4", "5"});
  CHECK(even.at("by_parity") == true);
  CHECK(even.at("parity_sum") == "9");
  CHECK(even.at("other_sum") == "8");
  // LeetCode 1140 and 1406.
  CHECK(json_of({"stone2", "2", "7", "9", "4", "4"}).at("exact") == "10");
  CHECK(json_of({"stone2", "1"}).at("exact") == "1");
  CHECK(json_of({"stone3", "1", "2", "3", "7"}).at("winner") == "Bob");
  CHECK(json_of({"stone3", "--values=-5,-3"}).at("winner") == "Bob");
  CHECK_THAT(out_of({"stone3", "-5", "-3", "--as", "exact"}), Equals("-2\n"));
  const auto d = json_of({"stone3", "1", "2", "3", "-9", "--as", "double"});
  CHECK(d.at("winner") == "Alice");
  CHECK(d.at("double") == "15");
}

TEST_CASE("predict: every line of the text", "[tool][games]") {
  CHECK_THAT(out_of({"predict", "5", "3", "4", "5"}),
             Equals("Predict the Winner: the first player's best lead (score minus the other's) on [5, 3, 4, 5]\n"
                    "  exact       1\n"
                    "  double      1\n"
                    "  error       none: the double is exactly the exact value\n"
                    "  winner      the first player\n"
                    "  first move  take the left end (5)\n"
                    "  scores      first 9, second 8 (total 17)\n"));
}

TEST_CASE("predict --as int64 --json: the scores keep their type", "[tool][games][json]") {
  // A key has one type whatever --as is: the scores are strings, as in the
  // other modes.
  const auto j = json_of({"predict", "5", "3", "4", "5", "--as", "int64"});
  CHECK(j.at("scores") == nlohmann::json({{"first", "9"}, {"second", "8"}}));
}

TEST_CASE("predict 1e400 1: the double overflows on its line, the rest prints", "[tool][games]") {
  const auto r = run_in_process({"predict", "1e400", "1"});
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  // The lead is 10^400 - 1: four hundred nines.
  CHECK_THAT(r.out, Contains("\n  exact       " + std::string(400, '9') + "\n"));
  CHECK_THAT(r.out, Contains("\n  double      unavailable: the value 1.00000e+400 is beyond the largest double (it "
                             "overflows double)\n"));
  CHECK_THAT(r.out, Contains("\n  winner      the first player\n") &&
                        Contains("\n  first move  take the left end (1.00000e+400)\n"));
  CHECK_THAT(r.out, !Contains("value 0"));  // no index called a value
  const auto j = json_of({"predict", "1e400", "1"});
  CHECK(j.at("exact") == std::string(400, '9'));
  CHECK(j.at("double").is_null());
  CHECK(j.at("exact_double_status") == "overflow");
  CHECK_THAT(j.at("failures").at("double").get<std::string>(), Contains("overflows double"));
}

TEST_CASE("stone --as all -- 1e400 1: the double overflows on its line, the rest prints", "[tool][games]") {
  const auto r = run_in_process({"stone", "--as", "all", "--", "1e400", "1"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("\n  exact       " + std::string(400, '9') + "\n"));
  CHECK_THAT(r.out, Contains("\n  double      unavailable: the value 1.00000e+400 is beyond the largest double (it "
                             "overflows double)\n"));
  CHECK_THAT(r.out, Contains("\n  winner      the first player (strictly more)\n"));
}

TEST_CASE("predict: VALUES and --values together are refused", "[tool][games]") {
  expect_error({"predict", "1", "5", "2", "--values=7"}, 2,
               "give the row either as VALUES or as --values, not both (VALUES '1' and --values '7')");
}

TEST_CASE("expectiminimax: the dice duel example", "[tool][games]") {
  const std::string file = source_path("examples/games/dice_duel.json");
  const auto j = json_of({"expectiminimax", file});
  CHECK(j.at("exact") == "-5/108");
  CHECK(j.at("root") == "start");
  CHECK(j.at("nodes") == 92);
  // The double run rounds at every node: within 1e-12 of -5/108.
  CHECK(std::abs(std::stod(j.at("double").get<std::string>()) + 5.0 / 108) < 1e-12);
  CHECK_THAT(out_of({"expectiminimax", file}),
             Catch::StartsWith("value of the root \"start\" (a chance node of 92 nodes) for the first player\n"
                               "  exact   -5/108 ~ -0.046296296296296296\n"));
  CHECK_THAT(out_of({"expectiminimax", file, "--as", "exact"}), Equals("-5/108\n"));
}

TEST_CASE("expectiminimax: integer payoffs of any size are read exactly", "[tool][games]") {
  // 2^64 - 1 and 2^63 once wrapped to -1 and -2^63.
  const temp_file max("max.json", two_leaves("max", "18446744073709551615", "9223372036854775808"));
  const auto r = run_in_process({"expectiminimax", max.path()});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("\n  exact      18446744073709551615\n") &&
                        Contains("\n  double     18446744073709551616\n") &&
                        Contains("\n  best move  \"a\" (at the root)\n"));
  const temp_file min("min.json", two_leaves("min", "18446744073709551615", "9223372036854775808"));
  CHECK_THAT(out_of({"expectiminimax", min.path(), "--as", "exact"}), Equals("9223372036854775808\n"));
  CHECK(json_of({"expectiminimax", min.path()}).at("best_move") == "b");
  // A probability of 2^63 is positive, and its sum is not 1.
  const temp_file big_probability("big_probability.json",
                                  two_leaves("chance", "1", "0", R"(, "probabilities": [9223372036854775808, 1])"));
  expect_error({"expectiminimax", big_probability.path()}, 2,
               big_probability.path() + ":2:73: node 'r''s probabilities add up to 9223372036854775809, not 1");
}

TEST_CASE("expectiminimax: a payoff of 1e400 overflows the double, and the run still answers", "[tool][games]") {
  const temp_file model("overflow.json", two_leaves("max", R"("1e400")", "0"));
  const auto r = run_in_process({"expectiminimax", model.path()});
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Contains("\n  exact      1" + std::string(400, '0') + "\n"));
  CHECK_THAT(r.out, Contains("\n  double     inf  (the exact value overflows double)\n"));
  CHECK_THAT(r.out, Contains("\n  error      the exact value 1.00000e+400 is beyond the largest double (it overflows "
                             "double); the double run returned inf\n"));
  CHECK_THAT(r.out, Contains("\n  best move  \"a\" (at the root)\n"));
  const auto json = run_in_process({"expectiminimax", model.path(), "--json"});
  CHECK(json.status == 0);
  const auto j = nlohmann::json::parse(json.out);
  CHECK(j.at("exact_double_status") == "overflow");
  CHECK(j.at("double_error").at("finite") == false);
}

TEST_CASE("expectiminimax: unknown keys, duplicate keys and bad probabilities are refused", "[tool][games]") {
  const temp_file typo("typo.json", two_leaves("chance", "1", "0", R"(, "probabilites": ["1/2", "1/2"])"));
  expect_error(
      {"expectiminimax", typo.path()}, 2,
      typo.path() +
          ":2:72: unknown key 'probabilites' in node 0 (the keys are id, kind, children, probabilities, payoff)");
  const temp_file twice("twice.json", "{\"root\": \"r\",\n\"root\": \"a\", \"nodes\": []}");
  expect_error({"expectiminimax", twice.path()}, 2,
               twice.path() + ":2:1: the key 'root' appears twice in one object (at 1:2 and 2:1)");
  // Double-looking probabilities are exact decimals: 0.5 + 0.500001 is not 1.
  const temp_file near("near.json", two_leaves("chance", "1", "0", R"(, "probabilities": [0.5, 0.500001])"));
  expect_error({"expectiminimax", near.path()}, 2,
               near.path() + ":2:73: node 'r''s probabilities add up to 1000001/1000000, not 1");
}

TEST_CASE("plurals: 1 node", "[tool][games]") {
  const temp_file one("one.json", R"({"root": "t", "nodes": [{"id": "t", "kind": "terminal", "payoff": "3/4"}]})");
  CHECK_THAT(out_of({"expectiminimax", one.path()}),
             Catch::StartsWith("value of the root \"t\" (a terminal node of 1 node) for the first player\n"
                               "  exact   3/4 = 0.75\n"));
}

TEST_CASE("game commands: errors", "[tool][games][errors]") {
  expect_error({"take", "10", "--moves", "1,0"}, 2, "each item of --moves must be an integer in 1..10^6, not '0'");
  expect_error({"take", "10", "--moves", "1,3,1"}, 2, "--moves lists the move 1 twice");
  expect_error({"take", "10", "--moves", "-2"}, 2, "each item of --moves must be an integer in 1..10^6, not '-2'");
  expect_error({"take", "-1"}, 2, "N (the pile) must be an integer in 0..2^63-1, not '-1'");
  expect_error({"take", "99999999999999999999"}, 2,
               "N (the pile) must be an integer in 0..2^63-1, not '99999999999999999999'");
  expect_error({"take", "10", "--as", "mod"}, 2, "unknown option '--as' for 'take' (see exactdp take --help)");
  expect_error({"can-i-win", "26", "300"}, 2, "MAX must be an integer in 1..25, not '26'");
  expect_error({"can-i-win", "0", "3"}, 2, "MAX must be an integer in 1..25, not '0'");
  expect_error({"predict", "--as", "mod", "1", "2"}, 2,
               "--as mod is not available for predict: the game takes the larger of several leads, and residues "
               "modulo P have no order (use --as exact, double or int64)");
  expect_error({"stone3", "--values", ","}, 2,
               "the row has an empty item in ',' (items are separated by one comma or by spaces)");
  {
    const auto r = run_in_process({"stone2", "1", "x"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Contains("each value of the row must be a number such as 42, -3/7, 0.1 or 1e-3, not 'x'"));
  }
  expect_error({"predict", "1/2", "--as", "int64"}, 2,
               "--as int64 needs integer values that fit 64 bits, and 1/2 is not one");
  expect_error({"predict", "9223372036854775807", "9223372036854775807", "--as", "int64"}, 1,
               "int64 overflow in 9223372036854775807 + 9223372036854775807 (use the exact type, --as exact)");
  expect_error({"flip-search", "++a"}, 2, "flip: character 2 is 'a': the string may hold only '+' and '-'");
  {
    const auto r = run_in_process({"flip-search", std::string(40, '+'), "--max-positions", "1000"});
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Contains("above the limit of 1000 positions"));
  }
  {
    const auto r = run_in_process({"flip-search", std::string(64, '+')});
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Contains("distinct strings"));
  }
  expect_error({"nim", "-3"}, 2, "each heap must be an integer in 0..2^64-1, not '-3'");
  expect_error({"expectiminimax", "/nonexistent/model.json"}, 2,
               "cannot read the expectiminimax model file '/nonexistent/model.json': No such file or directory");
  expect_error({"expectiminimax", source_path("examples/games/dice_duel.json"), "--as", "mod"}, 2,
               "--as mod is not available for expectiminimax: max and min nodes compare values, and residues modulo P "
               "have no order (use --as exact or double)");
}

TEST_CASE("game commands as processes: the same output", "[tool][games][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  const std::vector<std::vector<std::string>> lines = {
      {"take", "40", "--moves", "1,3,4"},
      {"divisor", "8"},
      {"predict", "1", "5", "2"},
      {"stone", "5", "3", "4", "5"},
      {"stone2", "2", "7", "9", "4", "4"},
      {"stone3", "1", "2", "3", "7"},
      {"can-i-win", "10", "11"},
      {"flip-search", "++"},
      {"nim", "3", "4", "5"},
      {"expectiminimax", source_path("examples/games/dice_duel.json")}};
  for (const auto& args : lines) {
    INFO(command_line(args));
    const auto process = run_tool(args, "", {20, 1024});
    CHECK(process.status == 0);
    CHECK(process.err.empty());
    CHECK_THAT(process.out, Equals(run_in_process(args).out));
  }
  // Standard input.
  const auto in = run_tool({"expectiminimax", "-", "--as", "exact"},
                           two_leaves("min", "18446744073709551615", "9223372036854775808"), {20, 1024});
  CHECK(in.status == 0);
  CHECK_THAT(in.out, Equals("9223372036854775808\n"));
}
