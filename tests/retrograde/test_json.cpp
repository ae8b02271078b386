// The JSON game-graph format: a full model, and every error path (including
// budgets checked before anything of the declared size is allocated).
#include <catch2/catch.hpp>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/game_graph.hpp"
#include "exactdp/retrograde/retrograde.hpp"

using namespace exactdp;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;

TEST_CASE("a model with names, players and terminal outcomes", "[json]") {
  const game_model m = parse_game_model(R"({
    "description": "take 1 or 2 from 4; who takes the last wins",
    "positions": 5, "start": 4,
    "names": ["0 left", "1 left", "2 left", "3 left", "4 left"],
    "moves": [[], [0], [1, 0], [2, 1], [3, 2]],
    "terminal": {"0": "lose"}
  })");
  CHECK(m.start == 4);
  CHECK(position_label(m, 2) == "2 left");
  const retrograde_result r = retrograde_analysis(m.graph);
  CHECK(r.outcomes[4] == outcome::win);  // 4 is not a multiple of 3
  CHECK(r.remoteness[4] == 3);
  CHECK(r.best_move[4] == 3);
  CHECK(r.outcomes[3] == outcome::lose);
  CHECK(principal_line(r, 4, 10) == std::vector<std::uint32_t>{4, 3, 2, 0});
  CHECK(m.graph.player.empty());
  const game_model bare = parse_game_model(R"({"positions": 2, "moves": [[1], []]})");
  CHECK(bare.start == 0);
  CHECK(bare.names.empty());
  CHECK(position_label(bare, 1) == "1");
  CHECK(retrograde_analysis(bare.graph).outcomes[0] == outcome::win);
  // The same graph where 0 and 1 are the same player: the move keeps the turn.
  const game_model same = parse_game_model(R"({"positions": 2, "moves": [[1], []], "player": [1, 1]})");
  CHECK(same.graph.player == std::vector<std::uint8_t>{1, 1});
  CHECK(retrograde_analysis(same.graph).outcomes[0] == outcome::lose);
}

TEST_CASE("game-graph JSON errors", "[json][errors]") {
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []"),
                    Contains("game graph:1:35: not valid JSON: expected ',' or ']' after an array element"));
  CHECK_THROWS_WITH(parse_game_model("[1, 2]"),
                    Equals("game graph:1:1: the game graph must be an object, not an array"));
  CHECK_THROWS_WITH(parse_game_model("{\"moves\": []}"), Contains("the game graph has no \"positions\""));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 0, \"moves\": []}"),
                    Equals("game graph:1:15: \"positions\" must be an integer in 1..4294967294, not the number '0'"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": -3, \"moves\": []}"), Contains("not the number '-3'"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": \"2\", \"moves\": []}"), Contains("\"positions\" must be"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 1}"), Contains("has no \"moves\""));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 1, \"moves\": [[]], \"mvoes\": 1}"),
                    Contains("unknown key 'mvoes' in the game graph"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], [2]]}"),
                    Equals("game graph:1:34: moves[1][0] must be an integer in 0..1, not the number '2'"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], [-1]]}"), Contains("moves[1][0]"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], 5]}"),
                    Contains("moves[1] must be an array, not the number '5'"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], [[0]]]}"), Contains("moves[1][0]"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": {\"1\": \"won\"}}"),
                    Contains("terminal['1'] must be \"win\", \"lose\" or \"draw\", not the string 'won'"));
  CHECK_THROWS_WITH(
      parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": {\"x\": \"win\"}}"),
      Equals("game graph:1:56: a key of \"terminal\" (a position number) must be an integer in 0..1, not 'x'"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": {\"2\": \"win\"}}"),
                    Contains("must be an integer in 0..1, not '2'"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": [1]}"),
                    Equals("game graph:1:50: \"terminal\" must be an object, not an array"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": {\"0\": \"win\"}}"),
                    Contains("position 0 is terminal (win) but has 1 moves"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"player\": [0, 2]}"),
                    Contains("player[1] must be an integer in 0..1, not the number '2'"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"player\": [0]}"),
                    Contains("\"player\" must be an array of 2"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"names\": [\"a\", 3]}"),
                    Contains("names[1] must be a string"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"start\": 2}"),
                    Contains("\"start\" must be an integer in 0..1, not the number '2'"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 1, \"moves\": [[]], \"description\": 5}"),
                    Contains("\"description\" must be a string"));
}

TEST_CASE("deep nesting and huge declarations are refused before allocating", "[json][errors]") {
  CHECK_THROWS_WITH(parse_game_model(std::string(100000, '[') + std::string(100000, ']')),
                    Equals("game graph:1:65: nested deeper than 64 levels of arrays and objects"));
  // Brackets inside strings do not count.
  CHECK_THROWS_WITH(parse_game_model("{\"description\": \"[[[[[[\", \"positions\": 1}"), Contains("has no \"moves\""));
  // 10^7 positions declared, 3 lists given: refused before any table of 10^7.
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 10000000, \"moves\": [[1], [2], []]}"),
                    Contains("\"moves\" must have 10000000 lists (one per position), not 3"));
  // 10^9 positions would need 35 GB: a resource error, before anything else.
  CHECK_THROWS_AS(parse_game_model("{\"positions\": 1000000000, \"moves\": [[1], [2], []]}"), resource_error);
  const std::uint64_t saved = state_budget_bytes();
  state_budget_bytes() = 4096;
  CHECK_THROWS_WITH(
      parse_game_model("{\"positions\": 1, \"moves\": [[]], \"description\": \"" + std::string(10000, 'x') + "\"}"),
      Contains("the JSON text of game graph needs"));
  state_budget_bytes() = saved;
}

TEST_CASE("a position named twice in \"terminal\" is a contradiction, whatever the spelling", "[json][errors]") {
  // "01" is position 1, as the one integer reader reads it everywhere.
  CHECK_THROWS_WITH(
      parse_game_model(
          "{\"positions\": 2, \"moves\": [[1], []],\n \"terminal\": {\"1\": \"win\",\n \"01\": \"lose\"}}"),
      Equals("game graph:3:8: position 1 is given twice in \"terminal\" (at 2:20 and 3:8)"));
  CHECK_THROWS_WITH(
      parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": {\"1\": \"win\", \"1\": \"lose\"}}"),
      Contains("the key '1' appears twice in one object"));
  const game_model m = parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": {\"01\": \"lose\"}}");
  CHECK(m.graph.terminal[1] == outcome::lose);
}
