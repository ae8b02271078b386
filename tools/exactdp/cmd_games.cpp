// Commands for two-player games: take, divisor, predict, stone, stone2,
// stone3, can-i-win, flip-search, nim, expectiminimax.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <type_traits>

#include "command.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/games/can_i_win.hpp"
#include "exactdp/games/divisor.hpp"
#include "exactdp/games/expectiminimax.hpp"
#include "exactdp/games/flip.hpp"
#include "exactdp/games/nim.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/games/stone.hpp"
#include "exactdp/games/subtraction.hpp"

namespace exactdp::tool {
namespace {

// ---- shared helpers ------------------------------------------------------

// Splits "1,3,4" and "1 3 4" style arguments into single items.
std::vector<std::string> split_items(const std::vector<std::string>& args) {
  std::vector<std::string> items;
  for (const std::string& a : args) {
    std::string cur;
    for (const char c : a) {
      if (c == ',' || c == ' ') {
        if (!cur.empty()) items.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    if (!cur.empty()) items.push_back(cur);
  }
  return items;
}

std::int64_t to_int64(const BigInt& z, const std::string& what) {
  if (z < BigInt(std::numeric_limits<std::int64_t>::min()) || z > BigInt(std::numeric_limits<std::int64_t>::max()))
    throw std::invalid_argument(what + " " + to_string(z) + " does not fit in a 64-bit integer");
  return static_cast<std::int64_t>(z);
}

std::uint64_t parse_count(const std::string& text, const std::string& what, std::uint64_t limit) {
  const BigInt z = parse_bigint(text);
  if (z < 0) throw std::invalid_argument(what + " " + text + " is negative");
  if (z > BigInt(limit))
    throw std::invalid_argument(what + " " + text + " is above the limit of " + std::to_string(limit));
  return static_cast<std::uint64_t>(z);
}

const char* yes_no(bool b) { return b ? "true" : "false"; }

// Lead games: the row, the value type, JSON.
struct row_options {
  std::vector<std::string> values;
  std::string as = "exact";
  bool json = false;
};

void add_row_arguments(CLI::App* cmd, row_options& o, const char* what) {
  cmd->add_option("VALUES", o.values,
                  std::string(what) +
                      ": numbers separated by spaces or commas; exact forms like 3, -2, 1/2, 0.1 "
                      "(or --values=-5,-3)");
  cmd->add_option("--values", o.values, "The values, for rows that start with a negative number");
  cmd->add_option("--as", o.as,
                  "Value type: exact (default; rationals), int64 (checked: overflow is an error), double, or all "
                  "(exact and double); mod is refused: the game compares leads and residues have no order")
      ->check(CLI::IsMember({"exact", "int64", "double", "mod", "all"}));
  cmd->add_flag("--json", o.json, "Print one JSON object with stable keys");
}

std::vector<Rational> parse_row(const row_options& o, const std::string& game) {
  if (o.as == "mod")
    throw std::invalid_argument("--as mod is not available for " + game +
                                ": the game takes the larger of several leads, and residues modulo P have no order "
                                "(use --as exact, int64 or double)");
  std::vector<Rational> row;
  for (const std::string& s : split_items(o.values)) row.push_back(parse_rational(s));
  if (row.empty()) throw std::invalid_argument(game + ": the row is empty: give at least one value");
  return row;
}

template <class T>
std::vector<T> row_as(const std::vector<Rational>& row) {
  std::vector<T> out;
  out.reserve(row.size());
  for (const Rational& q : row) {
    if constexpr (std::same_as<T, Rational>) {
      out.push_back(q);
    } else if constexpr (std::same_as<T, double>) {
      out.push_back(to_double(q));
    } else {
      if (denominator(q) != 1)
        throw std::invalid_argument("--as int64 needs integer values, and " + to_string(q) + " is not one");
      out.push_back(to_int64(numerator(q), "value"));
    }
  }
  return out;
}

std::string text_of(const Rational& v) { return to_string(v); }
std::string text_of(double v) { return format_shortest(v); }
std::string text_of(std::int64_t v) { return std::to_string(v); }

// Runs `solve` over the value types the options ask for. `solve` receives
// the row in T and a label ("" when only one type is printed).
template <class Solve>
void for_each_type(const row_options& o, const std::vector<Rational>& row, Solve solve) {
  if (o.as == "exact" || o.as == "all") solve(row_as<Rational>(row), o.as == "all" ? "exact" : "");
  if (o.as == "int64") solve(row_as<std::int64_t>(row), "");
  if (o.as == "double" || o.as == "all") solve(row_as<double>(row), o.as == "all" ? "double" : "");
}

std::string row_text(const std::vector<Rational>& row) {
  std::string s = "[";
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (i) s += ", ";
    s += to_string(row[i]);
  }
  return s + "]";
}

std::string json_row(const std::vector<Rational>& row) {
  std::string s = "[";
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (i) s += ",";
    s += json_escape(to_string(row[i]));
  }
  return s + "]";
}

// ---- take ----------------------------------------------------------------

struct take_options {
  std::string n;
  std::vector<std::string> moves{"1", "2", "3"};
  std::int64_t table = -1;
  bool period = false;
  bool json = false;
};

void setup_take(CLI::App& app) {
  auto o = std::make_shared<take_options>();
  CLI::App* cmd = app.add_subcommand(
      "take",
      "Subtraction game: a pile of N stones, a move removes k stones for k in --moves, who cannot move loses "
      "(N up to 2^63-1, through a certified period)");
  cmd->add_option("N", o->n, "Stones in the pile, 0 <= N <= 2^63-1")->required();
  cmd->add_option("--moves", o->moves, "The move set, e.g. 1,3,4 (default 1,2,3: Nim Game); each 1..10^6, no repeats");
  cmd->add_option("--table", o->table, "Also print W/L for the piles 0..K (K <= 10000)")->check(CLI::Range(0, 10000));
  cmd->add_flag("--period", o->period, "Also find and print the certified period (always done for N > 10^6)");
  cmd->add_flag("--json", o->json, "Print one JSON object with stable keys");
  cmd->callback([o] {
    std::vector<std::int64_t> moves;
    for (const std::string& s : split_items(o->moves)) moves.push_back(to_int64(parse_bigint(s), "move"));
    const std::uint64_t n = parse_count(o->n, "pile", subtraction_max_pile);
    const subtraction_answer a = solve_subtraction(n, moves);
    std::optional<subtraction_period> period = a.certificate;
    if (o->period && !period) period = find_subtraction_period(moves);
    std::vector<outcome> table;
    if (o->table >= 0) table = subtraction_table(moves, static_cast<std::uint64_t>(o->table));
    std::string moves_text;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (i) moves_text += ",";
      moves_text += std::to_string(moves[i]);
    }
    if (o->json) {
      std::cout << "{\"game\":\"take\",\"n\":" << json_escape(std::to_string(n)) << ",\"moves\":[" << moves_text
                << "],\"outcome\":\"" << to_string(a.result)
                << "\",\"first_player_wins\":" << yes_no(a.result == outcome::win)
                << ",\"winning_move\":" << (a.winning_move ? std::to_string(*a.winning_move) : "null");
      if (period)
        std::cout << ",\"period\":{\"preperiod\":" << period->preperiod << ",\"period\":" << period->period
                  << ",\"checked_from\":" << period->preperiod
                  << ",\"checked_to\":" << period->preperiod + period->largest_move - 1
                  << ",\"from_period\":" << yes_no(a.certificate.has_value()) << "}";
      if (!table.empty()) {
        std::cout << ",\"table\":\"";
        for (const outcome t : table) std::cout << (t == outcome::win ? 'W' : 'L');
        std::cout << "\"";
      }
      std::cout << "}\n";
      return;
    }
    std::cout << "pile of " << n << " stones, moves {" << moves_text << "}: " << to_string(a.result)
              << " for the player to move\n";
    if (a.winning_move)
      std::cout << "winning move: take " << *a.winning_move << " (leaves " << n - *a.winning_move
                << ", a losing pile)\n";
    else
      std::cout << "no winning move: every move leaves a winning pile for the opponent\n";
    if (period) {
      std::cout << "period: the W/L sequence is periodic with period " << period->period
                << " from n = " << period->preperiod << " on (preperiod " << period->preperiod << ")\n";
      std::cout << "certificate: w(n) = w(n + " << period->period << ") checked for n = " << period->preperiod << " .. "
                << period->preperiod + period->largest_move - 1 << " (" << period->largest_move
                << " values = the largest move); each w(n), n >= " << period->largest_move << ", depends only on the "
                << period->largest_move << " values before it, so the pattern repeats forever\n";
      std::size_t shown = 0, losing = 0;
      std::cout << "losing piles below " << period->losing.size() << " (one preperiod + period):";
      for (std::size_t i = 0; i < period->losing.size(); ++i)
        if (period->losing[i] && ++losing <= 40) {
          std::cout << ' ' << i;
          ++shown;
        }
      if (losing > shown) std::cout << " ... (" << losing << " in all)";
      std::cout << '\n';
      if (a.certificate) std::cout << "answered from the period (a table to " << n << " would not fit)\n";
    }
    if (!table.empty()) {
      std::cout << "table (n: W/L):";
      for (std::size_t i = 0; i < table.size(); ++i)
        std::cout << (i % 10 == 0 ? "\n " : "") << ' ' << i << ':' << (table[i] == outcome::win ? 'W' : 'L');
      std::cout << "\nlosing piles up to " << table.size() - 1 << ":";
      for (std::size_t i = 0; i < table.size(); ++i)
        if (table[i] == outcome::lose) std::cout << ' ' << i;
      std::cout << '\n';
    }
  });
}

// ---- divisor -------------------------------------------------------------

struct divisor_options {
  std::string n;
  bool json = false;
};

void setup_divisor(CLI::App& app) {
  auto o = std::make_shared<divisor_options>();
  CLI::App* cmd = app.add_subcommand(
      "divisor",
      "Divisor Game: from n, a move picks a divisor x of n with 0 < x < n and leaves n - x; who cannot move "
      "loses (the mover wins iff n is even and n > 0)");
  cmd->add_option("N", o->n, "The starting number, 0 <= N < 2^64")->required();
  cmd->add_flag("--json", o->json, "Print one JSON object with stable keys");
  cmd->callback([o] {
    const std::uint64_t n = parse_count(o->n, "n", std::numeric_limits<std::uint64_t>::max());
    const divisor_answer a = divisor_game(n);
    if (o->json) {
      std::cout << "{\"game\":\"divisor\",\"n\":" << json_escape(std::to_string(n)) << ",\"outcome\":\""
                << to_string(a.result) << "\",\"first_player_wins\":" << yes_no(a.result == outcome::win)
                << ",\"winning_move\":" << (a.winning_move ? "1" : "null") << "}\n";
      return;
    }
    std::cout << "divisor game from " << n << ": " << to_string(a.result) << " for the player to move\n";
    if (a.winning_move)
      std::cout << "winning move: x = 1 (leaves the odd number " << n - 1 << ", whose divisors are all odd)\n";
    else if (n == 0)
      std::cout << "no move: no x satisfies 0 < x < 0, so the player to move cannot move and loses\n";
    else if (n == 1)
      std::cout << "no move: 1 has no divisor x with 0 < x < 1\n";
    else
      std::cout << "no winning move: " << n
                << " is odd, so every divisor is odd and every move leaves an even number\n";
  });
}

// ---- predict / stone -----------------------------------------------------

// What a row command prints for one value type: text lines, each starting
// with `pre` ("" or "  exact: " when several types run), or JSON fields, each
// key starting with `key` ("" or "exact_").
struct row_report {
  std::ostringstream& out;
  std::string& json;
  bool as_json;
  std::string key, pre;
  void field(const std::string& name, const std::string& json_value) {
    json += ",\"" + key + name + "\":" + json_value;
  }
};

// A lead-game command over a row of values: parses them, prints `heading`
// and the row, then runs `solve(values, report)` for each value type asked
// for. Output is printed only when every requested run succeeded.
template <class Solve>
void add_row_command(CLI::App& app, const char* name, const std::string& description, const char* what,
                     const char* heading, Solve solve) {
  auto o = std::make_shared<row_options>();
  CLI::App* cmd = app.add_subcommand(name, description);
  add_row_arguments(cmd, *o, what);
  cmd->callback([o, name, heading, solve] {
    std::ostringstream out;
    const auto row = parse_row(*o, name);
    if (!o->json) out << heading << ' ' << row_text(row) << '\n';
    std::string json = std::string("{\"game\":\"") + name + "\",\"values\":" + json_row(row);
    for_each_type(*o, row, [&](const auto& values, const std::string& label) {
      row_report r{out, json, o->json, label.empty() ? "" : label + "_", label.empty() ? "" : "  " + label + ": "};
      solve(values, r);
    });
    if (o->json) out << json << "}\n";
    std::cout << out.str();
  });
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

void setup_predict(CLI::App& app) {
  add_row_command(app, "predict",
                  "Predict the Winner: players take numbers from either end of a row; prints the first player's best "
                  "lead, the optimal first move and both scores (a tie counts for the first player)",
                  "The row", "row", [](const auto& values, row_report& r) {
                    using T = typename std::decay_t<decltype(values)>::value_type;
                    const auto a = best_lead<T>(values);
                    const bool wins = a.lead >= T(0);
                    const std::string end = a.first_move == row_end::left ? "left" : "right";
                    if (r.as_json) {
                      r.field("lead", json_escape(text_of(a.lead)));
                      r.field("first_player_wins", yes_no(wins));
                      r.field("first_move", quoted(end));
                      r.field("first_score", json_escape(text_of(a.scores.first)));
                      r.field("second_score", json_escape(text_of(a.scores.second)));
                      return;
                    }
                    r.out << r.pre << "first player " << (wins ? "wins" : "loses") << " (lead " << text_of(a.lead)
                          << (a.lead == T(0) ? ", a tie, which counts for the first player" : "") << ")\n";
                    r.out << r.pre << "optimal first move: take the " << end << " end ("
                          << text_of(values[a.first_move == row_end::left ? 0 : values.size() - 1]) << ")\n";
                    r.out << r.pre << "scores: first " << text_of(a.scores.first) << ", second "
                          << text_of(a.scores.second) << " (total " << text_of(a.total) << ")\n";
                  });
}

void setup_stone(CLI::App& app) {
  add_row_command(app, "stone",
                  "Stone Game: piles in a row taken from either end; does the first player end with strictly more? "
                  "Uses the parity argument only for an even count of integer piles with an odd total, else the DP",
                  "The piles", "piles", [](const auto& values, row_report& r) {
                    using T = typename std::decay_t<decltype(values)>::value_type;
                    const auto a = stone_game<T>(values);
                    if (r.as_json) {
                      r.field("first_player_wins", yes_no(a.first_player_wins));
                      r.field("by_parity", yes_no(a.by_parity));
                      if (a.by_parity) {
                        r.field("parity_class", quoted(a.takes_even_indices ? "even" : "odd"));
                        r.field("parity_sum", json_escape(text_of(a.parity_sum)));
                        r.field("other_sum", json_escape(text_of(a.other_sum)));
                      } else {
                        r.field("lead", json_escape(text_of(a.dp->lead)));
                        r.field("first_move", quoted(a.dp->first_move == row_end::left ? "left" : "right"));
                      }
                      return;
                    }
                    r.out << r.pre << "first player " << (a.first_player_wins ? "wins" : "does not win") << '\n';
                    if (a.by_parity) {
                      r.out << r.pre << "by parity (even count, odd integer total): take every "
                            << (a.takes_even_indices ? "even" : "odd") << "-indexed pile, sum " << text_of(a.parity_sum)
                            << " against " << text_of(a.other_sum) << "; first move: the "
                            << (a.takes_even_indices ? "left" : "right") << " end\n";
                    } else {
                      r.out << r.pre << "by the DP (the parity preconditions do not hold): lead " << text_of(a.dp->lead)
                            << ", optimal first move: the " << (a.dp->first_move == row_end::left ? "left" : "right")
                            << " end\n";
                    }
                  });
}

void setup_stone2(CLI::App& app) {
  add_row_command(app, "stone2",
                  "Stone Game II: take the first X piles, 1 <= X <= 2M, then M = max(M, X), M starts at 1; prints the "
                  "most the first player can collect",
                  "The piles", "piles", [](const auto& values, row_report& r) {
                    using T = typename std::decay_t<decltype(values)>::value_type;
                    const auto a = stone_game_ii<T>(values);
                    if (r.as_json) {
                      r.field("first_score", json_escape(text_of(a.first_score)));
                      r.field("second_score", json_escape(text_of(a.second_score)));
                      r.field("first_take", std::to_string(a.first_take));
                      return;
                    }
                    r.out << r.pre << "first player collects " << text_of(a.first_score) << ", second "
                          << text_of(a.second_score) << '\n';
                    r.out << r.pre << "optimal first move: take " << a.first_take
                          << (a.first_take == 1 ? " pile" : " piles") << '\n';
                  });
}

void setup_stone3(CLI::App& app) {
  add_row_command(app, "stone3",
                  "Stone Game III: take 1, 2 or 3 piles from the front (values may be negative); prints Alice, Bob or "
                  "Tie, the lead and the optimal first move",
                  "The pile values", "values", [](const auto& values, row_report& r) {
                    using T = typename std::decay_t<decltype(values)>::value_type;
                    const auto a = stone_game_iii<T>(values);
                    if (r.as_json) {
                      r.field("winner", quoted(to_string(a.winner)));
                      r.field("lead", json_escape(text_of(a.lead)));
                      r.field("first_take", std::to_string(a.first_take));
                      return;
                    }
                    r.out << r.pre << to_string(a.winner) << " (Alice's lead " << text_of(a.lead) << ")\n";
                    r.out << r.pre << "optimal first move: take " << a.first_take
                          << (a.first_take == 1 ? " pile" : " piles") << '\n';
                  });
}

// ---- can-i-win -----------------------------------------------------------

struct can_i_win_options {
  int max_choosable = 0;
  std::string desired;
  bool json = false;
};

void setup_can_i_win(CLI::App& app) {
  auto o = std::make_shared<can_i_win_options>();
  CLI::App* cmd = app.add_subcommand(
      "can-i-win",
      "Can I Win: pick unused numbers 1..MAX into a shared total; whoever makes it reach DESIRED wins. "
      "Can the first player force a win?");
  cmd->add_option("MAX", o->max_choosable, "maxChoosableInteger, 1 <= MAX <= 25")->required();
  cmd->add_option("DESIRED", o->desired, "desiredTotal (any integer; <= 0 is met before anyone moves)")->required();
  cmd->add_flag("--json", o->json, "Print one JSON object with stable keys");
  cmd->callback([o] {
    const std::int64_t desired = to_int64(parse_bigint(o->desired), "desired total");
    const can_i_win_answer a = can_i_win(o->max_choosable, desired);
    if (o->json) {
      std::cout << "{\"game\":\"can-i-win\",\"max_choosable\":" << o->max_choosable << ",\"desired_total\":" << desired
                << ",\"first_player_wins\":" << yes_no(a.first_player_wins) << ",\"outcome\":\"" << to_string(a.result)
                << "\",\"winning_pick\":" << (a.winning_pick ? std::to_string(*a.winning_pick) : "null")
                << ",\"guard\":" << (a.guard.empty() ? "null" : json_escape(a.guard))
                << ",\"positions\":" << a.positions << "}\n";
      return;
    }
    std::cout << "numbers 1.." << o->max_choosable << ", desired total " << desired << ": "
              << (a.first_player_wins ? "the first player can force a win" : "the first player cannot force a win")
              << '\n';
    if (!a.guard.empty()) std::cout << "guard: " << a.guard << '\n';
    if (a.result == outcome::draw) std::cout << "outcome: draw (the game ends with no winner)\n";
    if (a.winning_pick) std::cout << "winning first pick: " << *a.winning_pick << '\n';
    if (a.guard.empty()) std::cout << "positions solved: " << a.positions << '\n';
  });
}

// ---- flip-search ---------------------------------------------------------

struct flip_options {
  std::string state;
  std::size_t max_positions = flip_search_default_positions;
  bool json = false;
};

void setup_flip_search(CLI::App& app) {
  auto o = std::make_shared<flip_options>();
  CLI::App* cmd = app.add_subcommand(
      "flip-search", "Flip Game II by memoised search over the strings: flip \"++\" to \"--\"; who cannot move loses");
  cmd->add_option("STRING", o->state, "The position, '+' and '-' only, at most 64 characters (quote it)")->required();
  cmd->add_option("--max-positions", o->max_positions, "Most distinct strings to search (default 5e6)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1'000'000'000}));
  cmd->add_flag("--json", o->json, "Print one JSON object with stable keys");
  cmd->callback([o] {
    const flip_search_answer a = flip_wins_by_search(o->state, o->max_positions);
    if (o->json) {
      std::cout << "{\"game\":\"flip-search\",\"state\":" << json_escape(o->state) << ",\"outcome\":\""
                << to_string(a.result) << "\",\"first_player_wins\":" << yes_no(a.result == outcome::win)
                << ",\"winning_flip\":" << (a.winning_flip ? std::to_string(*a.winning_flip) : "null")
                << ",\"positions\":" << a.positions << "}\n";
      return;
    }
    std::cout << "\"" << o->state << "\": " << to_string(a.result) << " for the player to move (" << a.positions
              << " strings searched)\n";
    if (a.winning_flip) {
      std::string next = o->state;
      next[*a.winning_flip] = next[*a.winning_flip + 1] = '-';
      std::cout << "winning flip: positions " << *a.winning_flip << " and " << *a.winning_flip + 1 << " -> \"" << next
                << "\"\n";
    } else {
      std::cout << "no winning flip\n";
    }
  });
}

// ---- nim -----------------------------------------------------------------

struct nim_options {
  std::vector<std::string> heaps;
  bool json = false;
};

void setup_nim(CLI::App& app) {
  auto o = std::make_shared<nim_options>();
  CLI::App* cmd = app.add_subcommand(
      "nim", "Nim: remove any positive number of stones from one heap; who cannot move loses (XOR rule)");
  cmd->add_option("HEAPS", o->heaps, "Heap sizes, 0 <= h < 2^64, separated by spaces or commas")->required();
  cmd->add_flag("--json", o->json, "Print one JSON object with stable keys");
  cmd->callback([o] {
    std::vector<std::uint64_t> heaps;
    for (const std::string& s : split_items(o->heaps))
      heaps.push_back(parse_count(s, "heap", std::numeric_limits<std::uint64_t>::max()));
    if (heaps.empty()) throw std::invalid_argument("nim: give at least one heap");
    const nim_answer a = nim(heaps);
    if (o->json) {
      std::cout << "{\"game\":\"nim\",\"heaps\":[";
      for (std::size_t i = 0; i < heaps.size(); ++i)
        std::cout << (i ? "," : "") << json_escape(std::to_string(heaps[i]));
      std::cout << "],\"nim_sum\":" << json_escape(std::to_string(a.nim_sum)) << ",\"outcome\":\""
                << to_string(a.result) << "\",\"first_player_wins\":" << yes_no(a.result == outcome::win)
                << ",\"winning_move\":";
      if (a.winning_move)
        std::cout << "{\"heap\":" << a.winning_move->heap
                  << ",\"remove\":" << json_escape(std::to_string(a.winning_move->remove)) << "}";
      else
        std::cout << "null";
      std::cout << "}\n";
      return;
    }
    std::cout << "nim-sum " << a.nim_sum << ": " << to_string(a.result) << " for the player to move\n";
    if (a.winning_move)
      std::cout << "winning move: remove " << a.winning_move->remove << " from heap " << a.winning_move->heap
                << " (leaves " << heaps[a.winning_move->heap] - a.winning_move->remove << ", nim-sum 0)\n";
    else
      std::cout << "no winning move: every move leaves a non-zero nim-sum\n";
  });
}

// ---- expectiminimax ------------------------------------------------------

struct emm_options {
  std::string file;
  std::string as = "all";
  bool json = false;
};

void setup_expectiminimax(CLI::App& app) {
  auto o = std::make_shared<emm_options>();
  CLI::App* cmd =
      app.add_subcommand("expectiminimax",
                         "Value of an acyclic game with max, min and chance nodes, read from a JSON model file "
                         "(see docs/games.md); exact probabilities");
  cmd->add_option("FILE", o->file, "The model (JSON), or - for standard input")->required();
  cmd->add_option("--as", o->as, "exact, double or all (default); mod is refused: max and min need an order")
      ->check(CLI::IsMember({"exact", "double", "mod", "all"}));
  cmd->add_flag("--json", o->json, "Print one JSON object with stable keys");
  cmd->callback([o] {
    if (o->as == "mod")
      throw std::invalid_argument(
          "--as mod is not available for expectiminimax: max and min nodes compare values, and residues modulo P have "
          "no order (use --as exact or double)");
    const std::string text = read_text(o->file, "the expectiminimax model", 64);
    const expectiminimax_model m = parse_expectiminimax_model(text);
    std::optional<Rational> exact;
    std::optional<double> approx;
    std::optional<std::size_t> best;
    if (o->as != "double") {
      const auto a = solve_expectiminimax(m.graph<Rational>());
      exact = a.values[m.root];
      best = a.best_child[m.root];
    }
    if (o->as != "exact") {
      const auto a = solve_expectiminimax(m.graph<double>());
      approx = a.values[m.root];
      if (!best) best = a.best_child[m.root];
    }
    const std::string best_id = best ? m.nodes[*best].id : "";
    if (o->json) {
      std::cout << "{\"game\":\"expectiminimax\",\"root\":" << json_escape(m.nodes[m.root].id)
                << ",\"nodes\":" << m.nodes.size() << ",\"exact\":" << (exact ? json_escape(to_string(*exact)) : "null")
                << ",\"double\":" << (approx ? json_escape(format_shortest(*approx)) : "null")
                << ",\"best_child\":" << (best ? json_escape(best_id) : "null") << "}\n";
      return;
    }
    std::cout << "value of \"" << m.nodes[m.root].id << "\" (" << to_string(m.nodes[m.root].kind) << " node, "
              << m.nodes.size() << " nodes) for the first player\n";
    if (exact) std::cout << "  exact   " << to_string(*exact) << '\n';
    if (approx) std::cout << "  double  " << format_shortest(*approx) << '\n';
    if (exact && approx) {
      const Rational diff = abs(to_rational(*approx) - *exact);
      std::cout << "  error   "
                << (diff == 0 ? "none: the double is exactly the exact value"
                              : "absolute " + format_shortest(to_double(diff)))
                << '\n';
    }
    if (best) std::cout << "  best move at the root: \"" << best_id << "\"\n";
  });
}

void setup(CLI::App& app) {
  setup_take(app);
  setup_divisor(app);
  setup_predict(app);
  setup_stone(app);
  setup_stone2(app);
  setup_stone3(app);
  setup_can_i_win(app);
  setup_flip_search(app);
  setup_nim(app);
  setup_expectiminimax(app);
}

}  // namespace

EXACTDP_REGISTER_COMMANDS(40, setup);

}  // namespace exactdp::tool
