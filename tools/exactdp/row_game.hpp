// The row games' shared pieces (predict, stone, stone2, stone3 in games.cpp,
// stone7 in decision.cpp): the options, the row read exactly, and one
// function that answers a row game in every number system.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "args.hpp"
#include "command.hpp"

namespace exactdp::tool {

/// The options of a row game: the row as VALUES or --values, and the answer
/// options (exact, double, int64, decimal: no residues, the games compare).
struct row_options {
  std::vector<std::string> values;
  std::optional<std::string> values_option;
  answer_options answer;
  row_options() { answer.systems = {"exact", "double", "int64", "decimal"}; }
};

/// Adds VALUES, --values and the answer options.
void setup_row(CLI::App& cmd, row_options& o);

/// The row, read exactly. Refuses a mix of VALUES and --values, no row, and
/// --as mod (std::invalid_argument naming `game`).
std::vector<Rational> read_row(const row_options& o, const std::string& game);

/// The row in double; a value beyond double's range fails the double run
/// (std::domain_error), not the command: the other answers still print.
std::vector<double> row_in_double(const std::vector<Rational>& row);

/// The row in int64; std::invalid_argument for a value that is not an
/// integer of 64 bits.
std::vector<std::int64_t> row_in_int64(const std::vector<Rational>& row);

/// "[1, 5, 2]" (at most 20 values, then the count).
std::string row_text(const std::vector<Rational>& row);

/// A value of any number system in the text and in the JSON (a string in
/// every system: a fraction, the shortest double, an int64).
inline std::string text_of(const Rational& v) { return brief(v); }
inline std::string text_of(double v) { return format_shortest(v); }
inline std::string text_of(std::int64_t v) { return std::to_string(v); }
inline json json_of(const Rational& v) { return to_string(v); }
inline json json_of(double v) { return format_shortest(v); }
inline json json_of(std::int64_t v) { return std::to_string(v); }  // scores are strings in every system

// A row game's answers. Each number system solves once and keeps its answer,
// so that the facts (first move, scores) come from the first one computed:
// exact, else double, else int64. `exact(row)` solves over fractions,
// `solve(span<const T>)` over double and int64, `value(answer)` is the
// question's number, and `facts(result, answer)` adds the rest.
template <template <class> class Answer, class Exact, class Solve, class Value, class Facts>
result row_game(const row_options& o, const std::string& game, const std::string& question, Exact exact, Solve solve,
                Value value, Facts facts) {
  const std::vector<Rational> row = read_row(o, game);
  struct solutions {
    std::optional<Answer<Rational>> exact;
    std::optional<Answer<double>> approx;
    std::optional<Answer<std::int64_t>> checked;
  };
  auto s = std::make_shared<solutions>();
  value_runs runs;
  runs.exact = [row, s, exact, value] {
    s->exact = exact(std::span<const Rational>(row));
    return Rational(value(*s->exact));
  };
  runs.approx = [row, s, solve, value] {
    const std::vector<double> d = row_in_double(row);
    s->approx = solve(std::span<const double>(d));
    return static_cast<double>(value(*s->approx));
  };
  runs.int64 = [row, s, solve, value] {
    const std::vector<std::int64_t> v = row_in_int64(row);
    s->checked = solve(std::span<const std::int64_t>(v));
    return static_cast<std::int64_t>(value(*s->checked));
  };
  result r;
  r.question = question + " on " + row_text(row);
  r.main = compute_answer(runs, o.answer);
  r.as = o.answer.as;
  json values = json::array();
  for (const Rational& v : row) values.push_back(to_string(v));
  r.add("row", std::move(values));
  if (s->exact)
    facts(r, *s->exact, row);
  else if (s->approx)
    facts(r, *s->approx, row);
  else if (s->checked)
    facts(r, *s->checked, row);
  return r;
}

}  // namespace exactdp::tool
