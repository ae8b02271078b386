// exactdp/retrograde/cat_mouse2.hpp: Cat and Mouse II (LeetCode 1728) on the
// retrograde engine, in two forms: the cyclic game solved once with
// remoteness (the turn limit becomes a comparison), and the acyclic game
// whose positions carry the ply count (the turn limit is part of the state).
//
// Rules (LeetCode 1728 Cat and Mouse II): a grid of 'C' (cat),
// 'M' (mouse), 'F' (food), '#' (wall) and '.' (floor). The mouse moves first,
// then they alternate; a move jumps up, down, left or right by 0 to the
// player's jump length (0: stay), never over a wall or off the grid; either
// may jump over the other. The cat wins on the mouse's cell or on the food
// first; the mouse wins on the food first; the cat wins if the mouse has not
// reached the food within the turn limit (1000 in LC 1728). A turn here is
// one move of one player (a ply), so the mouse wins iff it reaches the food
// on ply <= limit.
//
// Why the cyclic form is the default: in the game without a limit the mouse
// can force the food within d plies iff its position is a win with
// remoteness <= d (remoteness is exactly the least such d), so one analysis
// of 2F² positions (F free cells) answers every limit; the acyclic form has
// (limit + 1)·F² positions (4·10^6 for an 8×8 grid and 1000 turns, 500 times
// more) and gives the same answer (tested).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "exactdp/retrograde/result.hpp"

namespace exactdp {

/// A validated grid with each player's moves from every free cell.
/// Cells are the grid's non-wall squares, numbered row by row.
struct cat_mouse2_board {
  /// Validates the grid and jump lengths. Constraints: at least one row, all
  /// rows of the same non-zero length, characters from "CMF#.", exactly one
  /// 'C', one 'M' and one 'F'; 0 <= cat_jump, mouse_jump <= 1000. Errors:
  /// std::invalid_argument naming the row, character or count (e.g. "the
  /// grid has no food 'F'"); resource_error if 2F² positions exceed the state
  /// budget. Cost: O(F·(rows + cols)) time and memory.
  cat_mouse2_board(const std::vector<std::string>& grid, int cat_jump, int mouse_jump);

  int rows = 0, cols = 0;
  std::uint32_t cells = 0;          ///< F, the free cells
  std::vector<int> row_of, col_of;  ///< of each cell
  std::uint32_t mouse_start = 0, cat_start = 0, food = 0;
  std::vector<std::uint32_t> mouse_begin, mouse_moves;  ///< compressed: moves of cell k (staying included)
  std::vector<std::uint32_t> cat_begin, cat_moves;
  /// The moves are symmetric (a jump can be made back), so they are the
  /// parents too.
};

/// The game without a turn limit (draw = the mouse never eats): positions
/// (mover, mouse cell, cat cell), 2F²; the mouse moves in the first F².
class cat_mouse2_game {
 public:
  explicit cat_mouse2_game(const cat_mouse2_board& board) : b_(board) {}
  std::uint64_t position_count() const { return 2 * std::uint64_t(b_.cells) * b_.cells; }
  std::uint64_t move_total() const { return std::uint64_t(b_.cells) * (b_.mouse_moves.size() + b_.cat_moves.size()); }
  std::uint32_t position(std::uint32_t mouse, std::uint32_t cat, bool mouse_to_move) const {
    return ((mouse_to_move ? 0 : b_.cells) + mouse) * b_.cells + cat;
  }
  std::uint32_t mouse_of(std::uint32_t p) const { return (p / b_.cells) % b_.cells; }
  std::uint32_t cat_of(std::uint32_t p) const { return p % b_.cells; }
  bool mouse_to_move(std::uint32_t p) const { return p / b_.cells < b_.cells; }

