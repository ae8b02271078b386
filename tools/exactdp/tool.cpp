// The command line: which command, which arguments, and what is printed when
// something is wrong (command.hpp: run_command_line).
//
// CLI11 holds each command's arguments and writes the help. Before CLI11 sees
// a command line, normalize() sorts its words into options and values using
// CLI11's own description of the command, so that every value that is not an
// option is a value whatever it looks like ("-5", "-++", "++", "--" at the
// end), options may come anywhere, and every mistake gets a message of ours
// (CLI11's "Could not convert" and reversed word lists never reach a user).
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <new>
#include <stdexcept>

#include "args.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/lang/prism.hpp"
#include "exactdp/markov/solve_threads.hpp"
#include "command.hpp"
#include "render.hpp"

#ifndef EXACTDP_VERSION
#define EXACTDP_VERSION "unknown"
#endif

namespace exactdp::tool {

namespace {

// Every command, family by family, each family under its heading in --help.
std::vector<std::pair<std::string, command>> all_commands() {
  std::vector<std::pair<std::string, command>> all;
  auto family = [&all](const char* heading, void (*add)(command_list&)) {
    command_list list;
    add(list);
    for (command& c : list) all.emplace_back(heading, std::move(c));
  };
  family("Start here", add_tour_command);
  family("Chance: probabilities, expectations, counts", add_probability_commands);
  family("Markov chains", add_markov_commands);
  family("Two-player games", add_game_commands);
  family("Two-player games", add_minimax_commands);
  family("Sprague-Grundy values", add_grundy_commands);
  family("Games with cycles and draws", add_retrograde_commands);
  family("Choices under chance, cycles included: MDPs, stochastic games, Pig", add_decision_commands);
  family("Models in the PRISM language", add_check_command);
  family("Certificates: answers that carry their proof", add_verify_command);
  family("Residues and fractions", add_number_commands);
  family("Floating point: where a double starts to lie", add_profile_command);
  return all;
}

// Options every command takes.
struct global_options {
  bool json = false;
  std::optional<std::string> max_memory, max_work, threads;
};

void add_global_options(CLI::App& cmd, global_options& g) {
  cmd.add_flag("--json", g.json, "Print one JSON document with stable keys (docs/json.md) instead of text");
  cmd.add_option("--max-memory", g.max_memory,
                 "State budget: the most GiB of tables one computation may allocate (default 2; 10^-6..10^6)");
  cmd.add_option("--max-work", g.max_work,
                 "Work budget: the most elementary steps one computation may take (default 4e10, about a minute; "
                 "1..10^18)");
  cmd.add_option("--threads", g.threads,
                 "Threads of the dense eliminations modulo a prime (components of 1024 states or more, and the "
                 "exact solve's factorisation; default: the machine's cores; 1..1024). Answers do not depend on it");
}

// "; did you mean 'x'?" for the closest of `names` (lang::closest_name), when one is close.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& names) {
  const std::string best = lang::closest_name(word, names);
  return best.empty() ? "" : "; did you mean '" + best + "'?";
}

struct option_info {
  CLI::Option* option;
  bool flag;
  int extra;  // further values it takes while they are whole numbers (--query after 5, --at 1 2 3)
};

const option_info* find_option(const std::vector<option_info>& options, const std::string& name) {
  for (const option_info& o : options)
    if (o.option->check_name(name)) return &o;
  return nullptr;
}

// An integer as a further word of an option that takes some (--query after
// 5, --at 1 2 3): digits with an optional sign, so that "after -1" is read as K and
// refused with K's range.
// A word an option of several values takes as one of them: a number as a
// user may write it ("3", "-2", "1e3", "0.5"), so that its reader refuses
// "1e3" in its own words, while a file name ("2.json") or an option stays out.
bool is_number_word(const std::string& s) {
  const std::size_t first = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (s.size() <= first || !(std::isdigit(static_cast<unsigned char>(s[first])) || s[first] == '.')) return false;
  return s.find_first_not_of("0123456789.eE+-/", first) == std::string::npos;
}

// A word like PRISM's options, "-const" or "-pf": a single '-', a letter and
// more, and no file of that name. Never a value: "-" (standard input), "-5"
// and "-++" stay values.
bool is_single_dash_option(const std::string& w) {
  if (w.size() < 3 || w[0] != '-' || !std::isalpha(static_cast<unsigned char>(w[1]))) return false;
  std::error_code ec;
  return !std::filesystem::exists(w, ec);
}

// The one line for a single-dash word: PRISM's options by their exactdp
// spelling ("'-const' is PRISM's spelling: exactdp's options take two dashes
// (--const)", "'-pf' is PRISM's: give the property with --prop"), else the
// command's option with two dashes, else an unknown option.
std::string single_dash_error(const std::string& w, const std::string& command, const std::vector<option_info>& options,
                              const std::vector<std::string>& option_names) {
  const std::string word = w.substr(0, w.find('='));
  const std::string dashes = "-" + word;
  const std::string shown = quote_input(word, 60);
  const std::string help = " (see exactdp " + command + " --help)";
  // PRISM's options whose exactdp option has another name, and what to say.
  static const std::pair<std::string_view, std::string_view> prism[] = {
      {"-pf", "--prop"},       {"-pctl", "--prop"},         {"-csl", "--prop"},
      {"-property", "--prop"}, {"-exact", "--as"},          {"-nofixdl", "--no-fix-deadlocks"},
      {"-help", "--help"},     {"-exportresults", "--json"}};
  for (const auto& [spelling, ours] : prism) {
    if (word != spelling) continue;
    if (ours == "--help") return shown + " is PRISM's spelling: exactdp's is --help";
    if (!find_option(options, std::string(ours))) break;
    if (ours == "--prop") return shown + " is PRISM's: give the property with --prop" + help;
    if (ours == "--as") return shown + " is PRISM's: exactdp's answers are exact (--as exact)" + help;
    if (ours == "--json")
      return shown + " is PRISM's: exactdp prints the results, and --json prints them as JSON" + help;
    return shown + " is PRISM's: exactdp's option is " + std::string(ours) + help;
  }
  if (find_option(options, dashes))
    return shown + (word == "-const" || word == "-test" || word == "-prop" ? " is PRISM's spelling" : " has one dash") +
           ": exactdp's options take two dashes (" + dashes + ")";
  return "unknown option " + shown + " for '" + command + "': exactdp's options take two dashes" +
         did_you_mean(dashes, option_names) + help;
}

std::string quoted_words(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + quote_input(w, 60);
  return out;
}

// The words after the command name, in the order CLI11 reads them as meant:
// options first, then "--" and every value.
std::vector<std::string> normalize(CLI::App& cmd, const std::vector<std::string>& words) {
  const std::string name = cmd.get_name();
  std::vector<option_info> options;
  std::vector<CLI::Option*> positionals;
  std::vector<std::string> option_names;
  for (CLI::Option* o : cmd.get_options()) {
    if (o->get_positional()) {
      positionals.push_back(o);
    } else {
      const int most = o->get_items_expected_max();
      options.push_back({o, most == 0, most >= 2 && most <= 4 ? most - 1 : 0});
      for (const std::string& l : o->get_lnames()) option_names.push_back("--" + l);
    }
  }
  std::vector<std::string> out, values;
  std::vector<const CLI::Option*> seen;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "--") {
      if (i + 1 == words.size()) {
        values.push_back(w);  // a lone "--" at the end is a value (the Flip Game position "--")
      } else {
        values.insert(values.end(), words.begin() + static_cast<std::ptrdiff_t>(i) + 1, words.end());
      }
      break;
    }
    if (is_single_dash_option(w)) throw std::invalid_argument(single_dash_error(w, name, options, option_names));
    const bool long_option =
        w.size() > 2 && w[0] == '-' && w[1] == '-' && std::isalpha(static_cast<unsigned char>(w[2]));
    const bool short_option = w.size() == 2 && w[0] == '-' && std::isalpha(static_cast<unsigned char>(w[1]));
    if (!long_option && !short_option) {
      values.push_back(w);
      continue;
    }
    const std::size_t eq = w.find('=');
    const std::string option_name = w.substr(0, eq);
    const option_info* o = find_option(options, option_name);
    if (!o)
      throw std::invalid_argument("unknown option " + quote_input(option_name, 60) + " for '" + name + "'" +
                                  did_you_mean(option_name, option_names) + " (see exactdp " + name + " --help)");
    if (std::find(seen.begin(), seen.end(), o->option) != seen.end() && !o->flag)
      throw std::invalid_argument(option_name + " is given twice");
    seen.push_back(o->option);
    out.push_back(option_name);
    if (o->flag) {
      if (eq != std::string::npos) throw std::invalid_argument(option_name + " takes no value");
      continue;
    }
    if (eq != std::string::npos) {
      out.push_back(w.substr(eq + 1));
    } else if (i + 1 < words.size()) {
      out.push_back(words[++i]);
    } else {
      throw std::invalid_argument(option_name + " needs a value (see exactdp " + name + " --help)");
    }
    for (int k = 0; k < o->extra && i + 1 < words.size() && is_number_word(words[i + 1]); ++k)
      out.push_back(words[++i]);
  }
  for (const option_info& o : options)
    if (o.option->get_required() && std::find(seen.begin(), seen.end(), o.option) == seen.end())
      throw std::invalid_argument(name + " needs " + o.option->get_name() + " (see exactdp " + name + " --help)");
  // The values against the command's arguments, with our own messages.
  std::size_t least = 0, most = 0;
  std::string names;
  for (const CLI::Option* p : positionals) {
    const std::size_t max = static_cast<std::size_t>(std::max(p->get_items_expected_max(), 0));
    if (p->get_required()) least += static_cast<std::size_t>(std::max(p->get_items_expected_min(), 1));
    most = max > (std::size_t{1} << 28) ? std::size_t{1} << 28 : most + max;
    names += (names.empty() ? "" : " ") + p->get_name(true);
  }
  if (values.size() < least) {
    std::string missing;
    std::size_t given = values.size();
    for (const CLI::Option* p : positionals) {
      if (!p->get_required()) continue;
      const auto need = static_cast<std::size_t>(std::max(p->get_items_expected_min(), 1));
      if (given >= need) {
        given -= need;
      } else {
        missing += (missing.empty() ? "" : " ") + p->get_name(true);
        given = 0;
      }
    }
    throw std::invalid_argument(name + " needs " + missing + " (usage: exactdp " + name + " " + names +
                                " [options]; see exactdp " + name + " --help)");
  }
  if (values.size() > most) {
    const std::vector<std::string> extra(values.begin() + static_cast<std::ptrdiff_t>(most), values.end());
    throw std::invalid_argument(
        name + " takes " +
        (most == 0 ? std::string("no value") : count_of(most, "value", "values") + " (" + names + ")") +
        ", but more were given: " + quoted_words(extra) + " (see exactdp " + name + " --help)");
  }
  if (!values.empty()) {
    out.push_back("--");
    out.insert(out.end(), values.begin(), values.end());
  }
  return out;
}

