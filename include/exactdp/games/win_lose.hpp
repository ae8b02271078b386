// exactdp/games/win_lose.hpp: the generic win/lose/draw solver for finite
// two-player games of perfect information without chance.
//
// A position is winning when some move reaches a position that is losing for
// the opponent; losing when every move reaches a winning one. A position with
// no moves is decided by the rules: under normal play the mover loses, under
// misère play the mover wins, and a game that may end without a winner says
// so by returning outcome::draw there. With draws the same recursion becomes
// "the best of the negated outcomes" over the order lose < draw < win, so a
// play that ends without a winner is never read as a win for anyone.
// Source: Berlekamp, Conway and Guy, "Winning Ways" (1982), ch. 2 (P- and
// N-positions). Tests: tests/games/test_engines.cpp.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "exactdp/games/search.hpp"
#include "exactdp/games/search_budget.hpp"
#include "exactdp/games/value.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

/// Who wins at a position without moves.
enum class play_rule {
  normal,  ///< the player who cannot move loses
  misere   ///< the player who cannot move wins
};

/// The outcome, for the player to move, of a position without moves under `rule`.
/// Example: no_move_outcome_under(play_rule::misere) == outcome::win.
constexpr outcome no_move_outcome_under(play_rule rule) {
  return rule == play_rule::normal ? outcome::lose : outcome::win;
}

/// A game for win_lose_search. `G::position` is a value type with == and a
/// std::hash specialisation (or any hasher passed to the solver).
///   g.moves(p, out)       replaces the contents of `out` with the positions one
///                         move away from p (the opponent moves next there);
///   g.no_move_outcome(p)  the outcome for the mover at a position p without
///                         moves: no_move_outcome_under(rule), or outcome::draw
///                         when the game ends there without a winner.
/// Every play must end (the position graph is acyclic); the solver throws
/// std::invalid_argument when it finds a cycle.
template <class G>
concept WinLoseGame = requires(const G& g, const typename G::position& p, std::vector<typename G::position>& out) {
  {g.moves(p, out)};
  { g.no_move_outcome(p) } -> std::same_as<outcome>;
}
&&std::equality_comparable<typename G::position>&& std::copy_constructible<typename G::position>;

/// The answer of win_lose_search.
template <class P>
struct win_lose_result {
  outcome result = outcome::undecided;  ///< lose, draw or win, for the player to move at the start
  /// Win: the first move (in the game's move order) that leaves the opponent
  /// lost. Draw: the first move that keeps the draw. Lose, or no moves: none
  /// (against best play no move helps).
  std::optional<P> best_move;
  std::size_t positions = 0;  ///< distinct positions solved (the memo size)
};

namespace detail {
// The win/lose rule for memo_search: a position's value is the best, for its
// mover, of the negated values of its children (lose < draw < win); a win
// decides it at once.
template <class G>
struct win_lose_engine {
  using position = typename G::position;
  using child = position;
  using value = outcome;
  using accumulator = outcome;  // undecided: no child yet
  const G& g;
  void moves(const position& p, std::vector<child>& out) const { g.moves(p, out); }
  static const position& next(const child& c) { return c; }
  static bool decided(outcome acc) { return acc == outcome::win; }
  static void combine(outcome& acc, const child&, outcome v) {
    const outcome mine = opposite(v);
    if (acc == outcome::undecided || mine > acc) acc = mine;
  }
  outcome finish(const position& p, bool has_moves, outcome acc) const {
    const outcome result = has_moves ? acc : g.no_move_outcome(p);
    if (result == outcome::undecided)
      throw std::invalid_argument("the game's no_move_outcome returned 'undecided' for a finished position");
    return result;
  }
};

// Bytes of one memo entry, for the state budget (key, value, node, bucket).
template <class P>
constexpr std::size_t win_lose_entry_bytes = sizeof(P) + 48;
}  // namespace detail

/// Solves `start` of the game `g`: the outcome for the player to move and a
/// best first move.
///
/// Memoised depth-first search with an explicit stack (detail::memo_search:
/// no recursion, the depth of a play may be anything). Each distinct
/// position is expanded once.
/// Arguments: `max_positions` caps the memo (0: only the state budget);
/// `position_bytes` is what one position holds outside sizeof(P) (the
/// elements of a vector position: a bound the caller knows), counted in
/// the state budget of the memo and of the moves waiting on the stack.
/// Errors: std::invalid_argument when a cycle is found (a play could go on
/// forever: use retrograde analysis instead); resource_error when the memo
/// would pass the state budget or `max_positions`, or the moves examined pass
/// the work budget. Cost: O(sum over reached positions of their move count)
/// hash operations; memory O(positions reached) plus the current play.
/// Source: "Winning Ways", ch. 2. Status (tests/games/test_engines.cpp):
/// tested against an
/// exhaustive game-tree search without memo (subtraction, Can I Win with
/// draws, Flip Game), and a cycle is rejected.
/// Example: win_lose_search(g, 3).result == outcome::lose for g whose mover at n takes 1 or 2 (normal play).
template <WinLoseGame G, class Hash = std::hash<typename G::position>>
win_lose_result<typename G::position> win_lose_search(const G& g, const typename G::position& start,
                                                      std::size_t max_positions = 0, std::size_t position_bytes = 0) {
  using P = typename G::position;
  detail::search_budget budget("the win/lose search", max_positions, detail::win_lose_entry_bytes<P> + position_bytes);
  const auto memo = detail::memo_search<detail::win_lose_engine<G>, Hash>(
      detail::win_lose_engine<G>{g}, start, budget,
      "the game has a cycle: a position can recur in one play, so the win/lose recursion has no base; "
      "use retrograde analysis");

  win_lose_result<P> r;
  r.result = *memo.at(start);
  r.positions = memo.size();
  if (r.result == outcome::win || r.result == outcome::draw) {
    // Children are solved in move order until the first one that decides, so
    // the first child with the needed outcome is the move the search chose.
    std::vector<P> children;
    g.moves(start, children);
    const outcome needed = opposite(r.result);
    for (const P& c : children) {
      auto it = memo.find(c);
      if (it != memo.end() && it->second == needed) {
        r.best_move = c;
        break;
      }
    }
  }
  return r;
}

}  // namespace exactdp
