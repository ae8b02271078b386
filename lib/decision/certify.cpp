// The witnesses of a certificate from an exact solution (certify.hpp).
#include "exactdp/decision/certify.hpp"

#include <deque>
#include <stdexcept>
#include <string>

#include "exactdp/decision/qualitative.hpp"
#include "exactdp/io/parse.hpp"

namespace exactdp {

namespace {

struct certifier {
  const decision_model& m;
  const decision_query& q;
  decision_witness w;
  std::vector<char> target;
  bool reward = false;

  std::size_t first(std::size_t s) const { return m.choice_begin()[s]; }
  std::size_t last(std::size_t s) const { return m.choice_begin()[s + 1]; }
  bool finite(std::size_t t) const { return w.values[t].has_value(); }

  // reward(c) + Σ p·x(t), nullopt when a successor is infinite.
  std::optional<Rational> choice_value(std::size_t c) const {
    Rational v = reward ? m.reward(c) : Rational(0);
    for (std::size_t e = m.edge_begin()[c]; e < m.edge_begin()[c + 1]; ++e) {
      if (!finite(m.targets()[e])) return std::nullopt;
      v += m.probabilities()[e] * *w.values[m.targets()[e]];
    }
    return v;
  }

  // Breadth-first ranks from the target over the states in `open`: a state
  // s is ranked when every relevant choice (all(s)) or one of them (not
  // all(s); the strategy becomes that choice) has a ranked successor.
  template <class All>
  void ranks(const std::vector<char>& open, All all) {
    const std::size_t n = m.size();
    std::vector<std::size_t> need(n, 0), begin(n + 1, 0), pred;
    std::vector<char> relevant(m.choice_total(), 0), done(m.choice_total(), 0);
    for (std::size_t s = 0; s < n; ++s) {
      if (!open[s] || target[s]) continue;
      const std::optional<Rational>& x = w.values[s];
      for (std::size_t c = first(s); c < last(s); ++c) {
        // Under the existential rule, only the choices that attain the value.
        if (!all(s)) {
          const std::optional<Rational> v = choice_value(c);
          if (!v || *v != *x) continue;
        }
        relevant[c] = 1;
        ++need[s];
      }
      if (!all(s) && need[s] > 0) need[s] = 1;
    }
    for (std::size_t c = 0; c < m.choice_total(); ++c)
      if (relevant[c])
        for (std::size_t e = m.edge_begin()[c]; e < m.edge_begin()[c + 1]; ++e) ++begin[m.targets()[e] + 1];
    for (std::size_t s = 0; s < n; ++s) begin[s + 1] += begin[s];
    pred.resize(begin[n]);
    std::vector<std::size_t> fill(begin.begin(), begin.end() - 1);
    for (std::size_t c = 0; c < m.choice_total(); ++c)
      if (relevant[c])
        for (std::size_t e = m.edge_begin()[c]; e < m.edge_begin()[c + 1]; ++e) pred[fill[m.targets()[e]]++] = c;
    std::deque<std::size_t> queue;
    for (std::size_t s = 0; s < n; ++s)
      if (target[s]) {
        w.rank[s] = 0;
        queue.push_back(s);
      }
    while (!queue.empty()) {
      const std::size_t t = queue.front();
      queue.pop_front();
      for (std::size_t i = begin[t]; i < begin[t + 1]; ++i) {
        const std::size_t c = pred[i];
        if (done[c]) continue;
        done[c] = 1;
        const std::size_t s = m.choice_state(c);
        if (need[s] == 0 || --need[s] > 0) continue;
        w.rank[s] = w.rank[t] + 1;
        if (!all(s)) w.strategy[s] = static_cast<std::uint32_t>(c - first(s));
        queue.push_back(s);
      }
    }
    for (std::size_t s = 0; s < n; ++s)
      if (open[s] && w.rank[s] < 0)
        throw no_witness_error("no certificate: state " + name_text(m.name(s)) +
                                   " has a value that needs the target to be reached, but no rank reaches it",
                               s, no_witness_error::witness::reach);
  }

