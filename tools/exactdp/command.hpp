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

#include "exactdp/api/answer.hpp"
#include "exactdp/api/question.hpp"
#include "exactdp/api/systems.hpp"
#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/numeric.hpp"

namespace exactdp::tool {

using json = nlohmann::ordered_json;

// ---- the answer to one question, in every number system -------------------
// (exactdp/api/answer.hpp: the answer, its runs and the double's error)

using api::answer;
using api::double_error;
using api::offered_systems;
using api::prime_bits;
using api::residue_of;
using api::runs_of;
using api::value_runs;

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
  std::string verdict;  // a bound's, under the name in the text: "true: the value 1/2 is >= 1/4" (JSON: "holds")
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

/// Adds the parameters of a catalogue question to a command: a value for
/// each required one, an option --name for each with a default, each with
/// its help from the record (summary, range, default). `values` becomes one
/// text per parameter, empty until the command line gives one; read them
/// with api::read_arguments (probability.cpp).
void add_question_parameters(CLI::App& cmd, const api::question& q, std::vector<std::optional<std::string>>& values);

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

/// The texts of catalogue question q's values in `words`, the words after
/// its command's name, read as the command reads them (its values and
/// options, the tool's messages for a missing or unknown one), one per
/// parameter, empty where a parameter with a default is not given. Read
/// once by profile, which then varies one of them. Throws
/// std::invalid_argument for a bad line.
std::vector<std::optional<std::string>> read_question_words(const api::question& q,
                                                            const std::vector<std::string>& words);

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
