// Reading Storm's DRN format ("DiRect eNcoding"; Storm documentation, "DRN
// input format", and its parser DirectEncodingParser): a header of @
// sections, then "state", "action" and "target : value" lines.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/markov/explicit_model.hpp"
#include "model_text.hpp"

namespace exactdp {

namespace {

using namespace detail;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The items of a bracketed list "[a, b, c]" at the start of `text`; `text`
// is advanced past the closing bracket.
std::vector<std::string_view> bracket_items(std::string_view& text, const std::string& at) {
  const auto close = text.find(']');
  if (close == std::string_view::npos) throw std::invalid_argument(at + ": a reward list \"[\" has no \"]\"");
  std::string_view inside = text.substr(1, close - 1);
  text = text.substr(close + 1);
  std::vector<std::string_view> items;
  while (true) {
    const auto comma = inside.find(',');
    items.push_back(trimmed(inside.substr(0, comma)));
    if (comma == std::string_view::npos) break;
    inside = inside.substr(comma + 1);
  }
  return items;
}

// Labels of a state line: blank-separated, or in double quotes when they
// hold blanks.
std::vector<std::string> state_labels(std::string_view text, const std::string& at) {
  std::vector<std::string> labels;
  std::size_t pos = 0;
  while (true) {
    pos = text.find_first_not_of(" \t", pos);
    if (pos == std::string_view::npos) break;
    if (text[pos] == '"') {
      const auto end = text.find('"', pos + 1);
      if (end == std::string_view::npos) throw std::invalid_argument(at + ": a quoted label has no closing quote");
      labels.emplace_back(text.substr(pos + 1, end - pos - 1));
      pos = end + 1;
    } else {
      auto end = text.find_first_of(" \t", pos);
      if (end == std::string_view::npos) end = text.size();
      labels.emplace_back(text.substr(pos, end - pos));
      pos = end;
    }
    if (labels.back().empty()) throw std::invalid_argument(at + ": a label is empty");
  }
  return labels;
}

class drn_reader {
 public:
  drn_reader(std::string_view text, const std::string& source, const std::string& reward_model)
      : lines_((check_numbers_budget(text, source), lines_of(text, false, true))),
        source_(source),
        wanted_reward_(reward_model),
        builder_(source) {}

  explicit_model read() {
    std::size_t i = header();
    body(i);
    return finish();
  }

