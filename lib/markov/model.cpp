// markov_model and markov_builder: building and validating a chain exactly.
#include <algorithm>
#include <stdexcept>

#include "exactdp/markov/model.hpp"

#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

std::optional<std::size_t> markov_model::find(std::string_view name) const {
  const auto it = index_.find(std::string(name));
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

markov_builder::markov_builder(std::string source) : source_(std::move(source)) {}

std::string markov_builder::at(const std::string& where) const { return where.empty() ? source_ : where; }

void markov_builder::check_index(std::size_t s, const std::string& where) const {
  if (s >= names_.size())
    throw std::invalid_argument(at(where) + ": state index " + std::to_string(s) + " is out of range (the model has " +
                                std::to_string(names_.size()) + " states)");
}

namespace {

// Per state, in the builder and in the model it builds: the name, its index
// entry, a transition list and a reward (a Rational, whose two GMP integers
// allocate), and what the reader keeps beside them. Measured peaks for
// "dtmc\n0 N 1" (N states from a 20-byte Storm file): 337 MB for N = 10^6,
// 2.64 GB for N = 8·10^6, the explicit model's own 96 bytes included.
constexpr std::size_t bytes_per_state = 330;
// Per transition: the builder's entry and the probability's two GMP limbs
// (32 bytes each with malloc's header), then the model's entry, into which
// the limbs move.
constexpr std::size_t bytes_per_transition = 2 * sizeof(markov_transition) + 64;

}  // namespace

long double markov_model_bytes(long double states, long double transitions) {
  return states * static_cast<long double>(bytes_per_state) +
         transitions * static_cast<long double>(bytes_per_transition);
}

void markov_builder::reserve(std::size_t states) {
  check_state_budget("the chain " + source_, static_cast<long double>(states), bytes_per_state);
  names_.reserve(states);
  index_.reserve(states);
  out_.reserve(states);
  declared_absorbing_.reserve(states);
  rewards_.reserve(states);
}

std::size_t markov_builder::state(std::string_view name) {
  if (name.empty()) throw std::invalid_argument(source_ + ": a state name is empty");
  // Checked when the tables double, so that a short file whose indices imply
  // millions of states is refused at the budget.
  const std::size_t n = names_.size();
  if (n >= 1024 && (n & (n - 1)) == 0 && !index_.contains(std::string(name)))
    check_state_budget("the chain " + source_, 2.0L * static_cast<long double>(n), bytes_per_state);
  const auto [it, added] = index_.emplace(std::string(name), n);
  if (added) {
    names_.emplace_back(name);
    out_.emplace_back();
    declared_absorbing_.push_back(0);
    rewards_.emplace_back();
  }
  return it->second;
}

std::optional<std::size_t> markov_builder::find(std::string_view name) const {
  const auto it = index_.find(std::string(name));
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

void markov_builder::transition(std::size_t from, std::size_t to, Rational p, const std::string& where) {
  check_index(from, where);
  check_index(to, where);
  if (p < 0 || p > 1)
    throw std::invalid_argument(at(where) + ": the probability of " + name_text(names_[from]) + " -> " +
                                name_text(names_[to]) + " is " + message_text(p) + ", outside [0, 1]");
  if (p == 0) return;
  out_[from].push_back({to, std::move(p)});
  // Checked as the count doubles, so that many transitions among few states
  // are refused at the budget too.
  if (++transitions_ >= 1024 && (transitions_ & (transitions_ - 1)) == 0)
    check_state_budget(
        "the chain " + source_,
        markov_model_bytes(static_cast<long double>(names_.size()), static_cast<long double>(transitions_)), 1,
        "bytes");
}

void markov_builder::absorbing(std::size_t s, const std::string& where) {
  check_index(s, where);
  declared_absorbing_[s] = 1;
}

void markov_builder::reward(std::size_t s, const Rational& r, const std::string& where) {
  check_index(s, where);
  if (rewards_[s] && *rewards_[s] != r)
    throw std::invalid_argument(at(where) + ": state " + name_text(names_[s]) + " is given two different rewards, " +
                                message_text(*rewards_[s]) + " and " + message_text(r));
  rewards_[s] = r;
  any_reward_ = true;
}

void markov_builder::declare_label(const std::string& name) {
  if (name.empty()) throw std::invalid_argument(source_ + ": a label name is empty");
  labels_[name];
}

void markov_builder::label(const std::string& name, std::size_t s, const std::string& where) {
  check_index(s, where);
  declare_label(name);
  labels_[name].push_back(s);
}

void markov_builder::start(std::size_t s, const std::string& where) {
  check_index(s, where);
  if (start_ && *start_ != s)
    throw std::invalid_argument(at(where) + ": two start states, " + name_text(names_[*start_]) + " and " +
                                name_text(names_[s]));
  start_ = s;
}

markov_model markov_builder::build() {
  if (names_.empty()) throw std::invalid_argument(source_ + ": the model has no states");
  markov_model m;
  m.source_ = source_;
  const std::size_t n = names_.size();
  for (std::size_t s = 0; s < n; ++s) {
    auto& out = out_[s];
    std::sort(out.begin(), out.end(),
              [](const markov_transition& a, const markov_transition& b) { return a.to < b.to; });
    for (std::size_t i = 1; i < out.size(); ++i)
      if (out[i].to == out[i - 1].to)
        throw std::invalid_argument(source_ + ": the transition " + name_text(names_[s]) + " -> " +
                                    name_text(names_[out[i].to]) + " is listed twice");
    const bool self_loop_only = out.size() == 1 && out[0].to == s && out[0].probability == 1;
    if (declared_absorbing_[s]) {
      if (!out.empty() && !self_loop_only)
        throw std::invalid_argument(source_ + ": state " + name_text(names_[s]) +
                                    " is declared absorbing but has transitions to other states");
      out.clear();
      continue;
    }
    if (out.empty())
      throw std::invalid_argument(source_ + ": state " + name_text(names_[s]) +
                                  " has no transitions and is not declared absorbing");
    if (self_loop_only) {
      out.clear();  // a self-loop of probability 1 is how PRISM writes an absorbing state
      continue;
    }
    out.shrink_to_fit();  // the rows grew by doubling: the model keeps none of the slack
    Rational sum = 0;
    for (const auto& t : out) sum += t.probability;
    if (sum != 1)
      throw std::invalid_argument(source_ + ": the probabilities out of state " + name_text(names_[s]) + " sum to " +
                                  message_text(sum) + ", not 1 (nothing is renormalised)");
  }
  for (auto& [name, states] : labels_) {
    std::sort(states.begin(), states.end());
    states.erase(std::unique(states.begin(), states.end()), states.end());
  }
  m.rewards_.reserve(n);
  for (std::size_t s = 0; s < n; ++s) m.rewards_.push_back(rewards_[s] ? *rewards_[s] : Rational(any_reward_ ? 0 : 1));
  for (const auto& out : out_) m.transition_count_ += out.size();
  m.names_ = std::move(names_);
  m.index_ = std::move(index_);
  m.out_ = std::move(out_);
  m.labels_ = std::move(labels_);
  m.start_ = start_;
  *this = markov_builder(source_);
  return m;
}

}  // namespace exactdp