// The budgets --max-memory and --max-work give: one command line runs in a
// budget_scope of them, restored when it ends (the tour and the tests run
// several command lines in one process).
budget_limits read_budgets(const global_options& g) {
  budget_limits limits;
  if (g.max_memory) {
    const double gib = read_real(*g.max_memory, "--max-memory", make_rational(BigInt(1), BigInt(1000000)),
                                 Rational(1000000), "a number of GiB in 10^-6..10^6");
    limits.state_bytes = static_cast<std::uint64_t>(gib * 1073741824.0);
  }
  if (g.max_work)
    limits.work_steps =
        static_cast<long double>(read_real(*g.max_work, "--max-work", Rational(1),
                                           Rational(BigInt("1000000000000000000")), "a number of steps in 1..10^18"));
  return limits;
}

std::string one_line(std::string message) {
  std::replace(message.begin(), message.end(), '\n', ' ');
  return message;
}

const char* main_help =
    "exactdp: exact answers for the dynamic programs of two-player games and of chance.\n"
    "Every probability and expectation is computed three ways from one recurrence: as an exact\n"
    "fraction, as a double, and as a residue modulo a prime (1000000007 by default).\n"
    "Run 'exactdp tour' for a short tour, 'exactdp COMMAND --help' (or 'exactdp help COMMAND') for one command.";

