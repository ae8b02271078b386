// Exact lumping by signature refinement (lump.hpp): each round sorts the
// states by (block, signature), a signature being the sorted list of
// (block, summed probability) of a state's transitions, and renumbers the
// blocks; no recursion, memory O(n + m).
#include "exactdp/markov/lump.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/errors.hpp"

namespace exactdp {
namespace {

// Renumbers classes so that they count from 0 in the order of their
// smallest state; returns the first state of each.
std::vector<std::size_t> number_by_first_state(std::vector<std::size_t>& cls, std::size_t classes) {
  constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::vector<std::size_t> renumber(classes, none), first;
  for (std::size_t s = 0; s < cls.size(); ++s) {
    std::size_t& r = renumber[cls[s]];
    if (r == none) {
      r = first.size();
      first.push_back(s);
    }
    cls[s] = r;
  }
  return first;
}

// The states sorted by `less`, then numbered: equal neighbours share a number.
template <class Less>
std::size_t classes_by(std::vector<std::size_t>& cls, Less less) {
  const std::size_t n = cls.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), less);
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0 && less(order[i - 1], order[i])) ++count;
    cls[order[i]] = count;
  }
  return n == 0 ? 0 : count + 1;
}

// Bytes of one signature entry: the block, a Rational and its limbs.
constexpr std::size_t signature_entry_bytes = sizeof(std::size_t) + sizeof(Rational) + 32;

}  // namespace

std::vector<std::size_t> lumping_classes(const markov_model& model,
                                         const std::optional<std::vector<std::size_t>>& target, bool absorbing_apart) {
  const std::size_t n = model.size();
  check_state_budget("the lumping's initial partition of " + std::to_string(n) + " states", static_cast<long double>(n),
                     3 * sizeof(std::size_t) + 1);
  std::vector<char> in_target(n, 0);
  if (target)
    for (const std::size_t s : *target) {
      if (s >= n)
        throw std::invalid_argument("lumping: the target state " + std::to_string(s) +
                                    " is not a state of the chain (it has " + std::to_string(n) + " states)");
      in_target[s] = 1;
    }
  std::vector<std::size_t> cls(n, 0);
  auto key_less = [&](std::size_t a, std::size_t b) {
    if (in_target[a] != in_target[b]) return in_target[a] < in_target[b];
    const bool aa = model.is_absorbing(a), ab = model.is_absorbing(b);
    if (aa != ab) return aa < ab;
    if (absorbing_apart && aa && a != b) return a < b;
    return model.reward(a) < model.reward(b);
  };
  const std::size_t count = classes_by(cls, key_less);
  number_by_first_state(cls, count);
  return cls;
}

