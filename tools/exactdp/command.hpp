// The tool's command layer: what a command file defines (an options struct,
// a setup function adding its arguments to a CLI11 subcommand, and a run
// function returning a result) and the result model that one renderer
// prints as text or as JSON (render.cpp). A command file reads its
// arguments with the shared readers (args.hpp) and never prints.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/api/systems.hpp"
#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/numeric.hpp"

namespace exactdp::tool {

using json = nlohmann::ordered_json;

// ---- the answer to one question, in every number system -------------------

/// How far a double (the recurrence's, or the user's --check value) is from
/// the exact value.
struct double_error {
  double value = 0;                   // the double measured
  bool finite = true;                 // false: the double is inf or nan
  double absolute = 0;                // |value - exact|, rounded (finite only)
  double relative = 0;                // |value - exact| / |exact| (inf when exact is 0 and value is not)
  std::optional<std::uint64_t> ulps;  // doubles from the correctly rounded exact value
  std::string words;                  // one sentence for the text output
};

/// The number systems a command offers: their JSON keys are always present.
struct offered_systems {
  bool exact = true;
  bool double_ = true;
  bool mod = true;
};

/// One question's answer in each number system that was asked for and could
/// be computed; a system that failed keeps its reason instead.
struct answer {
  offered_systems offered;
  std::optional<Rational> exact;
  std::optional<double_conversion> exact_double;  // the exact value correctly rounded
  std::optional<std::string> decimal;             // --digits or --as decimal
  std::optional<double> approx;                   // the double run
  std::optional<std::uint64_t> residue;           // the residue run
  std::string residue_note;                       // how the residue was found, when not by the run
  std::optional<std::int64_t> int64;              // the checked 64-bit run (row games)
  std::uint64_t modulus = 0;                      // 0: no residue was asked for
  std::optional<answer_bound> bound;              // --as primes: the bound on the exact value
  std::uint64_t primes_needed = 0;                // --as primes: primes of prime_bits bits that determine it
  std::optional<double_error> error;              // the double run against the exact value
  std::optional<std::string> check_text;          // --check VALUE as given
  std::optional<double_error> check;              // the user's value against the exact value
  std::string exact_failure, double_failure, mod_failure, int64_failure;
};

/// The bits of the primes that --as primes counts: those of `exactdp primes`
/// by default, the largest primes below 2^62.
inline constexpr int prime_bits = 62;

/// The runs of one question. Each may throw; unset runs are not offered.
/// `residue` receives the modulus, a prime 2 < P < 2^31 for a narrow run
/// (32-bit residues), 2 < P < 2^62 for a wide one (runs_of makes those):
/// api::check_residue_modulus. `bound`, when set, bounds the exact value
/// before any run (--as primes).
struct value_runs {
  std::function<Rational()> exact;
  std::function<double()> approx;
  std::function<std::uint64_t(std::uint64_t modulus)> residue;
  std::function<std::int64_t()> int64;
  api::residue_width residues = api::residue_width::narrow;
  std::function<answer_bound()> bound;
};

/// The residue modulo the prime p of a run in the residue type api::run_residue
/// picks (narrow: 32-bit residues, P < 2^31; wide: P < 2^62), as a number.
template <api::residue_width Width = api::residue_width::wide, class Solve>
std::uint64_t residue_of(std::uint64_t p, const Solve& solve) {
  return api::run_residue<Width>(p, [&solve](auto t) { return std::uint64_t{solve(t).value()}; });
}

/// Builds the three runs from one generic solver: solve(std::type_identity<T>{})
/// returns the recurrence's value in T (api::run_in). Exact is Rational
/// (probabilities and expectations) or BigInt (counts). Residues take primes
/// below 2^62.
template <class Exact, class Solve>
value_runs runs_of(Solve solve) {
  return {[solve] { return Rational(solve(std::type_identity<Exact>{})); },
          [solve] { return static_cast<double>(solve(std::type_identity<double>{})); },
          [solve](std::uint64_t p) { return residue_of(p, solve); },
          {},
          api::residue_width::wide,
          {}};
}

/// The options of every command with a numeric answer: --as, --modulus,
/// --check, --digits. Kept as text and read by the shared readers.
struct answer_options {
  std::string as = "all";
  std::string modulus = "1000000007";
  std::optional<std::string> check;
  std::optional<std::string> digits;
  /// The systems a command offers for --as, besides "all" (in help order).
  /// "primes" (not part of "all") needs the runs' bound.
  std::vector<std::string> systems{"exact", "double", "mod", "decimal"};
  /// Residues modulo primes below 2^31 only (the commands whose solvers run
  /// on 32-bit residues: chain, mdp, game, pig); --help says so.
  bool small_moduli = false;
};

/// The answer options of a command whose runs carry a bound: --as primes too.
inline answer_options answer_options_with_primes() {
  answer_options o;
  o.systems.push_back("primes");
  return o;
}

/// Adds --as, --modulus, --check and --digits to a command.
void add_answer_options(CLI::App& cmd, answer_options& o);

/// Computes the answer: only the systems --as asks for (all of them by
/// default), the double's error when both the exact value and the double
/// exist, and the --check measure. With one system asked for, its failure is
/// the command's failure (the exception is rethrown); with all, a failure is
/// kept in the answer unless every system failed. When the residue run fails
/// because the recurrence divides by a multiple of P, the residue is taken
/// from the exact value when that has one. Shows progress on a terminal.
answer compute_answer(const value_runs& runs, const answer_options& o);

// ---- results -----------------------------------------------------------------

/// One labelled fact of a result: its JSON key and value, and its text line.
/// An empty `text` keeps the fact out of the text output, an empty `key` out
/// of the JSON; an empty `label` prints the text as a sentence.
struct fact {
  std::string key;
  json value;
  std::string label;
  std::string text;
};

/// One named answer of a many-valued question (a state of a chain).
struct named_answer {
  std::string name;  // in the text
  json name_json;    // in the JSON (null for "never absorbed")
  answer value;
};

/// What a command answered. The text renderer prints the question, then the
/// answer's lines, the named answers, and the facts; with --as X only the
/// answer in X (one line, or one line per named answer). The JSON renderer
/// writes {"command", "question", the answer's keys, "answers", facts...}.
struct result {
  std::string command;
  std::string question;
  std::optional<answer> main;
  bool many = false;                // a many-valued question: "answers" is always written
  std::string names_key = "state";  // the JSON key of a named answer's name
  std::vector<named_answer> answers;
  std::vector<fact> facts;
  std::string as = "all";     // the --as that produced it
  bool show_question = true;  // false: the text is the facts alone, unindented (mod, inv, unmod)
  int status = 0;             // the exit status once printed (check --test: 1 on a mismatch)

