// The row games' shared pieces (row_game.hpp).
#include "row_game.hpp"

#include <limits>
#include <stdexcept>

#include "exactdp/games/row.hpp"

namespace exactdp::tool {

void setup_row(CLI::App& cmd, row_options& o) {
  cmd.add_option("VALUES", o.values,
                 "The row: numbers separated by spaces or commas, in exact forms like 3, -2, 1/2, 0.1");
  cmd.add_option("--values", o.values_option, "The row as one list, e.g. --values=-5,-3 (instead of VALUES)");
  add_answer_options(cmd, o.answer);
}

std::vector<Rational> read_row(const row_options& o, const std::string& game) {
  if (o.answer.as == "mod")
    throw std::invalid_argument("--as mod is not available for " + game +
                                ": the game takes the larger of several leads, and residues modulo P have no order "
                                "(use --as exact, double or int64)");
  if (o.values_option && !o.values.empty())
    throw std::invalid_argument("give the row either as VALUES or as --values, not both (VALUES " +
                                quote_input(o.values.front(), 60) + " and --values " +
                                quote_input(*o.values_option, 60) + ")");
  const std::vector<std::string> parts = o.values_option ? std::vector<std::string>{*o.values_option} : o.values;
  if (parts.empty()) throw std::invalid_argument(game + " needs the row: VALUES or --values");
  std::vector<Rational> row;
  for (const std::string_view item : split_list(parts, "the row", row_game_max_length))
    row.push_back(parse_number(item, "each value of the row"));
  return row;
}

std::vector<double> row_in_double(const std::vector<Rational>& row) {
  std::vector<double> out;
  for (const Rational& v : row) {
    const double_conversion d = to_double_checked(v);
    if (d.status == double_status::overflow)
      throw std::domain_error("the value " + brief(v) + " is beyond the largest double (it overflows double)");
    out.push_back(d.value);
  }
  return out;
}

std::vector<std::int64_t> row_in_int64(const std::vector<Rational>& row) {
  std::vector<std::int64_t> out;
  for (const Rational& v : row) {
    if (denominator(v) != 1 || numerator(v) > std::numeric_limits<std::int64_t>::max() ||
        numerator(v) < std::numeric_limits<std::int64_t>::min())
      throw std::invalid_argument("--as int64 needs integer values that fit 64 bits, and " + message_text(v) +
                                  " is not one");
    out.push_back(static_cast<std::int64_t>(numerator(v)));
  }
  return out;
}

std::string row_text(const std::vector<Rational>& row) {
  std::string s;
  for (std::size_t i = 0; i < row.size() && i < 20; ++i) s += (i ? ", " : "") + brief(row[i]);
  if (row.size() > 20) s += ", ... (" + std::to_string(row.size()) + " values)";
  return "[" + s + "]";
}

}  // namespace exactdp::tool
