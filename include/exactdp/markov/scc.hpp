// exactdp/markov/scc.hpp: strongly connected components of the states
// reachable from a start state, in topological order (Tarjan's algorithm
// with an explicit stack: no recursion, whatever the chain's depth).
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

namespace exactdp {

/// The components of the directed graph of a chain restricted to the states
/// reachable from `start`.
struct markov_components {
  static constexpr std::size_t unreached = std::numeric_limits<std::size_t>::max();
  /// The reachable states grouped by component; component k is
  /// states[begin[k] .. begin[k+1]). Components are in topological order:
  /// every edge goes from a component to itself or to a later one, so the
  /// start state's component is first.
  std::vector<std::size_t> states;
  std::vector<std::size_t> begin;
  /// Per state of the graph: its component index, or `unreached`.
  std::vector<std::size_t> component;
  std::size_t count() const { return begin.empty() ? 0 : begin.size() - 1; }
};

/// Tarjan's strongly connected components, iteratively, over the graph with
/// n vertices whose edges out of v are targets[row_begin[v] .. row_begin[v+1]),
/// from `start` only; a vertex with stop[v] != 0 is treated as having no
/// edges (an absorbing or target state). Requires row_begin.size() == n + 1,
/// every target < n, start < n, stop.size() == n (std::invalid_argument
/// otherwise). Cost: O(n + m) time, O(n) memory.
/// Source: Tarjan 1972. Status: tested against a brute-force mutual
/// reachability on random graphs.
/// Example: reachable_components(2, {0, 1, 2}, {1, 0}, 0, {0, 0}).count() == 1 (0 and 1 reach each other).
markov_components reachable_components(std::size_t n, const std::vector<std::size_t>& row_begin,
                                       const std::vector<std::size_t>& targets, std::size_t start,
                                       const std::vector<char>& stop);

}  // namespace exactdp
