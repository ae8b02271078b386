// Tarjan's components (iterative) against brute-force mutual reachability.
#include "exactdp/markov/scc.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <random>
#include <stdexcept>

using namespace exactdp;

namespace {

struct graph {
  std::size_t n;
  std::vector<std::size_t> row_begin, targets;
};

graph random_graph(std::mt19937& rng, std::size_t n, int max_degree) {
  graph g{n, {0}, {}};
  std::uniform_int_distribution<std::size_t> pick(0, n - 1);
  std::uniform_int_distribution<int> degree(0, max_degree);
  for (std::size_t v = 0; v < n; ++v) {
    const int d = degree(rng);
    for (int i = 0; i < d; ++i) g.targets.push_back(pick(rng));
    g.row_begin.push_back(g.targets.size());
  }
  return g;
}

// reach[u][v]: v reachable from u (reflexive), by repeated relaxation.
std::vector<std::vector<char>> closure(const graph& g, const std::vector<char>& stop) {
  std::vector<std::vector<char>> r(g.n, std::vector<char>(g.n, 0));
  for (std::size_t u = 0; u < g.n; ++u) {
    r[u][u] = 1;
    std::vector<std::size_t> todo{u};
    while (!todo.empty()) {
      const std::size_t v = todo.back();
      todo.pop_back();
      if (stop[v]) continue;
      for (std::size_t e = g.row_begin[v]; e < g.row_begin[v + 1]; ++e)
        if (!r[u][g.targets[e]]) r[u][g.targets[e]] = 1, todo.push_back(g.targets[e]);
    }
  }
  return r;
}

}  // namespace

TEST_CASE("components are the mutual-reachability classes, in topological order", "[markov][scc]") {
  std::mt19937 rng(12345);
  for (int round = 0; round < 300; ++round) {
    const std::size_t n = 1 + static_cast<std::size_t>(round % 30);
    const graph g = random_graph(rng, n, 1 + round % 4);
    std::vector<char> stop(n, 0);
    for (auto& s : stop) s = std::uniform_int_distribution<int>(0, 6)(rng) == 0;
    const std::size_t start = std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
    const auto c = reachable_components(n, g.row_begin, g.targets, start, stop);
    const auto r = closure(g, stop);
    INFO("round " << round);
    for (std::size_t v = 0; v < n; ++v) {
      CHECK((c.component[v] != markov_components::unreached) == static_cast<bool>(r[start][v]));
      for (std::size_t w = 0; w < n; ++w) {
        if (!r[start][v] || !r[start][w]) continue;
        CHECK((c.component[v] == c.component[w]) == (r[v][w] && r[w][v]));
        // Topological: an edge never goes back to an earlier component.
        if (r[v][w] && c.component[v] != c.component[w]) CHECK(c.component[v] < c.component[w]);
      }
    }
    CHECK(c.component[start] == 0);
    std::size_t total = 0;
    for (std::size_t k = 0; k < c.count(); ++k) {
      total += c.begin[k + 1] - c.begin[k];
      for (std::size_t i = c.begin[k]; i < c.begin[k + 1]; ++i) CHECK(c.component[c.states[i]] == k);
    }
    CHECK(total == c.states.size());
  }
}

TEST_CASE("a path and a cycle of a million states need no recursion", "[markov][scc]") {
  const std::size_t n = 1'000'000;
  graph path{n, {0}, {}}, cycle{n, {0}, {}};
  for (std::size_t v = 0; v < n; ++v) {
    if (v + 1 < n) path.targets.push_back(v + 1);
    path.row_begin.push_back(path.targets.size());
    cycle.targets.push_back((v + 1) % n);
    cycle.row_begin.push_back(cycle.targets.size());
  }
  const std::vector<char> stop(n, 0);
  const auto p = reachable_components(n, path.row_begin, path.targets, 0, stop);
  CHECK(p.count() == n);
  CHECK(p.states.front() == 0);
  CHECK(p.states.back() == n - 1);
  const auto c = reachable_components(n, cycle.row_begin, cycle.targets, 0, stop);
  CHECK(c.count() == 1);
}

TEST_CASE("inconsistent graph arrays are rejected", "[markov][scc][errors]") {
  const std::vector<std::size_t> rb{0, 1}, t{5};
  CHECK_THROWS_AS(reachable_components(1, rb, t, 0, std::vector<char>(1, 0)), std::invalid_argument);
  CHECK_THROWS_AS(reachable_components(1, rb, t, 3, std::vector<char>(1, 0)), std::invalid_argument);
  CHECK_THROWS_AS(reachable_components(2, rb, t, 0, std::vector<char>(2, 0)), std::invalid_argument);
}
