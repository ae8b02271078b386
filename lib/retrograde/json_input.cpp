// JSON input of the retrograde family: the game-graph model format and the
// cat-and-mouse adjacency list, through the strict JSON reader shared by
// every model file (exactdp/io/json_input.hpp).
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/io/json_input.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/cat_mouse.hpp"
#include "exactdp/retrograde/game_graph.hpp"
#include "exactdp/retrograde/retrograde.hpp"

namespace exactdp {

game_model parse_game_model(std::string_view json_text, const std::string& source) {
  const json_document doc(json_text, source);
  const json_value& root = doc.root();
  doc.expect_object(root, "the game graph",
                    {"positions", "start", "moves", "terminal", "player", "names", "description"});
  const json_value* positions = root.find("positions");
  if (!positions) doc.fail(root, "the game graph has no \"positions\" (the number of positions)");
  const auto n = doc.read_integer<std::uint32_t>(*positions, "\"positions\"", 1, 0xFFFF'FFFEu);
  // The graph (8 + 1 + 1 bytes) and its analysis (25 bytes) per position,
  // checked before anything of size N is built.
  check_state_budget("a game graph of " + std::to_string(n) + " positions", static_cast<long double>(n), 35);
  const json_value* moves = root.find("moves");
  if (!moves) doc.fail(root, "the game graph has no \"moves\" (one list of successors per position)");
  doc.expect_array(*moves, "\"moves\"");
  if (moves->items().size() != n)
    doc.fail(*moves, "\"moves\" must have " + std::to_string(n) + " lists (one per position), not " +
                         std::to_string(moves->items().size()));
  std::uint64_t total = 0;
  for (std::size_t p = 0; p < n; ++p) {
    doc.expect_array(moves->items()[p], "moves[" + std::to_string(p) + "]");
    total += moves->items()[p].items().size();
  }
  check_state_budget("a game graph of " + std::to_string(n) + " positions and " + std::to_string(total) + " moves",
                     static_cast<long double>(n) + static_cast<long double>(total),
                     static_cast<std::size_t>((35.0L * n + 8.0L * total) / (static_cast<long double>(n + total)) + 1));

  game_model model;
  game_graph& g = model.graph;
  g.terminal.assign(n, outcome::undecided);
  g.move_begin.assign(std::size_t{n} + 1, 0);
  g.moves.reserve(total);
  for (std::size_t p = 0; p < n; ++p) {
    const auto& list = moves->items()[p].items();
    for (std::size_t k = 0; k < list.size(); ++k)
      g.moves.push_back(doc.read_integer<std::uint32_t>(
          list[k], "moves[" + std::to_string(p) + "][" + std::to_string(k) + "]", 0, n - 1));
    g.move_begin[p + 1] = g.moves.size();
  }
  if (const json_value* terminal = root.find("terminal")) {
    doc.expect_object(*terminal, "\"terminal\"");
    // Keys are position numbers read by the one integer reader, so "01" is
    // position 1: two keys for one position are an error, not "the last wins".
    std::vector<std::size_t> given_at(n, 0);  // 1 + the index of the position's first value, 0: none yet
    for (std::size_t i = 0; i < terminal->keys().size(); ++i) {
      const std::string& key = terminal->keys()[i];
      const json_value& value = terminal->items()[i];
      std::uint32_t p = 0;
      try {
        p = parse_integer<std::uint32_t>(key, "a key of \"terminal\" (a position number)", 0, n - 1);
      } catch (const std::invalid_argument& e) {
        doc.fail(value, e.what());
      }
      if (given_at[p] != 0) {
        const json_value& first = terminal->items()[given_at[p] - 1];
        doc.fail(value, "position " + std::to_string(p) + " is given twice in \"terminal\" (at " +
                            std::to_string(first.line()) + ":" + std::to_string(first.column()) + " and " +
                            std::to_string(value.line()) + ":" + std::to_string(value.column()) + ")");
      }
      given_at[p] = i + 1;
      const std::string& word = doc.expect_string(value, "terminal[" + quote_input(key, 60) + "]");
      if (word == "win")
        g.terminal[p] = outcome::win;
      else if (word == "lose")
        g.terminal[p] = outcome::lose;
      else if (word == "draw")
        g.terminal[p] = outcome::draw;
      else
        doc.fail(value, "terminal[" + quote_input(key, 60) + "] must be \"win\", \"lose\" or \"draw\", not " +
                            value.describe());
    }
  }
  if (const json_value* player = root.find("player")) {
    doc.expect_array(*player, "\"player\"");
    if (player->items().size() != n)
      doc.fail(*player, "\"player\" must be an array of " + std::to_string(n) + " entries 0 or 1, not " +
                            std::to_string(player->items().size()));
    g.player.reserve(n);
    for (std::size_t p = 0; p < n; ++p)
      g.player.push_back(doc.read_integer<std::uint8_t>(player->items()[p], "player[" + std::to_string(p) + "]", 0, 1));
  }
  if (const json_value* names = root.find("names")) {
    doc.expect_array(*names, "\"names\"");
    if (names->items().size() != n)
      doc.fail(*names, "\"names\" must be an array of " + std::to_string(n) + " strings, not " +
                           std::to_string(names->items().size()));
    model.names.reserve(n);
    for (std::size_t p = 0; p < n; ++p)
      model.names.push_back(doc.expect_string(names->items()[p], "names[" + std::to_string(p) + "]"));
  }
  if (const json_value* description = root.find("description")) doc.expect_string(*description, "\"description\"");
  if (const json_value* start = root.find("start"))
    model.start = doc.read_integer<std::uint32_t>(*start, "\"start\"", 0, n - 1);
  validate_game_graph(g);
  return model;
}

std::string position_label(const game_model& model, std::uint32_t p) {
  return model.names.empty() ? std::to_string(p) : model.names[p];
}

std::vector<std::vector<int>> parse_cat_mouse_graph(std::string_view json_text, const std::string& source) {
  const json_document doc(json_text, source);
  const json_value& root = doc.root();
  if (!root.is(json_value::kind::array))
    doc.fail(root, "the graph must be a JSON array of neighbour lists, like [[2,5],[3],...], not " + root.describe());
  const std::size_t n = root.items().size();
  if (n > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    doc.fail(root, "the graph has more than 2^31-1 nodes");
  std::vector<std::vector<int>> graph;
  graph.reserve(n);
  for (std::size_t a = 0; a < n; ++a) {
    const json_value& list = root.items()[a];
    doc.expect_array(list, "entry " + std::to_string(a) + " (the neighbours of node " + std::to_string(a) + ")");
    std::vector<int> row;
    row.reserve(list.items().size());
    for (const json_value& b : list.items())
      row.push_back(doc.read_integer<int>(b, "a neighbour of node " + std::to_string(a), 0,
                                          static_cast<int>(n == 0 ? 0 : n - 1)));
    graph.push_back(std::move(row));
  }
  return graph;
}

}  // namespace exactdp
