// exactdp/grundy/moves.hpp: Grundy values of games given by a C++ move
// function, and the winning move in a sum of arbitrary components.
//
// G(s) = mex{ G(t) : t an option of s }; a position that falls apart into
// independent parts has the XOR of the parts' values. Source: Sprague
// (1935), Grundy (1939). Tests: tests/grundy/test_period.cpp. Recursion is replaced by an explicit stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "exactdp/grundy/mex.hpp"
#include "exactdp/grundy/nim_sum.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

/// Grundy values G(0..count-1) of a heap game given by a move function.
/// moves(n) returns the options of a heap of n counters as a range of
/// options, each option a range of heap sizes (the heaps the move leaves; an
/// empty range means nothing is left). Every heap an option leaves must be
/// smaller than n. An option's value is the XOR of its heaps' values.
/// Example: Kayles is moves(n) = {{a, n-1-a}, {a, n-2-a}} over the a that fit.
/// Constraints: count <= 2^31; options of n may only hold heaps < n, else
/// std::invalid_argument naming n and the heap. resource_error when 4·count
/// bytes exceed the state budget. Cost: the calls to moves() plus O(1) per
/// listed heap. Status: tested on Kayles and Dawson's Kayles against the
/// octal tables and the definition.
template <class Moves>
std::vector<grundy_value> grundy_table(std::size_t count, Moves moves) {
  if (count > (std::size_t{1} << 31))
    throw std::invalid_argument("a Grundy table of " + std::to_string(count) + " values is too long (at most 2^31)");
  check_state_budget("a Grundy table", static_cast<long double>(count), sizeof(grundy_value));
  std::vector<grundy_value> g(count, 0);
  mex_set reached(64);
  for (std::size_t n = 0; n < count; ++n) {
    reached.clear();
    const auto options = moves(n);
    for (const auto& option : options) {
      std::uint64_t x = 0;
      for (const auto heap : option) {
        bool negative = false;
        if constexpr (std::is_signed_v<std::remove_cvref_t<decltype(heap)>>) negative = heap < 0;
        if (negative || static_cast<std::uint64_t>(heap) >= n)
          throw std::invalid_argument("the move function gave heap " + std::to_string(heap) + " as an option of heap " +
                                      std::to_string(n) + ": option heaps must be smaller than the heap moved from");
        x ^= g[static_cast<std::size_t>(heap)];
      }
      if (x >= reached.capacity()) {
        std::size_t cap = reached.capacity();
        while (cap <= x) cap *= 2;
        reached.reserve_values(cap);
      }
      reached.insert(static_cast<std::size_t>(x));
    }
    g[n] = reached.mex();
  }
  return g;
}

/// Grundy value of any finite acyclic impartial game from `start`.
/// moves(p) returns the positions one move away from p (a range of Position).
/// Position must be copyable and ordered (operator<); positions are memoised
/// in a std::map. The search is iterative (no recursion depth limit).
/// Constraints: the move graph from start is acyclic (std::invalid_argument
/// "the move function has a cycle" otherwise) and has at most max_positions
/// positions (resource_error beyond). Cost: O(positions·options·log).
/// Status: tested on sums of heaps (product-game search) and Flip Game II.
/// Example: grundy_of(3, [](int n) { return n ? std::vector<int>{n - 1} : std::vector<int>{}; }) == 1.
template <class Position, class Moves>
grundy_value grundy_of(const Position& start, Moves moves, std::size_t max_positions = 10'000'000) {
  constexpr grundy_value in_progress = ~grundy_value{0};
  std::map<Position, grundy_value> value;
  struct frame {
    Position position;
    std::vector<Position> options;
    std::size_t next = 0;
  };
  std::vector<frame> stack;
  auto push = [&](const Position& p) {
    if (value.size() >= max_positions)
      throw resource_error("the game has more than " + std::to_string(max_positions) +
                           " positions (grundy_of max_positions)");
    value.emplace(p, in_progress);
    auto opts = moves(p);
    stack.push_back(frame{p, std::vector<Position>(opts.begin(), opts.end()), 0});
  };
  push(start);
  while (!stack.empty()) {
    frame& top = stack.back();
    if (top.next < top.options.size()) {
      const Position& child = top.options[top.next];
      const auto it = value.find(child);
      if (it == value.end()) {
        push(child);  // invalidates `top`
        continue;
      }
      if (it->second == in_progress) throw std::invalid_argument("the move function has a cycle");
      ++top.next;
      continue;
    }
    std::vector<grundy_value> seen;
    seen.reserve(top.options.size());
    for (const Position& child : top.options) seen.push_back(value.at(child));
    value[top.position] = mex(seen);
    stack.pop_back();
  }
  return value.at(start);
}

/// A move in a sum of independent components that makes the Nim sum 0.
/// values[i] is the Grundy value of component i; option_values(i) returns the
/// values of the options of component i (a range of grundy_value, in a fixed
/// order). Returns {i, j}: move component i to its option number j; nothing
/// when the Nim sum is 0 (every move loses). The component is the one
/// nim_reduction picks. Throws std::invalid_argument when the sum is not 0
/// but component i has no option of value values[i] ^ sum (the values given
/// are not Grundy values). Cost: O(components) plus the options of that
/// component. Source: Bouton (1901), Sprague (1935), Grundy (1939).
/// Status: tested on Kayles sums against exhaustive search, and the error
/// (tests/grundy/test_period.cpp).
/// Example: winning_move(std::vector<grundy_value>{1, 2}, f) is {1, 1} for Nim heaps 1 and 2 (f(0) {0},
/// f(1) {0, 1}): heap 1 to its option 1.
template <class OptionValues>
std::optional<component_move<std::size_t>> winning_move(std::span<const grundy_value> values,
                                                        OptionValues option_values) {
  const auto reduction = nim_reduction(values);
  if (!reduction) return std::nullopt;
  const std::size_t i = reduction->component;
  std::size_t j = 0;
  for (const grundy_value v : option_values(i)) {
    if (v == reduction->move) return component_move<std::size_t>{i, j};
    ++j;
  }
  throw std::invalid_argument("component " + std::to_string(i) + " has value " + std::to_string(values[i]) +
                              " but no option of value " + std::to_string(reduction->move) +
                              ": the values are not its Grundy values");
}

}  // namespace exactdp