  // Levels of the infinite states (verify.hpp): at each level, the greatest
  // set X of the remaining ones where every choice (all) or one choice
  // (not all; it becomes the strategy) reaches a lower level or stays in
  // the lower levels and X.
  void infinite_ranks(const std::vector<char>& infinite, bool all) {
    const std::size_t n = m.size();
    std::vector<std::size_t> remaining;
    for (std::size_t s = 0; s < n; ++s)
      if (infinite[s]) remaining.push_back(s);
    std::vector<char> in_x(n, 0);
    auto choice_ok = [&](std::size_t c) {
      bool lower = false, stays = true;
      for (std::size_t e = m.edge_begin()[c]; e < m.edge_begin()[c + 1]; ++e) {
        const std::size_t t = m.targets()[e];
        lower = lower || (infinite[t] && w.rank[t] >= 0);
        stays = stays && infinite[t] && (w.rank[t] >= 0 || in_x[t]);
      }
      return lower || stays;
    };
    auto state_ok = [&](std::size_t s) -> std::optional<std::uint32_t> {
      if (last(s) == first(s)) return 0;
      for (std::size_t c = first(s); c < last(s); ++c) {
        const bool ok = choice_ok(c);
        if (all && !ok) return std::nullopt;
        if (!all && ok) return static_cast<std::uint32_t>(c - first(s));
      }
      if (all) return 0;
      return std::nullopt;
    };
    for (std::int64_t level = 0; !remaining.empty(); ++level) {
      for (const std::size_t s : remaining) in_x[s] = 1;
      for (bool changed = true; changed;) {
        changed = false;
        for (const std::size_t s : remaining)
          if (in_x[s] && !state_ok(s)) {
            in_x[s] = 0;
            changed = true;
          }
      }
      std::vector<std::size_t> rest;
      std::vector<std::pair<std::size_t, std::uint32_t>> chosen;
      for (const std::size_t s : remaining) {
        if (in_x[s])
          chosen.emplace_back(s, *state_ok(s));
        else
          rest.push_back(s);
      }
      if (chosen.empty())
        throw no_witness_error("no certificate: state " + name_text(m.name(remaining.front())) +
                                   " has an infinite value, but no witness shows the target missed",
                               remaining.front(), no_witness_error::witness::infinite);
      for (const auto& [s, c] : chosen) {
        w.rank[s] = level;
        if (!all) w.strategy[s] = c;
        in_x[s] = 0;
      }
      remaining = std::move(rest);
    }
  }
};

// A game (verify.hpp): the play stops at the target and the terminal
// states; each player's choice attains the value; the states above e (what
// a play that never ends pays) are ranked as the maximiser's attractor of
// the stopping states (every choice of min, an attaining choice of max,
// which becomes its strategy), those below e as the minimiser's.
void certify_game(certifier& c, const Rational& e) {
  const decision_model& m = c.m;
  for (std::size_t s = 0; s < m.size(); ++s) {
    if (m.owner(s) == state_owner::terminal) c.target[s] = 1;
    if (c.target[s] || c.first(s) == c.last(s)) continue;
    if (*c.choice_value(c.first(s) + c.w.strategy[s]) == *c.w.values[s]) continue;
    for (std::size_t k = c.first(s); k < c.last(s); ++k)
      if (*c.choice_value(k) == *c.w.values[s]) {
        c.w.strategy[s] = static_cast<std::uint32_t>(k - c.first(s));
        break;
      }
  }
  std::vector<char> above(m.size(), 0), below(m.size(), 0);
  for (std::size_t s = 0; s < m.size(); ++s) {
    above[s] = c.target[s] || *c.w.values[s] > e ? 1 : 0;
    below[s] = c.target[s] || *c.w.values[s] < e ? 1 : 0;
  }
  c.ranks(above, [&m](std::size_t s) { return m.owner(s) != state_owner::max; });
  c.ranks(below, [&m](std::size_t s) { return m.owner(s) != state_owner::min; });
}

}  // namespace

decision_witness certify_decision(const decision_model& m, const decision_query& q,
                                  const decision_solution<Rational>& sol) {
  const decision_objective o = q.objective;
  const std::size_t n = m.size();
  if (sol.value.size() != n || sol.infinite.size() != n || sol.strategy.size() != n)
    throw std::invalid_argument("certify_decision: a solution of another size than the model");
  certifier c{m, q, {}, state_set(m, q.target), o == decision_objective::rmax || o == decision_objective::rmin};
  c.w.strategy = sol.strategy;
  c.w.rank.assign(n, -1);
  for (std::size_t s = 0; s < n; ++s)
    c.w.values.push_back(sol.infinite[s] && !c.target[s] ? std::nullopt : std::optional<Rational>(sol.value[s]));
  if (o == decision_objective::reach_game || o == decision_objective::payoff_game) {
    certify_game(c, o == decision_objective::payoff_game ? q.default_payoff : Rational(0));
    return c.w;
  }
  std::vector<char> open(n, 0), infinite(n, 0);
  for (std::size_t s = 0; s < n; ++s) {
    if (c.reward) {
      open[s] = c.finite(s) ? 1 : 0;
      infinite[s] = c.finite(s) ? 0 : 1;
    } else {
      open[s] = c.target[s] || *c.w.values[s] != 0 ? 1 : 0;
    }
  }
  // pmin: the states of value 0 keep to themselves under the strategy.
  if (o == decision_objective::pmin)
    for (std::size_t s = 0; s < n; ++s) {
      if (open[s] || c.first(s) == c.last(s)) continue;
      bool found = false;
      for (std::size_t k = c.first(s); k < c.last(s) && !found; ++k) {
        found = true;
        for (std::size_t e = m.edge_begin()[k]; e < m.edge_begin()[k + 1]; ++e) found = found && !open[m.targets()[e]];
        if (found) c.w.strategy[s] = static_cast<std::uint32_t>(k - c.first(s));
      }
      if (!found)
        throw no_witness_error(
            "no certificate: state " + name_text(m.name(s)) + " has Pmin 0, but every choice can reach the target", s,
            no_witness_error::witness::closed);
    }
  const bool all = o == decision_objective::pmin || o == decision_objective::rmax;
  c.ranks(open, [all](std::size_t) { return all; });
  if (c.reward) c.infinite_ranks(infinite, o == decision_objective::rmin);
  return c.w;
}

}  // namespace exactdp
