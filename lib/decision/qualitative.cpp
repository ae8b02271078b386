// The graph analyses of qualitative.hpp: attractors over predecessor lists,
// and Tarjan's components with an explicit stack.
#include "exactdp/decision/qualitative.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "exactdp/io/parse.hpp"

namespace exactdp {

namespace {

// For each state t, the global choices with a transition into t (each
// choice at most once per t: a choice lists each successor once).
struct predecessors {
  std::vector<std::size_t> begin, choice;
};

predecessors predecessors_of(const decision_model& m) {
  const std::size_t n = m.size();
  const auto& targets = m.targets();
  const auto& eb = m.edge_begin();
  predecessors p;
  p.begin.assign(n + 1, 0);
  for (const std::size_t t : targets) ++p.begin[t + 1];
  for (std::size_t s = 0; s < n; ++s) p.begin[s + 1] += p.begin[s];
  p.choice.resize(targets.size());
  std::vector<std::size_t> fill(p.begin.begin(), p.begin.end() - 1);
  for (std::size_t c = 0; c < m.choice_total(); ++c)
    for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) p.choice[fill[targets[e]]++] = c;
  return p;
}

void check_sizes(const decision_model& m, const std::vector<char>& target, std::span<const state_owner> owner) {
  if (target.size() != m.size() || owner.size() != m.size())
    throw std::invalid_argument("reach region: the target and owner arrays must have one entry per state (" +
                                std::to_string(m.size()) + ")");
  for (std::size_t s = 0; s < m.size(); ++s)
    if ((owner[s] == state_owner::terminal) != (m.choice_count(s) == 0))
      throw std::invalid_argument("reach region: state " + name_text(m.name(s)) + " is given the owner " +
                                  to_string(owner[s]) + " but has " + std::to_string(m.choice_count(s)) + " choices");
}

// The attractor of `target` inside `inside` (every state when empty), using
// only the choices with safe[c] (every choice when empty).
reach_region attract(const decision_model& m, const predecessors& pred, const std::vector<char>& target,
                     std::span<const state_owner> owner, const std::vector<char>& inside,
                     const std::vector<char>& safe) {
  const std::size_t n = m.size();
  const auto& cb = m.choice_begin();
  reach_region r;
  r.in.assign(n, 0);
  r.choice.assign(n, 0);
  std::vector<char> hit(m.choice_total(), 0);
  std::vector<std::uint32_t> hits(n, 0);
  std::vector<std::size_t> queue;
  for (std::size_t s = 0; s < n; ++s)
    if (target[s]) {
      r.in[s] = 1;
      queue.push_back(s);
    }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::size_t t = queue[head];
    for (std::size_t i = pred.begin[t]; i < pred.begin[t + 1]; ++i) {
      const std::size_t c = pred.choice[i];
      if (hit[c] || (!safe.empty() && !safe[c])) continue;
      hit[c] = 1;
      const std::size_t s = m.choice_state(c);
      if (r.in[s] || (!inside.empty() && !inside[s])) continue;
      bool add = false;
      if (owner[s] == state_owner::min)
        add = ++hits[s] == cb[s + 1] - cb[s];
      else if (owner[s] != state_owner::terminal)
        add = true;
      if (add) {
        r.in[s] = 1;
        r.choice[s] = static_cast<std::uint32_t>(c - cb[s]);
        queue.push_back(s);
      }
    }
  }
  r.count = queue.size();
  return r;
}

}  // namespace

reach_region positive_reach_region(const decision_model& m, const std::vector<char>& target,
                                   std::span<const state_owner> owner) {
  check_sizes(m, target, owner);
  return attract(m, predecessors_of(m), target, owner, {}, {});
}

