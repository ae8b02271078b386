// Iterative Tarjan: the recursion of the textbook algorithm is replaced by
// an explicit stack of (vertex, next edge position) frames.
#include "exactdp/markov/scc.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace exactdp {

markov_components reachable_components(std::size_t n, const std::vector<std::size_t>& row_begin,
                                       const std::vector<std::size_t>& targets, std::size_t start,
                                       const std::vector<char>& stop) {
  if (row_begin.size() != n + 1 || stop.size() != n || start >= n || row_begin.back() != targets.size())
    throw std::invalid_argument("reachable_components: inconsistent graph arrays (n = " + std::to_string(n) + ")");
  constexpr std::size_t none = markov_components::unreached;
  markov_components out;
  out.component.assign(n, none);
  std::vector<std::size_t> index(n, none), low(n, 0);
  std::vector<char> on_stack(n, 0);
  std::vector<std::size_t> stack;  // Tarjan's stack of open vertices
  struct frame {
    std::size_t v, next;  // vertex and position of its next edge to look at
  };
  std::vector<frame> calls;
  std::size_t counter = 0;
  // Components come out sinks first; they are reversed at the end.
  std::vector<std::size_t> comp_states;
  std::vector<std::size_t> comp_sizes;

  auto open = [&](std::size_t v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = 1;
    calls.push_back({v, stop[v] ? row_begin[v + 1] : row_begin[v]});
  };
  open(start);
  while (!calls.empty()) {
    frame& f = calls.back();
    const std::size_t v = f.v;
    if (f.next < row_begin[v + 1]) {
      const std::size_t w = targets[f.next++];
      if (w >= n)
        throw std::invalid_argument("reachable_components: edge target " + std::to_string(w) + " out of range");
      if (index[w] == none) {
        open(w);  // invalidates f
      } else if (on_stack[w]) {
        low[v] = std::min(low[v], index[w]);
      }
      continue;
    }
    // All edges of v done: close v.
    calls.pop_back();
    if (!calls.empty()) {
      const std::size_t parent = calls.back().v;
      low[parent] = std::min(low[parent], low[v]);
    }
    if (low[v] == index[v]) {
      std::size_t size = 0;
      std::size_t w;
      do {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = 0;
        comp_states.push_back(w);
        ++size;
      } while (w != v);
      comp_sizes.push_back(size);
    }
  }
  // Reverse the component order (keeping each component's states together).
  const std::size_t k = comp_sizes.size();
  out.states.reserve(comp_states.size());
  out.begin.reserve(k + 1);
  out.begin.push_back(0);
  std::size_t end = comp_states.size();
  for (std::size_t c = k; c-- > 0;) {
    const std::size_t first = end - comp_sizes[c];
    const std::size_t id = out.begin.size() - 1;
    for (std::size_t i = first; i < end; ++i) {
      out.states.push_back(comp_states[i]);
      out.component[comp_states[i]] = id;
    }
    out.begin.push_back(out.states.size());
    end = first;
  }
  return out;
}

}  // namespace exactdp
