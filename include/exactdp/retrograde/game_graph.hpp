// exactdp/retrograde/game_graph.hpp: a game graph given explicitly (child
// lists, player to move, terminal outcomes), its retrograde solution, and the
// documented JSON model format (docs/retrograde.md "The game-graph format").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/retrograde/result.hpp"

namespace exactdp {

/// A finite game graph with positions 0..N-1, in compressed form.
///  - move_begin (size N+1, move_begin[0] = 0, non-decreasing,
///    move_begin[N] = moves.size()): the moves of p are
///    moves[move_begin[p] .. move_begin[p+1]).
///  - moves: the positions the moves lead to (a repeated target is a second
///    move to it; a move to p itself is allowed).
///  - terminal (size N): outcome::undecided if the game goes on at p, else the
///    outcome (win, lose, draw) for the player to move at p, where the game
///    has ended; a terminal position has no moves.
///  - player (size N, values 0 or 1, or empty): who moves at p. Empty means
///    every move passes the turn. A move between positions of the same player
///    keeps the turn (a pass-style move).
/// A non-terminal position without moves is a loss for its player to move
/// (normal play). Memory: 8(N+1) + 4M + N (+N) bytes.
struct game_graph {
  std::vector<std::uint64_t> move_begin{0};
  std::vector<std::uint32_t> moves;
  std::vector<outcome> terminal;
  std::vector<std::uint8_t> player;

  /// N, the number of positions (terminal.size()).
  std::uint32_t position_count() const { return static_cast<std::uint32_t>(terminal.size()); }
};

/// Builds a game_graph from child lists. `children[p]` are the moves of p;
/// `terminal` and `player` as in game_graph (terminal empty: no position is
/// terminal). Errors: std::invalid_argument as validate_game_graph.
/// Cost: O(N + M). Status: used by every test of the family.
/// Example: make_game_graph({{1}, {}}).position_count() == 2.
game_graph make_game_graph(const std::vector<std::vector<std::uint32_t>>& children, std::vector<outcome> terminal = {},
                           std::vector<std::uint8_t> player = {});

/// Checks every invariant of game_graph; throws std::invalid_argument with a
/// one-line reason naming the first offending position (a move to a missing
/// position, a terminal position with moves, a player other than 0/1, sizes
/// that disagree, more than 2^32 - 2 positions). Cost: O(N + M).
/// Status: each error tested.
/// Example: validate_game_graph(make_game_graph({{1}, {}})) returns.
void validate_game_graph(const game_graph& g);

/// Retrograde analysis of an explicit game graph: outcome, remoteness and an
/// optimal move per position (see retrograde_result and retrograde.hpp).
///
/// Errors: std::invalid_argument (validate_game_graph); resource_error when
/// the solver's memory exceeds the state budget, checked before allocating:
/// 17 bytes per position for the result and the queue plus 8(N+1) + 4M bytes
/// for the parent lists it builds. Cost: O(N + M) time, no recursion; peak
/// memory = the graph + 25N + 4M + 8 bytes.
/// Source: Thompson, "Retrograde analysis of certain endgames" (1986).
/// Status (tests/retrograde/test_engine.cpp): every graph with up to 3
/// positions (all players and terminal outcomes) and random graphs up to 8
/// positions against a history search; remoteness against a depth-bounded
/// search; 10^7 positions / 5·10^7 moves benchmarked.
/// Example: retrograde_analysis(make_game_graph({{1}, {}})).outcomes[0] == outcome::win.
retrograde_result retrograde_analysis(const game_graph& g);

/// A game graph read from the JSON model format, with its start position and
/// optional position names (empty, or one per position).
struct game_model {
  game_graph graph;
  std::uint32_t start = 0;
  std::vector<std::string> names;
};

/// Parses the JSON game-graph format (docs/retrograde.md):
///   {"positions": N, "start": s, "moves": [[...], ...],
///    "terminal": {"3": "lose", ...}, "player": [0, 1, ...], "names": [...]}
/// "positions" and "moves" are required; "start" defaults to 0. Read by the
/// strict reader of every model file (exactdp/io/json_input.hpp): unknown
/// and duplicate keys are refused, and so are two "terminal" keys naming one
/// position ("1" and "01"). `source` names the text in messages.
/// Errors: std::invalid_argument "SOURCE:LINE:COLUMN: reason" (JSON syntax, a
/// missing or mistyped field, a "moves" list whose length is not N, an index
/// out of range, an unknown outcome word); resource_error when the text or
/// the declared N (the graph's bytes) exceed the state budget: both are
/// checked before the tables are built.
/// Cost: O(text length). Status: every error path tested.
/// Example: parse_game_model(R"({"positions": 2, "moves": [[1], []]})").graph.position_count() == 2.
game_model parse_game_model(std::string_view json_text, const std::string& source = "game graph");

/// The name of position p in a model: names[p], or its number.
/// Example: position_label(parse_game_model(R"({"positions": 2, "moves": [[1], []]})"), 1) == "1".
std::string position_label(const game_model& model, std::uint32_t p);

}  // namespace exactdp
