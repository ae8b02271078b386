// explicit_model and its builder, and the conversions to and from
// markov_model (exactdp/markov/explicit_model.hpp).
#include "exactdp/markov/explicit_model.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "exactdp/numeric/errors.hpp"
#include "model_text.hpp"

namespace exactdp {

// ---- explicit_model ----

std::string explicit_model::name(std::size_t s) const {
  if (s >= size()) throw std::out_of_range("explicit_model::name: state " + std::to_string(s) + " out of range");
  return names_.empty() ? std::to_string(s) : names_[s];
}

std::optional<std::size_t> explicit_model::find(std::string_view name) const {
  if (!names_.empty()) {
    const auto it = index_.find(name);
    if (it == index_.end()) return std::nullopt;
    return it->second;
  }
  // Indexed states: the canonical decimal text of an index (no sign, no
  // leading zeros), so that "007" is not state 7.
  std::size_t s = 0;
  const auto [ptr, ec] = std::from_chars(name.data(), name.data() + name.size(), s);
  if (ec != std::errc() || ptr != name.data() + name.size() || name.empty() || s >= size() ||
      (name.size() > 1 && name[0] == '0'))
    return std::nullopt;
  return s;
}

std::span<const markov_transition> explicit_model::distribution(std::size_t c) const {
  if (c >= choice_count())
    throw std::out_of_range("explicit_model::distribution: choice " + std::to_string(c) + " out of range");
  return std::span<const markov_transition>(transitions_)
      .subspan(distribution_begin_[c], distribution_begin_[c + 1] - distribution_begin_[c]);
}

std::optional<std::size_t> explicit_model::state_with_choices() const {
  for (std::size_t s = 0; s < size(); ++s)
    if (choice_count(s) >= 2) return s;
  return std::nullopt;
}

// ---- explicit_model_builder ----

explicit_model_builder::explicit_model_builder(std::string source) : source_(std::move(source)) {}

void explicit_model_builder::indexed_states(std::uint64_t n) {
  if (state_count_ != 0) throw std::logic_error("explicit_model_builder::indexed_states: the builder has states");
  // Per state: a choice offset, a reward and a share of the tables the readers keep.
  check_state_budget("the model " + source_, static_cast<long double>(n), 96);
  state_count_ = static_cast<std::size_t>(n);
}

std::size_t explicit_model_builder::state(std::string_view name) {
  if (state_count_ != 0 && !named_) throw std::logic_error("explicit_model_builder::state: the states are indexed");
  if (name.empty()) throw std::invalid_argument(source_ + ": a state name is empty");
  named_ = true;
  const auto it = index_.find(name);
  if (it != index_.end()) return it->second;
  index_.emplace(std::string(name), state_count_);
  names_.emplace_back(name);
  return state_count_++;
}

void explicit_model_builder::check_index(std::size_t s, const std::string& where) const {
  if (s >= state_count_)
    throw std::invalid_argument(at(where) + ": state index " + std::to_string(s) + " is out of range (the model has " +
                                std::to_string(state_count_) + " states)");
}

void explicit_model_builder::reserve_transitions(std::uint64_t m) {
  check_entries_budget(static_cast<long double>(m));
  entries_.reserve(static_cast<std::size_t>(m));
}

void explicit_model_builder::check_entries_budget(long double entries) const {
  // The entries as allocated, their probabilities' two GMP limbs (32 bytes
  // each with malloc's header) and the model's own copy of each transition.
  check_state_budget("the model " + source_,
                     static_cast<long double>(state_count_) * 96 +
                         std::max(entries, static_cast<long double>(entries_.capacity())) * sizeof(entry) +
                         entries * (64 + sizeof(markov_transition)),
                     1, "bytes");
}

void explicit_model_builder::transition(std::size_t from, std::size_t choice, std::size_t to, Rational p,
                                        std::size_t line) {
  // The message's "file:line" is made only when there is an error.
  auto where = [&] { return line ? detail::at_line(source_, line) : std::string(); };
  if (from >= state_count_) check_index(from, where());
  if (to >= state_count_) check_index(to, where());
  if (p < 0 || p > 1)
    throw std::invalid_argument(at(where()) + ": the probability of " + std::to_string(from) + " -> " +
                                std::to_string(to) + " is " + message_text(p) + ", outside [0, 1]");
  entries_.push_back({from, choice, to, line, std::move(p)});
  // Checked as the entries double, so that many transitions among few states
  // are refused at the budget too.
  const std::size_t n = entries_.size();
  if (n >= 1024 && (n & (n - 1)) == 0) check_entries_budget(static_cast<long double>(n));
}

void explicit_model_builder::action(std::size_t s, std::size_t choice, std::string_view name,
                                    const std::string& where) {
  check_index(s, where);
  if (name.empty()) return;
  const auto [it, added] = actions_.emplace(choice_key{s, choice}, std::string(name));
  if (!added && it->second != name)
    throw std::invalid_argument(at(where) + ": choice " + std::to_string(choice) + " of state " + std::to_string(s) +
                                " has two action names, " + quote_input(it->second) + " and " + quote_input(name));
}

void explicit_model_builder::choice_reward(std::size_t s, std::size_t choice, const Rational& r,
                                           const std::string& where) {
  check_index(s, where);
  has_rewards_ = true;
  const auto [it, added] = choice_rewards_.emplace(choice_key{s, choice}, r);
  if (!added && it->second != r)
    throw std::invalid_argument(at(where) + ": choice " + std::to_string(choice) + " of state " + std::to_string(s) +
                                " is given two different rewards");
}

void explicit_model_builder::transition_reward(std::size_t from, std::size_t choice, std::size_t to, const Rational& r,
                                               const std::string& where) {
  check_index(from, where);
  check_index(to, where);
  has_rewards_ = true;
  const auto [it, added] = transition_rewards_.emplace(transition_key{from, choice, to}, located_reward{r, where});
  if (!added && it->second.reward != r)
    throw std::invalid_argument(at(where) + ": the transition " + std::to_string(from) + " -> " + std::to_string(to) +
                                " of choice " + std::to_string(choice) + " of state " + std::to_string(from) +
                                " is given two different rewards, " + message_text(it->second.reward) + " and " +
                                message_text(r));
}

void explicit_model_builder::state_reward(std::size_t s, const Rational& r, const std::string& where) {
  check_index(s, where);
  has_rewards_ = true;
  const auto [it, added] = state_rewards_.emplace(s, r);
  if (!added && it->second != r)
    throw std::invalid_argument(at(where) + ": state " + std::to_string(s) + " is given two different rewards, " +
                                message_text(it->second) + " and " + message_text(r));
}

void explicit_model_builder::reward_structure(std::string name) {
  has_rewards_ = true;
  reward_name_ = std::move(name);
}

void explicit_model_builder::absorbing(std::size_t s, const std::string& where) {
  check_index(s, where);
  absorbing_.push_back(s);
}

void explicit_model_builder::declare_label(const std::string& name) {
  if (name.empty()) throw std::invalid_argument(source_ + ": a label name is empty");
  labels_[name];
}

void explicit_model_builder::label(const std::string& name, std::size_t s, const std::string& where) {
  check_index(s, where);
  declare_label(name);
  labels_[name].push_back(s);
}

void explicit_model_builder::start(std::size_t s, const std::string& where) {
  check_index(s, where);
  if (start_ && *start_ != s)
    throw std::invalid_argument(at(where) + ": two start states, " + std::to_string(*start_) + " and " +
                                std::to_string(s));
  start_ = s;
}

explicit_model explicit_model_builder::build() {
  if (state_count_ == 0) throw std::invalid_argument(source_ + ": the model has no states");
  const std::size_t n = state_count_;
  auto name_of = [&](std::size_t s) { return named_ ? name_text(names_[s]) : std::to_string(s); };
  auto line_words = [&](std::size_t line) { return line ? detail::at_line(source_, line) : source_; };
  // Drop zero probabilities, then sort by (state, choice, target): equal
  // neighbours are a transition listed twice.
  std::erase_if(entries_, [](const entry& e) { return e.probability == 0; });
  // A file usually lists its transitions in order: then the sort's buffer
  // (half the entries) is not allocated.
  const auto before = [](const entry& a, const entry& b) {
    if (a.state != b.state) return a.state < b.state;
    if (a.choice != b.choice) return a.choice < b.choice;
    return a.to < b.to;
  };
  if (!std::is_sorted(entries_.begin(), entries_.end(), before))
    std::stable_sort(entries_.begin(), entries_.end(), before);
  for (std::size_t i = 1; i < entries_.size(); ++i) {
    const entry &a = entries_[i - 1], &b = entries_[i];
    if (a.state == b.state && a.choice == b.choice && a.to == b.to)
      throw std::invalid_argument(line_words(std::max(a.line, b.line)) + ": the transition " + name_of(b.state) +
                                  " -> " + name_of(b.to) + " is listed twice in choice " + std::to_string(b.choice) +
                                  " of state " + name_of(b.state) +
                                  (a.line && b.line ? " (lines " + std::to_string(std::min(a.line, b.line)) + " and " +
                                                          std::to_string(std::max(a.line, b.line)) + ")"
                                                    : std::string()));
  }
  std::vector<char> is_absorbing(n, 0);
  for (const std::size_t s : absorbing_) is_absorbing[s] = 1;

  explicit_model m;
  m.source_ = source_;
  m.choice_begin_.assign(1, 0);
  m.choice_begin_.reserve(n + 1);
  m.transitions_.reserve(entries_.size());
  std::size_t i = 0;
  for (std::size_t s = 0; s < n; ++s) {
    std::size_t expected_choice = 0;
    while (i < entries_.size() && entries_[i].state == s) {
      const std::size_t c = entries_[i].choice, first_line = entries_[i].line;
      if (c != expected_choice)
        throw std::invalid_argument(line_words(first_line) + ": state " + name_of(s) + " has choice " +
                                    std::to_string(c) + " but no choice " + std::to_string(expected_choice) +
                                    " (choices are numbered 0, 1, ... without gaps)");
      if (is_absorbing[s])
        throw std::invalid_argument(line_words(first_line) + ": state " + name_of(s) +
                                    " is declared absorbing but has transitions");
      Rational sum = 0, collected = 0;       // the probabilities, and p·r of the transition rewards
      std::size_t choice_line = first_line;  // the first line of the choice in the file
      for (; i < entries_.size() && entries_[i].state == s && entries_[i].choice == c; ++i) {
        sum += entries_[i].probability;
        if (!transition_rewards_.empty()) {
          const auto r = transition_rewards_.find({s, c, entries_[i].to});
          if (r != transition_rewards_.end()) {
            collected += entries_[i].probability * r->second.reward;
            transition_rewards_.erase(r);
          }
        }
        if (entries_[i].line && (choice_line == 0 || entries_[i].line < choice_line)) choice_line = entries_[i].line;
        m.transitions_.push_back({entries_[i].to, std::move(entries_[i].probability)});
      }
      if (sum != 1) {
        const std::string which =
            c == 0 && (i == entries_.size() || entries_[i].state != s) ? "" : "choice " + std::to_string(c) + " of ";
        throw std::invalid_argument(line_words(choice_line) + ": the probabilities out of " + which + "state " +
                                    name_of(s) + " sum to " + message_text(sum) + ", not 1 (nothing is renormalised)");
      }
      m.distribution_begin_.push_back(m.transitions_.size());
      const auto action = actions_.find({s, c});
      m.actions_.push_back(action == actions_.end() ? std::string() : action->second);
      const auto reward = choice_rewards_.find({s, c});
      m.choice_rewards_.push_back((reward == choice_rewards_.end() ? Rational(0) : reward->second) + collected);
      ++expected_choice;
    }
    if (expected_choice == 0 && !is_absorbing[s])
      throw std::invalid_argument(source_ + ": state " + name_of(s) +
                                  " has no transitions and is not declared absorbing");
    m.choice_begin_.push_back(m.actions_.size());
  }
  // Actions and rewards of choices that have no transitions.
  for (const auto& [key, name] : actions_)
    if (key.state >= n || key.choice >= m.choice_count(key.state))
      throw std::invalid_argument(source_ + ": state " + name_of(key.state) + " has no choice " +
                                  std::to_string(key.choice) + " (it names action " + quote_input(name) + ")");
  for (const auto& [key, reward] : choice_rewards_)
    if (key.state >= n || key.choice >= m.choice_count(key.state))
      throw std::invalid_argument(source_ + ": state " + name_of(key.state) + " has no choice " +
                                  std::to_string(key.choice) + " (it is given a reward)");
  // Every transition reward left names a transition the model does not have.
  if (!transition_rewards_.empty()) {
    const auto& [key, r] = *transition_rewards_.begin();
    throw std::invalid_argument(at(r.where) + ": a reward for the transition " + name_of(key.state) + " -> " +
                                name_of(key.to) + " of choice " + std::to_string(key.choice) + " of state " +
                                name_of(key.state) + ", which the model does not have");
  }
  m.state_rewards_.assign(n, Rational(0));
  for (auto& [s, r] : state_rewards_) m.state_rewards_[s] = r;
  for (auto& [label, states] : labels_) {
    std::sort(states.begin(), states.end());
    states.erase(std::unique(states.begin(), states.end()), states.end());
  }
  m.has_rewards_ = has_rewards_;
  m.reward_name_ = reward_name_;
  m.labels_ = std::move(labels_);
  m.start_ = start_;
  m.names_ = std::move(names_);
  m.index_ = std::move(index_);
  *this = explicit_model_builder(source_);
  return m;
}

// ---- conversions ----

namespace {

// to_markov_model's one body: `take` gives the probability of a
// transition of `model`, copied or moved.
template <class Take>
markov_model chain_of(const explicit_model& model, Take take) {
  if (const auto s = model.state_with_choices())
    throw std::invalid_argument(model.source() + ": state " + name_text(model.name(*s)) + " has " +
                                std::to_string(model.choice_count(*s)) +
                                " choices: the model is a Markov decision process, not a Markov chain; decision "
                                "processes are solved by the `exactdp mdp` command");
  markov_builder b(model.source());
  const std::size_t n = model.size();
  b.reserve(n);
  if (model.has_rewards()) b.reward_structure();
  for (std::size_t s = 0; s < n; ++s) b.state(model.name(s));
  for (std::size_t s = 0; s < n; ++s) {
    if (model.choice_count(s) == 0) {
      b.absorbing(s);
      if (model.has_rewards()) b.reward(s, model.state_reward(s));
      continue;
    }
    const std::size_t c = model.choice_begin(s);
    for (const markov_transition& t : model.distribution(c)) b.transition(s, t.to, take(t));
    if (model.has_rewards()) b.reward(s, model.state_reward(s) + model.choice_reward(c));
  }
  for (const auto& [label, states] : model.labels()) {
    b.declare_label(label);
    for (const std::size_t s : states) b.label(label, s);
  }
  if (model.start()) b.start(*model.start());
  return b.build();
}

}  // namespace

markov_model to_markov_model(const explicit_model& model) {
  return chain_of(model, [](const markov_transition& t) { return t.probability; });
}

markov_model to_markov_model(explicit_model&& model) {
  // The transitions are the caller's to give up: `model` is not const.
  return chain_of(model,
                  [](const markov_transition& t) { return std::move(const_cast<markov_transition&>(t).probability); });
}

explicit_model to_explicit_model(const markov_model& chain) {
  explicit_model_builder b(chain.source());
  for (std::size_t s = 0; s < chain.size(); ++s) b.state(chain.name(s));
  b.reward_structure();
  for (std::size_t s = 0; s < chain.size(); ++s) {
    if (chain.is_absorbing(s)) b.absorbing(s);
    for (const markov_transition& t : chain.transitions(s)) b.transition(s, 0, t.to, t.probability);
    b.state_reward(s, chain.reward(s));
  }
  for (const auto& [label, states] : chain.labels()) {
    b.declare_label(label);
    for (const std::size_t s : states) b.label(label, s);
  }
  if (chain.start()) b.start(*chain.start());
  return b.build();
}

}  // namespace exactdp
