// The retrograde commands: cat-mouse (LeetCode 913), cat-mouse2 (LeetCode
// 1728) and retrograde (any game graph in the JSON model format)
// (command.hpp).
#include <algorithm>
#include <limits>

#include "args.hpp"
#include "command.hpp"
#include "exactdp/io/json_input.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/retrograde/cat_mouse.hpp"
#include "exactdp/retrograde/cat_mouse2.hpp"
#include "exactdp/retrograde/game_graph.hpp"
#include "exactdp/retrograde/retrograde.hpp"
#include "exactdp/io/shown_text.hpp"

namespace exactdp::tool {
namespace {

// The JSON text of an argument: the argument itself when it starts with '['
// or '{', standard input for "-", else the file it names. Returns the text
// and its name for messages.
std::pair<std::string, std::string> json_argument(const std::string& arg, const char* what) {
  const auto first = arg.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && (arg[first] == '[' || arg[first] == '{')) return {arg, "the argument"};
  return {read_text(arg, what, json_bytes_per_byte), arg == "-" ? "standard input" : arg};
}

json remoteness_json(std::uint32_t r) { return r == no_remoteness ? json(nullptr) : json(r); }

std::string plies(std::uint32_t r) { return count_of(r, "ply", "plies"); }

// ---- cat-mouse ----

struct cat_mouse_options {
  std::string graph;
  std::string line_plies = "40";
};

void setup_cat_mouse(CLI::App& cmd, cat_mouse_options& o) {
  cmd.add_option("GRAPH", o.graph,
                 "Undirected graph as a JSON adjacency list, e.g. '[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]', "
                 "or a file holding one, or - for standard input")
      ->required();
  cmd.add_option("--line-plies", o.line_plies, "Longest principal line printed, in plies, 0..1000 (default 40)");
}

result run_cat_mouse(const cat_mouse_options& o) {
  const std::uint32_t max_plies = parse_integer<std::uint32_t>(o.line_plies, "--line-plies", 0, 1000);
  const auto [text, source] = json_argument(o.graph, "the cat and mouse graph");
  const cat_mouse_game game(parse_cat_mouse_graph(text, source));
  const cat_mouse_result a = cat_mouse(game);
  static const char* const words[] = {"draw", "the mouse wins", "the cat wins"};
  const std::size_t shown = std::min<std::size_t>(a.line.size(), std::size_t{max_plies} + 1);
  const std::uint32_t last = a.line[shown - 1];
  const bool ended = game.terminal_outcome(last) != outcome::undecided;
  const auto line_end = a.line.begin() + static_cast<std::ptrdiff_t>(shown - 1);
  const bool repeats = std::find(a.line.begin(), line_end, last) != line_end;
  const bool complete = ended || repeats;

  result r;
  r.question = "Cat and Mouse on " + count_of(game.node_count(), "node", "nodes") +
               " (hole 0; the mouse starts on 1 and moves first, the cat starts on 2)";
  r.add("nodes", game.node_count());
  r.add("result", a.result, "result", std::to_string(a.result) + " (" + words[a.result] + ")");
  r.add("winner", a.result == 1 ? "mouse" : a.result == 2 ? "cat" : "none");
  r.add("remoteness", remoteness_json(a.remoteness), "remoteness",
        a.result == 0 ? "none (neither can force an end)" : plies(a.remoteness) + " (moves of both players)");
  r.add("first_move", json{{"from", 1}, {"to", a.first_move}}, "first move",
        "mouse 1 -> " + std::to_string(a.first_move));
  json line = json::array();
  std::string text_line;
  for (std::size_t k = 0; k < shown; ++k) {
    const std::uint32_t p = a.line[k];
    line.push_back(
        {{"mouse", game.mouse_of(p)}, {"cat", game.cat_of(p)}, {"to_move", game.mouse_to_move(p) ? "mouse" : "cat"}});
    if (k == 0) continue;
    const std::uint32_t from = a.line[k - 1];
    text_line += (k > 1 ? ", " : "") + std::string(game.mouse_to_move(from) ? "mouse " : "cat ") +
                 std::to_string(game.mouse_to_move(from) ? game.mouse_of(from) : game.cat_of(from)) + "->" +
                 std::to_string(game.mouse_to_move(from) ? game.mouse_of(p) : game.cat_of(p));
  }
  text_line += !complete       ? ", ..."
               : repeats       ? " (the position repeats)"
               : a.result == 1 ? " (the mouse reaches the hole)"
                               : " (the cat catches the mouse)";
  r.add("line", std::move(line), "principal line", text_line);
  r.add("line_complete", complete);
  return r;
}

// ---- cat-mouse2 ----

struct cat_mouse2_options {
  std::vector<std::string> grid;
  std::string cat_jump, mouse_jump;
  std::string turn_limit = "1000";
  bool timed = false;
};

void setup_cat_mouse2(CLI::App& cmd, cat_mouse2_options& o) {
  cmd.add_option("GRID", o.grid, "Grid rows of C (cat), M (mouse), F (food), # (wall), . (floor)")->required();
  cmd.add_option("--cat-jump", o.cat_jump, "Cat's longest jump, 0..1000")->required();
  cmd.add_option("--mouse-jump", o.mouse_jump, "Mouse's longest jump, 0..1000")->required();
  cmd.add_option("--turn-limit", o.turn_limit, "Turn limit in plies, 0..2^32-1 (default 1000, as LeetCode 1728)");
  cmd.add_flag("--timed", o.timed,
               "Solve the acyclic form with the ply count in the state (same answer, (limit+1)/2 times the "
               "positions)");
}

result run_cat_mouse2(const cat_mouse2_options& o) {
  const int cat_jump = parse_integer<int>(o.cat_jump, "--cat-jump", 0, 1000);
  const int mouse_jump = parse_integer<int>(o.mouse_jump, "--mouse-jump", 0, 1000);
  const auto limit = parse_integer<std::uint32_t>(o.turn_limit, "--turn-limit", 0, 0xFFFF'FFFFu);
  const cat_mouse2_board board(o.grid, cat_jump, mouse_jump);
  const cat_mouse2_result a =
      o.timed ? cat_mouse2_timed(o.grid, cat_jump, mouse_jump, limit) : cat_mouse2(o.grid, cat_jump, mouse_jump, limit);
  const int mr = board.row_of[board.mouse_start], mc = board.col_of[board.mouse_start];
  result r;
  r.question = "Cat and Mouse II on a " + std::to_string(board.rows) + "x" + std::to_string(board.cols) + " grid (" +
               count_of(board.cells, "free cell", "free cells") + "), cat jump " + std::to_string(cat_jump) +
               ", mouse jump " + std::to_string(mouse_jump) + ", limit " + count_of(limit, "ply", "plies") +
               ": can the mouse reach the food first?";
  r.add("mouse_wins", a.mouse_wins, "mouse wins", a.mouse_wins ? "yes" : "no");
  r.add("mouse_outcome", std::string(outcome_name(a.mouse_outcome)),
        o.timed ? "mouse's outcome under the limit" : "mouse's outcome without a limit",
        std::string(outcome_name(a.mouse_outcome)) +
            (a.remoteness != no_remoteness ? " in " + plies(a.remoteness)
                                           : " (it can avoid the cat for ever but never eat: the cat wins by the "
                                             "limit)"));
  r.add("remoteness", remoteness_json(a.remoteness));
  r.add("turn_limit", limit);
  r.add("form", o.timed ? "timed" : "cyclic");
  r.add("first_move", a.move_row < 0 ? json(nullptr) : json{{"row", a.move_row}, {"col", a.move_col}}, "first move",
        a.move_row < 0 ? ""
                       : "mouse (" + std::to_string(mr) + "," + std::to_string(mc) + ") -> (" +
                             std::to_string(a.move_row) + "," + std::to_string(a.move_col) + ")");
  return r;
}

// ---- retrograde ----

struct retrograde_options {
  std::string model;
  std::string line_plies = "40";
};

void setup_retrograde(CLI::App& cmd, retrograde_options& o) {
  cmd.add_option("MODEL", o.model,
                 "Game graph as JSON: a file, - for standard input, or the text itself, e.g. "
                 "'{\"positions\":2,\"moves\":[[1],[]]}'")
      ->required();
  cmd.add_option("--line-plies", o.line_plies, "Longest principal line printed, in plies, 0..100000 (default 40)");
}

result run_retrograde(const retrograde_options& o) {
  const std::uint32_t max_plies = parse_integer<std::uint32_t>(o.line_plies, "--line-plies", 0, 100000);
  const auto [text, source] = json_argument(o.model, "the game graph");
  const game_model model = parse_game_model(text, source);
  const retrograde_result res = retrograde_analysis(model.graph);
  const std::uint32_t s = model.start;
  const std::vector<std::uint32_t> line = principal_line(res, s, max_plies);
  const game_graph& g = model.graph;
  const std::uint32_t last = line.back();
  const bool repeats = std::find(line.begin(), line.end() - 1, last) != line.end() - 1;
  const bool complete = res.best_move[last] == no_move || repeats;
  std::uint64_t counts[4] = {0, 0, 0, 0};
  for (const outcome v : res.outcomes) ++counts[static_cast<int>(v)];

  result r;
  r.question = "retrograde analysis of a game graph of " + count_of(g.position_count(), "position", "positions") +
               " and " + count_of(g.moves.size(), "move", "moves") + " (" + std::to_string(counts[3]) + " won, " +
               std::to_string(counts[1]) + " lost, " + std::to_string(counts[2]) + " drawn)";
  r.add("positions", g.position_count());
  r.add("move_count", g.moves.size());
  r.add("start", position_label(model, s), "start",
        shown_text(position_label(model, s)) +
            (g.player.empty() ? "" : " (player " + std::to_string(int(g.player[s])) + " to move)"));
  r.add("outcome", std::string(outcome_name(res.outcomes[s])), "outcome",
        std::string(outcome_name(res.outcomes[s])) + " for the player to move");
  r.add("remoteness", remoteness_json(res.remoteness[s]), "remoteness",
        res.remoteness[s] == no_remoteness ? "none (a draw)" : plies(res.remoteness[s]));
  json line_json = json::array();
  std::string text_line;
  for (std::size_t k = 0; k < line.size(); ++k) {
    line_json.push_back(position_label(model, line[k]));
    text_line += (k ? " -> " : "") + shown_text(position_label(model, line[k]));
  }
  if (!complete)
    text_line += " -> ...";
  else if (repeats)
    text_line += " (repeats)";
  else if (g.terminal[last] != outcome::undecided)
    text_line += " (end: " + std::string(outcome_name(res.outcomes[last])) + " for the player to move)";
  else
    text_line += " (end: no move, lose for the player to move)";
  r.add("line", std::move(line_json), "principal line", text_line);
  r.add("line_complete", complete);
  r.add("wins", counts[3]);
  r.add("losses", counts[1]);
  r.add("draws", counts[2]);
  return r;
}

}  // namespace

void add_retrograde_commands(command_list& list) {
  add_command<cat_mouse_options>(list, "cat-mouse",
                                 "Cat and Mouse (LeetCode 913) by retrograde analysis: 1 mouse wins, 2 cat wins, 0 "
                                 "draw, with remoteness and the first optimal move",
                                 setup_cat_mouse, run_cat_mouse);
  add_command<cat_mouse2_options>(
      list, "cat-mouse2", "Cat and Mouse II (LeetCode 1728): can the mouse reach the food first within the turn limit?",
      setup_cat_mouse2, run_cat_mouse2);
  add_command<retrograde_options>(list, "retrograde",
                                  "Retrograde analysis of a game graph (JSON model, see docs/retrograde.md): the "
                                  "start's outcome, remoteness and principal line",
                                  setup_retrograde, run_retrograde);
}

}  // namespace exactdp::tool