// The greatest fixed point of the classical algorithm (de Alfaro 1997:
// keep the states from which the target stays reachable using only choices
// that stay in the set), computed per strongly connected component, sinks
// first. A state's membership depends only on the states it can reach, so
// each component is decided given the final answer below it, and its
// rounds cost its own transitions: O(Σ rounds_K · m_K), where the whole
// model's rounds were O(n·m) on a long chain of components.
reach_region almost_sure_reach_region(const decision_model& m, const std::vector<char>& target,
                                      std::span<const state_owner> owner) {
  check_sizes(m, target, owner);
  const std::size_t n = m.size();
  const auto& cb = m.choice_begin();
  const auto& eb = m.edge_begin();
  const auto& targets = m.targets();
  const predecessors pred = predecessors_of(m);
  reach_region r;
  r.in.assign(n, 0);
  r.choice.assign(n, 0);
  std::vector<char> open(n, 0);
  for (std::size_t s = 0; s < n; ++s) {
    if (target[s]) {
      r.in[s] = 1;
      ++r.count;
    } else {
      open[s] = owner[s] != state_owner::terminal ? 1 : 0;
    }
  }
  const detail::decision_components comps = detail::open_components(m, open, std::vector<char>(m.choice_total(), 1));
  constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::vector<std::size_t> comp_of(n, none), queue;
  for (std::size_t k = 0; k < comps.count(); ++k)
    for (std::size_t i = comps.begin[k]; i < comps.begin[k + 1]; ++i) comp_of[comps.states[i]] = k;
  // cand: the component's states still in the set; reached: the attractor
  // of this round; hit/hits: as in attract.
  std::vector<char> cand(n, 0), reached(n, 0), safe(m.choice_total(), 0), hit(m.choice_total(), 0);
  std::vector<std::uint32_t> hits(n, 0);
  for (std::size_t k = 0; k < comps.count(); ++k) {
    const std::span<const std::size_t> comp(comps.states.data() + comps.begin[k], comps.begin[k + 1] - comps.begin[k]);
    for (const std::size_t s : comp) cand[s] = 1;
    std::size_t size = comp.size();
    auto take = [&](std::size_t c) {
      if (hit[c] || !safe[c]) return;
      hit[c] = 1;
      const std::size_t s = m.choice_state(c);
      if (!cand[s] || reached[s]) return;
      if (owner[s] == state_owner::min && ++hits[s] != cb[s + 1] - cb[s]) return;
      reached[s] = 1;
      r.choice[s] = static_cast<std::uint32_t>(c - cb[s]);
      queue.push_back(s);
    };
    while (true) {
      queue.clear();
      for (const std::size_t s : comp) {
        reached[s] = 0;
        hits[s] = 0;
        for (std::size_t c = cb[s]; c < cb[s + 1]; ++c) {
          hit[c] = 0;
          bool ok = cand[s] != 0;
          for (std::size_t e = eb[c]; e < eb[c + 1] && ok; ++e) {
            const std::size_t t = targets[e];
            ok = r.in[t] || (comp_of[t] == k && cand[t]);
          }
          safe[c] = ok ? 1 : 0;
        }
      }
      // Seeds: the choices into the settled part (targets, components below).
      for (const std::size_t s : comp)
        for (std::size_t c = cb[s]; c < cb[s + 1]; ++c)
          for (std::size_t e = eb[c]; e < eb[c + 1]; ++e)
            if (r.in[targets[e]]) {
              take(c);
              break;
            }
      for (std::size_t head = 0; head < queue.size(); ++head) {
        const std::size_t t = queue[head];
        for (std::size_t i = pred.begin[t]; i < pred.begin[t + 1]; ++i)
          if (comp_of[m.choice_state(pred.choice[i])] == k) take(pred.choice[i]);
      }
      const bool stable = queue.size() == size;
      for (const std::size_t s : comp) cand[s] = reached[s];
      size = queue.size();
      if (stable || size == 0) break;
    }
    for (const std::size_t s : comp) {
      r.in[s] = reached[s];
      if (!reached[s]) r.choice[s] = 0;
      cand[s] = 0;
    }
    r.count += size;
  }
  return r;
}

std::vector<state_owner> owners_as(const decision_model& m, state_owner player) {
  std::vector<state_owner> o(m.size());
  for (std::size_t s = 0; s < m.size(); ++s) {
    const state_owner k = m.owner(s);
    o[s] = (k == state_owner::max || k == state_owner::min) ? player : k;
  }
  return o;
}

namespace {
std::vector<char> complement(std::vector<char> v) {
  for (char& x : v) x = x ? 0 : 1;
  return v;
}
}  // namespace

