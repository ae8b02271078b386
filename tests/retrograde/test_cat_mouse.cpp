// Cat and Mouse (LC 913): the seed example, every valid graph with up to 5
// nodes and random graphs with 6 to 8 nodes against a history search written
// from the rules, remoteness against depth-bounded tables, the move cap that
// fails, and the error paths.
#include <catch2/catch.hpp>

#include <random>

#include "exactdp/retrograde/cat_mouse.hpp"
#include "exactdp/retrograde/retrograde.hpp"
#include "retrograde/oracles.hpp"

using namespace exactdp;

namespace {

bool valid_for_lc913(const std::vector<std::vector<int>>& graph) {
  if (graph[1].empty()) return false;
  for (const int b : graph[2])
    if (b != 0) return true;
  return false;
}

/// Compares every position of the engine's table with the oracles.
void check_every_position(const std::vector<std::vector<int>>& graph) {
  const cat_mouse_game game(graph);
  const retrograde_result r = retrograde_analysis(game);
  const test::small_game rules = test::cat_mouse_rules(graph);
  const auto bounded = test::bounded_tables(rules);
  const int n = static_cast<int>(graph.size());
  std::vector<char> on_path(rules.children.size(), 0);
  for (int m = 0; m < n; ++m)
    for (int c = 1; c < n; ++c)
      for (const bool mouse_moves : {true, false}) {
        const std::uint32_t p = game.position(m, c, mouse_moves);
        REQUIRE(game.mouse_of(p) == m);
        REQUIRE(game.cat_of(p) == c);
        REQUIRE(game.mouse_to_move(p) == mouse_moves);
        const std::uint32_t q = test::rules_index(n, m, c, mouse_moves);
        INFO("mouse " << m << " cat " << c << (mouse_moves ? " mouse" : " cat") << " to move");
        REQUIRE(r.outcomes[p] == test::as_outcome(test::history_value(rules, q, on_path)));
        REQUIRE(r.remoteness[p] == bounded.remoteness[q]);
      }
  const int lc = r.outcomes[game.position(1, 2, true)] == outcome::win    ? 1
                 : r.outcomes[game.position(1, 2, true)] == outcome::lose ? 2
                                                                          : 0;
  REQUIRE(cat_mouse(graph) == lc);
}

std::vector<std::vector<int>> graph_of_edges(int n, std::uint32_t mask) {
  std::vector<std::vector<int>> graph(static_cast<std::size_t>(n));
  int bit = 0;
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b, ++bit)
      if (mask >> bit & 1) {
        graph[std::size_t(a)].push_back(b);
        graph[std::size_t(b)].push_back(a);
      }
  return graph;
}

}  // namespace

TEST_CASE("the seed example is a draw", "[cat_mouse]") {
  const std::vector<std::vector<int>> graph{{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}};
  CHECK(cat_mouse(graph) == 0);
  const cat_mouse_game game(graph);
  const cat_mouse_result a = cat_mouse(game);
  CHECK(a.remoteness == no_remoteness);
  CHECK(a.first_move == 3);  // 1's only neighbour
  REQUIRE(a.line.size() >= 3);
  CHECK(std::count(a.line.begin(), a.line.end(), a.line.back()) == 2);  // ends on a repetition
  check_every_position(graph);
}

TEST_CASE("LC 913 example 2 and small hand cases", "[cat_mouse]") {
  CHECK(cat_mouse({{1, 3}, {0}, {3}, {0, 2}}) == 1);
  const cat_mouse_result a = cat_mouse(cat_mouse_game({{1, 3}, {0}, {3}, {0, 2}}));
  CHECK(a.remoteness == 1);
  CHECK(a.first_move == 0);
  // A path 0-2-1: the mouse must step onto the cat.
  const cat_mouse_result b = cat_mouse(cat_mouse_game({{2}, {2}, {0, 1}}));
  CHECK(b.result == 2);
  CHECK(b.remoteness == 1);
  CHECK(b.first_move == 2);
}

TEST_CASE("every valid graph with up to 5 nodes, every position, agrees with a history search", "[cat_mouse]") {
  std::size_t graphs = 0, positions = 0;
  for (int n = 3; n <= 5; ++n) {
    const int edges = n * (n - 1) / 2;
    for (std::uint32_t mask = 0; mask < (1u << edges); ++mask) {
      const auto graph = graph_of_edges(n, mask);
      if (!valid_for_lc913(graph)) continue;
      INFO("n " << n << " edge mask " << mask);
      check_every_position(graph);
      ++graphs;
      positions += std::size_t(2 * n * (n - 1));
    }
  }
  // 4 of 8, 44 of 64 and 848 of 1024 edge sets satisfy the LC 913
  // guarantees (counted independently); 35,024 positions in all.
  CHECK(graphs == 4 + 44 + 848);
  CHECK(positions == 4 * 12 + 44 * 24 + 848 * 40);
}

TEST_CASE("random graphs with 6 to 8 nodes agree with a history search", "[cat_mouse]") {
  std::mt19937 rng(913);
  int tested = 0;
  while (tested < 120) {
    const int n = 6 + static_cast<int>(static_cast<unsigned>(rng() % 3));
    std::vector<std::vector<int>> graph(static_cast<std::size_t>(n));
    const unsigned percent = 20 + static_cast<unsigned>(rng() % 40);
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b)
        if (static_cast<unsigned>(rng() % 100) < percent) {
          graph[std::size_t(a)].push_back(b);
          graph[std::size_t(b)].push_back(a);
        }
    if (!valid_for_lc913(graph)) continue;
    std::shuffle(graph[1].begin(), graph[1].end(), rng);  // list order must not matter
    INFO("trial " << tested);
    check_every_position(graph);
    ++tested;
  }
}

