// exactdp/games/negamax.hpp: the generic solver for score games, where a move
// gains points for the mover and both players maximise their own final
// score (equivalently, their lead over the other).
//
// lead(p) = max over moves (gain − lead(next)): after the move the opponent
// is the mover and their lead on the rest is exactly minus mine, so one
// maximisation covers both players (negamax). A position without moves has
// the lead the game states (usually 0). The maximum starts from the first
// real move, never from 0 or a sentinel, so a player can never "pass".
// Source: seed 000 "From the game tree to a table: minimax, negamax and the
// DP", "Score games: maximize your lead"; seed 001 "Score games — the
// advantage trick".
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

/// A game for solve_negamax. `G::position` has == and a hasher; `G::value`
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

/// The answer of solve_negamax.
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
template <class P, class T>
struct negamax_frame {
  P position;
  std::vector<scored_move<P, T>> children;
  std::size_t next = 0;
  std::optional<T> best;  // over the children done; empty until the first real move
};
}  // namespace detail

/// Solves `start` of the score game `g`: the mover's best lead and an
/// optimal first move. With the total T of all points the game hands out,
/// split_total(T, lead) gives both players' scores ((T + d)/2 and the rest).
///
/// Memoised depth-first search with an explicit stack. `max_positions` caps
/// the memo (0: only the state budget). Errors: std::invalid_argument on a
/// cycle; std::overflow_error when a std::int64_t lead overflows;
/// resource_error past the state budget, `max_positions` or the work budget.
/// Cost: O(sum of move counts over reached positions) operations in T and
/// hash operations; memory O(positions reached).
/// Source: seed 000 "Score games". Status: tested against exhaustive search
/// that tracks both players' totals (take-from-either-end rows, Stone Game
/// III), the "no pass" rule, and the int64 overflow check.
template <NegamaxGame G, class Hash = std::hash<typename G::position>>
negamax_result<typename G::position, typename G::value> solve_negamax(const G& g, const typename G::position& start,
                                                                      std::size_t max_positions = 0) {
  using P = typename G::position;
  using T = typename G::value;
  std::unordered_map<P, std::optional<T>, Hash> memo;  // empty optional: on the current play
  std::vector<detail::negamax_frame<P, T>> stack;
  detail::search_budget budget("the negamax search", max_positions, sizeof(P) + sizeof(T) + 56);

  auto push = [&](const P& p) {
    memo.emplace(p, std::nullopt);
    detail::negamax_frame<P, T> f{p, {}, 0, std::nullopt};
    g.moves(f.position, f.children);
    budget.on_position(memo.size(), f.children.size());
    stack.push_back(std::move(f));
  };
  push(start);

  while (!stack.empty()) {
    auto& f = stack.back();
    bool descended = false;
    while (f.next < f.children.size()) {
      const scored_move<P, T>& m = f.children[f.next];
      auto it = memo.find(m.next);
      if (it == memo.end()) {
        push(m.next);
        descended = true;
        break;
      }
      if (!it->second)
        throw std::invalid_argument(
            "the game has a cycle: a position can recur in one play, so the negamax recursion has no base");
      T value = lead_sub(m.gain, *it->second);
      if (!f.best || value > *f.best) f.best = std::move(value);
      ++f.next;
    }
    if (descended) continue;
    T result = f.children.empty() ? T(g.no_move_lead(f.position)) : std::move(*f.best);
    memo[f.position] = std::move(result);
    stack.pop_back();
  }

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