  outcome terminal_outcome(std::uint32_t p) const {
    const std::uint32_t m = mouse_of(p), c = cat_of(p);
    const bool mouse_moves = mouse_to_move(p);
    if (m == c || c == b_.food) return mouse_moves ? outcome::lose : outcome::win;
    if (m == b_.food) return mouse_moves ? outcome::win : outcome::lose;
    return outcome::undecided;
  }
  std::uint32_t move_count(std::uint32_t p) const {
    return mouse_to_move(p) ? b_.mouse_begin[mouse_of(p) + 1] - b_.mouse_begin[mouse_of(p)]
                            : b_.cat_begin[cat_of(p) + 1] - b_.cat_begin[cat_of(p)];
  }
  template <class F>
  void for_each_move(std::uint32_t p, F&& f) const {
    const std::uint32_t m = mouse_of(p), c = cat_of(p);
    if (mouse_to_move(p)) {
      for (std::uint32_t k = b_.mouse_begin[m]; k < b_.mouse_begin[m + 1]; ++k)
        f(position(b_.mouse_moves[k], c, false));
    } else {
      for (std::uint32_t k = b_.cat_begin[c]; k < b_.cat_begin[c + 1]; ++k) f(position(m, b_.cat_moves[k], true));
    }
  }
  template <class F>
  void for_each_parent(std::uint32_t p, F&& f) const {
    const std::uint32_t m = mouse_of(p), c = cat_of(p);
    if (mouse_to_move(p)) {  // the cat just moved
      for (std::uint32_t k = b_.cat_begin[c]; k < b_.cat_begin[c + 1]; ++k) f(position(m, b_.cat_moves[k], false));
    } else {  // the mouse just moved
      for (std::uint32_t k = b_.mouse_begin[m]; k < b_.mouse_begin[m + 1]; ++k) f(position(b_.mouse_moves[k], c, true));
    }
  }
  bool keeps_turn(std::uint32_t, std::uint32_t) const { return false; }

 private:
  const cat_mouse2_board& b_;
};

/// The game with the turn limit in the state: positions (ply t, mouse cell,
/// cat cell) for t = 0..limit, (limit + 1)·F²; the mouse moves at even t; a
/// position at t = limit that is not already decided is a cat win. Acyclic.
class cat_mouse2_timed_game {
 public:
  cat_mouse2_timed_game(const cat_mouse2_board& board, std::uint32_t turn_limit) : b_(board), limit_(turn_limit) {}
  std::uint64_t position_count() const { return (std::uint64_t(limit_) + 1) * b_.cells * b_.cells; }
  std::uint64_t move_total() const {
    return (std::uint64_t(limit_) + 1) * b_.cells * (b_.mouse_moves.size() + b_.cat_moves.size()) / 2;
  }
  std::uint32_t position(std::uint32_t ply, std::uint32_t mouse, std::uint32_t cat) const {
    return (ply * b_.cells + mouse) * b_.cells + cat;
  }
  std::uint32_t ply_of(std::uint32_t p) const { return p / (b_.cells * b_.cells); }
  std::uint32_t mouse_of(std::uint32_t p) const { return (p / b_.cells) % b_.cells; }
  std::uint32_t cat_of(std::uint32_t p) const { return p % b_.cells; }

