// The tool's command registry: each command family file registers a setup
// function that adds its subcommands to the CLI11 app (main.cpp only
// registers and catches). Also the shared options of every recurrence.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "exactdp/numeric/numeric.hpp"

namespace exactdp::tool {

/// Adds subcommands to the app. `order` sorts the help listing.
using command_setup = void (*)(CLI::App&);
std::vector<std::pair<int, command_setup>>& registered_commands();

struct command_registration {
  command_registration(int order, command_setup setup) { registered_commands().emplace_back(order, setup); }
};

/// Parses and runs one command line (without the program name), printing
/// errors as "exactdp: error: ..."; returns the exit status. Used by main()
/// and by the tour.
int run_command_line(std::vector<std::string> args);

/// The status main() returns after a command ran without throwing.
int& exit_status();

/// Options shared by every recurrence command.
struct value_options {
  std::string as = "all";  // exact | double | mod | all
  std::uint64_t modulus = 1'000'000'007;
  std::optional<std::string> check;  // a user's floating answer, as text
  bool json = false;
  int digits = 0;  // 0: no extra decimal line
};

/// Adds --as, --modulus, --check, --json, --digits to a subcommand.
void add_value_options(CLI::App& cmd, value_options& opts);

/// Adds only --modulus (for the number utilities).
void add_modulus_option(CLI::App& cmd, std::uint64_t& modulus);

/// The three runs of one recurrence. Each may throw; `exact` returns the
/// exact value as a Rational (counts included).
struct value_runs {
  std::function<Rational()> exact;
  std::function<double()> approx;
  std::function<std::uint32_t()> residue;  // called with DynModInt set to the modulus
};

/// Builds the three runs from one generic solver: solve(std::type_identity<T>{})
/// returns the recurrence's value in T. Exact is Rational (probabilities and
/// expectations) or BigInt (counts).
template <class Exact, class Solve>
value_runs runs_of(Solve solve) {
  return {[solve] { return Rational(solve(std::type_identity<Exact>{})); },
          [solve] { return static_cast<double>(solve(std::type_identity<double>{})); },
          [solve] { return solve(std::type_identity<DynModInt>{}).value(); }};
}

/// Prints the value in the form the options ask for (text or JSON) and sets
/// exit_status(). `what` describes the question in words.
void report_value(const value_options& opts, const std::string& what, const value_runs& runs);

/// Prints a one-line JSON object or "key: value" lines; used by the number
/// utilities.
std::string json_escape(const std::string& s);

}  // namespace exactdp::tool

#define EXACTDP_CONCAT_INNER(a, b) a##b
#define EXACTDP_CONCAT(a, b) EXACTDP_CONCAT_INNER(a, b)
/// Registers a command family's setup function (at namespace scope).
#define EXACTDP_REGISTER_COMMANDS(order, setup) \
  static const ::exactdp::tool::command_registration EXACTDP_CONCAT(exactdp_registration_, __LINE__)(order, setup)
