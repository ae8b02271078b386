// exactdp/games/expectiminimax.hpp: two-player games with chance, solved
// exactly over an acyclic game graph.
//
// Nodes are max nodes (the first player chooses), min nodes (the second
// player chooses), chance nodes (a random outcome with given probabilities)
// and terminal nodes (a payoff to the first player). The value is
//   terminal: its payoff;  max: the largest child value;  min: the smallest;
//   chance: the sum of probability × child value.
// Values are over an OrderedField: double, or Rational for the exact value.
// ModInt is excluded: max and min need an order, which residues do not have.
// Source: Michie, "Game-playing and game-learning automata" (1966); Russell
// and Norvig, "Artificial Intelligence: A Modern Approach", ch. 5
// (expectiminimax).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// The kind of a node of an expectiminimax game graph.
enum class node_kind { max, min, chance, terminal };

/// "max", "min", "chance", "terminal".
/// Example: to_string(node_kind::chance) is "chance".
constexpr const char* to_string(node_kind k) {
  return k == node_kind::max ? "max" : k == node_kind::min ? "min" : k == node_kind::chance ? "chance" : "terminal";
}

/// One node. `children` are indices into the graph's node vector;
/// `probabilities` (chance nodes only) has one entry per child; `payoff`
/// (terminal nodes only) is the first player's payoff.
template <OrderedField T>
struct game_node {
  node_kind kind = node_kind::terminal;
  std::vector<std::size_t> children;
  std::vector<T> probabilities;
  T payoff{};
};

/// The values of every node and, for max and min nodes, the first child
/// (in order) that attains the value.
template <OrderedField T>
struct expectiminimax_result {
  std::vector<T> values;
  std::vector<std::optional<std::size_t>> best_child;
};

namespace detail {

/// Bits of an exact number's numerator and denominator (64 for others).
template <class T>
long double exact_bits(const T& x) {
  if constexpr (std::is_same_v<T, Rational>) {
    const BigInt num = abs(numerator(x));
    return static_cast<long double>((num == 0 ? 0 : msb(num)) + msb(denominator(x)) + 2);
  } else {
    return 64;
  }
}

}  // namespace detail

/// Largest graph accepted.
inline constexpr std::size_t expectiminimax_max_nodes = 50'000'000;

