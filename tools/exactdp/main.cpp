// exactdp: exact answers for the dynamic programs of games and chance.
// main() only registers the command families and turns exceptions into
// "exactdp: error: ..." with exit status 2 (bad usage or input) or 1 (no
// answer exists, or a resource limit).
#include <algorithm>
#include <iostream>
#include <new>
#include <stdexcept>

#include "command.hpp"

namespace exactdp::tool {

std::vector<std::pair<int, command_setup>>& registered_commands() {
  static std::vector<std::pair<int, command_setup>> commands;
  return commands;
}

int& exit_status() {
  static int status = 0;
  return status;
}

}  // namespace exactdp::tool

namespace {
using namespace exactdp::tool;
int fail(int status, const std::string& message) {
  std::string line = message;
  std::replace(line.begin(), line.end(), '\n', ' ');
  std::cerr << "exactdp: error: " << line << '\n';
  return status;
}
// A number in [low, high]; unlike CLI::Range it also refuses nan.
CLI::Validator finite_range(double low, double high) {
  return CLI::Validator(
      [low, high](const std::string& text) {
        double v = 0;
        if (!CLI::detail::lexical_cast(text, v) || !(v >= low && v <= high))
          return "value " + text + " is not a number in [" + std::to_string(low) + ", " + std::to_string(high) + "]";
        return std::string();
      },
      "NUMBER");
}
}  // namespace

namespace exactdp::tool {

int run_command_line(std::vector<std::string> args) {
  CLI::App app{
      "exactdp: exact answers for the dynamic programs of two-player games and of chance.\n"
      "Every probability and expectation is computed three ways from one recurrence: as an exact\n"
      "fraction, as a double, and as a residue modulo a prime (1000000007 by default).\n"
      "Run 'exactdp tour' for a short tour, 'exactdp COMMAND --help' for one command.",
      "exactdp"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Print the help of every command");
  app.fallthrough();  // --max-memory and --max-work may follow the command
  app.add_option_function<double>(
         "--max-memory",
         [](double gib) { exactdp::state_budget_bytes() = static_cast<std::uint64_t>(gib * 1073741824.0); },
         "State budget: the most GiB of tables one computation may allocate (default 2)")
      ->check(finite_range(1e-6, 1e6));
  app.add_option_function<double>(
         "--max-work", [](double steps) { exactdp::work_budget_steps() = static_cast<long double>(steps); },
         "Work budget: the most elementary steps one computation may take (default 4e10, about a minute)")
      ->check(finite_range(1.0, 1e18));

  auto& commands = registered_commands();
  std::stable_sort(commands.begin(), commands.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [order, setup] : commands) setup(app);

  exit_status() = 0;
  try {
    std::reverse(args.begin(), args.end());  // CLI11 takes the arguments last first
    app.parse(args);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(2, std::string(e.what()) + " (see exactdp --help)");
  } catch (const std::invalid_argument& e) {
    return fail(2, e.what());
  } catch (const std::out_of_range& e) {
    return fail(2, e.what());
  } catch (const std::domain_error& e) {
    return fail(1, e.what());
  } catch (const exactdp::resource_error& e) {
    return fail(1, e.what());
  } catch (const std::bad_alloc&) {
    return fail(1, "out of memory");
  } catch (const std::exception& e) {
    return fail(1, e.what());
  }
  std::cout.flush();
  if (!std::cout) return fail(1, "could not write the output");
  return exit_status();
}

}  // namespace exactdp::tool

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    return exactdp::tool::run_command_line(std::move(args));
  } catch (const std::exception& e) {  // only the set-up before run_command_line's own handlers gets here
    return fail(1, e.what());
  }
}
