// JSON input of the retrograde family: the game-graph model format and the
// cat-and-mouse adjacency list. nlohmann_json stays inside this file.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/cat_mouse.hpp"
#include "exactdp/retrograde/game_graph.hpp"
#include "exactdp/retrograde/retrograde.hpp"

namespace exactdp {

namespace {

using json = nlohmann::json;

/// Bytes of parse tree per byte of text, at worst (a one-digit number and a
/// comma, "1,", become a 16-byte json value plus its share of the array).
constexpr std::size_t parse_tree_bytes_per_char = 24;

/// Parses `text` after checking its size against the state budget and its
/// nesting depth (counted on the text, strings skipped) against `max_depth`.
json parse_document(std::string_view text, int max_depth, const std::string& what) {
  check_state_budget(what + " (" + std::to_string(text.size()) + " bytes of JSON)",
                     static_cast<long double>(text.size()), parse_tree_bytes_per_char);
  int depth = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (ch == '\\')
        escaped = true;
      else if (ch == '"')
        in_string = false;
    } else if (ch == '"') {
      in_string = true;
    } else if (ch == '[' || ch == '{') {
      if (++depth > max_depth)
        throw std::invalid_argument(what + ": JSON nested deeper than " + std::to_string(max_depth) +
                                    " levels at byte " + std::to_string(i + 1));
    } else if (ch == ']' || ch == '}') {
      --depth;
    }
  }
  try {
    return json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {  // a syntax error, or a number out of range (1e999)
    std::string message = e.what();
    const auto cut = message.find("] ");
    if (cut != std::string::npos) message = message.substr(cut + 2);
    throw std::invalid_argument(what + ": JSON " + message);
  }
}

std::uint64_t read_index(const json& v, std::uint64_t limit, const std::string& where) {
  if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= limit)
    throw std::invalid_argument(where + " must be a position number 0.." + std::to_string(limit - 1) + ", not " +
                                v.dump());
  return v.get<std::uint64_t>();
}

outcome read_outcome(const json& v, const std::string& where) {
  if (v.is_string()) {
    const std::string& word = v.get_ref<const std::string&>();
    if (word == "win") return outcome::win;
    if (word == "lose") return outcome::lose;
    if (word == "draw") return outcome::draw;
  }
  throw std::invalid_argument(where + " must be \"win\", \"lose\" or \"draw\", not " + v.dump());
}

}  // namespace

