// The Sprague-Grundy commands: grundy (octal and subtraction games, tables,
// certified periods, any heap size), nim-sum (sums of heaps and a winning
// move), flip (Flip Game II at any length) (command.hpp).
#include <iostream>
#include <iterator>
#include <sstream>
#include <limits>

#include "args.hpp"
#include "command.hpp"
#include "plot.hpp"
#include "exactdp/grundy/flip.hpp"
#include "exactdp/grundy/misere.hpp"
#include "exactdp/grundy/period.hpp"
#include "exactdp/io/read_text.hpp"
#include "game_facts.hpp"

namespace exactdp::tool {
namespace {

constexpr std::uint64_t u64_max = std::numeric_limits<std::uint64_t>::max();

// The game options shared by grundy and nim-sum.
struct game_options {
  std::optional<std::string> octal;
  std::optional<std::string> subtract;
  std::string max_values = std::to_string(default_certify_values);
  std::string method = "sparse";
  std::string max_positions = "2000000";
};

// The cap of a misère search: its positions are multisets of heaps, about
// 5 microseconds and 200 bytes each, and their number grows about 4-fold
// per 10 counters for the splitting games (0.07: 10^5 at a heap of 60).
misere_heap_result misere_heap(const octal_game& game, std::uint64_t heap, const game_options& o) {
  const auto cap = parse_integer<std::size_t>(o.max_positions, "--max-positions", 1, 1'000'000'000);
  try {
    return misere_octal_heap(game, heap, cap);
  } catch (const resource_error& e) {
    const std::string what = e.what();
    if (what.find("passed its limit of") == std::string::npos) throw;
    throw resource_error(what + " (raise --max-positions)");
  }
}

void add_game_options(CLI::App& cmd, game_options& o) {
  cmd.add_option("--octal", o.octal, "Octal game code, e.g. 0.07 (Dawson's Kayles), 0.137, 0.77 (Kayles), 4.7");
  cmd.add_option("--subtract", o.subtract,
                 "Subtraction game: the numbers of counters a move may take, e.g. 1,3,4 (each 1..4096, no repeats)");
  cmd.add_option("--max-values", o.max_values,
                 "Compute at most this many values while looking for a period, 1..2^31 (default 65536)");
  cmd.add_option("--method", o.method,
                 "sparse (default: the sparse-space method of Gangolli and Plambeck) or naive (the O(N^2) mex over "
                 "every option, an oracle)");
  cmd.add_option("--max-positions", o.max_positions,
                 "With --misere: the most positions (multisets of heaps) to search, 1..10^9 (default 2000000, about "
                 "10 s and 400 MB)");
}

struct game_choice {
  std::optional<octal_game> game;
  std::size_t max_values = 0;
  grundy_method method = grundy_method::sparse;
};

game_choice read_game(const game_options& o) {
  game_choice c;
  if (o.octal && o.subtract) throw std::invalid_argument("give either --octal or --subtract, not both");
  if (o.octal) c.game = parse_octal(*o.octal);
  if (o.subtract) {
    const std::vector<std::int64_t> takes = read_move_set(std::vector<std::string>{*o.subtract}, "--subtract", 4096);
    const std::vector<std::uint64_t> unsigned_takes(takes.begin(), takes.end());
    c.game = octal_subtraction_game(unsigned_takes);
  }
  c.max_values = parse_integer<std::size_t>(o.max_values, "--max-values", 1, std::size_t{1} << 31);
  c.method =
      one_of(o.method, "--method", {"sparse", "naive"}) == "naive" ? grundy_method::naive : grundy_method::sparse;
  return c;
}

std::string not_certified(const octal_values& v) {
  return "not certified up to " + count_of(v.certificate().computed, "value", "values");
}

[[noreturn]] void beyond(std::uint64_t heap, const octal_game& game, const octal_values& values) {
  throw std::domain_error("heap " + std::to_string(heap) + " of " + game.code() + " is beyond the " +
                          std::to_string(values.certificate().computed) + " computed values and the period is " +
                          not_certified(values) + " (raise --max-values)");
}

json certificate_json(const period_certificate& c) {
  json j;
  j["certified"] = c.certified;
  j["computed"] = c.computed;
  j["preperiod"] = c.certified ? json(c.preperiod) : json(nullptr);
  j["period"] = c.certified ? json(c.period) : json(nullptr);
  j["checked_from"] = c.certified ? json(c.checked_from) : json(nullptr);
  j["checked_to"] = c.certified ? json(c.checked_to) : json(nullptr);
  return j;
}

// ---- grundy ----

// grundy --plot: G(n) against n, the preperiod and the first period shaded
// when the period is certified.
void plot_grundy(const std::vector<grundy_value>& t, const period_certificate& cert, const std::string& code,
                 const std::string& path) {
  std::ostringstream p;
  p << "$g << EOD\n";
  grundy_value most = 1;
  for (std::size_t i = 0; i < t.size(); ++i) {
    p << i << ' ' << t[i] << '\n';
    most = std::max(most, t[i]);
  }
  p << "EOD\n";
  const double right = static_cast<double>(t.size()) - 0.5;
  p << "set title " << gnuplot_text("Sprague-Grundy values of the octal game " + code) << "\n";
  p << "set xlabel 'heap size n'\nset ylabel 'G(n)'\nset xrange [-0.5:" << right << "]\nset yrange [-0.5:" << most + 1.5
    << "]\nset key outside top center horizontal\nset grid ytics\n";
  std::string shades;
  if (cert.certified) {
    const double pre = static_cast<double>(cert.preperiod) - 0.5;
    const double end = std::min(right, pre + static_cast<double>(cert.period));
    if (cert.preperiod > 0)
      p << "set object 1 rectangle from first -0.5, graph 0 to first " << std::min(pre, right)
        << ", graph 1 behind fillcolor rgb '#fde9c9' fillstyle solid noborder\n";
    p << "set object 2 rectangle from first " << pre << ", graph 0 to first " << end
      << ", graph 1 behind fillcolor rgb '#d7e8f7' fillstyle solid noborder\n";
    shades = ", NaN with boxes fillcolor rgb '#fde9c9' fillstyle solid title " +
             gnuplot_text("preperiod (n < " + std::to_string(cert.preperiod) + ")") +
             ", NaN with boxes fillcolor rgb '#d7e8f7' fillstyle solid title " +
             gnuplot_text("first period (" + std::to_string(cert.period) + " values)");
  } else {
    p << "set label 1 'period not certified' at graph 0.02, graph 0.95\n";
  }
  p << "plot $g using 1:2 with linespoints pointtype 7 pointsize 0.5 linecolor rgb '#1f4e9a' title 'G(n)'" << shades
    << "\n";
  plot_with_gnuplot(p.str(), path);
}

struct grundy_options {
  game_options game;
  std::optional<std::string> n, table, plot;
  bool period = false;
  bool misere = false;
};

void setup_grundy(CLI::App& cmd, grundy_options& o) {
  add_game_options(cmd, o.game);
  cmd.add_option("--n", o.n, "Heap size N, 0 <= N <= 2^64-1: print G(N)");
  cmd.add_option("--table", o.table, "Print G(0..K-1), 1 <= K <= 2^31");
  cmd.add_option("--plot", o.plot,
                 "With --table K (K <= 100000): also draw G(n) against n, the preperiod and the first period shaded, "
                 "as an SVG file (needs gnuplot: Debian package gnuplot-nox)");
  cmd.add_flag("--period", o.period,
               "Print the preperiod e, the period p and the range checked by the octal periodicity theorem, or "
               "'not certified up to M values' (the default when neither --n nor --table is given)");
  cmd.add_flag("--misere", o.misere,
               "Misère play (whoever makes the last move loses): who wins on the heap --n N (N <= 10^6), by an "
               "exact search of the heaps it can leave (misère play has no Grundy values that add)");
}

// grundy --misere: one heap, by the win/lose engine.
result run_misere_heap(const grundy_options& o, const octal_game& game) {
  if (o.table || o.period)
    throw std::invalid_argument(std::string(o.table ? "--table" : "--period") +
                                " is for normal play: misère play has no Grundy values; --misere answers one heap, "
                                "--n N");
  if (!o.n) throw std::invalid_argument("grundy --misere needs the heap: --n N");
  const auto n = parse_integer<std::uint64_t>(*o.n, "--n (the heap, under misère play)", 0, misere_max_heap);
  const misere_heap_result a = misere_heap(game, n, o.game);
  result r;
  r.question = "a heap of " + std::to_string(n) + " in the octal game " + game.code() + play_words(play_rule::misere) +
               ": who wins, the player to move or the other?";
  r.add("game", game.code());
  r.add("max_take", game.max_take());
  add_play_fact(r, play_rule::misere);
  r.add("n", n);
  add_misere_heap_facts(r, n, a);
  return r;
}

result run_grundy(const grundy_options& o) {
  const game_choice c = read_game(o.game);
  if (!c.game) throw std::invalid_argument("grundy needs a game: --octal CODE or --subtract LIST");
  if (o.misere) return run_misere_heap(o, *c.game);
  std::optional<std::uint64_t> n;
  if (o.n) n = parse_integer<std::uint64_t>(*o.n, "--n", 0, u64_max);
  std::optional<std::size_t> table;
  if (o.table) {
    // The library's rule of a table (count, memory), before any value is computed.
    table = parse_integer<std::size_t>(*o.table, "--table", 1, std::size_t{1} << 31);
    check_grundy_table(*table, "--table");
  }
  if (o.plot) {
    if (!table || *table > 100000)
      throw std::invalid_argument("--plot draws the table: it needs --table K with K <= 100000");
    check_plot_path(*o.plot);
  }
  const std::size_t max_values = table ? std::max(c.max_values, *table) : c.max_values;
  const octal_values values = certified_octal_values(*c.game, max_values, c.method);
  const period_certificate& cert = values.certificate();
  if (n && !values.known(*n)) beyond(*n, *c.game, values);

  result r;
  r.question = "Sprague-Grundy values of the octal game " + c.game->code();
  r.add("game", c.game->code());
  r.add("max_take", c.game->max_take());
  add_play_fact(r, play_rule::normal);
  if (n) {
    r.add("n", *n);
    r.add("grundy", values.grundy(*n), "G(" + std::to_string(*n) + ")", std::to_string(values.grundy(*n)));
  }
  if (table) {
    const std::vector<grundy_value> t = grundy_table(values, *table);
    std::string text;
    for (std::size_t i = 0; i < t.size(); ++i) text += (i == 0 ? "" : i % 20 == 0 ? "\n" : " ") + std::to_string(t[i]);
    r.add("table", t, "G(0.." + std::to_string(*table - 1) + ")", text);
    if (o.plot) {
      plot_grundy(t, cert, c.game->code(), *o.plot);
      r.add("plot", *o.plot, "plot", *o.plot);
    }
  }
  r.add("certificate", certificate_json(cert));
  if (o.period || (!n && !table)) {
    if (cert.certified)
      r.add("", nullptr, "period",
            std::to_string(cert.period) + " from n = " + std::to_string(cert.preperiod) + " on (preperiod " +
                std::to_string(cert.preperiod) + "); checked G(n+" + std::to_string(cert.period) + ") = G(n) for " +
                std::to_string(cert.checked_from) + " <= n < " + std::to_string(cert.checked_to) + " (t = " +
                std::to_string(c.game->max_take()) + ", " + count_of(cert.computed, "value", "values") + " computed)");
    else
      r.add("", nullptr, "period", not_certified(values));
  }
  return r;
}

// ---- nim-sum ----

struct nim_sum_options {
  game_options game;
  std::vector<std::string> heaps;
  bool misere = false;
};

void setup_nim_sum(CLI::App& cmd, nim_sum_options& o) {
  add_game_options(cmd, o.game);
  cmd.add_option("HEAPS", o.heaps, "Heap sizes, 0 <= h <= 2^64-1 (Nim heaps when no game is given)")->required();
  cmd.add_flag("--misere", o.misere,
               "Misère play (whoever makes the last move loses): Nim heaps by Bouton's misère rule, or one heap of "
               "an octal game by search; a sum of octal heaps is refused (misère play has no rule for sums)");
}

result run_nim_sum(const nim_sum_options& o) {
  std::vector<std::uint64_t> heaps;
  for (const std::string_view h : split_list(o.heaps, "HEAPS"))
    heaps.push_back(parse_integer<std::uint64_t>(h, "each heap", 0, u64_max));
  const game_choice c = read_game(o.game);
  const play_rule rule = o.misere ? play_rule::misere : play_rule::normal;
  if (!c.game) return nim_facts(heaps, rule);  // a heap of h has value h
  if (o.misere) {
    if (heaps.size() > 1) refuse_misere_sum("a sum of " + std::to_string(heaps.size()) + " heaps of " + c.game->code());
    const misere_heap_result a = misere_heap(*c.game, heaps[0], o.game);
    result r;
    r.question = "the octal game " + c.game->code() + " on heaps " + list_text(heaps) + play_words(rule) +
                 ": who wins, the player to move or the other?";
    r.add("game", c.game->code());
    r.add("heaps", heaps);
    add_play_fact(r, rule);
    add_misere_heap_facts(r, heaps[0], a);
    return r;
  }
  const octal_values solved = certified_octal_values(*c.game, c.max_values, c.method);
  std::vector<std::uint64_t> values;
  for (const std::uint64_t h : heaps) {
    if (!solved.known(h)) beyond(h, *c.game, solved);
    values.push_back(solved.grundy(h));
  }
  return sum_of_heaps_result(c.game->code(), heaps, values, winning_move(solved, heaps));
}

// ---- flip ----

struct flip_options {
  std::optional<std::string> position;
  std::optional<std::string> run;
};

void setup_flip(CLI::App& cmd, flip_options& o) {
  cmd.add_option("STRING", o.position,
                 "The position, e.g. +++++ or -++ (strings starting with - or + work as they are); - alone reads "
                 "it from standard input");
  cmd.add_option("--run", o.run, "Instead of STRING: one run of N pluses, 0 <= N <= 2^64-1");
}

result run_flip(const flip_options& o) {
  if (o.position.has_value() == o.run.has_value())
    throw std::invalid_argument("flip needs exactly one of STRING (or - for standard input) and --run N");
  grundy_value value = 0;
  std::optional<std::uint64_t> flip;
  std::string position;
  result r;
  if (o.run) {
    const std::uint64_t len = parse_integer<std::uint64_t>(*o.run, "--run", 0, u64_max);
    value = flip_run_grundy(len);
    flip = flip_run_winning_flip(len);
    r.question = "Flip Game II on one run of " + count_of(len, "plus", "pluses") + ": does the player to move win?";
    r.add("run", len);
  } else {
    if (*o.position == "-") {
      position = read_nonblank_text("-", "the position", 2);
      while (!position.empty() && (position.back() == '\n' || position.back() == '\r' || position.back() == ' '))
        position.pop_back();
    } else {
      position = *o.position;
    }
    const flip_grundy_result a = flip_grundy(position);
    value = a.value;
    if (a.flip) flip = *a.flip;
    r.question = "Flip Game II on " +
                 (position.size() <= 80 ? "\"" + position + "\""
                                        : "a string of " + std::to_string(position.size()) + " characters") +
                 ": does the player to move win?";
    r.add("length", position.size());
  }
  r.add("value", value, "value", std::to_string(value) + " (the Grundy value: the nim-sum of the runs' values)");
  add_outcome_facts(r, value != 0 ? outcome::win : outcome::lose);
  if (flip) {
    std::string after;
    if (!o.run && position.size() <= 80) {
      after = position;
      after[static_cast<std::size_t>(*flip)] = after[static_cast<std::size_t>(*flip) + 1] = '-';
    }
    r.add("winning_move", json{{"flip", *flip}, {"leaves", after.empty() ? json(nullptr) : json(after)}},
          "winning flip",
          "positions " + std::to_string(*flip) + " and " + std::to_string(*flip + 1) +
              (after.empty() ? "" : " -> \"" + after + "\""));
  } else {
    r.add("winning_move", nullptr, "winning flip", "none");
  }
  return r;
}

}  // namespace

void add_grundy_commands(command_list& list) {
  add_command<grundy_options>(list, "grundy",
                              "Sprague-Grundy values of an octal or subtraction game: G(N) for any heap size once "
                              "the period is certified (grundy --octal 0.07 --n 1000000000000000000), a table, or "
                              "the certified period",
                              setup_grundy, run_grundy);
  add_command<nim_sum_options>(list, "nim-sum",
                               "Nim-sum (XOR) of the Grundy values of independent heaps and a winning move (nim-sum "
                               "3 4 5: 2, take 2 from the heap of 3); with --octal/--subtract the heaps are heaps of "
                               "that game",
                               setup_nim_sum, run_nim_sum);
  add_command<flip_options>(list, "flip",
                            "Flip Game II: can the player to move win on this string of + and - (flip ++ to --; no "
                            "move loses)? Any length, through the certified period of 0.07; prints a winning flip",
                            setup_flip, run_flip);
}

}  // namespace exactdp::tool
