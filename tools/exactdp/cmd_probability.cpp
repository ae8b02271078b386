// Commands for the first chance recurrences: run, knight, knight-paths, coupon.
#include <memory>

#include "command.hpp"
#include "exactdp/probability/coupon.hpp"
#include "exactdp/probability/knight.hpp"
#include "exactdp/probability/run.hpp"

namespace exactdp::tool {
namespace {

struct run_options {
  int k = 0;
  int faces = 6;
  value_options value;
};

void setup_run(CLI::App& app) {
  auto opts = std::make_shared<run_options>();
  CLI::App* cmd = app.add_subcommand(
      "run", "Expected rolls of a fair die until one given face comes up K times in a row (K=2, 6 faces: 42)");
  cmd->add_option("K", opts->k, "Run length, 1 <= K <= 10^7")->required();
  cmd->add_option("--faces", opts->faces, "Faces of the die, 1 <= F <= 10^6 (default 6)");
  add_value_options(*cmd, opts->value);
  cmd->callback([opts] {
    const int k = opts->k, faces = opts->faces;
    report_value(
        opts->value,
        "expected rolls of a " + std::to_string(faces) + "-faced die until one given face comes up " +
            std::to_string(k) + " times in a row",
        runs_of<Rational>([k, faces]<class T>(std::type_identity<T>) { return expected_rolls_for_run<T>(k, faces); }));
  });
}

struct knight_options {
  int n = 0, moves = 0, row = 0, col = 0;
  value_options value;
};

CLI::App* add_knight_arguments(CLI::App& app, const char* name, const char* help, knight_options& o) {
  CLI::App* cmd = app.add_subcommand(name, help);
  cmd->add_option("N", o.n, "Board size, 1 <= N <= 100000")->required();
  cmd->add_option("MOVES", o.moves, "Number of moves, 0 <= MOVES <= 10^7")->required();
  cmd->add_option("ROW", o.row, "Start row, 0 <= ROW < N")->required();
  cmd->add_option("COL", o.col, "Start column, 0 <= COL < N")->required();
  add_value_options(*cmd, o.value);
  return cmd;
}

void setup_knight(CLI::App& app) {
  auto opts = std::make_shared<knight_options>();
  add_knight_arguments(
      app, "knight", "Probability that a knight making MOVES random moves from (ROW, COL) stays on an NxN board", *opts)
      ->callback([opts] {
        const knight_options o = *opts;
        report_value(o.value,
                     "probability that a knight stays on a " + std::to_string(o.n) + "x" + std::to_string(o.n) +
                         " board for " + std::to_string(o.moves) + " random moves from (" + std::to_string(o.row) +
                         ", " + std::to_string(o.col) + ")",
                     runs_of<Rational>([o]<class T>(std::type_identity<T>) {
                       return knight_probability<T>(o.n, o.moves, o.row, o.col);
                     }));
      });

  auto paths = std::make_shared<knight_options>();
  add_knight_arguments(app, "knight-paths",
                       "Number of the 8^MOVES knight move sequences from (ROW, COL) that stay on an NxN board", *paths)
      ->callback([paths] {
        const knight_options o = *paths;
        report_value(o.value,
                     "knight move sequences of length " + std::to_string(o.moves) + " from (" + std::to_string(o.row) +
                         ", " + std::to_string(o.col) + ") that stay on a " + std::to_string(o.n) + "x" +
                         std::to_string(o.n) + " board",
                     runs_of<BigInt>(
                         [o]<class T>(std::type_identity<T>) { return knight_paths<T>(o.n, o.moves, o.row, o.col); }));
      });
}

struct coupon_options {
  int n = 0;
  value_options value;
};

void setup_coupon(CLI::App& app) {
  auto opts = std::make_shared<coupon_options>();
  CLI::App* cmd = app.add_subcommand(
      "coupon", "Expected draws to see all N kinds of coupon (the coupon collector, N·H_N; N=3: 11/2)");
  cmd->add_option("N", opts->n, "Kinds of coupon, 0 <= N <= 10^7")->required();
  add_value_options(*cmd, opts->value);
  cmd->callback([opts] {
    const int n = opts->n;
    report_value(opts->value, "expected draws to collect all " + std::to_string(n) + " kinds of coupon",
                 runs_of<Rational>([n]<class T>(std::type_identity<T>) { return expected_draws_to_collect<T>(n); }));
  });
}

void setup(CLI::App& app) {
  setup_run(app);
  setup_knight(app);
  setup_coupon(app);
}

}  // namespace

EXACTDP_REGISTER_COMMANDS(10, setup);

}  // namespace exactdp::tool
