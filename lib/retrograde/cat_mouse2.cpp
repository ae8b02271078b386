// Cat and Mouse II (LC 1728): the board (validation, jump moves) and the two
// ways of solving it on the retrograde engine.
#include "exactdp/retrograde/cat_mouse2.hpp"

#include <stdexcept>
#include <string>

#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/retrograde.hpp"

namespace exactdp {

namespace {

// Row-major index of the square (row, col), computed in std::size_t (not int).
std::size_t square_index(int row, int col, int cols) { return std::size_t(row) * std::size_t(cols) + std::size_t(col); }

void add_jumps(const std::vector<std::string>& grid, const std::vector<int>& cell_at, int cols, int row, int col,
               int jump, std::vector<std::uint32_t>& out) {
  out.push_back(static_cast<std::uint32_t>(cell_at[square_index(row, col, cols)]));  // jump 0: stay
  static constexpr int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  const int rows = static_cast<int>(grid.size());
  for (int d = 0; d < 4; ++d) {
    for (int step = 1; step <= jump; ++step) {
      const int r = row + dr[d] * step, c = col + dc[d] * step;
      if (r < 0 || r >= rows || c < 0 || c >= cols || grid[std::size_t(r)][std::size_t(c)] == '#') break;
      out.push_back(static_cast<std::uint32_t>(cell_at[square_index(r, c, cols)]));
    }
  }
}

}  // namespace

cat_mouse2_board::cat_mouse2_board(const std::vector<std::string>& grid, int cat_jump, int mouse_jump) {
  if (grid.empty()) throw std::invalid_argument("the grid has no rows");
  if (cat_jump < 0 || cat_jump > 1000 || mouse_jump < 0 || mouse_jump > 1000)
    throw std::invalid_argument("jump lengths must be between 0 and 1000 (cat " + std::to_string(cat_jump) +
                                ", mouse " + std::to_string(mouse_jump) + ")");
  rows = static_cast<int>(grid.size());
  cols = static_cast<int>(grid[0].size());
  if (cols == 0) throw std::invalid_argument("row 0 of the grid is empty");
  int cats = 0, mice = 0, foods = 0;
  long double free_cells = 0;
  for (int r = 0; r < rows; ++r) {
    const std::string& line = grid[std::size_t(r)];
    if (line.size() != static_cast<std::size_t>(cols))
      throw std::invalid_argument("row " + std::to_string(r) + " of the grid has " + std::to_string(line.size()) +
                                  " characters; row 0 has " + std::to_string(cols));
    for (const char ch : line) {
      switch (ch) {
        case 'C':
          ++cats;
          break;
        case 'M':
          ++mice;
          break;
        case 'F':
          ++foods;
          break;
        case '.':
        case '#':
          break;
        default:
          throw std::invalid_argument("row " + std::to_string(r) + " of the grid has the character " +
                                      quote_input(std::string_view(&ch, 1)) + "; use C, M, F, # and . only");
      }
      free_cells += ch != '#' ? 1 : 0;
    }
  }
  if (static_cast<long double>(rows) * cols > 1e8L)
    throw std::invalid_argument("the grid has " + std::to_string(rows) + " rows of " + std::to_string(cols) +
                                " squares; at most 10^8 squares are supported");
  auto count_error = [](int count, const char* what, char ch) {
    if (count == 1) return;
    throw std::invalid_argument(std::string("the grid has ") + (count == 0 ? "no" : std::to_string(count).c_str()) +
                                " " + what + " '" + std::string(1, ch) + "'; it needs exactly one");
  };
  count_error(foods, "food", 'F');
  count_error(mice, "mouse", 'M');
  count_error(cats, "cat", 'C');
  check_state_budget("cat and mouse II on " + std::to_string(static_cast<long long>(free_cells)) + " free cells",
                     2 * free_cells * free_cells, retrograde_bytes_per_position);

  std::vector<int> cell_at(std::size_t(rows) * std::size_t(cols), -1);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const char ch = grid[std::size_t(r)][std::size_t(c)];
      if (ch == '#') continue;
      cell_at[square_index(r, c, cols)] = static_cast<int>(cells);
      if (ch == 'C') cat_start = cells;
      if (ch == 'M') mouse_start = cells;
      if (ch == 'F') food = cells;
      row_of.push_back(r);
      col_of.push_back(c);
      ++cells;
    }
  mouse_begin.push_back(0);
  cat_begin.push_back(0);
  for (std::uint32_t k = 0; k < cells; ++k) {
    add_jumps(grid, cell_at, cols, row_of[k], col_of[k], mouse_jump, mouse_moves);
    mouse_begin.push_back(static_cast<std::uint32_t>(mouse_moves.size()));
    add_jumps(grid, cell_at, cols, row_of[k], col_of[k], cat_jump, cat_moves);
    cat_begin.push_back(static_cast<std::uint32_t>(cat_moves.size()));
  }
}

namespace {

template <class Game>
void set_first_move(const cat_mouse2_board& board, const Game& game, std::uint32_t best, cat_mouse2_result& a) {
  if (best == no_move) return;
  const std::uint32_t cell = game.mouse_of(best);
  a.move_row = board.row_of[cell];
  a.move_col = board.col_of[cell];
}

}  // namespace

cat_mouse2_result cat_mouse2(const std::vector<std::string>& grid, int cat_jump, int mouse_jump,
                             std::uint32_t turn_limit) {
  const cat_mouse2_board board(grid, cat_jump, mouse_jump);
  const cat_mouse2_game game(board);
  const retrograde_result r =
      retrograde_analysis(game, "cat and mouse II on " + std::to_string(board.cells) + " free cells");
  const std::uint32_t start = game.position(board.mouse_start, board.cat_start, true);
  cat_mouse2_result a;
  a.mouse_outcome = r.outcomes[start];
  a.remoteness = r.remoteness[start];
  a.mouse_wins = a.mouse_outcome == outcome::win && a.remoteness <= turn_limit;
  set_first_move(board, game, r.best_move[start], a);
  return a;
}

cat_mouse2_result cat_mouse2_timed(const std::vector<std::string>& grid, int cat_jump, int mouse_jump,
                                   std::uint32_t turn_limit) {
  const cat_mouse2_board board(grid, cat_jump, mouse_jump);
  const long double positions = (static_cast<long double>(turn_limit) + 1) * board.cells * board.cells;
  check_state_budget("cat and mouse II on " + std::to_string(board.cells) + " free cells with a limit of " +
                         std::to_string(turn_limit) + " turns",
                     positions, retrograde_bytes_per_position);
  const cat_mouse2_timed_game game(board, turn_limit);
  const retrograde_result r =
      retrograde_analysis(game, "cat and mouse II on " + std::to_string(board.cells) + " free cells with a limit of " +
                                    std::to_string(turn_limit) + " turns");
  const std::uint32_t start = game.position(0, board.mouse_start, board.cat_start);
  cat_mouse2_result a;
  a.mouse_outcome = r.outcomes[start];
  a.remoteness = r.remoteness[start];
  a.mouse_wins = a.mouse_outcome == outcome::win;
  set_first_move(board, game, r.best_move[start], a);
  return a;
}

bool can_mouse_win(const std::vector<std::string>& grid, int cat_jump, int mouse_jump) {
  return cat_mouse2(grid, cat_jump, mouse_jump, 1000).mouse_wins;
}

}  // namespace exactdp
