// exactdp/retrograde/cat_mouse.hpp: Cat and Mouse (LeetCode 913) on the
// retrograde engine.
//
// Rules (LeetCode 913 Cat and Mouse): an undirected graph with nodes 0..n-1; the hole is
// node 0; the mouse starts on node 1 and moves first, the cat starts on node
// 2; each turn the player to move must go to a neighbouring node; the cat may
// never enter the hole. The mouse wins on reaching the hole; the cat wins on
// reaching the mouse's node; if play goes on for ever (a position repeats
// under optimal play) it is a draw. Result numbering as in LC 913: 1 = the
// mouse wins, 2 = the cat wins, 0 = draw.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/retrograde/result.hpp"

namespace exactdp {

/// The cat-and-mouse game as a RetrogradeGame (retrograde.hpp): position
/// (mouse, cat, mover) for mouse in 0..n-1, cat in 1..n-1 (the cat is never
/// on the hole), 2n(n-1) positions. Terminal: mouse on 0 (the mouse has won),
/// mouse on the cat's node (the cat has won).
class cat_mouse_game {
 public:
  /// Validates `graph` (adjacency lists) and builds the game.
  /// Constraints: n >= 3 (hole 0, mouse start 1, cat start 2); entries are
  /// node numbers 0..n-1; no node lists itself; no neighbour twice; every
  /// edge listed from both ends; node 1 has a neighbour and node 2 a
  /// neighbour other than the hole (so neither start is stuck). Violations
  /// throw std::invalid_argument naming the node. resource_error if the
  /// 2n(n-1) positions exceed the state budget. Cost: O(n + edges) time and
  /// memory (the n² positions are implicit).
  explicit cat_mouse_game(const std::vector<std::vector<int>>& graph);

  int node_count() const { return n_; }
  std::uint64_t position_count() const { return 2 * std::uint64_t(n_) * std::uint64_t(n_ - 1); }
  std::uint64_t move_total() const { return std::uint64_t(n_) * 2 * degree_total_; }

  /// Index of the position with the mouse on `mouse` (0..n-1), the cat on
  /// `cat` (1..n-1) and the mouse to move if `mouse_to_move`. Unchecked.
  std::uint32_t position(int mouse, int cat, bool mouse_to_move) const {
    const std::uint64_t n = std::uint64_t(n_);
    return static_cast<std::uint32_t>(((mouse_to_move ? 0 : n) + std::uint64_t(mouse)) * (n - 1) +
                                      std::uint64_t(cat - 1));
  }
  int mouse_of(std::uint32_t p) const { return static_cast<int>(p / std::uint32_t(n_ - 1)) % n_; }
  int cat_of(std::uint32_t p) const { return static_cast<int>(p % std::uint32_t(n_ - 1)) + 1; }
  bool mouse_to_move(std::uint32_t p) const { return p / std::uint32_t(n_ - 1) < std::uint32_t(n_); }

  outcome terminal_outcome(std::uint32_t p) const {
    const int m = mouse_of(p);
    if (m == 0) return mouse_to_move(p) ? outcome::win : outcome::lose;
    if (m == cat_of(p)) return mouse_to_move(p) ? outcome::lose : outcome::win;
    return outcome::undecided;
  }
  std::uint32_t move_count(std::uint32_t p) const {
    return mouse_to_move(p) ? static_cast<std::uint32_t>(adj_[std::size_t(mouse_of(p))].size())
                            : cat_moves_[std::size_t(cat_of(p))];
  }
  template <class F>
  void for_each_move(std::uint32_t p, F&& f) const {
    const int m = mouse_of(p), c = cat_of(p);
    if (mouse_to_move(p)) {
      for (const int next : adj_[std::size_t(m)]) f(position(next, c, false));
    } else {
      for (const int next : adj_[std::size_t(c)])
        if (next != 0) f(position(m, next, true));
    }
  }
  /// The graph is undirected, so the parents are the neighbours again: the
  /// position was reached by the other player's move from a neighbour.
  template <class F>
  void for_each_parent(std::uint32_t p, F&& f) const {
    const int m = mouse_of(p), c = cat_of(p);
    if (mouse_to_move(p)) {  // the cat just moved
      for (const int prev : adj_[std::size_t(c)])
        if (prev != 0) f(position(m, prev, false));
    } else {  // the mouse just moved
      for (const int prev : adj_[std::size_t(m)]) f(position(prev, c, true));
    }
  }
  bool keeps_turn(std::uint32_t, std::uint32_t) const { return false; }

 private:
  int n_ = 0;
  std::uint64_t degree_total_ = 0;
  std::vector<std::vector<int>> adj_;
  std::vector<std::uint32_t> cat_moves_;  // neighbours other than the hole
};

/// The answer for the start position (mouse on 1 to move, cat on 2).
struct cat_mouse_result {
  int result = 0;                            ///< 1 mouse wins, 2 cat wins, 0 draw (LC 913)
  std::uint32_t remoteness = no_remoteness;  ///< plies to the end (mouse's and cat's moves); none for a draw
  int first_move = -1;                       ///< node of the mouse's first optimal move
  std::vector<std::uint32_t> line;           ///< principal line (positions of the game), at most 1000 plies
};

/// Solves Cat and Mouse (LC 913) by retrograde analysis: no move cap.
/// Returns the result (1 mouse wins, 2 cat wins, 0 draw), the remoteness of
/// the start (plies, counting both players' moves), the mouse's first
/// optimal move and the principal line (positions of `game`).
/// Constraints and errors: as cat_mouse_game. Cost: O(n·E) time for E
/// edges (each of the 2n(n-1) positions looks at its node's neighbours
/// twice), 17·2n(n-1) bytes plus the graph. No recursion.
/// Source: LeetCode 913 Cat and Mouse. Status
/// (tests/retrograde/test_cat_mouse.cpp): the problem's example 1 (0); every
/// valid graph with up to 5 nodes and random graphs with 6 to 8 nodes,
/// every position, against a history search (repeated position = draw);
/// remoteness against a depth-bounded search; a graph whose cat win needs
/// more plies than a 4n+3 cap allows.
/// Example: cat_mouse(cat_mouse_game({{1, 3}, {0}, {3}, {0, 2}})).result == 1 (LeetCode 913's second example).
cat_mouse_result cat_mouse(const cat_mouse_game& game);

/// The LC 913 answer alone: 1, 2 or 0. Errors and cost as cat_mouse.
/// Example: cat_mouse({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}}) == 0 (LeetCode 913's first example: a
/// draw).
int cat_mouse(const std::vector<std::vector<int>>& graph);

/// Reads a cat-and-mouse graph from JSON: an array of n arrays of node
/// numbers, e.g. [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]], with the strict
/// reader of every model file (exactdp/io/json_input.hpp). `source` names
/// the text in messages. Errors: std::invalid_argument "SOURCE:LINE:COLUMN: reason"
/// (syntax, entries that are not node numbers); resource_error if the text
/// exceeds the state budget. The rules of the game are checked by
/// cat_mouse_game. Cost: O(text length). Status: error paths tested.
/// Example: parse_cat_mouse_graph("[[1, 3], [0], [3], [0, 2]]").size() == 4.
std::vector<std::vector<int>> parse_cat_mouse_graph(std::string_view json_text,
                                                    const std::string& source = "cat and mouse graph");

}  // namespace exactdp