// One command's CLI11 description, for what profile asks of a command.
struct one_command {
  command c;
  CLI::App app{"", "exactdp"};
  CLI::App* cmd = nullptr;
};

// The command `name` alone, set up as run_command_line sets it up; throws
// std::invalid_argument for an unknown name.
std::unique_ptr<one_command> find_command(const std::string& name) {
  std::vector<std::string> names;
  for (auto& [heading, c] : all_commands()) {
    if (c.name != name) {
      names.push_back(c.name);
      continue;
    }
    auto one = std::make_unique<one_command>();
    one->c = std::move(c);
    one->cmd = one->app.add_subcommand(name, one->c.summary);
    one->c.setup(*one->cmd);
    return one;
  }
  throw std::invalid_argument("unknown command " + quote_input(name, 60) + did_you_mean(name, names) +
                              " (exactdp --help lists the commands)");
}

}  // namespace

bool command_takes_option(const std::string& name, const std::string& option) {
  return find_command(name)->cmd->get_option_no_throw(option) != nullptr;
}

std::vector<std::optional<std::string>> read_question_words(const api::question& q,
                                                            const std::vector<std::string>& words) {
  CLI::App app{"", "exactdp"};
  CLI::App* cmd = app.add_subcommand(q.name);
  std::vector<std::optional<std::string>> values;
  add_question_parameters(*cmd, q, values);
  std::vector<std::string> line = normalize(*cmd, words);
  line.insert(line.begin(), q.name);
  std::reverse(line.begin(), line.end());
  try {
    app.parse(line);
  } catch (const CLI::ParseError& e) {
    throw std::invalid_argument(std::string(e.what()) + " (see exactdp " + q.name + " --help)");
  }
  return values;
}

