// python/retrograde.cpp: retrograde analysis of finite game graphs (win,
// lose or draw for the player to move, and the plies to the end), from a
// dict in the JSON game-graph shape (docs/retrograde.md) or from a file, and
// the two cat-and-mouse games (LeetCode 913 and 1728) on the same engine.
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "common.hpp"
#include "exactdp/games/outcome.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/retrograde/cat_mouse.hpp"
#include "exactdp/retrograde/cat_mouse2.hpp"
#include "exactdp/retrograde/game_graph.hpp"
#include "exactdp/retrograde/retrograde.hpp"

namespace exactdp::python {

namespace {

py::str name_of(outcome o) { return py::str(std::string(outcome_name(o))); }

py::object remoteness_of(std::uint32_t r) { return r == no_remoteness ? py::none() : py::object(py::int_(r)); }

// A game graph from a dict in the JSON game-graph shape (written by Python's
// json module, read by the library's strict reader: unknown keys and every
// fault are ValueError with the reader's message) or from a file path.
game_model read_game(py::handle x) {
  if (py::isinstance<py::dict>(x)) {
    const std::string text = model_json_text(x, "a game graph");
    return released([&] { return parse_game_model(text, "the game graph"); });
  }
  if (!py::isinstance<py::str>(x) && !py::hasattr(x, "__fspath__"))
    throw py::type_error("a game graph is a dict in the JSON game-graph shape or a file path");
  const auto path = py::module_::import("os").attr("fspath")(x).cast<std::string>();
  return released([&] { return parse_game_model(read_text(path, "the game graph"), path); });
}

}  // namespace

void bind_retrograde(py::module_& m) {
  m.def(
      "retrograde_analysis",
      [](py::handle model) {
        const game_model g = read_game(model);
        const retrograde_result r = released([&] { return retrograde_analysis(g.graph); });
        const std::uint32_t n = g.graph.position_count();
        py::list names, outcomes, remoteness, best_move;
        for (std::uint32_t p = 0; p < n; ++p) {
          names.append(position_label(g, p));
          outcomes.append(name_of(r.outcomes[p]));
          remoteness.append(remoteness_of(r.remoteness[p]));
          best_move.append(r.best_move[p] == no_move ? py::none() : py::object(py::int_(r.best_move[p])));
        }
        py::dict d;
        d["start"] = g.start;
        d["names"] = names;
        d["outcomes"] = outcomes;
        d["remoteness"] = remoteness;
        d["best_move"] = best_move;
        return d;
      },
      py::arg("model"),
      "Retrograde analysis (Thompson 1986) of a finite game graph: a dict in the JSON game-graph shape "
      "(docs/retrograde.md: {\"positions\": N, \"moves\": [[...], ...], \"start\": s, \"terminal\": {\"3\": "
      "\"lose\"}, \"player\": [0, 1, ...], \"names\": [...]}) or a file path. Returns a dict with the fields of the "
      "C++ retrograde_result, one entry per position: outcomes (\"win\", \"lose\" or \"draw\" for the player to "
      "move), remoteness (plies to the end under optimal play, None for a draw), best_move (the position an "
      "optimal move leads to, None at a terminal position); and start and names (each position's name, or its "
      "number). A non-terminal position without moves is a loss (normal play). Raises ValueError with the "
      "reader's message for a fault in the graph (an unknown key, a move to a missing position, ...), "
      "exactdp.ResourceError past the state budget. Cost: O(positions + moves).");

  m.def(
      "cat_mouse",
      [](const std::vector<std::vector<int_arg>>& graph_arg) {
        std::vector<std::vector<int>> graph;
        for (std::size_t i = 0; i < graph_arg.size(); ++i)
          graph.push_back(integer_values<int>(graph_arg[i], "graph[" + std::to_string(i) + "]"));
        const auto [r, line] = released([&] {
          const cat_mouse_game game(graph);
          cat_mouse_result res = cat_mouse(game);
          std::vector<std::tuple<int, int, bool>> decoded;
          for (const std::uint32_t p : res.line)
            decoded.emplace_back(game.mouse_of(p), game.cat_of(p), game.mouse_to_move(p));
          return std::make_pair(std::move(res), std::move(decoded));
        });
        py::dict d;
        d["result"] = r.result;
        d["remoteness"] = remoteness_of(r.remoteness);
        d["first_move"] = r.first_move < 0 ? py::none() : py::object(py::int_(r.first_move));
        d["line"] = line;
        return d;
      },
      py::arg("graph"),
      "LeetCode 913 Cat and Mouse, by retrograde analysis (no move cap): graph is the adjacency lists of an "
      "undirected graph (hole 0, the mouse starts on 1 and moves first, the cat on 2 and never enters the hole). "
      "Returns a dict with the fields of the C++ cat_mouse_result: result (1 the mouse wins, 2 the cat wins, 0 a "
      "draw), remoteness (plies to the end, None for a draw), first_move (the mouse's first optimal node, None "
      "if it has none) and line (the principal line as (mouse, cat, mouse_to_move) tuples, at most 1000 plies). "
      "Raises ValueError naming the node for a malformed graph.");

  m.def(
      "cat_mouse2",
      [](const std::vector<std::string>& grid, const int_arg& cat_jump_arg, const int_arg& mouse_jump_arg,
         const int_arg& turn_limit_arg) {
        const int cat_jump = integer_value<int>(cat_jump_arg, "cat_jump"),
                  mouse_jump = integer_value<int>(mouse_jump_arg, "mouse_jump");
        const auto turn_limit = integer_value<std::uint32_t>(turn_limit_arg, "turn_limit");
        const cat_mouse2_result r = released([&] { return cat_mouse2(grid, cat_jump, mouse_jump, turn_limit); });
        py::dict d;
        d["mouse_wins"] = r.mouse_wins;
        d["mouse_outcome"] = name_of(r.mouse_outcome);
        d["remoteness"] = remoteness_of(r.remoteness);
        d["move_row"] = r.move_row < 0 ? py::none() : py::object(py::int_(r.move_row));
        d["move_col"] = r.move_col < 0 ? py::none() : py::object(py::int_(r.move_col));
        return d;
      },
      py::arg("grid"), py::arg("cat_jump").noconvert(), py::arg("mouse_jump").noconvert(),
      py::arg("turn_limit").noconvert() = py::int_(1000),
      "LeetCode 1728 Cat and Mouse II: grid is a list of strings of 'C', 'M', 'F', '#' and '.'; a turn is one "
      "move of one player. Returns a dict with the fields of the C++ cat_mouse2_result: mouse_wins (the LeetCode "
      "answer under turn_limit), mouse_outcome (\"win\", \"lose\" or \"draw\" for the mouse without a limit), "
      "remoteness (plies to that end, None for a draw), move_row and move_col (the mouse's first optimal cell). "
      "Raises ValueError for a malformed grid or jump length.");
}

}  // namespace exactdp::python
