// The retrograde commands of the tool: cat-mouse (LeetCode 913), cat-mouse2
// (LeetCode 1728) and retrograde (a game graph in JSON). The outcomes,
// remoteness and lines are the library's, which tests/retrograde/ checks
// against brute force; here the tool must print them unchanged.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "support/run_in_process.hpp"
#include "support/tool_checks.hpp"
#include "support/run_tool.hpp"

using Catch::Contains;
using Catch::Equals;
using exactdp::test::command_line;
using exactdp::test::expect_error;
using exactdp::test::json_of;
using exactdp::test::out_of;
using exactdp::test::run_in_process;
using exactdp::test::run_tool;
using exactdp::test::source_path;

namespace {
const std::string seed_graph = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]";

}  // namespace

TEST_CASE("cat-mouse: LeetCode 913's first example is a draw", "[tool][retrograde]") {
  CHECK_THAT(out_of({"cat-mouse", seed_graph}),
             Equals("Cat and Mouse on 6 nodes (hole 0; the mouse starts on 1 and moves first, the cat starts on 2)\n"
                    "  result          0 (draw)\n"
                    "  remoteness      none (neither can force an end)\n"
                    "  first move      mouse 1 -> 3\n"
                    "  principal line  mouse 1->3, cat 2->5, mouse 3->4, cat 5->2, mouse 4->3 (the position "
                    "repeats)\n"));
  const auto j = json_of({"cat-mouse", source_path("examples/retrograde/cat_mouse_seed.json")});
  CHECK(j.at("result") == 0);
  CHECK(j.at("winner") == "none");
  CHECK(j.at("remoteness").is_null());
  CHECK(j.at("first_move").at("to") == 3);
  CHECK(j.at("first_move").at("from") == 1);
  CHECK(j.at("line").at(0) == nlohmann::json({{"mouse", 1}, {"cat", 2}, {"to_move", "mouse"}}));
  CHECK(j.at("line_complete") == true);
  CHECK_THAT(out_of({"cat-mouse", seed_graph, "--line-plies", "2"}),
             Contains("\n  principal line  mouse 1->3, cat 2->5, ...\n"));
}

TEST_CASE("cat-mouse: wins of the mouse and of the cat", "[tool][retrograde]") {
  // LeetCode 913's second example: the mouse reaches the hole in one ply.
  CHECK_THAT(out_of({"cat-mouse", "[[1,3],[0],[3],[0,2]]"}),
             Contains("\n  result          1 (the mouse wins)\n  remoteness      1 ply (moves of both players)\n"));
  CHECK_THAT(out_of({"cat-mouse", source_path("examples/retrograde/cat_mouse_long_win.json")}),
             Contains("\n  result          2 (the cat wins)\n  remoteness      52 plies (moves of both players)\n"));
  CHECK_THAT(out_of({"cat-mouse", "[[2],[2],[0,1]]"}),
             Contains("\n  result          2 (the cat wins)\n") &&
                 Contains("\n  principal line  mouse 1->2 (the cat catches the mouse)\n"));
}

TEST_CASE("cat-mouse: errors", "[tool][retrograde][errors]") {
  expect_error({"cat-mouse", "[[0],[2],[1]]"}, 2, "node 0 lists itself");
  expect_error({"cat-mouse", "[[2],[2],[1]]"}, 2,
               "node 0 lists 2 but node 2 does not list 0 (the graph is undirected: list every edge from both ends)");
  expect_error({"cat-mouse", "[[1],[0]]"}, 2,
               "the graph has 2 nodes; cat and mouse needs at least 3 (the hole 0, the mouse's start 1, the cat's "
               "start 2)");
  expect_error({"cat-mouse", "/nonexistent/graph.json"}, 2,
               "cannot read the cat and mouse graph file '/nonexistent/graph.json': No such file or directory");
  expect_error({"cat-mouse", "[[1],[0"}, 2,
               "the argument:1:8: not valid JSON: expected ',' or ']' after an array element, found the end of the "
               "text");
  const auto r = run_in_process(
      {"--max-memory", "0.000001", "cat-mouse", "[[1],[0,2],[1,3],[2,4],[3,5],[4,6],[5,7],[6,8],[7,9],[8]]"});
  CHECK(r.status == 1);
  CHECK_THAT(r.err, Contains("above the state budget"));
}

