// exactdp/retrograde/retrograde.hpp: the retrograde analysis engine, written
// once for any finite game graph given implicitly (cat and mouse, grids) or
// explicitly (game_graph.hpp).
//
// The algorithm (retrograde analysis: Ströhlein 1970, Thompson 1986): every terminal position is
// decided; a queue holds decided positions in the order they were decided;
// for each decided position c and each parent p still undecided, the value of
// c seen from p's mover is a win for p (p is decided: win) or a loss for p
// (one fewer undecided move; when none is left, p is decided: lose). What is
// never decided is a draw. Because every position decided while c is taken
// from the queue gets remoteness(c) + 1, the queue is a breadth-first layering
// by remoteness: a win is decided by its nearest losing child (shortest win),
// a loss by its farthest child (longest delay). No recursion, no move cap.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/result.hpp"

namespace exactdp {

/// A finite game graph the engine can analyse, with positions 0..size-1.
///  - position_count(): N, at most 2^32 - 2.
///  - move_total(): the number of moves (edges), for the work estimate.
///  - terminal_outcome(p): the outcome for the player to move at a position
///    where the game has ended, or outcome::undecided if it goes on.
///  - move_count(p): the number of moves out of a non-terminal position,
///    counted with multiplicity (a non-terminal position with no move is a
///    loss for the player to move: the normal-play convention).
///  - for_each_move(p, f): f(child) for every move out of a non-terminal p.
///  - for_each_parent(c, f): f(parent) for every move parent -> c (with the
///    same multiplicity as for_each_move); parents that are terminal may be
///    listed or not.
///  - keeps_turn(parent, child): true if the player to move at `child` is the
///    one who moved at `parent` (false in strictly alternating games).
template <class G>
concept RetrogradeGame = requires(const G& g, std::uint32_t p, void (*f)(std::uint32_t)) {
  { g.position_count() } -> std::convertible_to<std::uint64_t>;
  { g.move_total() } -> std::convertible_to<std::uint64_t>;
  { g.terminal_outcome(p) } -> std::same_as<outcome>;
  { g.move_count(p) } -> std::convertible_to<std::uint32_t>;
  g.for_each_move(p, f);
  g.for_each_parent(p, f);
  { g.keeps_turn(p, p) } -> std::convertible_to<bool>;
};

/// Bytes per position the engine allocates: the result (9) and the working
/// counter and queue (8).
inline constexpr std::size_t retrograde_bytes_per_position = 17;

/// Retrograde analysis of `game`: outcome, remoteness and an optimal move of
/// every position (see retrograde_result).
///
/// Constraints: the RetrogradeGame contract; position_count() <= 2^32 - 2
/// (std::invalid_argument otherwise). Errors: resource_error if 17 bytes per
/// position exceed the state budget or positions + moves exceed the work
/// budget (checked before allocating; `what` names the game in the message).
/// Cost: O(N + M) time (each move is looked at once from each end, and once
/// more from each drawn position when its move is chosen), 17·N bytes of
/// memory besides the game itself. No recursion.
/// Source: Thompson (1986); LeetCode 913 Cat and Mouse for the draw rule.
/// Status (tests/retrograde/test_engine.cpp): tested
/// against an exhaustive history search (repeated position = draw) on every
/// small graph and random graphs, remoteness against a depth-bounded search.
/// Example: retrograde_analysis(make_game_graph({{1}, {}})).outcomes[0] == outcome::win.
template <RetrogradeGame Game>
retrograde_result retrograde_analysis(const Game& game, const std::string& what = "the game graph") {
  const std::uint64_t count = game.position_count();
  if (count > std::uint64_t{0xFFFF'FFFEu})
    throw std::invalid_argument(what + " has " + std::to_string(count) +
                                " positions; at most 4294967294 are supported");
  check_state_budget(what, static_cast<long double>(count), retrograde_bytes_per_position);
  check_work_budget(what, 4.0L * (static_cast<long double>(count) + static_cast<long double>(game.move_total())));
  const auto n = static_cast<std::uint32_t>(count);

  retrograde_result r;
  r.outcomes.assign(n, outcome::undecided);
  r.remoteness.assign(n, no_remoteness);
  r.best_move.assign(n, no_move);
  std::vector<std::uint32_t> undecided_moves(n, 0);
  std::vector<std::uint32_t> queue;
  queue.reserve(n);

  // undecided_moves[p] is 0 exactly when p is decided (or a drawn end), so
  // the inner loop reads one array for a parent that is already decided.
  for (std::uint32_t p = 0; p < n; ++p) {
    const outcome end = game.terminal_outcome(p);
    if (end != outcome::undecided) {
      r.outcomes[p] = end;
      if (end != outcome::draw) {  // a drawn end decides no parent
        r.remoteness[p] = 0;
        queue.push_back(p);
      }
      continue;
    }
    undecided_moves[p] = static_cast<std::uint32_t>(game.move_count(p));
    if (undecided_moves[p] == 0) {  // no move: the player to move has lost
      r.outcomes[p] = outcome::lose;
      r.remoteness[p] = 0;
      queue.push_back(p);
    }
  }

  for (std::size_t head = 0; head < queue.size(); ++head) {
    if ((head & 4095) == 0) poll_interrupt();
    const std::uint32_t child = queue[head];
    const outcome child_value = r.outcomes[child];
    const std::uint32_t next_remoteness = r.remoteness[child] + 1;
    game.for_each_parent(child, [&](std::uint32_t parent) {
      std::uint32_t& left = undecided_moves[parent];
      if (left == 0) return;  // decided already
      const outcome for_parent = game.keeps_turn(parent, child) ? child_value : opposite(child_value);
      if (for_parent == outcome::win) {
        left = 0;
        r.outcomes[parent] = outcome::win;  // first winning child: the nearest
      } else if (--left == 0) {
        r.outcomes[parent] = outcome::lose;  // last losing child: the farthest
      } else {
        return;
      }
      r.remoteness[parent] = next_remoteness;
      r.best_move[parent] = child;
      queue.push_back(parent);
    });
  }
  std::vector<std::uint32_t>().swap(undecided_moves);
  std::vector<std::uint32_t>().swap(queue);

  // What was never decided is a draw; a drawn child exists (else the position
  // would have been decided), and moving there keeps the draw.
  for (std::uint32_t p = 0; p < n; ++p) {
    if (r.outcomes[p] != outcome::undecided) continue;
    r.outcomes[p] = outcome::draw;
  }
  for (std::uint32_t p = 0; p < n; ++p) {
    if (r.outcomes[p] != outcome::draw || game.terminal_outcome(p) != outcome::undecided) continue;
    std::uint32_t pick = no_move;
    game.for_each_move(p, [&](std::uint32_t c) {
      if (pick == no_move && r.outcomes[c] == outcome::draw) pick = c;
    });
    r.best_move[p] = pick;
  }
  return r;
}

/// The principal line from `start`: start, then the optimal move of each
/// position in turn, until a terminal position, a position already on the
/// line (a drawn cycle; it is included once more), or `max_plies` moves.
/// Returns positions (size <= max_plies + 1). Constraint: start < size of the
/// table (std::invalid_argument otherwise). Cost: O(length) time, O(N) bits
/// of memory when the line is a draw, O(1) otherwise (a win or loss line has
/// exactly remoteness(start) moves, strictly decreasing in remoteness).
/// Status: tested on LeetCode 913's example 1 and on small graphs
/// (tests/retrograde/test_cat_mouse.cpp, tests/retrograde/test_engine.cpp).
/// Example: principal_line(retrograde_analysis(make_game_graph({{1}, {}})), 0, 10) is {0, 1}.
inline std::vector<std::uint32_t> principal_line(const retrograde_result& r, std::uint32_t start,
                                                 std::uint32_t max_plies) {
  if (start >= r.outcomes.size())
    throw std::invalid_argument("start position " + std::to_string(start) + " is not one of the " +
                                std::to_string(r.outcomes.size()) + " positions");
  std::vector<std::uint32_t> line{start};
  std::vector<bool> seen;
  if (r.outcomes[start] == outcome::draw) seen.assign(r.outcomes.size(), false);
  std::uint32_t p = start;
  while (line.size() <= max_plies && r.best_move[p] != no_move) {
    if (!seen.empty()) {
      if (seen[p]) break;
      seen[p] = true;
    }
    p = r.best_move[p];
    line.push_back(p);
  }
  return line;
}

}  // namespace exactdp
