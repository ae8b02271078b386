// exactdp/api/question.hpp: the catalogue of scalar questions. A recurrence
// with integer arguments and one numeric answer is a record here: its name,
// summary, public source, typed parameters with their bounds (the header's
// named constants), its question sentence and its runs (answer.hpp). The
// command-line tool makes a command of each record (help, --as, --check,
// --json) and the Python module a function (docstring, number=, modulus=),
// both reading their arguments with read_argument: one rule and one message
// for a value out of range, whichever front end it came through.
//
// Adding a question: its header (the recurrence, a template over the number
// type, and its bounds as named constants), one record in
// lib/api/question.cpp, one test (docs/library.md, "Adding a question").
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/api/answer.hpp"

namespace exactdp::api {

/// One integer parameter of a question. Without a default it is required:
/// a value in the tool, a positional argument in Python (in record order).
/// With one it is an option --NAME in the tool and a keyword with that
/// default in Python (after the required ones).
struct parameter {
  std::string python;                    ///< the Python keyword, "k"; the tool's option is --k (_ as -)
  std::string symbol;                    ///< the tool's name of the value, "K"
  std::string summary;                   ///< "Run length"
  std::string noun;                      ///< named with it in a refusal: "K (the run length)"; may be empty
  std::int64_t low = 0, high = 0;        ///< low <= value <= high
  std::optional<std::int64_t> fallback;  ///< the default, when the parameter has one
  /// When set, the index of an earlier required parameter that bounds this
  /// one from above too: value < that parameter's value (ROW < N).
  std::optional<std::size_t> below;
};

/// A question's integer arguments, one per parameter in record order, each
/// within its parameter's bounds.
using arguments = std::vector<std::int64_t>;

/// One scalar question: a recurrence with integer arguments and one value.
struct question {
  std::string name;     ///< the tool's command, "run"
  std::string python;   ///< the Python function, "expected_rolls_for_run"
  std::string summary;  ///< one line; {python-name} stands for a parameter (words_in)
  std::string source;   ///< the public source: a paper, a book, a problem
  std::string notes;    ///< more for the Python docstring (what the double does, ...); may be empty
  bool counts = false;  ///< the exact value is an integer (an int in Python), else a fraction
  std::vector<parameter> parameters;
  arguments example;  ///< valid arguments, those the summary quotes (the tests run every question on them)
  /// The tool's question line for valid arguments.
  std::function<std::string(const arguments&)> sentence;
  /// The runs for valid arguments: exact, double, residue and the bound
  /// (--as primes), as runs_of and the recurrence's <name>_bound give them.
  std::function<value_runs(const arguments&)> runs;
};

/// The questions, in the order the front ends list them. Cost: built once.
/// Example: catalogue().front().name == "run".
const std::vector<question>& catalogue();

/// The question whose tool name or Python name is `name`, or nullptr.
/// Example: find_question("new21")->python == "new21_probability".
const question* find_question(std::string_view name);

/// The front ends, for how each names a parameter.
enum class front_end { tool, python };

/// How front end `f` names p: the tool its symbol ("K") or its option
/// ("--faces"), Python its keyword ("k"). With `noun`, the refusal's name:
/// "K (the run length)". Example: parameter_name(find_question("run")->parameters[1],
/// front_end::tool) == "--faces".
std::string parameter_name(const parameter& p, front_end f, bool noun = false);

/// p's range in front end f's words: "1 <= K <= 10^7" (bounds as
/// describe_bound writes them). Example: range_words(find_question("seat")->parameters[0],
/// front_end::python) == "1 <= n <= 10^6".
std::string range_words(const parameter& p, front_end f);

/// The range of q's parameter number i in front end f's words: range_words
/// of it, or with a bound by an earlier parameter (parameter::below)
/// "0 <= ROW < N". Example: range_words(*find_question("knight-paths"), 2,
/// front_end::python) == "0 <= row < n".
std::string range_words(const question& q, std::size_t i, front_end f);

/// `text` with every {python-name} of q's parameters replaced by front end
/// f's name of it. Example: words_in(q, "{k} times", front_end::tool) is "K times".
std::string words_in(const question& q, std::string_view text, front_end f);

/// The one reader of an argument: `text` an integer (parse_integer's
/// grammar: decimal, optional sign) with p.low <= value <= p.high. Throws
/// std::invalid_argument "NAME must be an integer in LO..HI, not 'TEXT'"
/// with NAME = parameter_name(p, f, true). Cost: O(length of text).
/// Example: read_argument(p, "010", front_end::tool) == 10.
std::int64_t read_argument(const parameter& p, std::string_view text, front_end f);

/// Every argument of q from its text (one per parameter, in order; an
/// empty optional takes the parameter's default), read by read_argument;
/// a parameter bound by an earlier one (parameter::below) is read with
/// high = that value - 1 ("ROW must be an integer in 0..2, not '5'"). Throws std::invalid_argument for the first bad
/// one, or when a required value is missing or there are not as many texts as parameters. Example:
/// read_arguments(*find_question("run"), {{"3", std::nullopt}}, front_end::tool) is {3, 6} (the default of --faces).
/// `unread`, when set, is the index of a parameter left unread (profile's
/// varying value, read later): its slot holds 0, and a parameter it bounds
/// is read within its own range only. Example: read_arguments(knight,
/// {{"3", "{}", "5", "0"}}, front_end::tool, 1) throws "ROW must be an integer in 0..2, not '5'".
arguments read_arguments(const question& q, std::span<const std::optional<std::string>> texts, front_end f,
                         std::optional<std::size_t> unread = std::nullopt);

}  // namespace exactdp::api