TEST_CASE("cat-mouse2: LeetCode 1728's examples and the turn limit", "[tool][retrograde]") {
  CHECK_THAT(out_of({"cat-mouse2", "####F", "#C...", "M....", "--cat-jump", "1", "--mouse-jump", "2"}),
             Equals("Cat and Mouse II on a 3x5 grid (10 free cells), cat jump 1, mouse jump 2, limit 1000 plies: can "
                    "the mouse reach the food first?\n"
                    "  mouse wins                       yes\n"
                    "  mouse's outcome without a limit  win in 5 plies\n"
                    "  first move                       mouse (2,0) -> (2,2)\n"));
  const auto j = json_of({"cat-mouse2", "M.C...F", "--cat-jump", "1", "--mouse-jump", "3"});
  CHECK(j.at("mouse_wins") == false);
  CHECK(j.at("mouse_outcome") == "lose");
  CHECK(j.at("form") == "cyclic");
  // With the ply count in the state: 2 plies are too few, 3 enough.
  CHECK_THAT(out_of({"cat-mouse2", "M.C...F", "--cat-jump", "1", "--mouse-jump", "4", "--turn-limit", "2", "--timed"}),
             Contains("\n  mouse wins                       no\n"));
  CHECK_THAT(out_of({"cat-mouse2", "M.C...F", "--cat-jump", "1", "--mouse-jump", "4", "--turn-limit", "3", "--timed"}),
             Contains("\n  mouse wins                       yes\n"));
  expect_error({"cat-mouse2", "M.C....", "--cat-jump", "1", "--mouse-jump", "4"}, 2,
               "the grid has no food 'F'; it needs exactly one");
  const auto missing = run_in_process({"cat-mouse2", "M.C...F", "--cat-jump", "1"});
  CHECK(missing.status == 2);
  CHECK_THAT(missing.err,
             Catch::Equals("exactdp: error: cat-mouse2 needs --mouse-jump (see exactdp cat-mouse2 --help)\n"));
}

