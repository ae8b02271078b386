// Cat and Mouse (LC 913): validation of the graph and the answer at the start.
#include "exactdp/retrograde/cat_mouse.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/retrograde.hpp"

namespace exactdp {

cat_mouse_game::cat_mouse_game(const std::vector<std::vector<int>>& graph) {
  const std::size_t n = graph.size();
  if (n < 3)
    throw std::invalid_argument("the graph has " + std::to_string(n) +
                                " nodes; cat and mouse needs at least 3 (the hole 0, the mouse's start 1, the "
                                "cat's start 2)");
  check_state_budget("cat and mouse on " + std::to_string(n) + " nodes",
                     2.0L * static_cast<long double>(n) * static_cast<long double>(n - 1),
                     retrograde_bytes_per_position);
  if (2.0L * static_cast<long double>(n) * static_cast<long double>(n - 1) > 4294967294.0L)
    throw std::invalid_argument("cat and mouse on " + std::to_string(n) + " nodes has more than 2^32 - 2 positions");
  // Each node's neighbours are marked once to find repeats; asymmetry is
  // found by counting each (a, b) against (b, a) with sorted copies.
  std::vector<std::vector<int>> sorted(n);
  for (std::size_t a = 0; a < n; ++a) {
    const auto& list = graph[a];
    if (list.size() >= n)
      throw std::invalid_argument("node " + std::to_string(a) + " lists " + std::to_string(list.size()) +
                                  " neighbours; a graph on " + std::to_string(n) + " nodes allows at most " +
                                  std::to_string(n - 1));
    for (const int b : list) {
      if (b < 0 || static_cast<std::size_t>(b) >= n)
        throw std::invalid_argument("node " + std::to_string(a) + " lists " + std::to_string(b) +
                                    ", which is not a node (0.." + std::to_string(n - 1) + ")");
      if (static_cast<std::size_t>(b) == a) throw std::invalid_argument("node " + std::to_string(a) + " lists itself");
    }
    sorted[a] = list;
    std::sort(sorted[a].begin(), sorted[a].end());
    for (std::size_t k = 1; k < sorted[a].size(); ++k)
      if (sorted[a][k] == sorted[a][k - 1])
        throw std::invalid_argument("node " + std::to_string(a) + " lists " + std::to_string(sorted[a][k]) + " twice");
  }
  for (std::size_t a = 0; a < n; ++a)
    for (const int b : sorted[a])
      if (!std::binary_search(sorted[std::size_t(b)].begin(), sorted[std::size_t(b)].end(), static_cast<int>(a)))
        throw std::invalid_argument("node " + std::to_string(a) + " lists " + std::to_string(b) + " but node " +
                                    std::to_string(b) + " does not list " + std::to_string(a) +
                                    " (the graph is undirected: list every edge from both ends)");
  if (graph[1].empty()) throw std::invalid_argument("the mouse cannot move from its start, node 1 (no neighbours)");
  bool cat_can_move = false;
  for (const int b : graph[2]) cat_can_move = cat_can_move || b != 0;
  if (!cat_can_move)
    throw std::invalid_argument("the cat cannot move from its start, node 2 (no neighbour other than the hole)");

  n_ = static_cast<int>(n);
  adj_ = graph;
  cat_moves_.assign(n, 0);
  for (std::size_t a = 0; a < n; ++a) {
    degree_total_ += graph[a].size();
    for (const int b : graph[a]) cat_moves_[a] += b != 0 ? 1u : 0u;
  }
}

cat_mouse_result cat_mouse(const cat_mouse_game& game) {
  const retrograde_result r =
      retrograde_analysis(game, "cat and mouse on " + std::to_string(game.node_count()) + " nodes");
  const std::uint32_t start = game.position(1, 2, true);
  cat_mouse_result a;
  switch (r.outcomes[start]) {
    case outcome::win:
      a.result = 1;
      break;
    case outcome::lose:
      a.result = 2;
      break;
    default:
      a.result = 0;
      break;
  }
  a.remoteness = r.remoteness[start];
  if (r.best_move[start] != no_move) a.first_move = game.mouse_of(r.best_move[start]);
  a.line = principal_line(r, start, 1000);
  return a;
}

int cat_mouse(const std::vector<std::vector<int>>& graph) { return cat_mouse(cat_mouse_game(graph)).result; }

}  // namespace exactdp
