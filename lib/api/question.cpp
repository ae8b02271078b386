// The catalogue of scalar questions (exactdp/api/question.hpp): one record
// per recurrence, and the one reader of their arguments.
#include "exactdp/api/question.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/format.hpp"
#include "exactdp/probability/boundary_paths.hpp"
#include "exactdp/probability/coupon.hpp"
#include "exactdp/probability/fixed_points.hpp"
#include "exactdp/probability/knight.hpp"
#include "exactdp/probability/new21.hpp"
#include "exactdp/probability/rolls_to_reach.hpp"
#include "exactdp/probability/run.hpp"
#include "exactdp/probability/seat.hpp"
#include "exactdp/probability/soup.hpp"

namespace exactdp::api {

namespace {

// An argument as the int the recurrences take (the bounds make it fit).
int int_of(const arguments& a, std::size_t i) { return static_cast<int>(a.at(i)); }

// The parameters of knight and knight-paths: N, MOVES and the start square
// (ROW, COL) below N.
std::vector<parameter> knight_parameters() {
  return {{"n", "N", "Board size", "the board size", 1, knight_max_board, {}, {}},
          {"moves", "MOVES", "Number of moves", "", 0, knight_max_moves, {}, {}},
          {"row", "ROW", "Start row", "", 0, knight_max_board - 1, {}, 0},
          {"column", "COL", "Start column", "", 0, knight_max_board - 1, {}, 0}};
}

// The records, in the order the front ends list them.
std::vector<question> records() {
  std::vector<question> all;
  all.push_back({
      .name = "run",
      .python = "expected_rolls_for_run",
      .summary = "Expected rolls of a fair die until one given face comes up {k} times in a row, the die having "
                 "{faces} faces ({k} = 2, 6 faces: 42)",
      .source = "Feller, An Introduction to Probability Theory, XIII.7: (f^(k+1) - f)/(f - 1)",
      .notes = "number=\"double\" runs the recurrence in floating point, as a user's program would: 1 - b rounds to 0 "
               "once f^-k is below half an ulp of 1 (k >= 21 for 6 faces, k >= 6 for 1000 faces) and the double is "
               "then inf, while the exact value is finite: what check() and ulp_distance() are for.",
      .counts = false,
      .parameters = {{"k", "K", "Run length", "the run length", 1, run_max_length, {}, {}},
                     {"faces", "F", "Faces of the die", "", 1, run_max_faces, 6, {}}},
      .example = {2, 6},
      .sentence =
          [](const arguments& a) {
            return "expected rolls of a " + std::to_string(a.at(1)) + "-faced die until one given face comes up " +
                   count_of(static_cast<std::uint64_t>(a.at(0)), "time", "times") + " in a row";
          },
      .runs =
          [](const arguments& a) {
            const int k = int_of(a, 0), faces = int_of(a, 1);
            return runs_of<Rational>(
                [k, faces]<class T>(std::type_identity<T>) { return expected_rolls_for_run<T>(k, faces); },
                [k, faces] { return expected_rolls_for_run_bound(k, faces); });
          },
  });
  all.push_back({
      .name = "knight",
      .python = "knight_probability",
      .summary = "Probability that a knight making {moves} random moves from ({row}, {column}) stays on an {n}x{n} "
                 "board (3 2 0 0: 1/16)",
      .source = "LeetCode 688, Knight Probability in Chessboard",
      .notes = "Exact: a Fraction with denominator a power of 8.",
      .counts = false,
      .parameters = knight_parameters(),
      .example = {3, 2, 0, 0},
      .sentence =
          [](const arguments& a) {
            const std::string n = std::to_string(a.at(0));
            return "probability that a knight stays on a " + n + "x" + n + " board for " +
                   count_of(static_cast<std::uint64_t>(a.at(1)), "random move", "random moves") + " from (" +
                   std::to_string(a.at(2)) + ", " + std::to_string(a.at(3)) + ")";
          },
      .runs =
          [](const arguments& a) {
            const int n = int_of(a, 0), moves = int_of(a, 1), row = int_of(a, 2), col = int_of(a, 3);
            return runs_of<Rational>(
                [=]<class T>(std::type_identity<T>) { return knight_probability<T>(n, moves, row, col); },
                [=] { return knight_probability_bound(n, moves, row, col); });
          },
  });
  all.push_back({
      .name = "knight-paths",
      .python = "knight_paths",
      .summary = "Number of the 8^{moves} knight move sequences from ({row}, {column}) that stay on an {n}x{n} board",
      .source = "LeetCode 688, Knight Probability in Chessboard (knight_probability times 8^moves)",
      .notes = {},
      .counts = true,
      .parameters = knight_parameters(),
      .example = {3, 2, 0, 0},
      .sentence =
          [](const arguments& a) {
            const std::string n = std::to_string(a.at(0));
            return "knight move sequences of length " + std::to_string(a.at(1)) + " from (" + std::to_string(a.at(2)) +
                   ", " + std::to_string(a.at(3)) + ") that stay on a " + n + "x" + n + " board";
          },
      .runs =
          [](const arguments& a) {
            const int n = int_of(a, 0), moves = int_of(a, 1), row = int_of(a, 2), col = int_of(a, 3);
            return runs_of<BigInt>([=]<class T>(std::type_identity<T>) { return knight_paths<T>(n, moves, row, col); },
                                   [=] { return knight_paths_bound(n, moves, row, col); });
          },
  });
  all.push_back({
      .name = "coupon",
      .python = "expected_draws_to_collect",
      .summary = "Expected draws to see all {n} kinds of coupon (the coupon collector, {n}·H_{n}; {n}=3: 11/2)",
      .source = "Feller, An Introduction to Probability Theory, IX.3: the coupon collector's problem",
      .notes = "number=\"double\" adds the terms n/k one by one, as a user's program would; the exact value sums "
               "them by binary splitting.",
      .counts = false,
      .parameters = {{"n", "N", "Kinds of coupon", "the kinds of coupon", 0, coupon_max_kinds, {}, {}}},
      .example = {3},
      .sentence =
          [](const arguments& a) {
            return "expected draws to collect all " + count_of(static_cast<std::uint64_t>(a.at(0)), "kind", "kinds") +
                   " of coupon";
          },
      .runs =
          [](const arguments& a) {
            const int n = int_of(a, 0);
            return runs_of<Rational>([n]<class T>(std::type_identity<T>) { return expected_draws_to_collect<T>(n); },
                                     [n] { return expected_draws_to_collect_bound(n); });
          },
  });
  all.push_back({
      .name = "fixed-points",
      .python = "expected_fixed_points",
      .summary = "Expected fixed points of a random permutation of {n} items (linearity of expectation: 1)",
      .source = "Montmort (1708), the problème des rencontres: n indicators of probability 1/n each",
      .notes = "number=\"double\" computes n·(1/n), which rounds one ulp below 1 for some n (49: "
               "0.9999999999999999) while the exact value is 1.",
      .counts = false,
      .parameters = {{"n", "N", "Number of items", "the number of items", 0, fixed_points_max_items, {}, {}}},
      .example = {49},
      .sentence =
          [](const arguments& a) {
            return "expected fixed points of a uniformly random permutation of " +
                   count_of(static_cast<std::uint64_t>(a.at(0)), "item", "items");
          },
      .runs =
          [](const arguments& a) {
            const int n = int_of(a, 0);
            return runs_of<Rational>([n]<class T>(std::type_identity<T>) { return expected_fixed_points<T>(n); },
                                     [n] { return expected_fixed_points_bound(n); });
          },
  });
  all.push_back({
      .name = "rolls-to-reach",
      .python = "expected_rolls_to_reach",
      .summary = "Expected rolls of a fair die until the running total is at least {target} (3: 49/36)",
      .source = "Kemeny and Snell, Finite Markov Chains (1960), III: first-step analysis of an absorbing chain",
      .notes = {},
      .counts = false,
      .parameters = {{"target", "TARGET", "Target total", "", 0, rolls_to_reach_max_target, {}, {}},
                     {"faces", "F", "Faces of the die", "", 1, rolls_to_reach_max_faces, 6, {}}},
      .example = {3, 6},
      .sentence =
          [](const arguments& a) {
            return "expected rolls of a " + std::to_string(a.at(1)) + "-faced die until the total reaches " +
                   std::to_string(a.at(0));
          },
      .runs =
          [](const arguments& a) {
            const int target = int_of(a, 0), faces = int_of(a, 1);
            return runs_of<Rational>(
                [=]<class T>(std::type_identity<T>) { return expected_rolls_to_reach<T>(target, faces); },
                [=] { return expected_rolls_to_reach_bound(target, faces); });
          },
  });
  all.push_back({
      .name = "boundary-paths",
      .python = "boundary_paths",
      .summary = "Paths of at most {max_moves} moves from ({row}, {column}) that leave an {rows}x{columns} grid "
                 "(2 2 2 0 0: 6)",
      .source = "LeetCode 576, Out of Boundary Paths (steps up, down, left, right)",
      .notes = {},
      .counts = true,
      .parameters = {{"rows", "M", "Rows", "the rows", 1, boundary_max_size, {}, {}},
                     {"columns", "N", "Columns", "the columns", 1, boundary_max_size, {}, {}},
                     {"max_moves", "MOVES", "Most moves", "", 0, boundary_max_moves, {}, {}},
                     {"row", "ROW", "Start row", "", 0, boundary_max_size - 1, {}, 0},
                     {"column", "COL", "Start column", "", 0, boundary_max_size - 1, {}, 1}},
      .example = {2, 2, 2, 0, 0},
      .sentence =
          [](const arguments& a) {
            return "paths of at most " + count_of(static_cast<std::uint64_t>(a.at(2)), "move", "moves") + " from (" +
                   std::to_string(a.at(3)) + ", " + std::to_string(a.at(4)) + ") that leave a " +
                   std::to_string(a.at(0)) + "x" + std::to_string(a.at(1)) + " grid";
          },
      .runs =
          [](const arguments& a) {
            const int m = int_of(a, 0), n = int_of(a, 1), moves = int_of(a, 2), row = int_of(a, 3), col = int_of(a, 4);
            return runs_of<BigInt>(
                [=]<class T>(std::type_identity<T>) { return boundary_paths<T>(m, n, moves, row, col); },
                [=] { return boundary_paths_bound(m, n, moves, row, col); });
          },
  });
  all.push_back({
      .name = "soup",
      .python = "soup_servings",
      .summary = "Soup Servings: P(soup A empties first) + P(both at once)/2 from {n} ml each (50: 5/8)",
      .source = "LeetCode 808, Soup Servings",
      .notes = {},
      .counts = false,
      .parameters = {{"n", "N", "Millilitres of each soup", "millilitres", 0, soup_max_ml, {}, {}}},
      .example = {50},
      .sentence =
          [](const arguments& a) {
            return "soup servings: P(A empties first) + P(both at once)/2 for " + std::to_string(a.at(0)) + " ml each";
          },
      .runs =
          [](const arguments& a) {
            const std::int64_t n = a.at(0);
            return runs_of<Rational>([n]<class T>(std::type_identity<T>) { return soup_servings<T>(n); },
                                     [n] { return soup_servings_bound(n); });
          },
  });
  all.push_back({
      .name = "new21",
      .python = "new21_probability",
      .summary = "New 21 Game: draw 1..{max_pts} while below {k}; probability that the final total is at most {n} "
                 "(5 3 4: 59/64)",
      .source = "LeetCode 837, New 21 Game",
      .notes = {},
      .counts = false,
      .parameters = {{"n", "N", "Largest accepted total", "", 0, new21_max, {}, {}},
                     {"k", "K", "Draw while the total is below K", "", 0, new21_max, {}, {}},
                     {"max_pts", "MAXPTS", "Each draw is uniform in 1..MAXPTS", "", 1, new21_max, {}, {}}},
      .example = {5, 3, 4},
      .sentence =
          [](const arguments& a) {
            return "probability that the New 21 Game total is at most " + std::to_string(a.at(0)) + " (draw 1.." +
                   std::to_string(a.at(2)) + " while below " + std::to_string(a.at(1)) + ")";
          },
      .runs =
          [](const arguments& a) {
            const int n = int_of(a, 0), k = int_of(a, 1), max_pts = int_of(a, 2);
            return runs_of<Rational>(
                [=]<class T>(std::type_identity<T>) { return new21_probability<T>(n, k, max_pts); },
                [=] { return new21_probability_bound(n, k, max_pts); });
          },
  });
  all.push_back({
      .name = "seat",
      .python = "seat_probability",
      .summary = "Airplane seats: the first of {n} passengers sits at random, each other in their own seat if free, "
                 "else at random; probability that the last gets their own (1/2 for {n} >= 2)",
      .source = "LeetCode 1227, Airplane Seat Assignment Probability",
      .notes = {},
      .counts = false,
      .parameters = {{"n", "N", "Passengers and seats", "the number of passengers", 1, seat_max_passengers, {}, {}}},
      .example = {5},
      .sentence =
          [](const arguments& a) {
            return "probability that the last of " +
                   count_of(static_cast<std::uint64_t>(a.at(0)), "passenger", "passengers") +
                   " gets their own seat when the first sits at random";
          },
      .runs =
          [](const arguments& a) {
            const int n = int_of(a, 0);
            return runs_of<Rational>([n]<class T>(std::type_identity<T>) { return seat_probability<T>(n); },
                                     [n] { return seat_probability_bound(n); });
          },
  });
  return all;
}

}  // namespace

const std::vector<question>& catalogue() {
  static const std::vector<question> all = records();
  return all;
}

const question* find_question(std::string_view name) {
  for (const question& q : catalogue())
    if (q.name == name || q.python == name) return &q;
  return nullptr;
}

std::string parameter_name(const parameter& p, front_end f, bool noun) {
  std::string name = p.python;
  if (f == front_end::tool) {
    if (p.fallback) {
      std::replace(name.begin(), name.end(), '_', '-');
      name = "--" + name;
    } else {
      name = p.symbol;
    }
  }
  return noun && !p.noun.empty() ? name + " (" + p.noun + ")" : name;
}

std::string range_words(const parameter& p, front_end f) {
  return describe_bound(BigInt(p.low)) + " <= " + (f == front_end::tool ? p.symbol : p.python) +
         " <= " + describe_bound(BigInt(p.high));
}

std::string range_words(const question& q, std::size_t i, front_end f) {
  const parameter& p = q.parameters.at(i);
  if (!p.below) return range_words(p, f);
  const parameter& bound = q.parameters.at(*p.below);
  return describe_bound(BigInt(p.low)) + " <= " + (f == front_end::tool ? p.symbol : p.python) + " < " +
         (f == front_end::tool ? bound.symbol : bound.python);
}

std::string words_in(const question& q, std::string_view text, front_end f) {
  std::string out(text);
  for (const parameter& p : q.parameters) {
    const std::string from = "{" + p.python + "}", to = f == front_end::tool ? p.symbol : p.python;
    for (std::size_t at = out.find(from); at != std::string::npos; at = out.find(from, at + to.size()))
      out.replace(at, from.size(), to);
  }
  return out;
}

std::int64_t read_argument(const parameter& p, std::string_view text, front_end f) {
  return parse_integer<std::int64_t>(text, parameter_name(p, f, true), p.low, p.high);
}

arguments read_arguments(const question& q, std::span<const std::optional<std::string>> texts, front_end f,
                         std::optional<std::size_t> unread) {
  if (texts.size() != q.parameters.size())
    throw std::invalid_argument(q.name + " takes " + std::to_string(q.parameters.size()) + " values, not " +
                                std::to_string(texts.size()));
  arguments out;
  out.reserve(texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const parameter& p = q.parameters[i];
    if (i == unread)
      out.push_back(0);
    else if (texts[i] && p.below && p.below != unread) {
      parameter bounded = p;
      bounded.high = std::min(p.high, out.at(*p.below) - 1);
      out.push_back(read_argument(bounded, *texts[i], f));
    } else if (texts[i])
      out.push_back(read_argument(p, *texts[i], f));
    else if (p.fallback)
      out.push_back(*p.fallback);
    else
      throw std::invalid_argument(q.name + " needs " + parameter_name(p, f));
  }
  return out;
}

}  // namespace exactdp::api