TEST_CASE("retrograde: the examples and models given as text", "[tool][retrograde]") {
  CHECK_THAT(out_of({"retrograde", source_path("examples/retrograde/take_away.json")}),
             Equals("retrograde analysis of a game graph of 8 positions and 13 moves (5 won, 3 lost, 0 drawn)\n"
                    "  start           7 left\n"
                    "  outcome         win for the player to move\n"
                    "  remoteness      5 plies\n"
                    "  principal line  7 left -> 6 left -> 5 left -> 3 left -> 2 left -> 0 left (end: lose for the "
                    "player to move)\n"));
  const auto r = run_in_process({"retrograde", source_path("examples/retrograde/two_players.json"), "--json"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out,
             Equals("{\"command\":\"retrograde\",\"question\":\"retrograde analysis of a game graph of 7 positions and "
                    "7 moves (3 won, 2 lost, 2 drawn)\",\"positions\":7,\"move_count\":7,\"start\":\"a\",\"outcome\":"
                    "\"win\",\"remoteness\":3,\"line\":[\"a\",\"c\",\"f\",\"g\"],\"line_complete\":true,\"wins\":3,"
                    "\"losses\":2,\"draws\":2}\n"));
  const auto cycle = out_of({"retrograde", R"({"positions":2,"moves":[[1],[0]]})"});
  CHECK_THAT(cycle, Contains("\n  start           0\n  outcome         draw for the player to move\n"));
  CHECK_THAT(cycle, Contains("\n  principal line  0 -> 1 -> 0 (repeats)\n"));
  CHECK_THAT(out_of({"retrograde", R"({"positions":3,"moves":[[1],[2],[0]]})", "--line-plies", "2"}),
             Contains("\n  principal line  0 -> 1 -> 2 -> ...\n"));
}

TEST_CASE("retrograde: a position named 1 or 01 is one position", "[tool][retrograde]") {
  // Position 1 is a terminal win for its mover, so 0 (whose one move goes
  // there) loses, whichever way 1 is written.
  for (const char* key : {"1", "01"}) {
    INFO("terminal key " << key);
    const auto j =
        json_of({"retrograde", std::string(R"({"positions":2,"moves":[[1],[]],"terminal":{")") + key + R"(":"win"}})"});
    CHECK(j.at("outcome") == "lose");
    CHECK(j.at("remoteness") == 1);
  }
  // Both at once: the same position twice, refused whatever the order.
  expect_error({"retrograde", R"({"positions":2,"moves":[[1],[]],"terminal":{"1":"win","01":"lose"}})"}, 2,
               "the argument:1:60: position 1 is given twice in \"terminal\" (at 1:49 and 1:60)");
  expect_error({"retrograde", R"({"positions":2,"moves":[[1],[]],"terminal":{"01":"lose","1":"win"}})"}, 2,
               "the argument:1:61: position 1 is given twice in \"terminal\" (at 1:50 and 1:61)");
}

TEST_CASE("retrograde: duplicate and unknown keys are refused", "[tool][retrograde]") {
  expect_error({"retrograde", R"({"positions":2,"positions":3,"moves":[[1],[]]})"}, 2,
               "the argument:1:16: the key 'positions' appears twice in one object (at 1:2 and 1:16)");
  expect_error({"retrograde", R"({"positions":2,"moves":[[1],[]],"terminals":{"1":"win"}})"}, 2,
               "the argument:1:45: unknown key 'terminals' in the game graph (the keys are positions, start, moves, "
               "terminal, player, names, description)");
}

TEST_CASE("retrograde: errors", "[tool][retrograde][errors]") {
  expect_error({"retrograde", R"({"positions":10000000,"moves":[[1],[2],[]]})"}, 2,
               "the argument:1:31: \"moves\" must have 10000000 lists (one per position), not 3");
  const auto budget = run_in_process({"retrograde", R"({"positions":1000000000,"moves":[[1],[2],[]]})"});
  CHECK(budget.status == 1);
  CHECK_THAT(budget.err, Contains("above the state budget"));
  expect_error({"retrograde", "[[[[[[]]]]]]"}, 2, "the argument:1:1: the game graph must be an object, not an array");
  expect_error({"retrograde", R"({"positions":2,"moves":[[1],[5]]})"}, 2,
               "the argument:1:30: moves[1][0] must be an integer in 0..1, not the number '5'");
}

TEST_CASE("cat-mouse, cat-mouse2 and retrograde as processes, and standard input", "[tool][retrograde][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"cat-mouse", seed_graph},
                                             {"cat-mouse2", "M.C...F", "--cat-jump", "1", "--mouse-jump", "3"},
                                             {"retrograde", source_path("examples/retrograde/take_away.json")}}) {
    INFO(command_line(args));
    const auto process = run_tool(args, "", {20, 1024});
    CHECK(process.status == 0);
    CHECK(process.err.empty());
    CHECK_THAT(process.out, Equals(run_in_process(args).out));
  }
  const auto mouse = run_tool({"cat-mouse", "-"}, "[[1,3],[0],[3],[0,2]]", {20, 1024});
  CHECK(mouse.status == 0);
  CHECK_THAT(mouse.out, Contains("\n  result          1 (the mouse wins)\n"));
  const auto graph = run_tool({"retrograde", "-", "--json"}, R"({"positions":2,"moves":[[1],[]]})", {20, 1024});
  CHECK(graph.status == 0);
  CHECK(nlohmann::json::parse(graph.out).at("outcome") == "win");
}