TEST_CASE("a cat win longer than a 4n+3 move cap: capped searches call it wrongly", "[cat_mouse]") {
  // 12 nodes, 25 edges, found by a local search over graphs maximising the
  // cat's forced-win remoteness; every node has a neighbour (LC 913 valid).
  const std::vector<std::vector<int>> graph{{5},
                                            {2, 4, 6, 8},
                                            {1, 3, 9, 10},
                                            {2, 5, 7, 11},
                                            {1, 5, 6},
                                            {0, 3, 4, 6, 8},
                                            {1, 4, 5, 7, 9, 10},
                                            {3, 6, 8, 9},
                                            {1, 5, 7, 10, 11},
                                            {2, 6, 7, 10, 11},
                                            {2, 6, 8, 9, 11},
                                            {3, 8, 9, 10}};
  const int n = static_cast<int>(graph.size());
  const cat_mouse_result a = cat_mouse(cat_mouse_game(graph));
  CHECK(a.result == 2);
  CHECK(a.remoteness == 52);
  CHECK(a.remoteness > static_cast<std::uint32_t>(4 * n + 3));
  CHECK(a.line.size() == 53);  // the principal line is the whole forced win
  // The depth-bounded tables (independent of the engine) agree on every
  // position; the history search is too slow here (its tree is exponential).
  const cat_mouse_game game(graph);
  const retrograde_result r = retrograde_analysis(game);
  const auto bounded = test::bounded_tables(test::cat_mouse_rules(graph));
  for (int m = 0; m < n; ++m)
    for (int c = 1; c < n; ++c)
      for (const bool mouse_moves : {true, false}) {
        const std::uint32_t q = test::rules_index(n, m, c, mouse_moves);
        REQUIRE(r.outcomes[game.position(m, c, mouse_moves)] == bounded.outcomes[q]);
        REQUIRE(r.remoteness[game.position(m, c, mouse_moves)] == bounded.remoteness[q]);
      }
  // A search that calls the game a draw after `cap` plies answers 0 for the
  // caps people use (2n, 4n+3), and 2 only once the cap reaches 52.
  CHECK(test::capped_cat_mouse(graph, 2 * n) == 0);
  CHECK(test::capped_cat_mouse(graph, 4 * n + 3) == 0);
  CHECK(test::capped_cat_mouse(graph, 51) == 0);
  CHECK(test::capped_cat_mouse(graph, 52) == 2);
  CHECK(test::capped_cat_mouse(graph, 1000) == 2);
}

TEST_CASE("cat and mouse errors", "[cat_mouse][errors]") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(cat_mouse({{0}, {2}, {1}}), Contains("node 0 lists itself"));
  CHECK_THROWS_WITH(cat_mouse({{}, {2}, {1, 0}}), Contains("node 2 lists 0 but node 0 does not list 2"));
  CHECK_THROWS_WITH(cat_mouse({{1}, {0}}), Contains("needs at least 3"));
  CHECK_THROWS_WITH(cat_mouse({}), Contains("needs at least 3"));
  CHECK_THROWS_WITH(cat_mouse({{1}, {0, 2, 2}, {1}, {}}), Contains("node 1 lists 2 twice"));
  CHECK_THROWS_WITH(cat_mouse({{1}, {0, 5}, {1}}), Contains("node 1 lists 5, which is not a node"));
  CHECK_THROWS_WITH(cat_mouse({{1}, {0, -1}, {1}}), Contains("node 1 lists -1"));
  CHECK_THROWS_WITH(cat_mouse({{2}, {}, {0}}), Contains("the mouse cannot move from its start"));
  CHECK_THROWS_WITH(cat_mouse({{1, 2}, {0}, {0}}), Contains("the cat cannot move from its start"));
  CHECK_THROWS_WITH(cat_mouse({{1}, {0, 2, 3, 4}, {1}}), Contains("allows at most 2"));
  const std::uint64_t saved = state_budget_bytes();
  state_budget_bytes() = 1 << 20;
  std::vector<std::vector<int>> big(1000);
  CHECK_THROWS_AS(cat_mouse(big), resource_error);
  state_budget_bytes() = saved;
}

TEST_CASE("the JSON adjacency list", "[cat_mouse][errors]") {
  using Catch::Matchers::Contains;
  CHECK(parse_cat_mouse_graph("[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]") ==
        std::vector<std::vector<int>>{{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  CHECK_THROWS_WITH(parse_cat_mouse_graph("[[1],[0"), Contains("cat and mouse graph:1:8: not valid JSON"));
  CHECK_THROWS_WITH(parse_cat_mouse_graph("[[[1]],[0]]"),
                    Contains("a neighbour of node 0 must be an integer in 0..1, not an array"));
  CHECK_THROWS_WITH(parse_cat_mouse_graph("{\"a\":1}"), Contains("must be a JSON array"));
  CHECK_THROWS_WITH(parse_cat_mouse_graph("[[1.5],[0]]"),
                    Contains("a neighbour of node 0 must be an integer in 0..1, not the number '1.5'"));
  CHECK_THROWS_WITH(parse_cat_mouse_graph("[[1],3]"),
                    Contains("entry 1 (the neighbours of node 1) must be an array, not the number '3'"));
  CHECK_THROWS_WITH(parse_cat_mouse_graph("[[7],[0]]"),
                    Contains("a neighbour of node 0 must be an integer in 0..1, not the number '7'"));
  const std::uint64_t saved = state_budget_bytes();
  state_budget_bytes() = 1000;
  CHECK_THROWS_AS(parse_cat_mouse_graph(std::string(1000, ' ') + "[]"), resource_error);
  state_budget_bytes() = saved;
}
