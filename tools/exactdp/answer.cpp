// The tool's answer options, read into the library's answer request
// (exactdp/api/answer.hpp computes the answer).
#include <algorithm>
#include <memory>

#include "args.hpp"
#include "command.hpp"
#include "progress.hpp"

namespace exactdp::tool {

void add_answer_options(CLI::App& cmd, answer_options& o) {
  std::string systems;
  for (const std::string& s : o.systems) systems += s + ", ";
  const bool primes = std::find(o.systems.begin(), o.systems.end(), "primes") != o.systems.end();
  cmd.add_option("--as", o.as,
                 "Which answer to print: " + systems +
                     "or all (the default: every answer and the double's error). With one system the answer is "
                     "printed alone, on one line" +
                     (primes ? std::string("; --as primes prints how many primes of 62 bits (exactdp primes) "
                                           "determine the exact value: residue runs to combine with unmod "
                                           "(docs/scale.md)")
                             : std::string()));
  if (std::find(o.systems.begin(), o.systems.end(), "mod") != o.systems.end())
    cmd.add_option("--modulus", o.modulus,
                   std::string("The prime P of the residues, 2 < P < ") + (o.small_moduli ? "2^31" : "2^62") +
                       " (default 1000000007; exactdp primes lists primes)");
  cmd.add_option("--check", o.check,
                 "A floating-point answer of yours (as text, e.g. 0.0625; inf or Infinity for an infinite one): its "
                 "absolute and relative error against the exact value and its distance in ULPs from the correctly "
                 "rounded double");
  cmd.add_option("--digits", o.digits,
                 "The exact value as a decimal with D significant digits, correctly rounded (1 <= D <= 100000; "
                 "--as decimal prints it alone, 17 digits by default)");
}

answer compute_answer(const value_runs& runs, const answer_options& o) {
  std::vector<std::string> offered{"all"};
  offered.insert(offered.end(), o.systems.begin(), o.systems.end());
  api::answer_request request;
  request.as = one_of(o.as, "--as", offered);
  // Every option is read before any work, so bad input never waits.
  if (runs.residue) request.modulus = read_modulus(o.modulus, api::modulus_limit(runs.residues));
  if (o.digits) request.digits = parse_integer<int>(*o.digits, "--digits", 1, 100000);
  if (request.as == "decimal" && request.digits == 0) request.digits = 17;
  if (o.check) {
    request.check_infinite = api::reads_as_infinity(*o.check);
    if (!request.check_infinite) {
      try {
        request.check = parse_number(*o.check, "the --check value");
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string(e.what()) + "; inf or Infinity stands for an infinite value");
      }
    }
    request.check_text = *o.check;
  }
  if (request.as == "primes" && !runs.bound)
    throw std::invalid_argument("--as primes: this question has no bound on its exact value");
  api::answer_hooks hooks;
  hooks.words = in_tool_words;
  hooks.progress = [](const std::string& what) { return std::make_shared<progress_line>(what); };
  answer a = api::compute_answer(runs, request, hooks);
  const auto offers = [&](const char* system) {
    return std::find(o.systems.begin(), o.systems.end(), system) != o.systems.end();
  };
  a.offered = {offers("exact"), offers("double"), offers("mod") && static_cast<bool>(runs.residue)};
  return a;
}

}  // namespace exactdp::tool