  /// Adds a fact; returns *this for chaining.
  result& add(std::string key, json value, std::string label = {}, std::string text = {}) {
    facts.push_back({std::move(key), std::move(value), std::move(label), std::move(text)});
    return *this;
  }
};

// ---- commands ---------------------------------------------------------------

/// A command: its name, one-line summary, how it adds its arguments to a
/// CLI11 subcommand and how it runs.
struct command {
  std::string name;
  std::string summary;
  std::function<void(CLI::App&)> setup;
  std::function<result()> run;
};

using command_list = std::vector<command>;

/// Adds a command whose arguments live in an Options value: `setup(cmd, o)`
/// binds them, `run(o)` answers.
template <class Options>
void add_command(command_list& list, std::string name, std::string summary, void (*setup)(CLI::App&, Options&),
                 result (*run)(const Options&)) {
  auto options = std::make_shared<Options>();
  list.push_back({std::move(name), std::move(summary), [options, setup](CLI::App& cmd) { setup(cmd, *options); },
                  [options, run] { return run(*options); }});
}

// The command families, wired in this order by the tool (tool.cpp).
void add_probability_commands(command_list& list);
void add_markov_commands(command_list& list);
void add_game_commands(command_list& list);
void add_minimax_commands(command_list& list);  // guess-number, stone7 (decision.cpp)
void add_grundy_commands(command_list& list);
void add_retrograde_commands(command_list& list);
void add_decision_commands(command_list& list);  // mdp, game, pig (decision.cpp)
void add_number_commands(command_list& list);
void add_tour_command(command_list& list);
void add_profile_command(command_list& list);  // profile.cpp
void add_check_command(command_list& list);    // check.cpp (PRISM models and properties)
void add_verify_command(command_list& list);   // verify.cpp (certificates)

/// Runs one command line in-process and returns its result unrendered:
/// `args` starts with the command's name and holds no global option. Throws
/// what the command throws (std::invalid_argument for a bad line). Used by
/// profile, which runs a command once per value.
result run_inner_command(const std::vector<std::string>& args);

/// Whether the command `name` takes the option `option` ("--as"). Throws
/// std::invalid_argument for an unknown command.
bool command_takes_option(const std::string& name, const std::string& option);

/// Runs one command line (without the program name): parses it, runs the
/// command and prints its result on `out`, or one error line on `err`
/// ("exactdp: error: ..."; with --json also a JSON error document on
/// `out`). Returns the exit status: 0 answered, 1 no answer exists or a
/// budget, 2 bad usage or input. Used by main(), the tour and the tests.
int run_command_line(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace exactdp::tool
