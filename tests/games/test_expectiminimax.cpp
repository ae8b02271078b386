// Expectiminimax over an acyclic graph: a dice game against enumeration of every play.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "exactdp/games/expectiminimax.hpp"
#include "exactdp/numeric/convert.hpp"

using namespace exactdp;

namespace {

// The dice duel of examples/games/dice_duel.json, by enumerating every play:
// the first player rolls a, keeps it or rerolls once; the second player rolls
// b, keeps it or rerolls once; the higher die wins 1.
Rational payoff(int a, int b) { return Rational(a > b ? 1 : a < b ? -1 : 0); }
Rational second_player_turn(int a) {
  Rational total(0);
  for (int b = 1; b <= 6; ++b) {
    Rational reroll(0);
    for (int c = 1; c <= 6; ++c) reroll += payoff(a, c) / 6;
    total += std::min(payoff(a, b), reroll) / 6;
  }
  return total;
}
Rational dice_duel_by_enumeration() {
  Rational total(0);
  for (int a = 1; a <= 6; ++a) {
    Rational reroll(0);
    for (int c = 1; c <= 6; ++c) reroll += second_player_turn(c) / 6;
    total += std::max(second_player_turn(a), reroll) / 6;
  }
  return total;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

template <class T>
std::vector<game_node<T>> tiny_game() {
  // 0: max over {1: chance(1/3 -> 3, 2/3 -> 4), 2: terminal 1/2}; 3: terminal 2; 4: terminal 0.
  std::vector<game_node<T>> g(5);
  g[0] = {node_kind::max, {1, 2}, {}, T(0)};
  g[1] = {node_kind::chance, {3, 4}, {ratio<T>(1, 3), ratio<T>(2, 3)}, T(0)};
  g[2].payoff = ratio<T>(1, 2);
  g[3].payoff = T(2);
  g[4].payoff = T(0);
  return g;
}

}  // namespace

TEST_CASE("expectiminimax: the dice duel example equals enumeration of every play", "[games][expectiminimax]") {
  const auto model =
      parse_expectiminimax_model(read_file(std::string(EXACTDP_SOURCE_DIR) + "/examples/games/dice_duel.json"));
  CHECK(model.nodes.size() == 92);
  const Rational expected = dice_duel_by_enumeration();
  CHECK(expected == Rational(-5, 108));
  const auto exact = expectiminimax(model.graph<Rational>());
  CHECK(exact.values[model.root] == expected);
  const auto approx = expectiminimax(model.graph<double>());
  // Tolerance: about 100 roundings of values below 1: 1e-12 absolute.
  CHECK(std::abs(approx.values[model.root] - to_double(expected)) < 1e-12);
  // With a 6 the first player keeps; with a 1 they reroll.
  CHECK(model.nodes[*exact.best_child[1 + 5]].id == "minturn6");
  CHECK(model.nodes[*exact.best_child[1]].id == "reroll");
}

TEST_CASE("expectiminimax on a tiny graph, min nodes", "[games][expectiminimax]") {
  auto g = tiny_game<Rational>();
  CHECK(expectiminimax(g).values[0] == Rational(2, 3));
  CHECK(*expectiminimax(g).best_child[0] == 1);
  g[0].kind = node_kind::min;
  CHECK(expectiminimax(g).values[0] == Rational(1, 2));
  CHECK(std::abs(expectiminimax(tiny_game<double>()).values[0] - 2.0 / 3) < 1e-15);
}

TEST_CASE("expectiminimax errors", "[games][expectiminimax][errors]") {
  auto bad = [](auto edit) {
    auto g = tiny_game<Rational>();
    edit(g);
    return g;
  };
  using G = std::vector<game_node<Rational>>;
  CHECK_THROWS_WITH(expectiminimax(G{}), Catch::Contains("no nodes"));
  CHECK_THROWS_WITH(expectiminimax(bad([](G& g) { g[1].probabilities[1] = Rational(1, 2); })),
                    Catch::Contains("add up to 5/6"));
  CHECK_THROWS_WITH(expectiminimax(bad([](G& g) {
                      g[1].probabilities = {Rational(3, 2), Rational(-1, 2)};
                    })),
                    Catch::Contains("negative"));
  CHECK_THROWS_WITH(expectiminimax(bad([](G& g) { g[0].children.push_back(9); })), Catch::Contains("does not exist"));
  CHECK_THROWS_WITH(expectiminimax(bad([](G& g) { g[0].children.clear(); })), Catch::Contains("no children"));
  CHECK_THROWS_WITH(expectiminimax(bad([](G& g) { g[3].children = {0}; })), Catch::Contains("has children"));
  CHECK_THROWS_WITH(expectiminimax(bad([](G& g) {
                      g[1].kind = node_kind::max;
                      g[1].probabilities.clear();
                      g[1].children = {0};
                    })),
                    Catch::Contains("cycle"));
  CHECK_THROWS_WITH(expectiminimax(bad([](G& g) { g[1].probabilities.pop_back(); })),
                    Catch::Contains("1 probabilities for 2 children"));
  CHECK_THROWS_WITH(parse_expectiminimax_model("{"), Catch::Contains("not valid JSON"));
  CHECK_THROWS_WITH(parse_expectiminimax_model(R"({"root":"a","nodes":[{"id":"a","kind":"dice"}]})"),
                    Catch::Contains("the kinds are max, min, chance, terminal"));
  CHECK_THROWS_WITH(parse_expectiminimax_model(R"({"root":"b","nodes":[{"id":"a","kind":"terminal","payoff":1}]})"),
                    Catch::Contains("not a node"));
  CHECK_THROWS_WITH(
      parse_expectiminimax_model(
          R"({"root":"a","nodes":[{"id":"a","kind":"terminal","payoff":1},{"id":"a","kind":"terminal","payoff":1}]})"),
      Catch::Contains("used twice"));
}

TEST_CASE("expectiminimax model: every number is read exactly from its text, whatever its size") {
  auto root_value = [](const std::string& payoff) {
    const expectiminimax_model m =
        parse_expectiminimax_model(R"({"root":"a","nodes":[{"id":"a","kind":"terminal","payoff":)" + payoff + "}]}");
    return m.nodes[m.root].payoff;
  };
  CHECK(root_value("0.5") == Rational(1, 2));  // a JSON decimal is its decimal, not a double
  CHECK(root_value("18446744073709551615") == Rational(BigInt("18446744073709551615")));  // 2^64-1, not -1
  CHECK(root_value("9223372036854775808") == Rational(BigInt("9223372036854775808")));    // 2^63, not -2^63
  CHECK(root_value("-9223372036854775809") == Rational(BigInt("-9223372036854775809")));
  CHECK(root_value("1e400") == Rational(pow(BigInt(10), 400)));
  CHECK(root_value("\"1e400\"") == Rational(pow(BigInt(10), 400)));
  // A max node must pick the larger payoff, 2^64-1, not 0.
  const expectiminimax_model m = parse_expectiminimax_model(R"({"root":"r","nodes":[
    {"id":"r","kind":"max","children":["a","b"]},
    {"id":"a","kind":"terminal","payoff":18446744073709551615},
    {"id":"b","kind":"terminal","payoff":0}]})");
  const auto answer = expectiminimax(m.graph<Rational>());
  CHECK(answer.values[m.root] == Rational(BigInt("18446744073709551615")));
  CHECK(answer.best_child[m.root] == std::optional<std::size_t>(1));
  // A probability of 2^63 is not negative: it is above 1, so the sum is wrong.
  CHECK_THROWS_WITH(parse_expectiminimax_model(R"({"root":"r","nodes":[
    {"id":"r","kind":"chance","children":["a"],"probabilities":[9223372036854775808]},
    {"id":"a","kind":"terminal","payoff":0}]})"),
                    Catch::Contains("add up to 9223372036854775808, not 1"));
}

