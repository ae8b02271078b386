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
// Source: seed 000 "Win and lose, derived", "The memo key"; seed 001
// "Win/lose positions".
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
constexpr outcome no_move_outcome_under(play_rule rule) {
  return rule == play_rule::normal ? outcome::lose : outcome::win;
}

/// A game for solve_win_lose. `G::position` is a value type with == and a
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

/// The answer of solve_win_lose.
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
template <class P>
struct win_lose_frame {
  P position;
  std::vector<P> children;
  std::size_t next = 0;
  outcome best = outcome::undecided;  // best outcome for the mover among the children done
};

// Bytes of one memo entry, for the state budget (key, value, node, bucket).
template <class P>
constexpr std::size_t win_lose_entry_bytes = sizeof(P) + 48;
}  // namespace detail

/// Solves `start` of the game `g`: the outcome for the player to move and a
/// best first move.
///
/// Memoised depth-first search with an explicit stack (no recursion: the
/// depth of a play may be anything). Each distinct position is expanded once.
/// Arguments: `max_positions` caps the memo (0: only the state budget);
/// `position_bytes` is what one position holds outside sizeof(P) (the
/// elements of a vector position: a bound the caller knows), counted in
/// the state budget of the memo and of the moves waiting on the stack.
/// Errors: std::invalid_argument when a cycle is found (a play could go on
/// forever: use retrograde analysis instead); resource_error when the memo
/// would pass the state budget or `max_positions`, or the moves examined pass
/// the work budget. Cost: O(sum over reached positions of their move count)
/// hash operations; memory O(positions reached) plus the current play.
/// Source: seed 000 "Win and lose, derived". Status: tested against an
/// exhaustive game-tree search without memo (subtraction, Can I Win with
/// draws, Flip Game), and a cycle is rejected.
template <WinLoseGame G, class Hash = std::hash<typename G::position>>
win_lose_result<typename G::position> solve_win_lose(const G& g, const typename G::position& start,
                                                     std::size_t max_positions = 0, std::size_t position_bytes = 0) {
  using P = typename G::position;
  std::unordered_map<P, outcome, Hash> memo;  // undecided: on the current play (a cycle if reached again)
  std::vector<detail::win_lose_frame<P>> stack;
  detail::search_budget budget("the win/lose search", max_positions, detail::win_lose_entry_bytes<P> + position_bytes);

  std::size_t pending = 0;  // children held by the frames on the stack
  auto push = [&](const P& p) {
    memo.emplace(p, outcome::undecided);
    detail::win_lose_frame<P> f{p, {}, 0, outcome::undecided};
    g.moves(f.position, f.children);
    budget.on_position(memo.size(), f.children.size());
    pending += f.children.size();
    budget.on_pending(pending);
    stack.push_back(std::move(f));
  };
  push(start);

  while (!stack.empty()) {
    auto& f = stack.back();
    bool descended = false;
    while (f.next < f.children.size() && f.best != outcome::win) {
      const P& child = f.children[f.next];
      auto it = memo.find(child);
      if (it == memo.end()) {
        push(child);  // may reallocate `stack`: leave the loop before touching f again
        descended = true;
        break;
      }
      if (it->second == outcome::undecided)
        throw std::invalid_argument(
            "the game has a cycle: a position can recur in one play, so the win/lose recursion has no base; "
            "use retrograde analysis");
      const outcome mine = opposite(it->second);
      if (f.best == outcome::undecided || mine > f.best) f.best = mine;
      ++f.next;
    }
    if (descended) continue;
    const outcome result = f.children.empty() ? g.no_move_outcome(f.position) : f.best;
    if (result == outcome::undecided)
      throw std::invalid_argument("the game's no_move_outcome returned 'undecided' for a finished position");
    memo[f.position] = result;
    pending -= f.children.size();
    stack.pop_back();
  }

  win_lose_result<P> r;
  r.result = memo.at(start);
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