markov_lumping coarsest_lumping(const markov_model& model, std::span<const std::size_t> initial) {
  const std::size_t n = model.size();
  if (initial.size() != n)
    throw std::invalid_argument("lumping: the initial partition names " + std::to_string(initial.size()) +
                                " states, and the chain has " + std::to_string(n));
  const std::size_t m = model.transition_count();
  const std::string what =
      "the exact lumping of " + std::to_string(n) + " states and " + std::to_string(m) + " transitions";
  check_state_budget(what, static_cast<long double>(m) + static_cast<long double>(n),
                     signature_entry_bytes + 4 * sizeof(std::size_t));
  // One round: m entries sorted within rows, n states sorted by signature,
  // each step an exact comparison, copy or addition of a few words: about 4
  // elementary steps, measured (a line of 10,002 states, 10,000 rounds of
  // 5.7e5 such steps, took 29-44 s; the budget's step is 1.5 ns).
  const long double round_work = 4 * (static_cast<long double>(m) + static_cast<long double>(n)) *
                                 (4 + std::log2(static_cast<long double>(m + n) + 2));
  check_work_budget(what + " (one refinement round)", round_work);

  markov_lumping out;
  {
    // Classes numbered 0..k-1 whatever numbers `initial` uses.
    std::vector<std::size_t> cls(n);
    const std::size_t count = classes_by(cls, [&](std::size_t a, std::size_t b) { return initial[a] < initial[b]; });
    out.block = std::move(cls);
    out.first = number_by_first_state(out.block, count);
  }
  std::vector<std::size_t> sig_begin(n + 1, 0);
  std::vector<std::size_t> sig_block;
  std::vector<Rational> sig_probability;
  sig_block.reserve(m);
  sig_probability.reserve(m);
  std::vector<std::pair<std::size_t, const Rational*>> row;
  std::uint64_t polls = 0;
  while (true) {
    poll_interrupt();
    ++out.rounds;
    check_work_budget(what + " (" + std::to_string(out.rounds) + " refinement rounds)",
                      round_work * static_cast<long double>(out.rounds));
    // The signatures: per state, (block, summed probability) by block.
    sig_block.clear();
    sig_probability.clear();
    for (std::size_t s = 0; s < n; ++s) {
      poll_interrupt_every_4096(polls);
      row.clear();
      for (const markov_transition& t : model.transitions(s)) row.emplace_back(out.block[t.to], &t.probability);
      std::sort(row.begin(), row.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      for (std::size_t i = 0; i < row.size(); ++i) {
        if (i > 0 && row[i].first == row[i - 1].first) {
          sig_probability.back() += *row[i].second;
        } else {
          sig_block.push_back(row[i].first);
          sig_probability.push_back(*row[i].second);
        }
      }
      sig_begin[s + 1] = sig_block.size();
    }
    // Split every block by signature.
    auto less = [&](std::size_t a, std::size_t b) {
      if (out.block[a] != out.block[b]) return out.block[a] < out.block[b];
      const std::size_t la = sig_begin[a + 1] - sig_begin[a], lb = sig_begin[b + 1] - sig_begin[b];
      if (la != lb) return la < lb;
      for (std::size_t i = 0; i < la; ++i) {
        const std::size_t ea = sig_begin[a] + i, eb = sig_begin[b] + i;
        if (sig_block[ea] != sig_block[eb]) return sig_block[ea] < sig_block[eb];
        const int c = sig_probability[ea].compare(sig_probability[eb]);
        if (c != 0) return c < 0;
      }
      return false;
    };
    std::vector<std::size_t> next(n);
    const std::size_t count = classes_by(next, less);
    if (count == out.first.size()) break;  // nothing split: stable
    out.first = number_by_first_state(next, count);
    out.block = std::move(next);
  }
  return out;
}

markov_quotient lumped_model(const markov_model& model, const markov_lumping& lumping) {
  const std::size_t n = model.size();
  const std::size_t k = lumping.block_count();
  if (lumping.block.size() != n)
    throw std::invalid_argument("lumping: the partition names " + std::to_string(lumping.block.size()) +
                                " states, and the chain has " + std::to_string(n));
  for (const std::size_t b : lumping.block)
    if (b >= k)
      throw std::invalid_argument("lumping: block " + std::to_string(b) + " is out of range (there are " +
                                  std::to_string(k) + " blocks)");
  for (std::size_t b = 0; b < k; ++b)
    if (lumping.first[b] >= n || lumping.block[lumping.first[b]] != b)
      throw std::invalid_argument("lumping: the first state of block " + std::to_string(b) + " is not in it");

  markov_quotient out;
  markov_builder builder(model.source());
  builder.reserve(k);
  for (std::size_t b = 0; b < k; ++b) builder.state(model.name(lumping.first[b]));
  out.block_of.resize(k);
  std::iota(out.block_of.begin(), out.block_of.end(), std::size_t{0});
  builder.reward_structure();
  std::vector<std::pair<std::size_t, const Rational*>> row;
  std::uint64_t polls = 0;
  for (std::size_t b = 0; b < k; ++b) {
    poll_interrupt_every_4096(polls);
    const std::size_t r = lumping.first[b];
    builder.reward(b, model.reward(r));
    if (model.is_absorbing(r)) {
      builder.absorbing(b);
      continue;
    }
    row.clear();
    for (const markov_transition& t : model.transitions(r)) row.emplace_back(lumping.block[t.to], &t.probability);
    std::sort(row.begin(), row.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    if (row.front().first == b && row.back().first == b) {
      // Closed and not absorbing: a cycle with a twin.
      std::string name = model.name(r) + "~";
      while (builder.find(name)) name += "~";
      const std::size_t twin = builder.state(name);
      out.block_of.push_back(b);
      builder.reward(twin, model.reward(r));
      builder.transition(b, twin, 1);
      builder.transition(twin, b, 1);
      continue;
    }
    Rational sum = 0;
    for (std::size_t i = 0; i < row.size(); ++i) {
      sum += *row[i].second;
      if (i + 1 == row.size() || row[i + 1].first != row[i].first) {
        builder.transition(b, row[i].first, sum);
        sum = 0;
      }
    }
  }
  for (const auto& [label, states] : model.labels()) {
    std::vector<std::size_t> count(k, 0), size(k, 0);
    for (const std::size_t s : states) ++count[lumping.block[s]];
    for (std::size_t s = 0; s < n; ++s) ++size[lumping.block[s]];
    bool respected = true;
    for (std::size_t b = 0; b < k && respected; ++b) respected = count[b] == 0 || count[b] == size[b];
    if (!respected) continue;
    builder.declare_label(label);
    for (std::size_t q = 0; q < out.block_of.size(); ++q)
      if (count[out.block_of[q]] > 0) builder.label(label, q);
  }
  if (model.start()) builder.start(lumping.block[*model.start()]);
  out.model = builder.build();
  return out;
}

std::vector<std::size_t> lumped_states(const markov_quotient& quotient, const markov_lumping& lumping,
                                       std::span<const std::size_t> states) {
  std::vector<char> hit(lumping.block_count(), 0);
  for (const std::size_t s : states) {
    if (s >= lumping.block.size())
      throw std::invalid_argument("lumping: state " + std::to_string(s) + " is not a state of the chain (it has " +
                                  std::to_string(lumping.block.size()) + " states)");
    hit[lumping.block[s]] = 1;
  }
  std::vector<std::size_t> out;
  for (std::size_t q = 0; q < quotient.block_of.size(); ++q)
    if (hit.at(quotient.block_of[q])) out.push_back(q);
  return out;
}

}  // namespace exactdp
