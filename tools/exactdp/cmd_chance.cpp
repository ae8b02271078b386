// Commands for the chance recurrences of issue 3: fixed-points,
// rolls-to-reach, boundary-paths, dice-sequences, soup, new21.
#include <array>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "command.hpp"
#include "exactdp/probability/boundary_paths.hpp"
#include "exactdp/probability/dice_sequences.hpp"
#include "exactdp/probability/fixed_points.hpp"
#include "exactdp/probability/new21.hpp"
#include "exactdp/probability/rolls_to_reach.hpp"
#include "exactdp/probability/soup.hpp"

namespace exactdp::tool {
namespace {

struct fixed_points_options {
  int n = 0;
  value_options value;
};

void setup_fixed_points(CLI::App& app) {
  auto opts = std::make_shared<fixed_points_options>();
  CLI::App* cmd = app.add_subcommand(
      "fixed-points", "Expected fixed points of a random permutation of N items (linearity of expectation: 1)");
  cmd->add_option("N", opts->n, "Number of items, N >= 0")->required();
  add_value_options(*cmd, opts->value);
  cmd->callback([opts] {
    const int n = opts->n;
    report_value(opts->value,
                 "expected fixed points of a uniformly random permutation of " + std::to_string(n) + " items",
                 runs_of<Rational>([n]<class T>(std::type_identity<T>) { return expected_fixed_points<T>(n); }));
  });
}

struct rolls_options {
  int target = 0;
  int faces = 6;
  value_options value;
};

void setup_rolls_to_reach(CLI::App& app) {
  auto opts = std::make_shared<rolls_options>();
  CLI::App* cmd = app.add_subcommand(
      "rolls-to-reach", "Expected rolls of a fair die until the running total is at least TARGET (3: 49/36)");
  cmd->add_option("TARGET", opts->target, "Target total, 0 <= TARGET <= 10^8")->required();
  cmd->add_option("--faces", opts->faces, "Faces of the die, 1 <= F <= 10^6 (default 6)");
  add_value_options(*cmd, opts->value);
  cmd->callback([opts] {
    const int target = opts->target, faces = opts->faces;
    report_value(
        opts->value,
        "expected rolls of a " + std::to_string(faces) + "-faced die until the total reaches " + std::to_string(target),
        runs_of<Rational>(
            [target, faces]<class T>(std::type_identity<T>) { return expected_rolls_to_reach<T>(target, faces); }));
  });
}

struct boundary_options {
  int m = 0, n = 0, moves = 0, row = 0, col = 0;
  value_options value;
};

void setup_boundary_paths(CLI::App& app) {
  auto opts = std::make_shared<boundary_options>();
  CLI::App* cmd = app.add_subcommand(
      "boundary-paths", "Paths of at most MOVES moves from (ROW, COL) that leave an MxN grid (2 2 2 0 0: 6)");
  cmd->add_option("M", opts->m, "Rows, 1 <= M <= 100000")->required();
  cmd->add_option("N", opts->n, "Columns, 1 <= N <= 100000")->required();
  cmd->add_option("MOVES", opts->moves, "Most moves, 0 <= MOVES <= 10^7")->required();
  cmd->add_option("ROW", opts->row, "Start row, 0 <= ROW < M")->required();
  cmd->add_option("COL", opts->col, "Start column, 0 <= COL < N")->required();
  add_value_options(*cmd, opts->value);
  cmd->callback([opts] {
    const boundary_options o = *opts;
    report_value(o.value,
                 "paths of at most " + std::to_string(o.moves) + " moves from (" + std::to_string(o.row) + ", " +
                     std::to_string(o.col) + ") that leave a " + std::to_string(o.m) + "x" + std::to_string(o.n) +
                     " grid",
                 runs_of<BigInt>([o]<class T>(std::type_identity<T>) {
                   return boundary_paths<T>(o.m, o.n, o.moves, o.row, o.col);
                 }));
  });
}

struct dice_options {
  int n = 0;
  std::vector<int> limits;
  value_options value;
};

void setup_dice_sequences(CLI::App& app) {
  auto opts = std::make_shared<dice_options>();
  CLI::App* cmd = app.add_subcommand(
      "dice-sequences",
      "Sequences of N die rolls in which face i comes up at most Li times in a row (2 1 1 2 2 2 3: 34)");
  cmd->add_option("N", opts->n, "Number of rolls, 0 <= N <= 10^8")->required();
  cmd->add_option("LIMITS", opts->limits, "The six run limits L1 .. L6, each 1..15")->required()->expected(6);
  add_value_options(*cmd, opts->value);
  cmd->callback([opts] {
    const int n = opts->n;
    std::array<int, 6> limits{};
    std::string text;
    for (std::size_t f = 0; f < 6; ++f) {
      limits[f] = opts->limits.at(f);
      text += (f ? " " : "") + std::to_string(limits[f]);
    }
    report_value(opts->value, "sequences of " + std::to_string(n) + " die rolls with run limits " + text,
                 runs_of<BigInt>([n, limits]<class T>(std::type_identity<T>) { return dice_sequences<T>(n, limits); }));
  });
}

struct soup_options {
  std::int64_t n = 0;
  std::optional<double> tolerance;
  value_options value;
};

// The double under --tolerance with its certified cutoff. `exact_failure`
// says why the exact value was not computed (empty when it was).
void print_cutoff(const soup_options& o, const soup_estimate& e, const std::string& exact_failure) {
  if (o.value.json) {
    std::cout << "{\"question\":" << json_escape("soup servings for " + std::to_string(o.n) + " ml each")
              << ",\"exact\":null,\"exact_unavailable\":" << json_escape(exact_failure)
              << ",\"double\":" << json_escape(format_shortest(e.value))
              << ",\"tolerance\":" << json_escape(format_shortest(e.tolerance))
              << ",\"used_cutoff\":" << (e.used_cutoff ? "true" : "false") << ",\"cutoff_n\":" << e.cutoff_n
              << ",\"checked_to_n\":" << e.checked_to_n
              << ",\"gap_at_cutoff\":" << json_escape(to_string(e.gap_at_cutoff))
              << ",\"reason\":" << json_escape(e.reason) << "}\n";
    return;
  }
  if (!exact_failure.empty()) {
    std::cout << "soup servings for " << o.n << " ml each, within " << format_shortest(e.tolerance) << '\n';
    std::cout << "  exact   unavailable: " << exact_failure << '\n';
  }
  if (e.used_cutoff)
    std::cout << "  within  " << format_shortest(e.value) << "  (" << o.n << " ml is at or above the cutoff "
              << e.cutoff_n << " ml certified for tolerance " << format_shortest(e.tolerance) << ")\n";
  else
    std::cout << "  within  " << format_shortest(e.value) << "  (computed in full: " << o.n
              << " ml is below the cutoff " << e.cutoff_n << " ml for tolerance " << format_shortest(e.tolerance)
              << ")\n";
  std::cout << "  cutoff  " << e.reason << '\n';
}

void setup_soup(CLI::App& app) {
  auto opts = std::make_shared<soup_options>();
  CLI::App* cmd = app.add_subcommand(
      "soup",
      "Soup Servings: P(soup A empties first) + P(both at once)/2 from N ml each (50: 5/8); exact while the "
      "table fits the budgets, otherwise the double with a cutoff certified for --tolerance");
  cmd->add_option("N", opts->n, "Millilitres of each soup, 0 <= N <= 10^15")->required();
  cmd->add_option("--tolerance", opts->tolerance,
                  "Accept a double within this distance of the true value (0 < EPS < 1): above a cutoff derived "
                  "from EPS, and certified on exact values, the answer is 1");
  add_value_options(*cmd, opts->value);
  cmd->callback([opts] {
    const soup_options o = *opts;
    if (o.tolerance && !(*o.tolerance > 0 && *o.tolerance < 1))  // nan fails both
      throw std::invalid_argument("the tolerance must be a number with 0 < EPS < 1, not " +
                                  format_shortest(*o.tolerance));
    bool exact_fits = true;
    std::string why_not;
    try {
      const std::int64_t units = detail::soup_units(o.n);
      detail::check_soup_budget<BigInt>(units, static_cast<long double>(units) + 4);
    } catch (const resource_error& e) {
      exact_fits = false;
      why_not = e.what();
    }
    if (!exact_fits && o.tolerance) {
      print_cutoff(o, soup_servings_within(o.n, *o.tolerance), why_not);
      return;
    }
    if (!exact_fits) {
      // Without a tolerance only the full table answers: if even the double
      // table is over the budget, say so and how to get an answer.
      try {
        detail::check_soup_budget<double>(detail::soup_units(o.n), 64);
      } catch (const resource_error& e) {
        throw resource_error(std::string(e.what()) +
                             "; pass --tolerance EPS for the double with a cutoff certified for EPS");
      }
    }
    const std::int64_t n = o.n;
    value_runs runs = runs_of<Rational>([n]<class T>(std::type_identity<T>) { return soup_servings<T>(n); });
    if (!exact_fits)
      runs.exact = [why_not]() -> Rational {
        throw resource_error(why_not + "; pass --tolerance EPS for the double with a cutoff certified for EPS");
      };
    // The cutoff first: if it fails (a budget), nothing has been printed.
    std::optional<soup_estimate> cutoff;
    if (o.tolerance && !o.value.json) cutoff = soup_servings_within(o.n, *o.tolerance);
    report_value(o.value, "soup servings: P(A empties first) + P(both at once)/2 for " + std::to_string(n) + " ml each",
                 runs);
    if (cutoff) print_cutoff(o, *cutoff, "");
  });
}

struct new21_options {
  int n = 0, k = 0, max_pts = 0;
  value_options value;
};

void setup_new21(CLI::App& app) {
  auto opts = std::make_shared<new21_options>();
  CLI::App* cmd = app.add_subcommand(
      "new21",
      "New 21 Game: draw 1..MAXPTS while below K; probability that the final total is at most N (5 3 4: 59/64)");
  cmd->add_option("N", opts->n, "Largest accepted total, 0 <= N <= 10^9")->required();
  cmd->add_option("K", opts->k, "Draw while the total is below K, 0 <= K <= 10^9")->required();
  cmd->add_option("MAXPTS", opts->max_pts, "Each draw is uniform in 1..MAXPTS, 1 <= MAXPTS <= 10^9")->required();
  add_value_options(*cmd, opts->value);
  cmd->callback([opts] {
    const new21_options o = *opts;
    report_value(o.value,
                 "probability that the New 21 Game total is at most " + std::to_string(o.n) + " (draw 1.." +
                     std::to_string(o.max_pts) + " while below " + std::to_string(o.k) + ")",
                 runs_of<Rational>([o]<class T>(std::type_identity<T>) { return new21_game<T>(o.n, o.k, o.max_pts); }));
  });
}

void setup(CLI::App& app) {
  setup_fixed_points(app);
  setup_rolls_to_reach(app);
  setup_boundary_paths(app);
  setup_dice_sequences(app);
  setup_soup(app);
  setup_new21(app);
}

}  // namespace

EXACTDP_REGISTER_COMMANDS(20, setup);

}  // namespace exactdp::tool
