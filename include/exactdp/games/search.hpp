// exactdp/games/search.hpp: the memoised depth-first search over the
// positions of a finite game, with an explicit stack (no recursion: the
// depth of a play may be anything), shared by win_lose_search and
// negamax_search. An engine says what a position's moves are and how the
// values of the positions they reach combine into the position's own value.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "exactdp/games/search_budget.hpp"

namespace exactdp::detail {

/// Solves every position reachable from `start` and returns the memo:
/// position -> value (every entry engaged on return).
///
/// The engine `E` provides
///   E::position, E::child (a move as the engine stores it), E::value, and
///   E::accumulator (default-constructed: "no child combined yet");
///   e.moves(p, out)             replaces `out` with the children of p;
///   e.next(c)                   the position a child reaches;
///   e.decided(acc)              true when no further child can change acc
///                               (the search stops trying children);
///   e.combine(acc, c, v)        folds in child c, whose position has value v;
///   e.finish(p, has_moves, acc) the value of p once its children are done.
/// `budget` is told of each new position (memo size, moves generated) and of
/// the moves waiting on the stack (the children of the positions on the
/// current play). A position reached again while it is on the current play
/// is a cycle: std::invalid_argument(`cycle_message`). Errors: those of
/// `budget` (resource_error) and of the engine. Cost: each reachable position
/// is expanded once and each of its children looked up once (until decided);
/// memory O(positions reached) plus the current play with its children.
/// Status: tested through win_lose_search and negamax_search against
/// exhaustive game-tree search (tests/games/test_engines.cpp).
template <class E, class Hash>
std::unordered_map<typename E::position, std::optional<typename E::value>, Hash> memo_search(
    const E& e, const typename E::position& start, search_budget& budget, const std::string& cycle_message) {
  using P = typename E::position;
  struct frame {
    P position;
    std::vector<typename E::child> children;
    std::size_t next = 0;
    typename E::accumulator acc{};
  };
  std::unordered_map<P, std::optional<typename E::value>, Hash> memo;  // empty: on the current play
  std::vector<frame> stack;
  std::size_t pending = 0;  // children held by the frames on the stack

  auto push = [&](const P& p) {  // p may live in a frame: copy it before the stack grows
    memo.emplace(p, std::nullopt);
    frame f{p, {}, 0, {}};
    e.moves(f.position, f.children);
    budget.on_position(memo.size(), f.children.size());
    pending += f.children.size();
    budget.on_pending(pending);
    stack.push_back(std::move(f));
  };
  push(start);

  while (!stack.empty()) {
    frame& f = stack.back();
    bool descended = false;
    while (f.next < f.children.size() && !e.decided(f.acc)) {
      const auto& child = f.children[f.next];
      const auto it = memo.find(e.next(child));
      if (it == memo.end()) {
        push(e.next(child));  // may reallocate `stack`: leave the loop before touching f again
        descended = true;
        break;
      }
      if (!it->second) throw std::invalid_argument(cycle_message);
      e.combine(f.acc, child, *it->second);
      ++f.next;
    }
    if (descended) continue;
    memo[f.position] = e.finish(f.position, !f.children.empty(), std::move(f.acc));
    pending -= f.children.size();
    stack.pop_back();
  }
  return memo;
}

}  // namespace exactdp::detail
