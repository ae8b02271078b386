// The arithmetic-free part of solve.hpp: validating a query, the graph
// analysis that settles states, and the components left to strategy
// iteration.
#include "exactdp/decision/solve.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "exactdp/io/parse.hpp"

namespace exactdp::detail {

namespace {
bool is_reward(decision_objective o) { return o == decision_objective::rmax || o == decision_objective::rmin; }
bool is_mdp_query(decision_objective o) {
  return o == decision_objective::pmax || o == decision_objective::pmin || is_reward(o);
}
// A choice of s none of whose successors is in `region` (the first choice
// when there is none): how the avoiding player stays out of an attractor.
std::uint32_t avoiding_choice(const decision_model& m, std::size_t s, const std::vector<char>& region) {
  const auto& cb = m.choice_begin();
  const auto& eb = m.edge_begin();
  for (std::size_t c = cb[s]; c < cb[s + 1]; ++c) {
    bool out = true;
    for (std::size_t e = eb[c]; e < eb[c + 1] && out; ++e) out = !region[m.targets()[e]];
    if (out) return static_cast<std::uint32_t>(c - cb[s]);
  }
  return 0;
}
}  // namespace

void check_decision_query(const decision_model& m, const decision_query& q) {
  if (static_cast<unsigned>(q.objective) > static_cast<unsigned>(decision_objective::payoff_game))
    throw std::invalid_argument("decision query: unknown objective");
  for (const std::size_t s : q.target)
    if (s >= m.size())
      throw std::invalid_argument(m.source() + ": target state " + std::to_string(s) +
                                  " is out of range (the model has " + std::to_string(m.size()) + " states)");
  if (q.objective == decision_objective::payoff_game && !q.target.empty())
    throw std::invalid_argument(m.source() +
                                ": a payoff game has no target: its plays end in terminal states, whose payoffs count");
  if (is_mdp_query(q.objective) && m.count(state_owner::max) > 0 && m.count(state_owner::min) > 0)
    throw std::invalid_argument(m.source() + ": the query " + to_string(q.objective) +
                                " is for a Markov decision process (one player), but the model has states of both "
                                "players; ask for the value of the game (reach or payoff) instead");
  if (is_reward(q.objective))
    for (std::size_t c = 0; c < m.choice_total(); ++c)
      if (m.reward(c) < 0)
        throw std::invalid_argument(m.source() + ": a choice of state " + name_text(m.name(m.choice_state(c))) +
                                    " has the negative reward " + message_text(m.reward(c)) +
                                    "; expected total rewards (" + to_string(q.objective) +
                                    ") need rewards >= 0, as in PRISM and Storm");
}

decision_setup prepare_decision(const decision_model& m, const decision_query& q) {
  check_decision_query(m, q);
  const std::size_t n = m.size();
  decision_setup su;
  su.reward = is_reward(q.objective);
  su.is_target = state_set(m, q.target);
  switch (q.objective) {
    case decision_objective::pmax:
    case decision_objective::rmax:
      su.owner = owners_as(m, state_owner::max);
      break;
    case decision_objective::pmin:
    case decision_objective::rmin:
      su.owner = owners_as(m, state_owner::min);
      break;
    default:
      su.owner.resize(n);
      for (std::size_t s = 0; s < n; ++s) su.owner[s] = m.owner(s);
  }
  su.state.assign(n, settled::open);
  su.allowed.assign(m.choice_total(), 1);
  su.initial.assign(n, 0);
  const auto& cb = m.choice_begin();
  const auto& eb = m.edge_begin();
  const auto& to = m.targets();
  if (q.objective == decision_objective::payoff_game) {
    // Terminals stop the play; a state that reaches no terminal whose payoff
    // differs from the default is worth the default.
    std::vector<char> matters(n, 0);
    std::vector<std::vector<std::size_t>> back(n);
    std::vector<std::size_t> queue;
    for (std::size_t s = 0; s < n; ++s) {
      for (std::size_t e = eb[cb[s]]; e < eb[cb[s + 1]]; ++e) back[to[e]].push_back(s);
      if (m.owner(s) == state_owner::terminal) {
        su.state[s] = settled::stop;
        if (m.payoff(s) != q.default_payoff) {
          matters[s] = 1;
          queue.push_back(s);
        }
      }
    }
    for (std::size_t head = 0; head < queue.size(); ++head)
      for (const std::size_t p : back[queue[head]])
        if (!matters[p]) {
          matters[p] = 1;
          queue.push_back(p);
        }
    for (std::size_t s = 0; s < n; ++s)
      if (!matters[s] && su.state[s] == settled::open) su.state[s] = settled::zero;
  } else if (!su.reward) {
    const reach_region positive = positive_reach_region(m, su.is_target, su.owner);
    const reach_region sure = almost_sure_reach_region(m, su.is_target, su.owner);
    for (std::size_t s = 0; s < n; ++s) {
      if (su.is_target[s]) {
        su.state[s] = settled::stop;
      } else if (!positive.in[s]) {
        su.state[s] = settled::zero;
        su.initial[s] = avoiding_choice(m, s, positive.in);  // the minimiser keeps the play out
      } else if (sure.in[s]) {
        su.state[s] = settled::one;
        su.initial[s] = sure.choice[s];
      } else if (su.owner[s] == state_owner::max) {
        su.initial[s] = positive.choice[s];
      }
    }
  } else {
    // rmax: finite exactly where every strategy reaches the target almost
    // surely (Prob1A); rmin: where some strategy does (Prob1E).
    const state_owner analysed = q.objective == decision_objective::rmax ? state_owner::min : state_owner::max;
    const reach_region sure = almost_sure_reach_region(m, su.is_target, owners_as(m, analysed));
    for (std::size_t s = 0; s < n; ++s) {
      if (su.is_target[s])
        su.state[s] = settled::stop;
      else if (!sure.in[s])
        su.state[s] = settled::infinite;
      else
        su.initial[s] = sure.choice[s];
    }
    if (q.objective == decision_objective::rmax) {
      // An optimal (infinite) choice where the value is infinite: stay out of
      // the target forever where Pmin = 0, else head there with positive
      // probability.
      const reach_region hit = positive_reach_region(m, su.is_target, owners_as(m, state_owner::min));
      std::vector<char> avoid(n, 0);
      for (std::size_t s = 0; s < n; ++s) avoid[s] = hit.in[s] ? 0 : 1;
      const reach_region toward = positive_reach_region(m, avoid, owners_as(m, state_owner::max));
      for (std::size_t s = 0; s < n; ++s)
        if (su.state[s] == settled::infinite && m.choice_count(s) > 0)
          su.initial[s] = avoid[s] ? avoiding_choice(m, s, hit.in) : toward.choice[s];
    }
    for (std::size_t s = 0; s < n; ++s) {
      if (su.state[s] != settled::open) continue;
      for (std::size_t c = cb[s]; c < cb[s + 1]; ++c)
        for (std::size_t e = eb[c]; e < eb[c + 1]; ++e)
          if (su.state[to[e]] == settled::infinite) su.allowed[c] = 0;
    }
  }
  std::vector<char> open(n, 0);
  for (std::size_t s = 0; s < n; ++s) open[s] = su.state[s] == settled::open ? 1 : 0;
  su.components = open_components(m, open, su.allowed);
  return su;
}

long double decision_state_bits(const decision_model& m, std::size_t s) {
  long double bits = 0;
  const auto& eb = m.edge_begin();
  for (std::size_t c = m.choice_begin()[s]; c < m.choice_begin()[s + 1]; ++c)
    for (std::size_t e = eb[c]; e < eb[c + 1]; ++e)
      bits = std::max(bits, static_cast<long double>(msb(denominator(m.probabilities()[e])) + 1));
  return bits;
}

}  // namespace exactdp::detail
