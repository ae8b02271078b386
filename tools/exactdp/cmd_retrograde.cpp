// Commands of the retrograde family: cat-mouse (LC 913), cat-mouse2
// (LC 1728) and retrograde (any game graph in the JSON model format).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "command.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/cat_mouse.hpp"
#include "exactdp/retrograde/cat_mouse2.hpp"
#include "exactdp/retrograde/game_graph.hpp"
#include "exactdp/retrograde/retrograde.hpp"

namespace exactdp::tool {
namespace {

/// The JSON text of an argument: the argument itself if it starts with '['
/// or '{', standard input for "-", else the file it names.
std::string read_json_argument(const std::string& arg, const char* what) {
  const auto first = arg.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && (arg[first] == '[' || arg[first] == '{')) return arg;
  return read_text(arg, std::string("the ") + what, 24);
}

std::string remoteness_json(std::uint32_t r) { return r == no_remoteness ? "null" : std::to_string(r); }
/// Whether the first `shown` positions of a principal line reach its end: a
/// position without a move, or (a drawn line) a position seen before.
bool line_complete(const std::vector<std::uint32_t>& line, std::size_t shown, const retrograde_result& r) {
  const std::uint32_t last = line[shown - 1];
  if (r.best_move[last] == no_move) return true;
  return std::find(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(shown - 1), last) !=
         line.begin() + static_cast<std::ptrdiff_t>(shown - 1);
}

std::string plies(std::uint32_t r) { return std::to_string(r) + (r == 1 ? " ply" : " plies"); }

// ---- cat-mouse ---------------------------------------------------------

struct cat_mouse_options {
  std::string graph;
  bool json = false;
  std::uint32_t line_plies = 40;
};

void run_cat_mouse(const cat_mouse_options& o) {
  const cat_mouse_game game(parse_cat_mouse_graph(read_json_argument(o.graph, "graph")));
  const cat_mouse_answer a = solve_cat_mouse(game);
  static const char* const words[] = {"draw", "the mouse wins", "the cat wins"};
  const std::size_t shown = std::min<std::size_t>(a.line.size(), std::size_t{o.line_plies} + 1);
  const std::uint32_t last = a.line[shown - 1];
  const bool ended = game.terminal_outcome(last) != outcome::undecided;
  const bool repeats = std::find(a.line.begin(), a.line.begin() + static_cast<std::ptrdiff_t>(shown - 1), last) !=
                       a.line.begin() + static_cast<std::ptrdiff_t>(shown - 1);
  const bool complete = ended || repeats;
  if (o.json) {
    std::cout << "{\"nodes\":" << game.node_count() << ",\"result\":" << a.result << ",\"winner\":"
              << json_escape(a.result == 1   ? "mouse"
                             : a.result == 2 ? "cat"
                                             : "none")
              << ",\"remoteness\":" << remoteness_json(a.remoteness) << ",\"first_move\":" << a.first_move
              << ",\"line\":[";
    for (std::size_t k = 0; k < shown; ++k)
      std::cout << (k ? "," : "") << "{\"mouse\":" << game.mouse_of(a.line[k]) << ",\"cat\":" << game.cat_of(a.line[k])
                << ",\"to_move\":\"" << (game.mouse_to_move(a.line[k]) ? "mouse" : "cat") << "\"}";
    std::cout << "],\"line_complete\":" << (complete ? "true" : "false") << "}\n";
    return;
  }
  std::cout << "cat and mouse on " << game.node_count()
            << " nodes (hole 0; the mouse starts on 1 and moves first, the cat starts on 2)\n";
  std::cout << "result: " << a.result << " (" << words[a.result] << ")\n";
  if (a.result == 0)
    std::cout << "remoteness: none (neither can force an end)\n";
  else
    std::cout << "remoteness: " << plies(a.remoteness) << " (moves of both players)\n";
  std::cout << "first optimal move: mouse 1 -> " << a.first_move << '\n';
  std::cout << "principal line:";
  for (std::size_t k = 1; k < shown; ++k) {
    const std::uint32_t from = a.line[k - 1], to = a.line[k];
    if (game.mouse_to_move(from))
      std::cout << (k > 1 ? "," : "") << " mouse " << game.mouse_of(from) << "->" << game.mouse_of(to);
    else
      std::cout << (k > 1 ? "," : "") << " cat " << game.cat_of(from) << "->" << game.cat_of(to);
  }
  if (!complete)
    std::cout << ", ...";
  else if (repeats)
    std::cout << " (the position repeats)";
  else
    std::cout << (a.result == 1 ? " (the mouse reaches the hole)" : " (the cat catches the mouse)");
  std::cout << '\n';
}

void setup_cat_mouse(CLI::App& app) {
  auto opts = std::make_shared<cat_mouse_options>();
  CLI::App* cmd = app.add_subcommand(
      "cat-mouse",
      "Cat and Mouse (LC 913) by retrograde analysis: 1 mouse wins, 2 cat wins, 0 draw, with remoteness and the "
      "first optimal move");
  cmd->add_option("GRAPH", opts->graph,
                  "Undirected graph as a JSON adjacency list, e.g. '[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]', "
                  "or a file holding one, or - for standard input")
      ->required();
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->add_option("--line-plies", opts->line_plies, "Longest principal line printed, in plies (default 40)")
      ->check(CLI::Range(0, 1000));
  cmd->callback([opts] { run_cat_mouse(*opts); });
}

// ---- cat-mouse2 --------------------------------------------------------

struct cat_mouse2_options {
  std::vector<std::string> grid;
  int cat_jump = 0, mouse_jump = 0;
  std::uint32_t turn_limit = 1000;
  bool timed = false, json = false;
};

void run_cat_mouse2(const cat_mouse2_options& o) {
  const cat_mouse2_board board(o.grid, o.cat_jump, o.mouse_jump);
  const cat_mouse2_answer a = o.timed ? solve_cat_mouse2_timed(o.grid, o.cat_jump, o.mouse_jump, o.turn_limit)
                                      : solve_cat_mouse2(o.grid, o.cat_jump, o.mouse_jump, o.turn_limit);
  const int mr = board.row_of[board.mouse_start], mc = board.col_of[board.mouse_start];
  if (o.json) {
    std::cout << "{\"mouse_wins\":" << (a.mouse_wins ? "true" : "false")
              << ",\"mouse_outcome\":" << json_escape(std::string(outcome_name(a.mouse_outcome)))
              << ",\"remoteness\":" << remoteness_json(a.remoteness) << ",\"turn_limit\":" << o.turn_limit
              << ",\"form\":" << json_escape(o.timed ? "timed" : "cyclic") << ",\"first_move\":";
    if (a.move_row < 0)
      std::cout << "null";
    else
      std::cout << "[" << a.move_row << "," << a.move_col << "]";
    std::cout << "}\n";
    return;
  }
  std::cout << "cat and mouse II on a " << board.rows << "x" << board.cols << " grid (" << board.cells
            << " free cells), cat jump " << o.cat_jump << ", mouse jump " << o.mouse_jump << ", limit " << o.turn_limit
            << " turns (plies)\n";
  std::cout << "mouse wins: " << (a.mouse_wins ? "true" : "false") << '\n';
  std::cout << (o.timed ? "mouse's outcome under the limit: " : "mouse's outcome without a limit: ")
            << outcome_name(a.mouse_outcome);
  if (a.remoteness != no_remoteness)
    std::cout << " in " << plies(a.remoteness);
  else
    std::cout << " (it can avoid the cat for ever but never eat: the cat wins by the limit)";
  std::cout << '\n';
  if (a.move_row >= 0)
    std::cout << "first optimal move: mouse (" << mr << "," << mc << ") -> (" << a.move_row << "," << a.move_col
              << ")\n";
}

void setup_cat_mouse2(CLI::App& app) {
  auto opts = std::make_shared<cat_mouse2_options>();
  CLI::App* cmd = app.add_subcommand(
      "cat-mouse2", "Cat and Mouse II (LC 1728): can the mouse reach the food first within the turn limit?");
  cmd->add_option("GRID", opts->grid, "Grid rows of C (cat), M (mouse), F (food), # (wall), . (floor)")->required();
  cmd->add_option("--cat-jump", opts->cat_jump, "Cat's longest jump, 0..1000")->required();
  cmd->add_option("--mouse-jump", opts->mouse_jump, "Mouse's longest jump, 0..1000")->required();
  cmd->add_option("--turn-limit", opts->turn_limit, "Turn limit in plies (default 1000, as LC 1728)");
  cmd->add_flag("--timed", opts->timed,
                "Solve the acyclic form with the ply count in the state (same answer, (limit+1)/2 times the "
                "positions)");
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts] { run_cat_mouse2(*opts); });
}

