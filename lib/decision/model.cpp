// decision_model and decision_builder: building and validating an MDP or a
// turn-based stochastic game exactly.
#include "exactdp/decision/model.hpp"

#include <algorithm>
#include <stdexcept>

#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

namespace {
const Rational& zero_rational() {
  static const Rational zero(0);
  return zero;
}
}  // namespace

const Rational& decision_model::reward(std::size_t c) const {
  if (c >= choice_total()) throw std::out_of_range("decision_model::reward: choice index out of range");
  return rewards_.empty() ? zero_rational() : rewards_[c];
}

std::string_view decision_model::action_name(std::size_t c) const {
  if (c >= choice_total()) throw std::out_of_range("decision_model::action_name: choice index out of range");
  return action_names_.empty() ? std::string_view{} : std::string_view(action_names_[c]);
}

const Rational& decision_model::payoff(std::size_t s) const {
  const auto it = payoffs_.find(s);
  return it == payoffs_.end() ? zero_rational() : it->second;
}

std::string decision_model::name(std::size_t s) const {
  if (s >= size()) throw std::out_of_range("decision_model::name: state index out of range");
  if (!names_.empty() && !names_[s].empty()) return names_[s];
  return std::to_string(s);
}

std::optional<std::size_t> decision_model::find(std::string_view name) const {
  if (const auto it = index_.find(std::string(name)); it != index_.end()) return it->second;
  // Unnamed states are called by their index.
  if (name.empty() || name.size() > 19 ||
      !std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  if (name.size() > 1 && name[0] == '0') return std::nullopt;
  const std::size_t s = std::stoull(std::string(name));
  if (s >= size() || (!names_.empty() && !names_[s].empty())) return std::nullopt;
  return s;
}

const std::vector<std::size_t>& decision_model::label(const std::string& name) const {
  const auto it = labels_.find(name);
  if (it == labels_.end()) {
    throw std::invalid_argument(
        source_ + ": no label " + quote_input(name, 60) +
        (labels_.empty() ? std::string(" (the model has no labels)") : " (labels: " + names_text(labels_) + ")"));
  }
  return it->second;
}

std::size_t decision_model::count(state_owner o) const {
  return static_cast<std::size_t>(std::count(owner_.begin(), owner_.end(), o));
}

decision_builder::decision_builder(std::string source) : source_(std::move(source)) {}

std::string decision_builder::where(std::size_t s) const {
  return source_ + ": state " + (s < names_.size() && !names_[s].empty() ? name_text(names_[s]) : std::to_string(s));
}

void decision_builder::check_state(std::size_t s) const {
  if (s >= owner_.size())
    throw std::invalid_argument(source_ + ": state index " + std::to_string(s) + " is out of range (the model has " +
                                std::to_string(owner_.size()) + " states)");
}

namespace {
// Bytes a transition takes while the model is built: the builder's pair
// and the probability's two limbs (GMP allocates each part of a small
// rational: 32 bytes with malloc's header), then the model's target and
// rational, into which the limbs move. Measured: `exactdp check` of a
// property of bench_lang's build_torus model (10^6 states, 10^7
// transitions of probability 1/10) peaks at 1.9 GB in all, with the state
// space and the solver.
constexpr std::size_t bytes_per_transition = sizeof(std::pair<std::size_t, Rational>) + 64 + 8 + sizeof(Rational);
// Powers of two from 1024: where the budget is checked again.
bool checkpoint(std::size_t count) { return count >= 1024 && (count & (count - 1)) == 0; }
}  // namespace

void decision_builder::charge(std::size_t states, std::size_t transitions) const {
  const long double bytes =
      2.0L * static_cast<long double>(states) * static_cast<long double>(sizeof(choice_data) + 64) +
      static_cast<long double>(transitions) * static_cast<long double>(bytes_per_transition);
  check_state_budget("the decision model", bytes, 1, "bytes");
}

void decision_builder::expect(std::size_t states, std::size_t transitions) const { charge(states, transitions); }

void decision_builder::check_choice(std::size_t s, std::size_t choice) const {
  check_state(s);
  if (choice >= choices_[s].size())
    throw std::invalid_argument(where(s) + " has no choice " + std::to_string(choice) + " (it has " +
                                std::to_string(choices_[s].size()) + ")");
}

std::size_t decision_builder::add_state(state_owner owner, std::string_view name) {
  const std::size_t s = owner_.size();
  if (checkpoint(s)) charge(s, transitions_);
  if (!name.empty()) {
    if (!index_.emplace(std::string(name), s).second)
      throw std::invalid_argument(source_ + ": two states are called " + quote_input(name, 60));
    names_.resize(s + 1);
    names_[s] = std::string(name);
    any_name_ = true;
  }
  owner_.push_back(owner);
  choices_.emplace_back();
  return s;
}

std::optional<std::size_t> decision_builder::find(std::string_view name) const {
  const auto it = index_.find(std::string(name));
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

void decision_builder::set_owner(std::size_t s, state_owner owner) {
  check_state(s);
  owner_[s] = owner;
}

std::size_t decision_builder::add_choice(std::size_t s, std::string_view action) {
  check_state(s);
  if (owner_[s] == state_owner::terminal) throw std::invalid_argument(where(s) + " is terminal: it has no choices");
  if (owner_[s] == state_owner::chance && !choices_[s].empty())
    throw std::invalid_argument(where(s) + " is a chance state: it has exactly one choice (a distribution)");
  choices_[s].push_back(choice_data{std::string(action), Rational(0), {}});
  return choices_[s].size() - 1;
}

void decision_builder::transition(std::size_t s, std::size_t choice, std::size_t to, const Rational& p) {
  check_choice(s, choice);
  check_state(to);
  if (p < 0 || p > 1)
    throw std::invalid_argument(where(s) + ", choice " + std::to_string(choice) + ": the probability of going to " +
                                std::to_string(to) + " is " + message_text(p) + ", outside [0, 1]");
  if (p == 0) return;
  choices_[s][choice].out.emplace_back(to, p);
  if (checkpoint(++transitions_)) charge(owner_.size(), transitions_);
}

void decision_builder::reserve(std::size_t s, std::size_t choice, std::size_t transitions) {
  check_choice(s, choice);
  charge(owner_.size(), transitions_ + transitions);  // a hint is no licence to pass the budget
  choices_[s][choice].out.reserve(transitions);
}

void decision_builder::reward(std::size_t s, std::size_t choice, const Rational& r) {
  check_choice(s, choice);
  choices_[s][choice].reward = r;
}

void decision_builder::payoff(std::size_t s, const Rational& v) {
  check_state(s);
  if (owner_[s] != state_owner::terminal)
    throw std::invalid_argument(where(s) + " is not terminal: only terminal states have payoffs");
  if (v == 0)
    payoffs_.erase(s);
  else
    payoffs_[s] = v;
}

void decision_builder::declare_label(const std::string& name) {
  if (name.empty()) throw std::invalid_argument(source_ + ": a label name is empty");
  labels_[name];
}

void decision_builder::label(const std::string& name, std::size_t s) {
  check_state(s);
  declare_label(name);
  labels_[name].push_back(s);
}

void decision_builder::start(std::size_t s) {
  check_state(s);
  if (start_ && *start_ != s)
    throw std::invalid_argument(source_ + ": two start states, " + std::to_string(*start_) + " and " +
                                std::to_string(s));
  start_ = s;
}

decision_model decision_builder::build() {
  const std::size_t n = owner_.size();
  if (n == 0) throw std::invalid_argument(source_ + ": the model has no states");
  decision_model m;
  m.source_ = source_;
  std::size_t choice_total = 0, edge_total = 0;
  bool any_reward = false, any_action = false;
  for (std::size_t s = 0; s < n; ++s) {
    const std::size_t k = choices_[s].size();
    switch (owner_[s]) {
      case state_owner::terminal:
        if (k != 0) throw std::invalid_argument(where(s) + " is terminal but has choices");
        break;
      case state_owner::chance:
        if (k != 1)
          throw std::invalid_argument(where(s) + " is a chance state with " + std::to_string(k) +
                                      " choices: it needs exactly one distribution");
        break;
      default:
        if (k == 0)
          throw std::invalid_argument(where(s) + " belongs to the " + to_string(owner_[s]) +
                                      " player but has no choices (make it terminal)");
    }
    if (payoffs_.count(s) && owner_[s] != state_owner::terminal)
      throw std::invalid_argument(where(s) + " has a payoff but is not terminal");
    for (std::size_t c = 0; c < k; ++c) {
      auto& ch = choices_[s][c];
      const std::string which =
          where(s) + ", choice " + (ch.action.empty() ? std::to_string(c) : "'" + ch.action + "'");
      if (ch.out.empty()) throw std::invalid_argument(which + " has no transitions");
      std::sort(ch.out.begin(), ch.out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      Rational sum = 0;
      for (std::size_t i = 0; i < ch.out.size(); ++i) {
        if (i > 0 && ch.out[i].first == ch.out[i - 1].first)
          throw std::invalid_argument(which + " lists the successor " + std::to_string(ch.out[i].first) + " twice");
        sum += ch.out[i].second;
      }
      if (sum != 1)
        throw std::invalid_argument(which + ": the probabilities sum to " + message_text(sum) +
                                    ", not 1 (nothing is renormalised)");
      any_reward = any_reward || ch.reward != 0;
      any_action = any_action || !ch.action.empty();
      edge_total += ch.out.size();
    }
    choice_total += k;
  }
  m.owner_ = owner_;
  m.choice_begin_.reserve(n + 1);
  m.choice_state_.reserve(choice_total);
  m.edge_begin_.reserve(choice_total + 1);
  m.targets_.reserve(edge_total);
  m.probabilities_.reserve(edge_total);
  if (any_reward) m.rewards_.reserve(choice_total);
  if (any_action) m.action_names_.reserve(choice_total);
  for (std::size_t s = 0; s < n; ++s) {
    for (auto& ch : choices_[s]) {
      m.choice_state_.push_back(s);
      for (auto& [to, p] : ch.out) {
        m.targets_.push_back(to);
        m.probabilities_.push_back(std::move(p));
      }
      m.edge_begin_.push_back(m.targets_.size());
      if (any_reward) m.rewards_.push_back(std::move(ch.reward));
      if (any_action) m.action_names_.push_back(std::move(ch.action));
    }
    m.choice_begin_.push_back(m.choice_state_.size());
    std::vector<choice_data>().swap(choices_[s]);  // moved: free it now, not at the end
  }
  for (auto& [name, states] : labels_) {
    std::sort(states.begin(), states.end());
    states.erase(std::unique(states.begin(), states.end()), states.end());
  }
  m.payoffs_ = std::move(payoffs_);
  if (any_name_) {
    names_.resize(n);
    m.names_ = std::move(names_);
    m.index_ = std::move(index_);
  }
  m.labels_ = std::move(labels_);
  m.start_ = start_;
  *this = decision_builder(source_);
  return m;
}

}  // namespace exactdp