/// Solves every node of an acyclic expectiminimax graph.
/// Constraints (std::invalid_argument naming the node otherwise): at most
/// expectiminimax_max_nodes nodes; child indices in range; terminal nodes have
/// no children; max, min and chance nodes have at least one; a chance node has
/// one probability per child, each >= 0, summing to exactly 1 over Rational
/// or within 1e-9 over double; the graph has no cycle.
/// Budgets (resource_error, before any value is computed): the reverse
/// edges, and for exact T the values themselves, whose size grows along the
/// graph as in the decision solver (decision/solve.hpp): a chance node's
/// value carries the bits of its children's values and of their
/// probabilities, a max or min node those of its largest child, and every
/// node's value is kept.
/// Cost: O(nodes + edges) operations in T (Kahn's topological order, no
/// recursion). Source: Michie (1966). Status: a dice game
/// checked against brute-force enumeration of every play (exact Rational),
/// double within 1e-12 of the exact value, every validation error.
/// Example: for the model m of parse_expectiminimax_model's example,
/// expectiminimax(m.graph<Rational>()).values[m.root] is 11/4 (max of 1/6·3/2 + 5/6·3 and 3/2).
template <OrderedField T>
expectiminimax_result<T> expectiminimax(const std::vector<game_node<T>>& nodes) {
  const std::size_t n = nodes.size();
  if (n == 0) throw std::invalid_argument("expectiminimax: the game graph has no nodes");
  if (n > expectiminimax_max_nodes)
    throw std::invalid_argument("expectiminimax: " + std::to_string(n) + " nodes is above the limit of " +
                                std::to_string(expectiminimax_max_nodes));
  std::size_t edges = 0;
  std::vector<std::size_t> parents_left(n, 0);  // children not yet valued, per node
  for (std::size_t v = 0; v < n; ++v) {
    const auto& nd = nodes[v];
    const std::string name = "expectiminimax: node " + std::to_string(v) + " (" + to_string(nd.kind) + ")";
    if (nd.kind == node_kind::terminal && !nd.children.empty()) throw std::invalid_argument(name + " has children");
    if (nd.kind != node_kind::terminal && nd.children.empty()) throw std::invalid_argument(name + " has no children");
    for (const std::size_t c : nd.children)
      if (c >= n) throw std::invalid_argument(name + " has child " + std::to_string(c) + ", which does not exist");
    if (nd.kind == node_kind::chance) {
      if (nd.probabilities.size() != nd.children.size())
        throw std::invalid_argument(name + " has " + std::to_string(nd.probabilities.size()) + " probabilities for " +
                                    std::to_string(nd.children.size()) + " children");
      T sum(0);
      for (const T& p : nd.probabilities) {
        if (!(p >= T(0))) throw std::invalid_argument(name + " has a negative probability");
        sum += p;
      }
      if constexpr (field_traits<T>::is_exact) {
        if (sum != T(1))
          throw std::invalid_argument(name + ": its probabilities add up to " + message_text(sum) + ", not 1");
      } else {
        if (!(std::fabs(static_cast<double>(sum) - 1.0) <= 1e-9))
          throw std::invalid_argument(name + ": its probabilities add up to " +
                                      std::to_string(static_cast<double>(sum)) + ", not 1");
      }
    } else if (!nd.probabilities.empty()) {
      throw std::invalid_argument(name + " has probabilities, but only chance nodes have them");
    }
    edges += nd.children.size();
    parents_left[v] = nd.children.size();
  }
  check_state_budget("the expectiminimax graph's reverse edges and order", static_cast<long double>(edges + 2 * n),
                     sizeof(std::size_t));
  // Reverse edges (CSR), then Kahn's order from the terminal nodes upward.
  std::vector<std::size_t> start(n + 1, 0), parents(edges);
  for (const auto& nd : nodes)
    for (const std::size_t c : nd.children) ++start[c + 1];
  for (std::size_t v = 0; v < n; ++v) start[v + 1] += start[v];
  {
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (std::size_t v = 0; v < n; ++v)
      for (const std::size_t c : nodes[v].children) parents[fill[c]++] = v;
  }
  // Kahn's order, children first; a node left out lies on or above a cycle.
  std::vector<std::size_t> order;
  order.reserve(n);
  for (std::size_t v = 0; v < n; ++v)
    if (parents_left[v] == 0) order.push_back(v);
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::size_t v = order[i];
    for (std::size_t e = start[v]; e < start[v + 1]; ++e)
      if (--parents_left[parents[e]] == 0) order.push_back(parents[e]);
  }
  if (order.size() != n)
    throw std::invalid_argument("expectiminimax: the game graph has a cycle (" + std::to_string(n - order.size()) +
                                " nodes lie on or above one): every play must end");
  if constexpr (!field_traits<T>::fixed_size) {
    // The size of every exact value, estimated in the same order.
    std::vector<long double> bits(n, 0);
    long double bytes = 0;
    for (const std::size_t v : order) {
      const auto& nd = nodes[v];
      long double b = 0;
      if (nd.kind == node_kind::terminal) {
        b = detail::exact_bits(nd.payoff);
      } else {
        for (std::size_t k = 0; k < nd.children.size(); ++k)
          b = std::max(b, bits[nd.children[k]] +
                              (nd.kind == node_kind::chance ? detail::exact_bits(nd.probabilities[k]) : 0.0L));
        if (nd.kind == node_kind::chance) b += std::log2(static_cast<long double>(nd.children.size())) + 1;
      }
      bits[v] = std::min(b, 1e15L);
      bytes += static_cast<long double>(entry_bytes<T>(std::min(bits[v], 1e12L)));
    }
    check_state_budget("the exact values of the expectiminimax graph (they grow along its chance nodes)",
                       static_cast<long double>(n), static_cast<std::size_t>(bytes / static_cast<long double>(n)) + 1);
  }
  expectiminimax_result<T> a;
  a.values.assign(n, T(0));
  a.best_child.assign(n, std::nullopt);
  for (const std::size_t v : order) {
    const auto& nd = nodes[v];
    switch (nd.kind) {
      case node_kind::terminal:
        a.values[v] = nd.payoff;
        break;
      case node_kind::chance: {
        T sum(0);
        for (std::size_t k = 0; k < nd.children.size(); ++k) sum += nd.probabilities[k] * a.values[nd.children[k]];
        a.values[v] = sum;
        break;
      }
      case node_kind::max:
      case node_kind::min: {
        std::size_t best = 0;
        for (std::size_t k = 1; k < nd.children.size(); ++k) {
          const T& x = a.values[nd.children[k]];
          const T& b = a.values[nd.children[best]];
          if (nd.kind == node_kind::max ? x > b : x < b) best = k;
        }
        a.values[v] = a.values[nd.children[best]];
        a.best_child[v] = nd.children[best];
        break;
      }
    }
  }
  return a;
}

