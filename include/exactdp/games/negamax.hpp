// exactdp/games/negamax.hpp: the generic solver for score games, where a move
// gains points for the mover and both players maximise their own final
// score (equivalently, their lead over the other).
//
// lead(p) = max over moves (gain − lead(next)): after the move the opponent
// is the mover and their lead on the rest is exactly minus mine, so one
// maximisation covers both players (negamax). A position without moves has
// the lead the game states (usually 0). The maximum starts from the first
// real move, never from 0 or a sentinel, so a player can never "pass".
// Source: Knuth and Moore, "An analysis of alpha-beta pruning" (1975), for
// the negamax form; LeetCode 486 Predict the Winner and LeetCode 1406 Stone
// Game III for the lead of score games.
#pragma once

#include <concepts>
#include <cstddef>
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

/// One move of a score game: the points the mover gains and the position
/// reached (where the opponent moves next).
template <class P, class T>
struct scored_move {
  T gain{};
  P next{};
};

/// A game for negamax_search. `G::position` has == and a hasher; `G::value`
/// is a LeadValue (std::int64_t checked, BigInt, Rational, double).
///   g.moves(p, out)      replaces `out` with the scored moves from p;
///   g.no_move_lead(p)    the mover's lead at a position without moves.
/// Every play must end (acyclic); a cycle throws std::invalid_argument.
template <class G>
concept NegamaxGame = LeadValue<typename G::value> &&
    requires(const G& g, const typename G::position& p,
             std::vector<scored_move<typename G::position, typename G::value>>& out) {
  {g.moves(p, out)};
  { g.no_move_lead(p) } -> std::convertible_to<typename G::value>;
} && std::equality_comparable<typename G::position>;

/// The answer of negamax_search.
template <class P, class T>
struct negamax_result {
  T lead{};  ///< best lead of the player to move at the start
  std::optional<std::size_t>
      best_move;  ///< index (in the game's move order) of the first optimal move; none without moves
  std::optional<scored_move<P, T>> best;  ///< that move itself
  std::size_t positions = 0;              ///< distinct positions solved

  /// Both players' scores when the game hands out `total` points in all:
  /// the mover gets (total + lead)/2, the other the rest (see split_total;
  /// throws std::invalid_argument when an integer total + lead is odd).
  score_split<T> scores(const T& total) const { return split_total(total, lead); }
};

namespace detail {
// The negamax rule for memo_search: a position's lead is the largest, over
// its moves, of the gain minus the opponent's lead after the move; the
// maximum starts from the first real move (no pass).
template <class G>
struct negamax_engine {
  using position = typename G::position;
  using value = typename G::value;
  using child = scored_move<position, value>;
  using accumulator = std::optional<value>;  // empty until the first move
  const G& g;
  void moves(const position& p, std::vector<child>& out) const { g.moves(p, out); }
  static const position& next(const child& c) { return c.next; }
  static bool decided(const accumulator&) { return false; }
  static void combine(accumulator& best, const child& c, const value& v) {
    value lead = lead_sub(c.gain, v);
    if (!best || lead > *best) best = std::move(lead);
  }
  value finish(const position& p, bool has_moves, accumulator best) const {
    return has_moves ? std::move(*best) : value(g.no_move_lead(p));
  }
};
}  // namespace detail

/// Solves `start` of the score game `g`: the mover's best lead and an
/// optimal first move. With the total T of all points the game hands out,
/// split_total(T, lead) gives both players' scores ((T + d)/2 and the rest).
///
/// Memoised depth-first search with an explicit stack (detail::memo_search).
/// `max_positions` caps the memo (0: only the state budget) and the moves
/// waiting on the current play (4 per position). Errors: std::invalid_argument on a
/// cycle; std::overflow_error when a std::int64_t lead overflows;
/// resource_error past the state budget, `max_positions` or the work budget.
/// Cost: O(sum of move counts over reached positions) operations in T and
/// hash operations; memory O(positions reached).
/// Source: Knuth and Moore (1975). Status (tests/games/test_engines.cpp):
/// tested against exhaustive search
/// that tracks both players' totals (take-from-either-end rows, Stone Game
/// III), the "no pass" rule, and the int64 overflow check.
/// Example: negamax_search(g, 3).lead == 1 for g whose mover at n > 0 takes 1 or 2 points ({k, n - k}).
template <NegamaxGame G, class Hash = std::hash<typename G::position>>
negamax_result<typename G::position, typename G::value> negamax_search(const G& g, const typename G::position& start,
                                                                       std::size_t max_positions = 0) {
  using P = typename G::position;
  using T = typename G::value;
  detail::search_budget budget("the negamax search", max_positions, sizeof(P) + sizeof(T) + 56);
  const auto memo = detail::memo_search<detail::negamax_engine<G>, Hash>(
      detail::negamax_engine<G>{g}, start, budget,
      "the game has a cycle: a position can recur in one play, so the negamax recursion has no base");

  negamax_result<P, T> r;
  r.lead = *memo.at(start);
  r.positions = memo.size();
  std::vector<scored_move<P, T>> children;
  g.moves(start, children);
  for (std::size_t k = 0; k < children.size(); ++k) {
    if (lead_sub(children[k].gain, *memo.at(children[k].next)) == r.lead) {
      r.best_move = k;
      r.best = children[k];
      break;
    }
  }
  return r;
}

}  // namespace exactdp