 private:
  // The @ sections, up to and including @model; returns the index of the
  // first line of the model.
  std::size_t header() {
    bool saw_type = false;
    std::optional<std::uint64_t> states, choices;
    std::string states_at;  // where @nr_states is
    std::optional<std::vector<std::string>> rewards;
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      const std::string at = at_line(source_, lines_[i].number);
      const std::string_view line = trimmed(lines_[i].text);
      // The line after a section that takes one (it may be blank: a
      // section with no parameters or reward models).
      auto next_line = [&](bool required) -> std::string_view {
        const std::size_t number = lines_[i].number + 1;
        if (i + 1 < lines_.size() && lines_[i + 1].number == number && !trimmed(lines_[i + 1].text).starts_with("@"))
          return trimmed(lines_[++i].text);
        if (required) throw std::invalid_argument(at + ": " + std::string(line) + " must be followed by a number");
        return {};
      };
      if (line.starts_with("@type:")) {
        if (saw_type) throw std::invalid_argument(at + ": @type is given twice");
        saw_type = true;
        const std::string type = lower(trimmed(line.substr(6)));
        if (type == "dtmc") {
          mdp_ = false;
        } else if (type == "mdp") {
          mdp_ = true;
        } else {
          throw std::invalid_argument(at + ": the model type " + quote_input(trimmed(line.substr(6))) +
                                      " is not read (only DTMC and MDP)");
        }
      } else if (line.starts_with("@value_type:")) {
        const std::string type = lower(trimmed(line.substr(12)));
        if (type != "double" && type != "rational")
          throw std::invalid_argument(at + ": the value type " + quote_input(trimmed(line.substr(12))) +
                                      " is not read (only double and rational values)");
      } else if (line == "@parameters") {
        if (!next_line(false).empty())
          throw std::invalid_argument(at_line(source_, lines_[i].number) +
                                      ": the model has parameters; only models with numeric values are read");
      } else if (line == "@placeholders") {
        while (i + 1 < lines_.size() && !trimmed(lines_[i + 1].text).starts_with("@")) {
          ++i;
          const std::string pat = at_line(source_, lines_[i].number);
          const std::string_view item = trimmed(lines_[i].text);
          const auto colon = item.find(':');
          if (!item.starts_with("$") || colon == std::string_view::npos)
            throw std::invalid_argument(pat + ": a placeholder line must be \"$name : value\", not " +
                                        quote_input(item));
          const std::string name(trimmed(item.substr(1, colon - 1)));
          if (!placeholders_.emplace(name, read_number(trimmed(item.substr(colon + 1)), pat, "placeholder value"))
                   .second)
            throw std::invalid_argument(pat + ": placeholder " + quote_input(name) + " is defined twice");
        }
      } else if (line == "@reward_models") {
        if (rewards) throw std::invalid_argument(at + ": @reward_models is given twice");
        rewards.emplace();
        for (const std::string_view name : fields_of(next_line(false))) rewards->emplace_back(name);
      } else if (line == "@nr_states") {
        if (states) throw std::invalid_argument(at + ": @nr_states is given twice");
        states_at = at;
        states = read_count(next_line(true), at_line(source_, lines_[i].number), "the number of states");
      } else if (line == "@nr_choices") {
        if (choices) throw std::invalid_argument(at + ": @nr_choices is given twice");
        choices = read_count(next_line(true), at_line(source_, lines_[i].number), "the number of choices");
      } else if (line == "@model") {
        if (!saw_type) throw std::invalid_argument(at + ": @type must be given before @model");
        if (!states) throw std::invalid_argument(at + ": @nr_states must be given before @model");
        if (*states == 0) throw std::invalid_argument(at + ": the model has no states");
        // Every state has a "state" line: a count larger than the file is
        // refused before any state exists.
        if (*states > lines_.size() - i - 1)
          throw std::invalid_argument(states_at + ": @nr_states declares " + std::to_string(*states) +
                                      " states but the file has only " + std::to_string(lines_.size() - i - 1) +
                                      " lines after @model");
        builder_.indexed_states(*states);
        declared_choices_ = choices;
        choose_reward_model(rewards ? *rewards : std::vector<std::string>{}, at);
        return i + 1;
      } else {
        throw std::invalid_argument(at + ": unknown line " + quote_input(line) +
                                    " in the header (expected @type, @parameters, @reward_models, @nr_states, "
                                    "@nr_choices or @model)");
      }
    }
    throw std::invalid_argument(source_ + ": the file has no @model section");
  }

  void choose_reward_model(const std::vector<std::string>& names, const std::string& at) {
    reward_models_ = names.size();
    if (!wanted_reward_.empty()) {
      const auto it = std::find(names.begin(), names.end(), wanted_reward_);
      if (it == names.end())
        throw std::invalid_argument(
            at + ": the file has no reward model " + quote_input(wanted_reward_) +
            (names.empty() ? std::string(" (it declares none)") : " (its reward models: " + join(names) + ")"));
      reward_index_ = static_cast<std::size_t>(it - names.begin());
    }
    if (!names.empty()) builder_.reward_structure(names[reward_index_]);
  }

  static std::string join(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + quote_input(n);
    return out;
  }

  Rational value(std::string_view text, const std::string& at, const char* what) const {
    if (text.starts_with("$")) {
      const auto it = placeholders_.find(std::string(text.substr(1)));
      if (it == placeholders_.end()) throw std::invalid_argument(at + ": unknown placeholder " + quote_input(text));
      return it->second;
    }
    return read_number(text, at, what);
  }

  // The reward of the chosen reward model in a "[r0, r1, ...]" list.
  std::optional<Rational> reward_of(std::string_view& rest, const std::string& at) const {
    if (!rest.starts_with("[")) return std::nullopt;
    const auto items = bracket_items(rest, at);
    if (reward_models_ > 0 && items.size() != reward_models_)
      throw std::invalid_argument(at + ": " + std::to_string(items.size()) + " rewards for " +
                                  std::to_string(reward_models_) + " reward models");
    if (reward_index_ >= items.size()) return std::nullopt;
    return value(items[reward_index_], at, "reward");
  }