  outcome terminal_outcome(std::uint32_t p) const {
    const std::uint32_t m = mouse_of(p), c = cat_of(p), t = ply_of(p);
    const bool mouse_moves = t % 2 == 0;
    if (m == c || c == b_.food) return mouse_moves ? outcome::lose : outcome::win;
    if (m == b_.food) return mouse_moves ? outcome::win : outcome::lose;
    if (t == limit_) return mouse_moves ? outcome::lose : outcome::win;  // time is up: the cat wins
    return outcome::undecided;
  }
  std::uint32_t move_count(std::uint32_t p) const {
    const std::uint32_t m = mouse_of(p), c = cat_of(p);
    return ply_of(p) % 2 == 0 ? b_.mouse_begin[m + 1] - b_.mouse_begin[m] : b_.cat_begin[c + 1] - b_.cat_begin[c];
  }
  template <class F>
  void for_each_move(std::uint32_t p, F&& f) const {
    const std::uint32_t m = mouse_of(p), c = cat_of(p), t = ply_of(p);
    if (t % 2 == 0) {
      for (std::uint32_t k = b_.mouse_begin[m]; k < b_.mouse_begin[m + 1]; ++k)
        f(position(t + 1, b_.mouse_moves[k], c));
    } else {
      for (std::uint32_t k = b_.cat_begin[c]; k < b_.cat_begin[c + 1]; ++k) f(position(t + 1, m, b_.cat_moves[k]));
    }
  }
  template <class F>
  void for_each_parent(std::uint32_t p, F&& f) const {
    const std::uint32_t m = mouse_of(p), c = cat_of(p), t = ply_of(p);
    if (t == 0) return;
    if ((t - 1) % 2 == 0) {  // the mouse just moved
      for (std::uint32_t k = b_.mouse_begin[m]; k < b_.mouse_begin[m + 1]; ++k)
        f(position(t - 1, b_.mouse_moves[k], c));
    } else {
      for (std::uint32_t k = b_.cat_begin[c]; k < b_.cat_begin[c + 1]; ++k) f(position(t - 1, m, b_.cat_moves[k]));
    }
  }
  bool keeps_turn(std::uint32_t, std::uint32_t) const { return false; }

 private:
  const cat_mouse2_board& b_;
  std::uint32_t limit_;
};

/// The answer at the start (mouse to move on 'M', cat on 'C').
struct cat_mouse2_result {
  bool mouse_wins = false;  ///< the LC 1728 answer under the turn limit
  outcome mouse_outcome =
      outcome::undecided;                    ///< the mouse's outcome (timed form: under the limit; cyclic: without it)
  std::uint32_t remoteness = no_remoteness;  ///< plies to the end of that outcome (none for a draw)
  int move_row = -1, move_col = -1;          ///< the mouse's first optimal move (its cell)
};

/// Cat and Mouse II by the cyclic form: mouse_wins iff the mouse's start is a
/// win with remoteness <= turn_limit. mouse_outcome is the outcome without a
/// limit (a draw: the mouse can avoid the cat for ever but never eat).
/// Constraints and errors: as cat_mouse2_board; turn_limit >= 0 (any value).
/// Cost: O(F²·(rows + cols)) time, 17·2F² bytes (F <= 64 in LC 1728: 140 KB).
/// Source: LeetCode 1728 Cat and Mouse II.
/// Status (tests/retrograde/test_cat_mouse2.cpp): the problem's examples; agrees with the timed form and with a forward
/// depth-bounded search on random small grids and limits.
/// Example: cat_mouse2({"####F", "#C...", "M...."}, 1, 2).mouse_wins (LeetCode 1728's first example).
cat_mouse2_result cat_mouse2(const std::vector<std::string>& grid, int cat_jump, int mouse_jump,
                             std::uint32_t turn_limit = 1000);

/// Cat and Mouse II by the acyclic timed form (the same engine on
/// (limit + 1)·F² positions). Same answer as cat_mouse2 for mouse_wins
/// (and remoteness when the mouse wins). Errors: as cat_mouse2, plus
/// resource_error when (limit + 1)·F² positions exceed the state budget.
/// Cost: O(limit·F·(rows + cols)·F) time, 17(limit + 1)F² bytes.
/// Status: tested against cat_mouse2.
/// Example: cat_mouse2_timed({"####F", "#C...", "M...."}, 1, 2).mouse_wins.
cat_mouse2_result cat_mouse2_timed(const std::vector<std::string>& grid, int cat_jump, int mouse_jump,
                                   std::uint32_t turn_limit = 1000);

/// The LC 1728 answer (limit 1000 turns). Errors as cat_mouse2.
/// Example: can_mouse_win({"####F", "#C...", "M...."}, 1, 2).
bool can_mouse_win(const std::vector<std::string>& grid, int cat_jump, int mouse_jump);

}  // namespace exactdp