/// A game graph read from JSON text, with every number kept as exact text:
/// { "root": "start",
///   "nodes": [ {"id": "start", "kind": "max", "children": ["a", "b"]},
///              {"id": "a", "kind": "chance", "children": ["x", "y"], "probabilities": ["1/6", "5/6"]},
///              {"id": "x", "kind": "terminal", "payoff": "3/2"}, ... ] }
/// Numbers may be JSON strings in parse_rational's forms ("1/6", "0.1") or
/// JSON integers; they are never read through a double.
struct expectiminimax_model {
  struct node {
    std::string id;
    node_kind kind = node_kind::terminal;
    std::vector<std::size_t> children;
    std::vector<Rational> probabilities;
    Rational payoff;
  };
  std::vector<node> nodes;
  std::size_t root = 0;

  /// The graph in T: Rational as is; double correctly rounded from each exact number.
  template <OrderedField T>
  std::vector<game_node<T>> graph() const {
    std::vector<game_node<T>> g(nodes.size());
    for (std::size_t v = 0; v < nodes.size(); ++v) {
      g[v].kind = nodes[v].kind;
      g[v].children = nodes[v].children;
      for (const Rational& p : nodes[v].probabilities) g[v].probabilities.push_back(convert<T>(p));
      g[v].payoff = convert<T>(nodes[v].payoff);
    }
    return g;
  }

 private:
  template <class T>
  static T convert(const Rational& q);
};

/// Parses the JSON model above with the strict reader of every model file
/// (exactdp/io/json_input.hpp): numbers exact whatever their size, unknown
/// and duplicate keys refused. Also checks what needs only the text: every
/// chance node has one probability per child, none negative, summing to
/// exactly 1 (so a run in double refuses {0.5, 0.500001} too); terminal
/// nodes have a payoff and no children; the others have children. Cycles
/// are expectiminimax's to find. `source` names the text in messages.
/// Throws std::invalid_argument "SOURCE:LINE:COLUMN: ..." naming the node.
/// Cost: linear in the text. Status: tests in tests/games/test_expectiminimax.cpp
/// (every error path) and the tool tests.
/// Example: the model of a max node s choosing between a chance node (1/6 to
/// x, 5/6 to y) and x, with payoffs x = 3/2 and y = 3, has 4 nodes (its text:
/// `gamble` in tests/api/test_header_examples.cpp).
expectiminimax_model parse_expectiminimax_model(std::string_view json_text, const std::string& source = "model");

template <class T>
T expectiminimax_model::convert(const Rational& q) {
  if constexpr (std::same_as<T, double>)
    return to_double(q);  // correctly rounded
  else
    return T(q);
}

}  // namespace exactdp
