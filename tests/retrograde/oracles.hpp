// Independent oracles for the retrograde tests: they share no code with the
// engine (no parent lists, no counters, no queue).
//  - history_value: exhaustive game-tree search where a move back to a
//    position already in the history ends the game as a draw;
//  - bounded_tables: "can the mover force a win / be forced to lose within d
//    plies", layer by layer over d, read forward from the moves (a
//    breadth-first walk of the game tree by depth), which gives remoteness as
//    the least such d;
//  - the same two directly from the cat-and-mouse rules (not through
//    cat_mouse_game), and the capped search of the usual wrong answers.
#pragma once

#include <cstdint>
#include <vector>

#include "exactdp/retrograde/result.hpp"

namespace exactdp::test {

/// An explicit small game: children, terminal outcomes (undecided = goes on),
/// player to move (empty: every move passes the turn).
struct small_game {
  std::vector<std::vector<std::uint32_t>> children;
  std::vector<outcome> terminal;
  std::vector<std::uint8_t> player;
  bool passes(std::uint32_t from, std::uint32_t to) const { return player.empty() || player[from] != player[to]; }
};

/// +1 win, 0 draw, -1 loss for the mover at p, given the positions on the
/// history (`on_path`). Recursion depth <= number of positions (tiny here).
inline int history_value(const small_game& g, std::uint32_t p, std::vector<char>& on_path) {
  switch (g.terminal[p]) {
    case outcome::win:
      return 1;
    case outcome::lose:
      return -1;
    case outcome::draw:
      return 0;
    default:
      break;
  }
  if (g.children[p].empty()) return -1;  // normal play: no move loses
  on_path[p] = 1;
  int best = -2;
  for (const std::uint32_t c : g.children[p]) {
    int v = 0;  // a repeated position ends the game as a draw
    if (!on_path[c]) {
      v = history_value(g, c, on_path);
      if (g.passes(p, c)) v = -v;
    }
    if (v > best) best = v;
    if (best == 1) break;
  }
  on_path[p] = 0;
  return best;
}

inline outcome as_outcome(int v) { return v > 0 ? outcome::win : v < 0 ? outcome::lose : outcome::draw; }

/// Outcome and remoteness of every position from the depth-bounded tables:
/// win_within[d][p] / lose_within[d][p] for d = 0..N (a forced end never needs
/// more plies than there are positions).
struct bounded_answer {
  std::vector<outcome> outcomes;
  std::vector<std::uint32_t> remoteness;
};

inline bounded_answer bounded_tables(const small_game& g) {
  const std::size_t n = g.children.size();
  std::vector<char> win(n), lose(n);
  bounded_answer a{std::vector<outcome>(n, outcome::draw), std::vector<std::uint32_t>(n, no_remoteness)};
  for (std::size_t p = 0; p < n; ++p) {
    win[p] = g.terminal[p] == outcome::win;
    lose[p] = g.terminal[p] == outcome::lose || (g.terminal[p] == outcome::undecided && g.children[p].empty());
  }
  for (std::uint32_t d = 0; d <= n + 1; ++d) {
    for (std::size_t p = 0; p < n; ++p) {
      if (a.remoteness[p] == no_remoteness && (win[p] || lose[p])) {
        a.outcomes[p] = win[p] ? outcome::win : outcome::lose;
        a.remoteness[p] = d;
      }
    }
    std::vector<char> next_win = win, next_lose = lose;
    for (std::uint32_t p = 0; p < n; ++p) {
      if (g.terminal[p] != outcome::undecided || g.children[p].empty()) continue;
      bool any = false, all = true;
      for (const std::uint32_t c : g.children[p]) {
        const bool good = g.passes(p, c) ? lose[c] : win[c];
        const bool bad = g.passes(p, c) ? win[c] : lose[c];
        any = any || good;
        all = all && bad;
      }
      next_win[p] = next_win[p] || any;
      next_lose[p] = next_lose[p] || all;
    }
    win.swap(next_win);
    lose.swap(next_lose);
  }
  return a;
}

// ---- cat and mouse straight from the rules (LC 913) ----------------------

/// Positions (mouse, cat, mouse_to_move) as a small_game, written from the
/// rules: the mouse moves to any neighbour, the cat to any neighbour but the
/// hole; the mouse on 0 has won, the mouse on the cat's node has lost. Index
/// (mouse·n + cat)·2 + (cat to move); positions with the cat on 0 are left as
/// unreachable draws.
inline std::uint32_t rules_index(int n, int mouse, int cat, bool mouse_to_move) {
  return static_cast<std::uint32_t>((mouse * n + cat) * 2 + (mouse_to_move ? 0 : 1));
}

inline small_game cat_mouse_rules(const std::vector<std::vector<int>>& graph) {
  const int n = static_cast<int>(graph.size());
  small_game g;
  const std::size_t positions = 2 * std::size_t(n) * std::size_t(n);
  g.children.resize(positions);
  g.terminal.assign(positions, outcome::undecided);
  for (int m = 0; m < n; ++m)
    for (int c = 0; c < n; ++c)
      for (const bool mouse_moves : {true, false}) {
        const std::uint32_t p = rules_index(n, m, c, mouse_moves);
        if (c == 0) {
          g.terminal[p] = outcome::draw;  // not a position of the game
        } else if (m == 0) {
          g.terminal[p] = mouse_moves ? outcome::win : outcome::lose;
        } else if (m == c) {
          g.terminal[p] = mouse_moves ? outcome::lose : outcome::win;
        } else if (mouse_moves) {
          for (const int next : graph[std::size_t(m)]) g.children[p].push_back(rules_index(n, next, c, false));
        } else {
          for (const int next : graph[std::size_t(c)])
            if (next != 0) g.children[p].push_back(rules_index(n, m, next, true));
        }
      }
  return g;
}

/// The usual wrong answer: minimax over (plies made, mouse, cat) that calls
/// the game a draw once `cap` plies have been made. Returns 1 mouse, 2 cat,
/// 0 draw for the start (mouse on 1 to move, cat on 2).
inline int capped_cat_mouse(const std::vector<std::vector<int>>& graph, int cap) {
  const int n = static_cast<int>(graph.size());
  // value[t][m][c], filled from t = cap down to 0 (no recursion); indices in std::size_t.
  auto at = [n](int m, int c) { return std::size_t(m) * std::size_t(n) + std::size_t(c); };
  const std::size_t pairs = std::size_t(n) * std::size_t(n);
  std::vector<int> next(pairs, 0), now(pairs, 0);
  for (int t = cap - 1; t >= 0; --t) {
    const bool mouse_moves = t % 2 == 0;
    for (int m = 0; m < n; ++m)
      for (int c = 1; c < n; ++c) {
        int& v = now[at(m, c)];
        if (m == 0) {
          v = 1;
          continue;
        }
        if (m == c) {
          v = 2;
          continue;
        }
        const int mine = mouse_moves ? 1 : 2, theirs = mouse_moves ? 2 : 1;
        bool any_mine = false, any_draw = false;
        const auto& moves = graph[std::size_t(mouse_moves ? m : c)];
        for (const int x : moves) {
          if (!mouse_moves && x == 0) continue;
          const int r = mouse_moves ? (x == 0 ? 1 : x == c ? 2 : next[at(x, c)]) : (x == m ? 2 : next[at(m, x)]);
          any_mine = any_mine || r == mine;
          any_draw = any_draw || r == 0;
        }
        v = any_mine ? mine : any_draw ? 0 : theirs;
      }
    next.swap(now);
  }
  return next[at(1, 2)];
}

}  // namespace exactdp::test