int run_command_line(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto families = all_commands();
  command_list commands;
  std::vector<std::string> names;
  for (const auto& [heading, c] : families) {
    commands.push_back(c);
    names.push_back(c.name);
  }

  CLI::App app{main_help, "exactdp"};
  app.set_help_all_flag("--help-all", "Print the help of every command");
  app.add_flag_callback(
      "--version", [] { throw CLI::Success(); }, "Print the version");
  std::vector<global_options> globals(commands.size());
  for (std::size_t i = 0; i < commands.size(); ++i) {
    CLI::App* cmd = app.add_subcommand(commands[i].name, commands[i].summary);
    cmd->group(families[i].first);
    commands[i].setup(*cmd);
    add_global_options(*cmd, globals[i]);
    // Every value is read as text by the shared readers; the help states
    // each one's range instead of a C++ type.
    for (CLI::Option* o : cmd->get_options())
      if (o->get_items_expected_max() != 0) o->type_name("");
  }

  // Leading global options may come before the command: they move after it.
  std::vector<std::string> words = args;
  std::vector<std::string> leading;
  while (!words.empty() &&
         (words[0].rfind("--max-", 0) == 0 || words[0].rfind("--threads", 0) == 0 || words[0] == "--json")) {
    const bool takes_value = words[0] != "--json" && words[0].find('=') == std::string::npos;
    leading.push_back(words[0]);
    words.erase(words.begin());
    if (takes_value && !words.empty()) {
      leading.push_back(words[0]);
      words.erase(words.begin());
    }
  }
  const bool json_wanted = std::find(args.begin(), args.end(), "--json") != args.end();
  std::string command_name;
  int status = 0;
  std::string message;
  // Every output ends here: a write that failed (a full disk, a closed
  // stdout, /dev/full) is status 1 with a one-line error, never a silent 0.
  auto written = [&out] {
    // errno is kept from the write that failed (it may come before the flush).
    out.flush();
    if (!out)
      throw std::runtime_error(std::string("could not write the output") +
                               (errno ? std::string(": ") + std::strerror(errno) : std::string()));
    return 0;
  };
  try {
    if (words.empty() || words[0] == "help" || words[0] == "--help" || words[0] == "-h" || words[0] == "--help-all") {
      if (!words.empty() && words[0] == "help" && words.size() > 1) {
        if (std::find(names.begin(), names.end(), words[1]) == names.end())
          throw std::invalid_argument("unknown command " + quote_input(words[1], 60) + did_you_mean(words[1], names) +
                                      " (exactdp --help lists the commands)");
        out << app.get_subcommand(words[1])->help();
      } else if (!words.empty() && words[0] == "--help-all") {
        out << app.help("", CLI::AppFormatMode::All);
      } else {
        out << app.help();
      }
      return written();
    }
    if (words[0] == "--version") {
      out << "exactdp " << EXACTDP_VERSION << '\n';
      return written();
    }
    if (words[0].size() > 1 && words[0][0] == '-')
      throw std::invalid_argument("unknown option " + quote_input(words[0], 60) +
                                  " (options come after the command; exactdp --help lists the commands)");
    const auto found = std::find(names.begin(), names.end(), words[0]);
    if (found == names.end())
      throw std::invalid_argument("unknown command " + quote_input(words[0], 60) + did_you_mean(words[0], names) +
                                  " (exactdp --help lists the commands)");
    command_name = words[0];
    const std::size_t index = static_cast<std::size_t>(found - names.begin());
    CLI::App* cmd = app.get_subcommand(command_name);
    std::vector<std::string> rest(words.begin() + 1, words.end());
    rest.insert(rest.end(), leading.begin(), leading.end());
    if (std::find(rest.begin(), rest.end(), "--help") != rest.end() ||
        std::find(rest.begin(), rest.end(), "-h") != rest.end()) {
      out << cmd->help();
      return written();
    }
    std::vector<std::string> line = normalize(*cmd, rest);
    line.insert(line.begin(), command_name);
    std::reverse(line.begin(), line.end());  // CLI11 takes the words last first
    app.parse(line);
    const budget_scope budgets(read_budgets(globals[index]));
    const solve_threads_scope threads(globals[index].threads
                                          ? parse_integer<std::size_t>(*globals[index].threads, "--threads", 1, 1024)
                                          : solve_threads());
    result r = commands[index].run();
    if (r.command.empty()) r.command = command_name;
    if (globals[index].json)
      out << result_json(r).dump() << '\n';
    else {
      render_text(r, out);
      render_notes(r, err);
    }
    written();
    return r.status;
  } catch (const CLI::ParseError& e) {  // normalize() leaves CLI11 nothing to refuse; kept as a safety net
    status = 2;
    message = std::string(e.what()) + " (see exactdp --help)";
  } catch (const std::invalid_argument& e) {
    status = 2;
    message = e.what();
  } catch (const std::out_of_range& e) {
    status = 2;
    message = e.what();
  } catch (const std::bad_alloc&) {
    status = 1;
    message = "out of memory (lower the problem's size, or raise --max-memory only if the machine has the memory)";
  } catch (const std::exception& e) {  // domain_error (no answer exists), resource_error (budgets), the rest
    status = 1;
    message = e.what();
  }
  message = one_line(in_tool_words(message));
  err << "exactdp: error: " << message << '\n';
  if (json_wanted) {
    json j;
    j["command"] = command_name.empty() ? json(nullptr) : json(command_name);
    j["error"] = {{"status", status}, {"message", message}};
    out << j.dump() << '\n';
  }
  return status;
}

}  // namespace exactdp::tool
