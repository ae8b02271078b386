// exactdp/api/names.hpp: what a start or target name means in a model, one
// rule for every front end (the tool's --start and --target, the Python
// module's start= and target=):
//   - a state is named by its name; a state named by its index (PRISM's and
//     Storm's files, unnamed states) is found by the integer reader too, so
//     "01" is state 1 as everywhere else;
//   - a target is a label or a state; a name that is both a label and a
//     different state is refused, naming both (a label whose one state is the
//     state of that name means that state, and is accepted);
//   - without a start name, the start is the model's; a model with several
//     initial states (label init) or none is refused.
// Model is markov_model or decision_model: size(), name(s), find(name),
// labels(), start() and source().
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/io/parse.hpp"

namespace exactdp::api {

/// A target as a name resolved it: its states (sorted, distinct), whether
/// the name was a label, and how a sentence names it ("label goal", "state
/// s3").
struct resolved_target {
  std::vector<std::size_t> states;
  bool label = false;
  std::string words;
};

/// The state called `name` in m: by its name, or (for states named by their
/// index) by the integer it reads as ("01" is state 1). `what` names the
/// argument in the message ("--start", "target"). Throws
/// std::invalid_argument "WHAT 'NAME' is not a state of SOURCE".
/// Example: resolve_state(chain, "s0", "--start") is 0 when s0 is the first state.
/// Cost: one or two hash lookups, and the integer reader on the name.
template <class Model>
std::size_t resolve_state(const Model& m, std::string_view name, std::string_view what) {
  if (const auto s = m.find(name)) return *s;
  try {
    const auto i = parse_integer<std::size_t>(name, what, 0, m.size() - 1);
    if (const auto s = m.find(std::to_string(i))) return *s;
  } catch (const std::invalid_argument&) {
  }
  throw std::invalid_argument(std::string(what) + " " + quote_input(name, 60) + " is not a state of " + m.source());
}

/// The start state: resolve_state(m, *name, what) when a name is given, else
/// the model's start. Throws std::invalid_argument "SOURCE has N initial
/// states (label init); choose one with GIVE" or "SOURCE names no start
/// state; give one with GIVE" (`give` says how: "--start", "start=").
/// Example: resolve_start(chain, std::nullopt, "--start", "--start") is chain.start().
/// Cost: that of resolve_state.
template <class Model>
std::size_t resolve_start(const Model& m, const std::optional<std::string>& name, std::string_view what,
                          std::string_view give) {
  if (name) return resolve_state(m, *name, what);
  if (m.start()) return *m.start();
  const auto init = m.labels().find("init");
  if (init != m.labels().end() && init->second.size() > 1)
    throw std::invalid_argument(m.source() + " has " + std::to_string(init->second.size()) +
                                " initial states (label init); choose one with " + std::string(give));
  throw std::invalid_argument(m.source() + " names no start state; give one with " + std::string(give));
}

/// The target called `name`: a label of m, or a state (resolve_state's
/// rule). Throws std::invalid_argument when the name is both a label and a
/// different state ("WHAT 'NAME' is both a label of SOURCE (its states: ...)
/// and a different state; rename one of them"), or neither ("WHAT 'NAME' is
/// neither a label nor a state of SOURCE (its labels: ...)").
/// Example: resolve_target(chain, "done", "--target").words is "label done".
/// Cost: a map lookup and resolve_state's.
template <class Model>
resolved_target resolve_target(const Model& m, std::string_view name, std::string_view what) {
  const auto label = m.labels().find(std::string(name));
  std::optional<std::size_t> state;
  try {
    state = resolve_state(m, name, what);
  } catch (const std::invalid_argument&) {
  }
  const std::string quoted = std::string(what) + " " + quote_input(name, 60);
  if (label != m.labels().end()) {
    if (state && label->second != std::vector<std::size_t>{*state}) {
      std::string states;
      for (std::size_t i = 0; i < label->second.size() && i < 5; ++i)
        states += (i ? ", " : "") + name_text(m.name(label->second[i]));
      if (label->second.empty()) states = "none";
      if (label->second.size() > 5) states += ", ... (" + std::to_string(label->second.size()) + " in all)";
      throw std::invalid_argument(quoted + " is both a label of " + m.source() + " (its states: " + states +
                                  ") and a different state; rename one of them");
    }
    return {label->second, true, "label " + name_text(name)};
  }
  if (state) return {{*state}, false, "state " + name_text(m.name(*state))};
  throw std::invalid_argument(
      quoted + " is neither a label nor a state of " + m.source() +
      (m.labels().empty() ? " (it has no labels)" : " (its labels: " + names_text(m.labels()) + ")"));
}

}  // namespace exactdp::api