  void body(std::size_t first) {
    const std::size_t n = builder_.size();
    constexpr std::size_t none = static_cast<std::size_t>(-1);
    std::size_t state = none;   // the current state
    std::size_t choice = none;  // its current choice
    for (std::size_t i = first; i < lines_.size(); ++i) {
      const std::size_t number = lines_[i].number;
      const std::string at = at_line(source_, number);
      const std::string_view line = trimmed(lines_[i].text);
      if (line.starts_with("state ") || line == "state") {
        std::string_view rest = trimmed(line.substr(5));
        const auto id_end = rest.find_first_of(" \t");
        const std::string_view id = rest.substr(0, id_end);
        const std::size_t expected = state == none ? 0 : state + 1;
        const std::uint64_t s = read_count(id, at, "state index");
        if (s != expected)
          throw std::invalid_argument(at + ": expected state " + std::to_string(expected) + ", not " +
                                      std::to_string(s) + " (states are listed in order, without gaps)");
        if (s >= n)
          throw std::invalid_argument(at + ": state " + std::to_string(s) + " is beyond the " + std::to_string(n) +
                                      " states of @nr_states");
        check_has_choice(state, choice);
        state = static_cast<std::size_t>(s);
        choice = none;
        rest = id_end == std::string_view::npos ? std::string_view() : trimmed(rest.substr(id_end));
        if (rest.starts_with("!") || rest.starts_with("{"))
          throw std::invalid_argument(at + ": exit rates and observations are not read (only DTMC and MDP)");
        if (const auto r = reward_of(rest, at)) builder_.state_reward(state, *r, at);
        for (const std::string& label : state_labels(rest, at)) {
          // Storm reads the reward list right after the index: one after the
          // labels would silently become a label such as "[5]".
          if (label.starts_with("["))
            throw std::invalid_argument(at + ": " + quote_input(label) +
                                        " after the labels: the reward list comes right after the state index "
                                        "(state 0 [5] init)");
          builder_.label(label, state, at);
          if (label == "init") init_.push_back(state);
        }
      } else if (line.starts_with("action ") || line == "action") {
        if (state == none) throw std::invalid_argument(at + ": an action before the first state");
        choice = choice == none ? 0 : choice + 1;
        if (!mdp_ && choice > 0)
          throw std::invalid_argument(at + ": state " + std::to_string(state) +
                                      " has a second action, but the model is a DTMC (@type: DTMC)");
        ++choices_;
        std::string_view rest = trimmed(line.substr(6));
        const auto name_end = rest.find_first_of(" \t[");
        const std::string_view name = rest.substr(0, name_end);
        if (name.empty()) throw std::invalid_argument(at + ": an action line must name its action");
        if (name != "__NOLABEL__") builder_.action(state, choice, name, at);
        rest = name_end == std::string_view::npos ? std::string_view() : trimmed(rest.substr(name_end));
        if (const auto r = reward_of(rest, at)) builder_.choice_reward(state, choice, *r, at);
        if (!trimmed(rest).empty())
          throw std::invalid_argument(at + ": unexpected text " + quote_input(rest) + " after the action");
      } else {
        if (choice == none) throw std::invalid_argument(at + ": a transition before its state's first action");
        const auto colon = line.find(':');
        if (colon == std::string_view::npos)
          throw std::invalid_argument(at + ": expected a state, an action or \"target : probability\", not " +
                                      quote_input(line));
        const std::size_t to = read_state(trimmed(line.substr(0, colon)), n, at);
        builder_.transition(state, choice, to, value(trimmed(line.substr(colon + 1)), at, "probability"), number);
      }
    }
    check_has_choice(state, choice);
    const std::size_t listed = state == none ? 0 : state + 1;
    if (listed != n)
      throw std::invalid_argument(source_ + ": @nr_states declares " + std::to_string(n) +
                                  " states but the file lists " + std::to_string(listed));
    if (declared_choices_ && *declared_choices_ != choices_)
      throw std::invalid_argument(source_ + ": @nr_choices declares " + std::to_string(*declared_choices_) +
                                  " choices but the file lists " + std::to_string(choices_));
  }

  void check_has_choice(std::size_t state, std::size_t choice) const {
    constexpr std::size_t none = static_cast<std::size_t>(-1);
    if (state != none && choice == none)
      throw std::invalid_argument(source_ + ": state " + std::to_string(state) +
                                  " has no action (a state that stays put has an action with a self-loop)");
  }

  explicit_model finish() {
    if (const auto start = only_state(init_)) builder_.start(*start);
    explicit_model model = builder_.build();
    refuse_repeated_actions(model);
    return model;
  }

  std::vector<text_line> lines_;
  std::string source_;
  std::string wanted_reward_;
  explicit_model_builder builder_;
  bool mdp_ = false;
  std::map<std::string, Rational> placeholders_;
  std::size_t reward_models_ = 0, reward_index_ = 0;
  std::optional<std::uint64_t> declared_choices_;
  std::uint64_t choices_ = 0;
  std::vector<std::size_t> init_;
};

}  // namespace

explicit_model parse_drn_model(std::string_view text, const std::string& source, const std::string& reward_model) {
  return drn_reader(text, source, reward_model).read();
}

}  // namespace exactdp