// ---- retrograde --------------------------------------------------------

struct retrograde_options {
  std::string model;
  bool json = false;
  std::uint32_t line_plies = 40;
};

void run_retrograde(const retrograde_options& o) {
  const game_model model = parse_game_model(read_json_argument(o.model, "model"));
  const retrograde_result r = solve_retrograde(model.graph);
  const std::uint32_t s = model.start;
  const std::vector<std::uint32_t> line = principal_line(r, s, o.line_plies);
  const bool complete = line_complete(line, line.size(), r);
  const game_graph& g = model.graph;
  std::size_t counts[4] = {0, 0, 0, 0};
  for (const outcome v : r.outcomes) ++counts[static_cast<int>(v)];
  if (o.json) {
    std::cout << "{\"positions\":" << g.position_count() << ",\"moves\":" << g.moves.size()
              << ",\"start\":" << json_escape(position_label(model, s))
              << ",\"outcome\":" << json_escape(std::string(outcome_name(r.outcomes[s])))
              << ",\"remoteness\":" << remoteness_json(r.remoteness[s]) << ",\"line\":[";
    for (std::size_t k = 0; k < line.size(); ++k)
      std::cout << (k ? "," : "") << json_escape(position_label(model, line[k]));
    std::cout << "],\"line_complete\":" << (complete ? "true" : "false") << ",\"wins\":" << counts[3]
              << ",\"losses\":" << counts[1] << ",\"draws\":" << counts[2] << "}\n";
    return;
  }
  std::cout << "game graph: " << g.position_count() << " positions, " << g.moves.size() << " moves (" << counts[3]
            << " wins, " << counts[1] << " losses, " << counts[2] << " draws)\n";
  std::cout << "start " << position_label(model, s);
  if (!g.player.empty()) std::cout << " (player " << int(g.player[s]) << " to move)";
  std::cout << ": " << outcome_name(r.outcomes[s]) << " for the player to move";
  if (r.remoteness[s] != no_remoteness) std::cout << ", remoteness " << plies(r.remoteness[s]);
  std::cout << '\n';
  std::cout << "principal line: ";
  for (std::size_t k = 0; k < line.size(); ++k) std::cout << (k ? " -> " : "") << position_label(model, line[k]);
  if (!complete)
    std::cout << " -> ...";
  else if (r.best_move[line.back()] != no_move)
    std::cout << " (repeats)";
  else if (g.terminal[line.back()] != outcome::undecided)
    std::cout << " (end: " << outcome_name(r.outcomes[line.back()]) << " for the player to move)";
  else
    std::cout << " (end: no move, lose for the player to move)";
  std::cout << '\n';
}

void setup_retrograde(CLI::App& app) {
  auto opts = std::make_shared<retrograde_options>();
  CLI::App* cmd = app.add_subcommand(
      "retrograde",
      "Retrograde analysis of a game graph (JSON model, see docs/retrograde.md): the start's outcome, remoteness "
      "and principal line");
  cmd->add_option("MODEL", opts->model,
                  "Game graph as JSON: a file, - for standard input, or the text itself, e.g. "
                  "'{\"positions\":2,\"moves\":[[1],[]]}'")
      ->required();
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->add_option("--line-plies", opts->line_plies, "Longest principal line printed, in plies (default 40)")
      ->check(CLI::Range(0, 100000));
  cmd->callback([opts] { run_retrograde(*opts); });
}

void setup(CLI::App& app) {
  setup_cat_mouse(app);
  setup_cat_mouse2(app);
  setup_retrograde(app);
}

}  // namespace

EXACTDP_REGISTER_COMMANDS(60, setup);

}  // namespace exactdp::tool
