// Explicit game graphs: building, validation and the retrograde solution
// (the engine of retrograde.hpp over child lists and the parent lists built
// here).
#include "exactdp/retrograde/game_graph.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/retrograde.hpp"

namespace exactdp {

namespace detail {
namespace {

/// The explicit graph seen by the engine: children from the graph, parents
/// from a compressed reverse index (8(N+1) + 4M bytes).
class explicit_game {
 public:
  explicit explicit_game(const game_graph& g) : g_(g) {
    const std::uint32_t n = g.position_count();
    parent_begin_.assign(std::size_t{n} + 1, 0);
    for (const std::uint32_t c : g.moves) ++parent_begin_[std::size_t{c} + 1];
    for (std::uint32_t i = 0; i < n; ++i) parent_begin_[i + 1] += parent_begin_[i];
    parents_.resize(g.moves.size());
    // parent_begin_[c] is used as the fill cursor of c, which moves it to the
    // start of c + 1; one shift restores the starts.
    for (std::uint32_t p = 0; p < n; ++p)
      for (std::uint64_t k = g.move_begin[p]; k < g.move_begin[p + 1]; ++k) parents_[parent_begin_[g.moves[k]]++] = p;
    for (std::uint32_t i = n; i > 0; --i) parent_begin_[i] = parent_begin_[i - 1];
    parent_begin_[0] = 0;
  }

  std::uint64_t position_count() const { return g_.position_count(); }
  std::uint64_t move_total() const { return g_.moves.size(); }
  outcome terminal_outcome(std::uint32_t p) const { return g_.terminal[p]; }
  std::uint32_t move_count(std::uint32_t p) const {
    return static_cast<std::uint32_t>(g_.move_begin[p + 1] - g_.move_begin[p]);
  }
  template <class F>
  void for_each_move(std::uint32_t p, F&& f) const {
    for (std::uint64_t k = g_.move_begin[p]; k < g_.move_begin[p + 1]; ++k) f(g_.moves[k]);
  }
  template <class F>
  void for_each_parent(std::uint32_t c, F&& f) const {
    for (std::uint64_t k = parent_begin_[c]; k < parent_begin_[c + 1]; ++k) f(parents_[k]);
  }
  bool keeps_turn(std::uint32_t parent, std::uint32_t child) const {
    return !g_.player.empty() && g_.player[parent] == g_.player[child];
  }

 private:
  const game_graph& g_;
  std::vector<std::uint64_t> parent_begin_;
  std::vector<std::uint32_t> parents_;
};

}  // namespace
}  // namespace detail

void validate_game_graph(const game_graph& g) {
  const std::size_t n = g.terminal.size();
  if (n > 0xFFFF'FFFEu)
    throw std::invalid_argument("a game graph has at most 4294967294 positions, not " + std::to_string(n));
  if (g.move_begin.size() != n + 1)
    throw std::invalid_argument("move_begin has " + std::to_string(g.move_begin.size()) + " entries; " +
                                std::to_string(n) + " positions need " + std::to_string(n + 1));
  if (g.move_begin[0] != 0) throw std::invalid_argument("move_begin[0] must be 0");
  if (g.move_begin[n] != g.moves.size())
    throw std::invalid_argument("move_begin ends at " + std::to_string(g.move_begin[n]) + " but there are " +
                                std::to_string(g.moves.size()) + " moves");
  if (!g.player.empty() && g.player.size() != n)
    throw std::invalid_argument("player has " + std::to_string(g.player.size()) + " entries for " + std::to_string(n) +
                                " positions (give one per position, or none)");
  for (std::size_t p = 0; p < n; ++p) {
    const std::uint64_t begin = g.move_begin[p], end = g.move_begin[p + 1];
    if (end < begin) throw std::invalid_argument("move_begin decreases at position " + std::to_string(p));
    if (end > g.moves.size())
      throw std::invalid_argument("move_begin[" + std::to_string(p + 1) + "] = " + std::to_string(end) +
                                  " is past the end of the " + std::to_string(g.moves.size()) + " moves");
    if (end - begin > 0xFFFF'FFFFu)
      throw std::invalid_argument("position " + std::to_string(p) + " has more than 2^32 - 1 moves");
    const outcome t = g.terminal[p];
    if (t != outcome::undecided && t != outcome::win && t != outcome::lose && t != outcome::draw)
      throw std::invalid_argument("position " + std::to_string(p) + " has an invalid terminal outcome");
    if (t != outcome::undecided && end != begin)
      throw std::invalid_argument("position " + std::to_string(p) + " is terminal (" + std::string(outcome_name(t)) +
                                  ") but has " + std::to_string(end - begin) + " moves; a terminal position has none");
    if (!g.player.empty() && g.player[p] > 1)
      throw std::invalid_argument("player of position " + std::to_string(p) + " is " + std::to_string(g.player[p]) +
                                  "; it must be 0 or 1");
    for (std::uint64_t k = begin; k < end; ++k)
      if (g.moves[k] >= n)
        throw std::invalid_argument("position " + std::to_string(p) + " has a move to " + std::to_string(g.moves[k]) +
                                    ", which is not one of the " + std::to_string(n) + " positions");
  }
}

game_graph make_game_graph(const std::vector<std::vector<std::uint32_t>>& children, std::vector<outcome> terminal,
                           std::vector<std::uint8_t> player) {
  game_graph g;
  const std::size_t n = children.size();
  if (terminal.empty()) terminal.assign(n, outcome::undecided);
  if (terminal.size() != n)
    throw std::invalid_argument("terminal has " + std::to_string(terminal.size()) + " entries for " +
                                std::to_string(n) + " positions");
  g.terminal = std::move(terminal);
  g.player = std::move(player);
  g.move_begin.assign(n + 1, 0);
  for (std::size_t p = 0; p < n; ++p) g.move_begin[p + 1] = g.move_begin[p] + children[p].size();
  g.moves.reserve(g.move_begin[n]);
  for (const auto& list : children) g.moves.insert(g.moves.end(), list.begin(), list.end());
  validate_game_graph(g);
  return g;
}

retrograde_result retrograde_analysis(const game_graph& g) {
  validate_game_graph(g);
  const long double n = g.terminal.size(), m = static_cast<long double>(g.moves.size());
  const std::string what = "the retrograde analysis of " + std::to_string(g.terminal.size()) + " positions and " +
                           std::to_string(g.moves.size()) + " moves";
  // Parent lists (8(N+1) + 4M) plus the engine's 17 bytes per position.
  check_state_budget(what + " (25 bytes per position + 4 per move)", n + m,
                     static_cast<std::size_t>(((25.0L * n + 4.0L * m + 8.0L) / (n + m + 1.0L)) + 1.0L));
  const detail::explicit_game game(g);
  return retrograde_analysis(game, what);
}

}  // namespace exactdp
