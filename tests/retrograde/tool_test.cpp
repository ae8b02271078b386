// The retrograde commands run as a process: output, JSON and error exits.
#include <catch2/catch.hpp>

#include "support/run_tool.hpp"

using Catch::Matchers::Contains;
using exactdp::test::run_tool;
using exactdp::test::source_path;

TEST_CASE("exactdp cat-mouse", "[tool]") {
  auto r = run_tool({"cat-mouse", "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("result: 0 (draw)"));
  CHECK_THAT(r.out, Contains("first optimal move: mouse 1 -> 3"));
  CHECK_THAT(r.out, Contains("(the position repeats)"));
  r = run_tool({"cat-mouse", source_path("examples/retrograde/cat_mouse_seed.json"), "--json"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("\"result\":0,\"winner\":\"none\",\"remoteness\":null,\"first_move\":3"));
  r = run_tool({"cat-mouse", "-"}, "[[1,3],[0],[3],[0,2]]");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("result: 1 (the mouse wins)"));
  CHECK_THAT(r.out, Contains("remoteness: 1 ply"));
  r = run_tool({"cat-mouse", source_path("examples/retrograde/cat_mouse_long_win.json")});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("result: 2 (the cat wins)\nremoteness: 52 plies"));
  r = run_tool({"cat-mouse", "[[2],[2],[0,1]]"});
  CHECK_THAT(r.out, Contains("result: 2 (the cat wins)"));
  CHECK_THAT(r.out, Contains("principal line: mouse 1->2 (the cat catches the mouse)"));
}

TEST_CASE("exactdp cat-mouse errors", "[tool][errors]") {
  auto r = run_tool({"cat-mouse", "[[0],[2],[1]]"});
  CHECK(r.status == 2);
  CHECK(r.err == "exactdp: error: node 0 lists itself\n");
  r = run_tool({"cat-mouse", "[[2],[2],[1]]"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("node 0 lists 2 but node 2 does not list 0"));
  r = run_tool({"cat-mouse", "[[1],[0]]"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("needs at least 3"));
  r = run_tool({"cat-mouse", "/nonexistent/graph.json"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("cannot read the graph file '/nonexistent/graph.json'"));
  r = run_tool({"cat-mouse", "[[1],[0"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("exactdp: error: cat and mouse graph: JSON parse error"));
  // 2·10·9 positions × 17 bytes = 3060 bytes, above a budget of 1073 bytes.
  r = run_tool({"--max-memory", "0.000001", "cat-mouse", "[[1],[0,2],[1,3],[2,4],[3,5],[4,6],[5,7],[6,8],[7,9],[8]]"});
  CHECK(r.status == 1);
  CHECK_THAT(r.err, Contains("above the state budget"));
}

TEST_CASE("exactdp cat-mouse2", "[tool]") {
  auto r = run_tool({"cat-mouse2", "####F", "#C...", "M....", "--cat-jump", "1", "--mouse-jump", "2"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("mouse wins: true"));
  r = run_tool({"cat-mouse2", "M.C...F", "--cat-jump", "1", "--mouse-jump", "3", "--json"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("{\"mouse_wins\":false,\"mouse_outcome\":\"lose\""));
  r = run_tool({"cat-mouse2", "M.C...F", "--cat-jump", "1", "--mouse-jump", "4", "--turn-limit", "2", "--timed"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("mouse wins: false"));
  r = run_tool({"cat-mouse2", "M.C...F", "--cat-jump", "1", "--mouse-jump", "4", "--turn-limit", "3", "--timed"});
  CHECK_THAT(r.out, Contains("mouse wins: true"));
  r = run_tool({"cat-mouse2", "M.C....", "--cat-jump", "1", "--mouse-jump", "4"});
  CHECK(r.status == 2);
  CHECK(r.err == "exactdp: error: the grid has no food 'F'; it needs exactly one\n");
  r = run_tool({"cat-mouse2", "M.C...F", "--cat-jump", "1"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("--mouse-jump is required"));
}

TEST_CASE("exactdp retrograde", "[tool]") {
  auto r = run_tool({"retrograde", source_path("examples/retrograde/take_away.json")});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("start 7 left: win for the player to move, remoteness 5 plies"));
  CHECK_THAT(r.out, Contains("principal line: 7 left -> 6 left -> 5 left -> 3 left -> 2 left -> 0 left"));
  r = run_tool({"retrograde", source_path("examples/retrograde/two_players.json"), "--json"});
  CHECK(r.status == 0);
  CHECK(r.out ==
        "{\"positions\":7,\"moves\":7,\"start\":\"a\",\"outcome\":\"win\",\"remoteness\":3,\"line\":[\"a\",\"c\",\"f\","
        "\"g\"],\"line_complete\":true,\"wins\":3,\"losses\":2,\"draws\":2}\n");
  r = run_tool({"retrograde", "{\"positions\":2,\"moves\":[[1],[0]]}"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("start 0: draw for the player to move"));
  CHECK_THAT(r.out, Contains("principal line: 0 -> 1 -> 0 (repeats)"));
  r = run_tool({"retrograde", "{\"positions\":3,\"moves\":[[1],[2],[0]]}", "--line-plies", "2"});
  CHECK_THAT(r.out, Contains("principal line: 0 -> 1 -> 2 -> ...\n"));
  r = run_tool({"cat-mouse", "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]", "--line-plies", "2"});
  CHECK_THAT(r.out, Contains("principal line: mouse 1->3, cat 2->5, ...\n"));
}

TEST_CASE("exactdp retrograde errors", "[tool][errors]") {
  auto r = run_tool({"retrograde", "{\"positions\":10000000,\"moves\":[[1],[2],[]]}"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("\"moves\" must be an array of 10000000 lists"));
  r = run_tool({"retrograde", "{\"positions\":1000000000,\"moves\":[[1],[2],[]]}"});
  CHECK(r.status == 1);
  CHECK_THAT(r.err, Contains("above the state budget"));
  r = run_tool({"retrograde", "[[[[[[]]]]]]"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("nested deeper than 4 levels"));
  r = run_tool({"retrograde", "{\"positions\":2,\"moves\":[[1],[5]]}"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("moves[1][0] must be a position number 0..1, not 5"));
}
