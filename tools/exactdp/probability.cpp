// The probability commands: run, knight, knight-paths, coupon, fixed-points,
// rolls-to-reach, boundary-paths, dice-sequences, soup, new21, seat. All but
// dice-sequences are questions of the catalogue (exactdp/api/question.hpp):
// their values, help, refusals, question line and runs come from the
// record. knight (its --plot) and soup (its --tolerance, the double with a
// certified cutoff) add options of their own, and dice-sequences (a list of
// six limits, not an integer parameter) is hand-written: each is an options
// struct, a setup function and a run function (command.hpp).
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

void add_question_parameters(CLI::App& cmd, const api::question& q, std::vector<std::optional<std::string>>& values) {
  values.assign(q.parameters.size(), std::nullopt);
  for (std::size_t i = 0; i < q.parameters.size(); ++i) {
    const api::parameter& p = q.parameters[i];
    const std::string help = p.summary + ", " + api::range_words(q, i, api::front_end::tool) +
                             (p.fallback ? " (default " + std::to_string(*p.fallback) + ")" : "");
    CLI::Option* option = cmd.add_option(api::parameter_name(p, api::front_end::tool), values[i], help);
    if (!p.fallback) option->required();
  }
}

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

constexpr api::front_end tool_end = api::front_end::tool;

// A command made from a catalogue record (exactdp/api/question.hpp): its
// values, options, help, refusals and question line come from the record.
void add_question(command_list& list, const std::string& name) {
  const api::question& q = *api::find_question(name);
  struct options {
    std::vector<std::optional<std::string>> values;
    answer_options answer = answer_options_with_primes();
  };
  auto o = std::make_shared<options>();
  auto setup = [o, &q](CLI::App& cmd) {
    add_question_parameters(cmd, q, o->values);
    add_answer_options(cmd, o->answer);
  };
  auto run = [o, &q] {
    const api::arguments a = api::read_arguments(q, o->values, tool_end);
    return answered(q.sentence(a), q.runs(a), o->answer);
  };
  list.push_back({q.name, api::words_in(q, q.summary, tool_end), setup, run});
}

// ---- knight: the catalogue's question and a picture (--plot) ----

struct knight_options {
  std::vector<std::optional<std::string>> values;
  std::optional<std::string> plot;
  answer_options answer = answer_options_with_primes();
};

const api::question& knight_question() { return *api::find_question("knight"); }

void setup_knight(CLI::App& cmd, knight_options& o) {
  add_question_parameters(cmd, knight_question(), o.values);
  add_answer_options(cmd, o.answer);
  cmd.add_option("--plot", o.plot,
                 "Also draw the probability of staying on from every start square as a heat map, an SVG file "
                 "(N <= 200; needs gnuplot: Debian package gnuplot-nox)");
}

// knight --plot: the survival probability from every start square, as a
// heat map. One walk from weight 1 on every square gives them all: knight
// moves are symmetric, so the weight the walk brings to a square is the
// probability of surviving from it. In double (a picture needs no more).
void plot_knight(int n, int moves, const std::string& path) {
  constexpr int most = 200;
  if (n > most)
    throw std::invalid_argument("knight --plot draws one cell per square: N <= " + std::to_string(most) + ", not " +
                                std::to_string(n));
  const auto cells = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  check_work_budget("the knight walk from every square", static_cast<long double>(moves) * cells * 9);
  std::vector<double> layer(cells, 1.0);
  detail::knight_advance(n, layer, moves, 0.125);
  std::ostringstream p;
  p.precision(17);
  p << "$survival << EOD\n";
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c)
      p << (c ? " " : "")
        << layer[static_cast<std::size_t>(r) * static_cast<std::size_t>(n) + static_cast<std::size_t>(c)];
    p << '\n';
  }
  p << "EOD\nset title "
    << gnuplot_text("Probability that a knight stays on the " + board(n, n) + " board for " +
                    count_of(static_cast<std::uint64_t>(moves), "random move", "random moves") + ", by start square")
    << "\nset size ratio -1\nset xlabel 'column'\nset ylabel 'row'\nset cblabel 'probability of staying on'\n"
    << "set xrange [-0.5:" << n - 0.5 << "]\nset yrange [" << n - 0.5 << ":-0.5]\nset cbrange [0:*]\n"
    << "set palette defined (0 '#fff7ec', 0.5 '#fc8d59', 1 '#7f0000')\nset tics out\n"
    << "plot $survival matrix with image pixels notitle\n";
  plot_with_gnuplot(p.str(), path);
}

result run_knight(const knight_options& o) {
  const api::question& q = knight_question();
  const api::arguments a = api::read_arguments(q, o.values, tool_end);
  if (o.plot) check_plot_path(*o.plot);
  result r = answered(q.sentence(a), q.runs(a), o.answer);
  if (o.plot) {
    plot_knight(static_cast<int>(a[0]), static_cast<int>(a[1]), *o.plot);
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

// ---- soup: the catalogue's question and a certified cutoff (--tolerance) ----

struct soup_options {
  std::vector<std::optional<std::string>> values;
  std::optional<std::string> tolerance;
  answer_options answer = answer_options_with_primes();
};

const api::question& soup_question() { return *api::find_question("soup"); }

void setup_soup(CLI::App& cmd, soup_options& o) {
  add_question_parameters(cmd, soup_question(), o.values);
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
  const api::question& q = soup_question();
  const api::arguments a = api::read_arguments(q, o.values, tool_end);
  const std::int64_t n = a[0];
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
  value_runs runs = q.runs(a);
  if (!exact_too_large.empty())
    runs.exact = [exact_too_large, eps]() -> Rational {
      throw resource_error(exact_too_large +
                           (eps ? "" : "; pass --tolerance EPS for the double with a cutoff certified for EPS"));
    };
  if (!table_too_large.empty()) {
    runs.approx = [cutoff] { return cutoff().value; };
    runs.residue = [table_too_large](std::uint64_t) -> std::uint64_t { throw resource_error(table_too_large); };
  }
  result r = answered(q.sentence(a), runs, o.answer);
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
  add_command<knight_options>(list, "knight", api::words_in(knight_question(), knight_question().summary, tool_end),
                              setup_knight, run_knight);
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
                            api::words_in(soup_question(), soup_question().summary, tool_end) +
                                "; exact while the table fits the budgets, otherwise the double with a cutoff "
                                "certified for --tolerance",
                            setup_soup, run_soup);
  add_question(list, "new21");
  add_question(list, "seat");
}

}  // namespace exactdp::tool