std::vector<char> prob0a(const decision_model& m, const std::vector<char>& target) {
  return complement(positive_reach_region(m, target, owners_as(m, state_owner::max)).in);
}
std::vector<char> prob0e(const decision_model& m, const std::vector<char>& target) {
  return complement(positive_reach_region(m, target, owners_as(m, state_owner::min)).in);
}
std::vector<char> prob1e(const decision_model& m, const std::vector<char>& target) {
  return almost_sure_reach_region(m, target, owners_as(m, state_owner::max)).in;
}
std::vector<char> prob1a(const decision_model& m, const std::vector<char>& target) {
  return almost_sure_reach_region(m, target, owners_as(m, state_owner::min)).in;
}
std::vector<char> game_prob0(const decision_model& m, const std::vector<char>& target) {
  std::vector<state_owner> o(m.size());
  for (std::size_t s = 0; s < m.size(); ++s) o[s] = m.owner(s);
  return complement(positive_reach_region(m, target, o).in);
}
std::vector<char> game_prob1(const decision_model& m, const std::vector<char>& target) {
  std::vector<state_owner> o(m.size());
  for (std::size_t s = 0; s < m.size(); ++s) o[s] = m.owner(s);
  return almost_sure_reach_region(m, target, o).in;
}

std::vector<char> state_set(const decision_model& m, std::span<const std::size_t> states) {
  std::vector<char> v(m.size(), 0);
  for (const std::size_t s : states) {
    if (s >= m.size())
      throw std::invalid_argument(m.source() + ": state " + std::to_string(s) + " is out of range (the model has " +
                                  std::to_string(m.size()) + " states)");
    v[s] = 1;
  }
  return v;
}

namespace detail {

decision_components csr_components(std::size_t n, const std::vector<std::size_t>& begin,
                                   const std::vector<std::size_t>& adj) {
  constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::vector<std::size_t> index(n, none), low(n, 0);
  std::vector<char> on_stack(n, 0);
  std::vector<std::size_t> stack;
  struct frame {
    std::size_t v, next;  // vertex and the position of its next edge
  };
  std::vector<frame> calls;
  decision_components out;
  out.states.reserve(n);
  std::size_t counter = 0;
  auto visit = [&](std::size_t v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = 1;
    calls.push_back({v, begin[v]});
  };
  for (std::size_t root = 0; root < n; ++root) {
    if (index[root] != none) continue;
    visit(root);
    while (!calls.empty()) {
      frame& f = calls.back();
      const std::size_t v = f.v;
      if (f.next < begin[v + 1]) {
        const std::size_t w = adj[f.next++];
        if (index[w] == none) {
          visit(w);  // invalidates f
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      calls.pop_back();
      if (!calls.empty()) low[calls.back().v] = std::min(low[calls.back().v], low[v]);
      if (low[v] == index[v]) {
        std::size_t w;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[w] = 0;
          out.states.push_back(w);
        } while (w != v);
        out.begin.push_back(out.states.size());
      }
    }
  }
  return out;
}

decision_components open_components(const decision_model& m, const std::vector<char>& open,
                                    const std::vector<char>& allowed) {
  const std::size_t n = m.size();
  const auto& cb = m.choice_begin();
  const auto& eb = m.edge_begin();
  const auto& targets = m.targets();
  constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::vector<std::size_t> local(n, none), global;
  for (std::size_t s = 0; s < n; ++s)
    if (open[s]) {
      local[s] = global.size();
      global.push_back(s);
    }
  std::vector<std::size_t> begin{0}, adj;
  for (const std::size_t s : global) {
    for (std::size_t c = cb[s]; c < cb[s + 1]; ++c) {
      if (!allowed[c]) continue;
      for (std::size_t e = eb[c]; e < eb[c + 1]; ++e)
        if (local[targets[e]] != none) adj.push_back(local[targets[e]]);
    }
    begin.push_back(adj.size());
  }
  decision_components comps = csr_components(global.size(), begin, adj);
  for (std::size_t& s : comps.states) s = global[s];
  return comps;
}

}  // namespace detail

}  // namespace exactdp
