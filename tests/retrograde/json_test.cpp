// The JSON game-graph format: a full model, and every error path (including
// budgets checked before anything of the declared size is allocated).
#include <catch2/catch.hpp>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/game_graph.hpp"
#include "exactdp/retrograde/retrograde.hpp"

using namespace exactdp;
using Catch::Matchers::Contains;

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
  const retrograde_result r = solve_retrograde(m.graph);
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
  CHECK(solve_retrograde(bare.graph).outcomes[0] == outcome::win);
  // The same graph where 0 and 1 are the same player: the move keeps the turn.
  const game_model same = parse_game_model(R"({"positions": 2, "moves": [[1], []], "player": [1, 1]})");
  CHECK(same.graph.player == std::vector<std::uint8_t>{1, 1});
  CHECK(solve_retrograde(same.graph).outcomes[0] == outcome::lose);
}

TEST_CASE("game-graph JSON errors", "[json][errors]") {
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []"),
                    Contains("game graph: JSON parse error"));
  CHECK_THROWS_WITH(parse_game_model("[1, 2]"), Contains("must be a JSON object"));
  CHECK_THROWS_WITH(parse_game_model("{\"moves\": []}"), Contains("\"positions\" is missing"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 0, \"moves\": []}"), Contains("from 1 to 4294967294"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": -3, \"moves\": []}"), Contains("not -3"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": \"2\", \"moves\": []}"), Contains("\"positions\" must be"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 1}"), Contains("\"moves\" is missing"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 1, \"moves\": [[]], \"mvoes\": 1}"),
                    Contains("unknown field \"mvoes\""));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], [2]]}"),
                    Contains("moves[1][0] must be a position number 0..1, not 2"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], [-1]]}"), Contains("moves[1][0]"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], 5]}"), Contains("moves[1] must be a list"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], [[0]]]}"), Contains("moves[1][0]"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": {\"1\": \"won\"}}"),
                    Contains("terminal[\"1\"] must be \"win\", \"lose\" or \"draw\""));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": {\"x\": \"win\"}}"),
                    Contains("terminal key \"x\""));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": {\"2\": \"win\"}}"),
                    Contains("terminal key \"2\""));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": [1]}"),
                    Contains("\"terminal\" must be an object"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"terminal\": {\"0\": \"win\"}}"),
                    Contains("position 0 is terminal (win) but has 1 moves"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"player\": [0, 2]}"),
                    Contains("player[1] must be 0 or 1"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"player\": [0]}"),
                    Contains("\"player\" must be an array of 2"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"names\": [\"a\", 3]}"),
                    Contains("names[1] must be a string"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 2, \"moves\": [[1], []], \"start\": 2}"),
                    Contains("\"start\" must be a position number 0..1"));
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 1, \"moves\": [[]], \"description\": 5}"),
                    Contains("\"description\" must be a string"));
}

TEST_CASE("deep nesting and huge declarations are refused before allocating", "[json][errors]") {
  CHECK_THROWS_WITH(parse_game_model(std::string(100000, '[') + std::string(100000, ']')),
                    Contains("nested deeper than 4 levels at byte 5"));
  // Brackets inside strings do not count.
  CHECK_THROWS_WITH(parse_game_model("{\"description\": \"[[[[[[\", \"positions\": 1}"),
                    Contains("\"moves\" is missing"));
  // 10^7 positions declared, 3 lists given: refused before any table of 10^7.
  CHECK_THROWS_WITH(parse_game_model("{\"positions\": 10000000, \"moves\": [[1], [2], []]}"),
                    Contains("\"moves\" must be an array of 10000000 lists (one per position), not of 3"));
  // 10^9 positions would need 35 GB: a resource error, before anything else.
  CHECK_THROWS_AS(parse_game_model("{\"positions\": 1000000000, \"moves\": [[1], [2], []]}"), resource_error);
  const std::uint64_t saved = state_budget_bytes();
  state_budget_bytes() = 4096;
  CHECK_THROWS_WITH(
      parse_game_model("{\"positions\": 1, \"moves\": [[]], \"description\": \"" + std::string(1000, 'x') + "\"}"),
      Contains("bytes of JSON"));
  state_budget_bytes() = saved;
}