game_model parse_game_model(std::string_view json_text) {
  const std::string what = "game graph";
  const json doc = parse_document(json_text, 4, what);
  if (!doc.is_object()) throw std::invalid_argument(what + ": the document must be a JSON object");
  for (const auto& [key, value] : doc.items())
    if (key != "positions" && key != "start" && key != "moves" && key != "terminal" && key != "player" &&
        key != "names" && key != "description")
      throw std::invalid_argument(what + ": unknown field \"" + key +
                                  "\" (fields: positions, start, moves, terminal, player, names, description)");
  if (!doc.contains("positions")) throw std::invalid_argument(what + ": the field \"positions\" is missing");
  const json& positions = doc["positions"];
  if (!positions.is_number_unsigned() || positions.get<std::uint64_t>() < 1 ||
      positions.get<std::uint64_t>() > 0xFFFF'FFFEu)
    throw std::invalid_argument(what + ": \"positions\" must be a whole number from 1 to 4294967294, not " +
                                positions.dump());
  const std::uint64_t n = positions.get<std::uint64_t>();
  // The graph (8 + 1 + 1 bytes) and its analysis (25 bytes) per position,
  // checked before anything of size N is built.
  check_state_budget("a game graph of " + std::to_string(n) + " positions", static_cast<long double>(n), 35);
  if (!doc.contains("moves")) throw std::invalid_argument(what + ": the field \"moves\" is missing");
  const json& moves = doc["moves"];
  if (!moves.is_array() || moves.size() != n)
    throw std::invalid_argument(
        what + ": \"moves\" must be an array of " + std::to_string(n) + " lists (one per position), not " +
        (moves.is_array() ? "of " + std::to_string(moves.size()) : std::string("a ") + moves.type_name()));
  std::uint64_t total = 0;
  for (std::size_t p = 0; p < n; ++p) {
    if (!moves[p].is_array())
      throw std::invalid_argument(what + ": moves[" + std::to_string(p) + "] must be a list of positions, not " +
                                  moves[p].dump());
    total += moves[p].size();
  }
  check_state_budget("a game graph of " + std::to_string(n) + " positions and " + std::to_string(total) + " moves",
                     static_cast<long double>(n) + static_cast<long double>(total),
                     static_cast<std::size_t>((35.0L * n + 8.0L * total) / (static_cast<long double>(n + total)) + 1));

  game_model model;
  game_graph& g = model.graph;
  g.terminal.assign(n, outcome::undecided);
  g.move_begin.assign(n + 1, 0);
  g.moves.reserve(total);
  for (std::size_t p = 0; p < n; ++p) {
    std::size_t k = 0;
    for (const json& target : moves[p]) {
      g.moves.push_back(static_cast<std::uint32_t>(
          read_index(target, n, "moves[" + std::to_string(p) + "][" + std::to_string(k) + "]")));
      ++k;
    }
    g.move_begin[p + 1] = g.moves.size();
  }
  if (doc.contains("terminal")) {
    const json& terminal = doc["terminal"];
    if (!terminal.is_object())
      throw std::invalid_argument(what + ": \"terminal\" must be an object like {\"3\": \"lose\"}, not a " +
                                  std::string(terminal.type_name()));
    for (const auto& [key, value] : terminal.items()) {
      std::uint64_t p = 0;
      bool digits = !key.empty() && key.size() <= 10;
      for (const char ch : key) digits = digits && ch >= '0' && ch <= '9';
      if (digits) p = std::stoull(key);
      if (!digits || p >= n)
        throw std::invalid_argument(what + ": terminal key \"" + key + "\" must be a position number 0.." +
                                    std::to_string(n - 1));
      g.terminal[p] = read_outcome(value, "terminal[\"" + key + "\"]");
    }
  }
  if (doc.contains("player")) {
    const json& player = doc["player"];
    if (!player.is_array() || player.size() != n)
      throw std::invalid_argument(what + ": \"player\" must be an array of " + std::to_string(n) + " entries 0 or 1");
    g.player.reserve(n);
    for (std::size_t p = 0; p < n; ++p) {
      if (!player[p].is_number_unsigned() || player[p].get<std::uint64_t>() > 1)
        throw std::invalid_argument(what + ": player[" + std::to_string(p) + "] must be 0 or 1, not " +
                                    player[p].dump());
      g.player.push_back(static_cast<std::uint8_t>(player[p].get<std::uint64_t>()));
    }
  }
  if (doc.contains("names")) {
    const json& names = doc["names"];
    if (!names.is_array() || names.size() != n)
      throw std::invalid_argument(what + ": \"names\" must be an array of " + std::to_string(n) + " strings");
    model.names.reserve(n);
    for (std::size_t p = 0; p < n; ++p) {
      if (!names[p].is_string())
        throw std::invalid_argument(what + ": names[" + std::to_string(p) + "] must be a string, not " +
                                    names[p].dump());
      model.names.push_back(names[p].get<std::string>());
    }
  }
  if (doc.contains("description") && !doc["description"].is_string())
    throw std::invalid_argument(what + ": \"description\" must be a string");
  if (doc.contains("start"))
    model.start = static_cast<std::uint32_t>(read_index(doc["start"], n, what + ": \"start\""));
  validate_game_graph(g);
  return model;
}

std::string position_label(const game_model& model, std::uint32_t p) {
  return model.names.empty() ? std::to_string(p) : model.names[p];
}

std::vector<std::vector<int>> parse_cat_mouse_graph(std::string_view json_text) {
  const std::string what = "cat and mouse graph";
  const json doc = parse_document(json_text, 2, what);
  if (!doc.is_array())
    throw std::invalid_argument(what + ": the graph must be a JSON array of neighbour lists, like [[2,5],[3],...]");
  std::vector<std::vector<int>> graph;
  graph.reserve(doc.size());
  for (std::size_t a = 0; a < doc.size(); ++a) {
    const json& list = doc[a];
    if (!list.is_array())
      throw std::invalid_argument(what + ": entry " + std::to_string(a) + " must be a list of nodes, not " +
                                  list.dump());
    std::vector<int> row;
    row.reserve(list.size());
    for (const json& b : list) {
      if (!b.is_number_integer() || b.get<std::int64_t>() < 0 ||
          b.get<std::int64_t>() >= static_cast<std::int64_t>(doc.size()))
        throw std::invalid_argument(what + ": node " + std::to_string(a) + " lists " + b.dump() +
                                    ", which is not a node (0.." +
                                    std::to_string(doc.size() == 0 ? 0 : doc.size() - 1) + ")");
      row.push_back(static_cast<int>(b.get<std::int64_t>()));
    }
    graph.push_back(std::move(row));
  }
  return graph;
}

}  // namespace exactdp