TEST_CASE("expectiminimax model: contradictions and typos are refused, with their line") {
  CHECK_THROWS_WITH(
      parse_expectiminimax_model(R"({"root":"r","nodes":[
    {"id":"r","kind":"chance","children":["a","b"],"probabilites":["1/2","1/2"]},
    {"id":"a","kind":"terminal","payoff":0},{"id":"b","kind":"terminal","payoff":1}]})",
                                 "typo.json"),
      Catch::Equals("typo.json:2:67: unknown key 'probabilites' in node 0 (the keys are id, kind, children, "
                    "probabilities, payoff)"));
  CHECK_THROWS_WITH(parse_expectiminimax_model(R"({"root":"r","root":"a","nodes":[]})", "dup.json"),
                    Catch::Equals("dup.json:1:13: the key 'root' appears twice in one object (at 1:2 and 1:13)"));
  // The exact sum is checked when the model is read, so the double run
  // cannot accept what the exact run refuses.
  CHECK_THROWS_WITH(parse_expectiminimax_model(R"({"root":"r","nodes":[
    {"id":"r","kind":"chance","children":["a","b"],"probabilities":[0.5, 0.500001]},
    {"id":"a","kind":"terminal","payoff":0},{"id":"b","kind":"terminal","payoff":1}]})"),
                    Catch::Contains("probabilities add up to 1000001/1000000, not 1"));
}

TEST_CASE("expectiminimax over double: probabilities must sum to 1 within 1e-9") {
  // The double graph of a library caller (no exact model behind it): the
  // tolerance is 1e-9 on the sum, tested on both sides of its edge.
  auto graph = [](double p1) {
    std::vector<game_node<double>> g(3);
    g[0].kind = node_kind::chance;
    g[0].children = {1, 2};
    g[0].probabilities = {0.5, p1};
    g[1].payoff = 0;
    g[2].payoff = 1;
    return g;
  };
  CHECK_NOTHROW(expectiminimax(graph(0.5 + 0.9e-9)));
  CHECK_NOTHROW(expectiminimax(graph(0.5 - 0.9e-9)));
  CHECK_THROWS_WITH(expectiminimax(graph(0.5 + 1.1e-9)), Catch::Contains("add up to"));
  CHECK_THROWS_WITH(expectiminimax(graph(0.5 - 1.1e-9)), Catch::Contains("add up to"));
  CHECK_THROWS_WITH(expectiminimax(graph(0.500001)), Catch::Contains("add up to"));
}
