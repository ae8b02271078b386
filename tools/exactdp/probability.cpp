// The probability commands: run, knight, knight-paths, coupon, fixed-points,
// rolls-to-reach, boundary-paths, dice-sequences, soup, new21, seat. Those of
// the catalogue (run, knight-paths, coupon, fixed-points, rolls-to-reach,
// boundary-paths, new21, seat: exactdp/api/question.hpp) are made from their
// records; each other is an options struct, a setup function and a run
// function (command.hpp).
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>

#include "args.hpp"
#include "command.hpp"
#include "plot.hpp"
#include "exactdp/api/question.hpp"
#include "exactdp/probability/dice_sequences.hpp"
#include "exactdp/probability/knight.hpp"
#include "exactdp/probability/soup.hpp"

namespace exactdp::tool {
namespace {

result answered(std::string question, const value_runs& runs, const answer_options& o) {
  result r;
  r.question = std::move(question);
  r.main = compute_answer(runs, o);
  r.as = o.as;
  return r;
}

std::string board(int m, int n) { return std::to_string(m) + "x" + std::to_string(n); }

// ---- the catalogue's questions (exactdp/api/question.hpp) ----

// A command made from a catalogue record (exactdp/api/question.hpp): its
// values, options, help, refusals and question line come from the record.
void add_question(command_list& list, const std::string& name) {
  const api::question& q = *api::find_question(name);
  struct options {
    std::vector<std::optional<std::string>> values;
    answer_options answer = answer_options_with_primes();
  };
  auto o = std::make_shared<options>();
  o->values.resize(q.parameters.size());
  constexpr api::front_end tool = api::front_end::tool;
  auto setup = [o, &q](CLI::App& cmd) {
    for (std::size_t i = 0; i < q.parameters.size(); ++i) {
      const api::parameter& p = q.parameters[i];
      const std::string help = p.summary + ", " + api::range_words(q, i, tool) +
                               (p.fallback ? " (default " + std::to_string(*p.fallback) + ")" : "");
      CLI::Option* option = cmd.add_option(api::parameter_name(p, tool), o->values[i], help);
      if (!p.fallback) option->required();
    }
    add_answer_options(cmd, o->answer);
  };
  auto run = [o, &q] {
    const api::arguments a = api::read_arguments(q, o->values, tool);
    return answered(q.sentence(a), q.runs(a), o->answer);
  };
  list.push_back({q.name, api::words_in(q, q.summary, tool), setup, run});
}

// ---- knight ----

struct knight_options {
  std::string n, moves, row, col;
  std::optional<std::string> plot;
  answer_options answer = answer_options_with_primes();
};

struct knight_input {
  int n, moves, row, col;
};

void setup_knight(CLI::App& cmd, knight_options& o) {
  cmd.add_option("N", o.n, "Board size, 1 <= N <= 100000")->required();
  cmd.add_option("MOVES", o.moves, "Number of moves, 0 <= MOVES <= 10^7")->required();
  cmd.add_option("ROW", o.row, "Start row, 0 <= ROW < N")->required();
  cmd.add_option("COL", o.col, "Start column, 0 <= COL < N")->required();
  add_answer_options(cmd, o.answer);
}

void setup_knight_probability(CLI::App& cmd, knight_options& o) {
  setup_knight(cmd, o);
  cmd.add_option("--plot", o.plot,
                 "Also draw the probability of staying on from every start square as a heat map, an SVG file "
                 "(N <= 200; needs gnuplot: Debian package gnuplot-nox)");
}

knight_input read_knight(const knight_options& o) {
  knight_input in{};
  in.n = parse_integer<int>(o.n, "N (the board size)", 1, knight_max_board);
  in.moves = parse_integer<int>(o.moves, "MOVES", 0, knight_max_moves);
  in.row = parse_integer<int>(o.row, "ROW", 0, in.n - 1);
  in.col = parse_integer<int>(o.col, "COL", 0, in.n - 1);
  return in;
}

// knight --plot: the survival probability from every start square, as a
// heat map. One walk from weight 1 on every square gives them all: knight
// moves are symmetric, so the weight the walk brings to a square is the
// probability of surviving from it. In double (a picture needs no more).
void plot_knight(const knight_input& in, const std::string& path) {
  constexpr int most = 200;
  if (in.n > most)
    throw std::invalid_argument("knight --plot draws one cell per square: N <= " + std::to_string(most) + ", not " +
                                std::to_string(in.n));
  const auto cells = static_cast<std::size_t>(in.n) * static_cast<std::size_t>(in.n);
  check_work_budget("the knight walk from every square", static_cast<long double>(in.moves) * cells * 9);
  std::vector<double> layer(cells, 1.0);
  detail::knight_advance(in.n, layer, in.moves, 0.125);
  std::ostringstream p;
  p.precision(17);
  p << "$survival << EOD\n";
  for (int r = 0; r < in.n; ++r) {
    for (int c = 0; c < in.n; ++c)
      p << (c ? " " : "")
        << layer[static_cast<std::size_t>(r) * static_cast<std::size_t>(in.n) + static_cast<std::size_t>(c)];
    p << '\n';
  }
  p << "EOD\nset title "
    << gnuplot_text("Probability that a knight stays on the " + board(in.n, in.n) + " board for " +
                    count_of(static_cast<std::uint64_t>(in.moves), "random move", "random moves") + ", by start square")
    << "\nset size ratio -1\nset xlabel 'column'\nset ylabel 'row'\nset cblabel 'probability of staying on'\n"
    << "set xrange [-0.5:" << in.n - 0.5 << "]\nset yrange [" << in.n - 0.5 << ":-0.5]\nset cbrange [0:*]\n"
    << "set palette defined (0 '#fff7ec', 0.5 '#fc8d59', 1 '#7f0000')\nset tics out\n"
    << "plot $survival matrix with image pixels notitle\n";
  plot_with_gnuplot(p.str(), path);
}

result run_knight(const knight_options& o) {
  const knight_input in = read_knight(o);
  if (o.plot) check_plot_path(*o.plot);
  result r = answered(
      "probability that a knight stays on a " + board(in.n, in.n) + " board for " +
          count_of(static_cast<std::uint64_t>(in.moves), "random move", "random moves") + " from (" +
          std::to_string(in.row) + ", " + std::to_string(in.col) + ")",
      runs_of<Rational>(
          [in]<class T>(std::type_identity<T>) { return knight_probability<T>(in.n, in.moves, in.row, in.col); },
          [in] { return knight_probability_bound(in.n, in.moves, in.row, in.col); }),
      o.answer);
  if (o.plot) {
    plot_knight(in, *o.plot);
    r.add("plot", *o.plot, "plot", *o.plot);
  }
  return r;
}

// ---- dice-sequences ----

struct dice_options {
  std::string n;
  std::vector<std::string> limits;
  answer_options answer = answer_options_with_primes();
};

void setup_dice_sequences(CLI::App& cmd, dice_options& o) {
  cmd.add_option("N", o.n, "Number of rolls, 0 <= N <= 10^8")->required();
  cmd.add_option("LIMITS", o.limits, "The six run limits L1 .. L6, each 1..15 (six values, or one list 1,1,2,2,2,3)")
      ->required();
  add_answer_options(cmd, o.answer);
}

result run_dice_sequences(const dice_options& o) {
  const int n = parse_integer<int>(o.n, "N (the number of rolls)", 0, 100'000'000);
  const std::vector<std::int64_t> list = read_integer_list(o.limits, "LIMITS", 1, 15, 6);
  if (list.size() != 6)
    throw std::invalid_argument("LIMITS must be six run limits, one per face, not " + std::to_string(list.size()));
  std::array<int, 6> limits{};
  std::string text;
  for (std::size_t f = 0; f < 6; ++f) {
    limits[f] = static_cast<int>(list[f]);
    if (f) text += ' ';  // not (f ? " " : "") + ...: GCC 12 warns falsely (-Wrestrict) on that
    text += std::to_string(limits[f]);
  }
  return answered(
      "sequences of " + count_of(static_cast<std::uint64_t>(n), "die roll", "die rolls") + " with run limits " + text,
      runs_of<BigInt>([n, limits]<class T>(std::type_identity<T>) { return dice_sequences<T>(n, limits); },
                      [n, limits] { return dice_sequences_bound(n, limits); }),
      o.answer);
}

// ---- soup ----

struct soup_options {
  std::string n;
  std::optional<std::string> tolerance;
  answer_options answer = answer_options_with_primes();
};

void setup_soup(CLI::App& cmd, soup_options& o) {
  cmd.add_option("N", o.n, "Millilitres of each soup, 0 <= N <= 10^15")->required();
  cmd.add_option("--tolerance", o.tolerance,
                 "Accept a double within EPS of the true value (0 < EPS < 1): above a cutoff derived from EPS and "
                 "certified on exact values, the answer is 1. Used for the double when the table is too large");
  add_answer_options(cmd, o.answer);
}

void add_cutoff_facts(result& r, const soup_estimate& e) {
  r.add("tolerance", format_shortest(e.tolerance));
  r.add("within", format_shortest(e.value), "within",
        format_shortest(e.value) +
            (e.used_cutoff ? "  (at or above the cutoff " + std::to_string(e.cutoff_n) + " ml)"
                           : "  (computed in full: below the cutoff " + std::to_string(e.cutoff_n) + " ml)"));
  r.add("used_cutoff", e.used_cutoff);
  r.add("cutoff_ml", e.cutoff_n);
  r.add("checked_to_ml", e.checked_to_n);
  r.add("gap_at_cutoff", to_string(e.gap_at_cutoff));
  r.add("cutoff", e.reason, "cutoff", e.reason);
}

result run_soup(const soup_options& o) {
  const std::int64_t n = parse_integer<std::int64_t>(o.n, "N (millilitres)", 0, 1'000'000'000'000'000);
  std::optional<double> eps;
  if (o.tolerance) {
    eps = read_real(*o.tolerance, "--tolerance", Rational(0), Rational(1), "a number EPS with 0 < EPS < 1", true);
  }
  const std::int64_t units = detail::soup_units(n);
  std::string exact_too_large;
  try {
    detail::check_soup_budget<BigInt>(units, static_cast<long double>(units) + 4);
  } catch (const resource_error& e) {
    exact_too_large = e.what();
  }
  std::string table_too_large;
  try {
    detail::check_soup_budget<double>(units, 64);
  } catch (const resource_error& e) {
    table_too_large = e.what();
  }
  // The first refusal names the whole need of what was asked: the exact
  // table (the larger) unless only the double or the residue was.
  const bool exact_wanted = o.answer.as != "double" && o.answer.as != "mod";
  if (!table_too_large.empty() && !eps)
    throw resource_error((exact_wanted && !exact_too_large.empty() ? exact_too_large : table_too_large) +
                         "; pass --tolerance EPS for the double with a cutoff certified for EPS");

  // The certified cutoff, computed at most once, and only when asked for.
  auto estimate = std::make_shared<std::optional<soup_estimate>>();
  auto cutoff = [estimate, n, eps]() -> const soup_estimate& {
    if (!*estimate) *estimate = soup_servings_within(n, *eps);
    return **estimate;
  };
  value_runs runs = runs_of<Rational>([n]<class T>(std::type_identity<T>) { return soup_servings<T>(n); },
                                      [n] { return soup_servings_bound(n); });
  if (!exact_too_large.empty())
    runs.exact = [exact_too_large, eps]() -> Rational {
      throw resource_error(exact_too_large +
                           (eps ? "" : "; pass --tolerance EPS for the double with a cutoff certified for EPS"));
    };
  if (!table_too_large.empty()) {
    runs.approx = [cutoff] { return cutoff().value; };
    runs.residue = [table_too_large](std::uint64_t) -> std::uint64_t { throw resource_error(table_too_large); };
  }
  result r = answered("soup servings: P(A empties first) + P(both at once)/2 for " + std::to_string(n) + " ml each",
                      runs, o.answer);
  if (eps) {
    try {
      add_cutoff_facts(r, cutoff());
    } catch (const resource_error& e) {
      if (!r.main->exact) throw;
      // The exact answer makes the cutoff unnecessary: say so, and why it
      // could not be certified.
      r.add("tolerance", format_shortest(*eps));
      r.add("cutoff", nullptr, "cutoff",
            std::string("not needed: the exact value was computed (a certified cutoff for this tolerance is out of "
                        "reach: ") +
                in_tool_words(e.what()) + ")");
    }
  }
  return r;
}

}  // namespace

void add_probability_commands(command_list& list) {
  add_question(list, "run");
  add_command<knight_options>(
      list, "knight", "Probability that a knight making MOVES random moves from (ROW, COL) stays on an NxN board",
      setup_knight_probability, run_knight);
  add_question(list, "knight-paths");
  add_question(list, "coupon");
  add_question(list, "fixed-points");
  add_question(list, "rolls-to-reach");
  add_question(list, "boundary-paths");
  add_command<dice_options>(
      list, "dice-sequences",
      "Sequences of N die rolls in which face i comes up at most Li times in a row (2 1 1 2 2 2 3: 34)",
      setup_dice_sequences, run_dice_sequences);
  add_command<soup_options>(list, "soup",
                            "Soup Servings: P(soup A empties first) + P(both at once)/2 from N ml each (50: 5/8); "
                            "exact while the table fits the budgets, otherwise the double with a cutoff certified "
                            "for --tolerance",
                            setup_soup, run_soup);
  add_question(list, "new21");
  add_question(list, "seat");
}

}  // namespace exactdp::tool
