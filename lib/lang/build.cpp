// The state-space builder of the symbolic model (exactdp/lang/build.hpp).
#include "exactdp/lang/build.hpp"

#include <algorithm>
#include <bit>
#include <unordered_map>

#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp::lang {

void state_space::unpack(std::size_t s, std::int64_t* out) const {
  const std::uint64_t* w = packed.data() + s * words;
  for (std::size_t v = 0; v < slots.size(); ++v) {
    const variable_slot& x = slots[v];
    const std::uint64_t mask = x.bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << x.bits) - 1;
    out[v] = x.low + static_cast<std::int64_t>((w[x.word] >> x.shift) & mask);
  }
}

std::string describe_state(const symbolic_model& model, const state_space& space, std::size_t s, std::size_t shown) {
  std::string out = "(";
  for (std::size_t v = 0; v < model.variables.size(); ++v) {
    if (v == shown) {
      out += ", ...";
      break;
    }
    const std::int64_t x = space.value(s, v);
    out += (v ? ", " : "") + model.variables[v].name + "=" +
           (model.variables[v].boolean ? (x ? "true" : "false") : std::to_string(x));
  }
  return out + ")";
}

namespace {

// The build's work in the budget's elementary steps (4e10 steps: about a
// minute, 1.5 ns a step). Measured (Release, 2 cores shared):
// - an expression node evaluated: about 6 ns (a guard formula of 3^12
//   leaves, 1.06M nodes: 5.3 to 10 ms a state, by the load), so 6 steps
//   a node;
// - a transition built (its updates, packing, hash lookup, tables): 0.36
//   us a state of 2 transitions at 10^6 states and 0.63 us at 10^7
//   (big1.pm: 2 variables, 1 word; the hash table leaves the caches), so
//   128 steps a transition plus 16 a variable or word of it, and 16 a
//   module taking part in it (a product of probabilities each).
// Each guard tested and each update or probability evaluated counts as
// the nodes of its tree (expression_steps), a formula or function called
// twice counted twice, as the evaluator walks it.
constexpr long double steps_per_node = 6;
constexpr long double steps_per_transition = 128;
constexpr long double steps_per_transition_slot = 16;
constexpr long double steps_per_part = 16;
// Interrupts are polled and the budgets checked every this many steps
// (about 1.5 ms), whatever the states cost, and when the work passes the
// work budget.
constexpr long double steps_between_checks = 1 << 20;
// A state's product of choices or branches is checked against the budgets
// before it is built when it has more entries than this (check_product).
constexpr long double product_checked_above = 4096;

std::string describe_values(const symbolic_model& model, const std::int64_t* vals) {
  std::string out = "(";
  for (std::size_t v = 0; v < model.variables.size(); ++v) {
    if (v == 20 || out.size() > 240) {  // one short line, whatever the model
      out += ", ... (" + std::to_string(model.variables.size()) + " variables)";
      break;
    }
    out += (v ? ", " : "") + name_text(model.variables[v].name) + "=" +
           (model.variables[v].boolean ? (vals[v] ? "true" : "false") : std::to_string(vals[v]));
  }
  return out + ")";
}

std::uint64_t mix(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

// The distinct exact probabilities of a model, each kept once.
class value_table {
 public:
  explicit value_table(std::vector<Rational>& values) : values_(values) {}

  std::uint32_t intern(const Rational& q) {
    const mpq_srcptr p = q.backend().data();
    if (mpz_fits_slong_p(mpq_numref(p)) && mpz_fits_slong_p(mpq_denref(p))) {
      const auto key = std::make_pair(mpz_get_si(mpq_numref(p)), mpz_get_si(mpq_denref(p)));
      const auto [it, fresh] = small_.emplace(key, static_cast<std::uint32_t>(values_.size()));
      if (fresh) values_.push_back(q);
      return it->second;
    }
    const auto [it, fresh] = large_.emplace(exactdp::to_string(q), static_cast<std::uint32_t>(values_.size()));
    if (fresh) values_.push_back(q);
    return it->second;
  }

  std::uint32_t product(std::uint32_t a, std::uint32_t b) {
    if (a == one()) return b;
    if (b == one()) return a;
    const std::uint64_t key = std::uint64_t{std::min(a, b)} << 32 | std::max(a, b);
    const auto f = products_.find(key);
    if (f != products_.end()) return f->second;
    const std::uint32_t r = intern(values_[a] * values_[b]);
    products_.emplace(key, r);
    return r;
  }

  std::uint32_t one() {
    if (!one_) one_ = intern(Rational(1));
    return *one_;
  }

 private:
  struct pair_hash {
    std::size_t operator()(const std::pair<long, long>& k) const {
      return mix(static_cast<std::uint64_t>(k.first) * 0x9e3779b97f4a7c15ULL ^ static_cast<std::uint64_t>(k.second));
    }
  };
  std::vector<Rational>& values_;
  std::unordered_map<std::pair<long, long>, std::uint32_t, pair_hash> small_;
  std::unordered_map<std::string, std::uint32_t> large_;
  std::unordered_map<std::uint64_t, std::uint32_t> products_;
  std::optional<std::uint32_t> one_;
};

class builder {
 public:
  builder(const symbolic_model& m, const build_options& o, state_space& s)
      : m_(m), o_(o), s_(s), table_(s.values), nvars_(m.variables.size()), node_steps_(m.pool.nodes.size(), -1) {
    long double valuations = 1;
    for (const variable& v : m.variables) valuations *= static_cast<long double>(v.high - v.low) + 1;
    valuations_ = detail::count_words(valuations, 4);
  }

  void run() {
    s_.kind = m_.kind;
    for (const module& mod : m_.modules)
      for (const command& c : mod.commands)
        for (const update& u : c.updates)
          if (!u.rewards.empty()) s_.branch_structures = m_.rewards.size();
    layout();
    prepare_commands();
    s_.choice_begin.assign(1, 0);
    s_.edge_begin.assign(1, 0);
    slots_.assign(1024, 0);
    initial_states();
    std::vector<std::int64_t> cur(nvars_);
    for (std::size_t s = 0; s < count_; ++s) {
      // Every 4096 states, and every steps_between_checks steps of work
      // (spend): a state may cost millions of steps.
      if ((s & 4095) == 0) {
        check_budget();
        if (o_.progress && (s & 65535) == 0 && s) o_.progress(count_, s);
      }
      s_.unpack(s, cur.data());
      explore(s, cur.data());
      s_.choice_begin.push_back(s_.choice_action.size());
    }
  }

 private:
  struct prepared_command {
    const command* cmd = nullptr;
    bool constant = false;                  // every probability is a constant, checked once
    std::vector<std::uint32_t> prob;        // per update, when constant
    bool checked = false;                   // constant: its distribution was checked (at its first use)
    long double guard_steps = 0;            // a test of its guard
    long double prob_steps = 0;             // its probabilities evaluated (0 when constant)
    std::vector<long double> update_steps;  // per update: its assignments and rewards evaluated
  };

  // The nodes of e's tree times steps_per_node: what evaluating it walks
  // (at most; && and || may stop early). Memoised over the pool's DAG in
  // long double: a formula used twice in its caller counts twice, so a
  // chain of formulas can have a tree of exponential size.
  long double expression_steps(expr e) {
    if (e == no_expr) return 0;
    long double& memo = node_steps_[e];
    if (memo >= 0) return memo;
    long double total = steps_per_node;
    const expr_node& n = m_.pool.nodes[e];
    for (std::uint32_t i = 0; i < n.count; ++i) total += expression_steps(m_.pool.kids(e)[i]);
    return node_steps_[e] = total;
  }

  // Adds `steps` to the work; every steps_between_checks steps, polls
  // poll_interrupt() and checks the budgets.
  void spend(long double steps) {
    work_ += steps;
    if (work_ >= next_check_) [[unlikely]] {
      poll_interrupt();
      check_budget();
      next_check_ = next_check(work_);
    }
  }

  // Where spend next checks after `work` steps: steps_between_checks on,
  // and 1% past the work budget, so that a small budget is not overshot
  // (and the message's need and budget differ in their first digits).
  static long double next_check(long double work) {
    return std::min(work + steps_between_checks, static_cast<long double>(work_budget_steps()) * 1.01L);
  }

  void layout() {
    std::uint32_t word = 0, shift = 0;
    for (const variable& v : m_.variables) {
      const auto span = static_cast<std::uint64_t>(v.high) - static_cast<std::uint64_t>(v.low);
      const std::uint32_t bits = span == 0 ? 0 : static_cast<std::uint32_t>(std::bit_width(span));
      if (shift + bits > 64) {
        ++word;
        shift = 0;
      }
      s_.slots.push_back({word, shift, bits, v.low});
      shift += bits;
    }
    s_.words = word + 1;
  }

  void prepare_commands() {
    const std::size_t na = m_.actions.size();
    by_action_.assign((na + 1) * m_.modules.size(), {});
    action_modules_.assign(na, {});
    for (std::size_t mi = 0; mi < m_.modules.size(); ++mi)
      for (const int a : m_.modules[mi].alphabet) action_modules_[a].push_back(mi);
    prepared_.resize(m_.modules.size());
    index_.resize(m_.modules.size());
    for (std::size_t mi = 0; mi < m_.modules.size(); ++mi) {
      for (const command& c : m_.modules[mi].commands) {
        index_command(mi, static_cast<std::uint32_t>(prepared_[mi].size()), c.guard);
        prepared_command p;
        p.cmd = &c;
        p.constant = std::all_of(c.updates.begin(), c.updates.end(),
                                 [&](const update& u) { return m_.pool.is_constant(u.probability); });
        p.guard_steps = expression_steps(c.guard);
        for (const update& u : c.updates) {
          if (!p.constant) p.prob_steps += expression_steps(u.probability);
          long double steps = 0;
          for (const auto& a : u.assignments) steps += expression_steps(a.second);
          for (const auto& r : u.rewards) steps += expression_steps(r.second);
          p.update_steps.push_back(steps);
        }
        if (p.constant)  // checked where the command is first enabled: PRISM accepts a bad one never used
          for (const update& u : c.updates)
            p.prob.push_back(table_.intern(m_.pool.eval_rational(u.probability, nullptr)));
        prepared_[mi].push_back(std::move(p));
      }
    }
  }

  // Guards are looked up, not all tested: a command whose guard is a
  // conjunction with a conjunct x = c (x a variable, c a constant) is listed
  // under the value c of x (the x of largest range among its conjuncts), and
  // tested only in states where x = c. Its whole guard is still tested there.
  struct guard_index {
    std::uint32_t var = 0;
    std::vector<std::vector<std::uint32_t>> by_value;  // value - low -> commands
  };
  struct module_index {
    std::vector<std::uint32_t> always;  // commands without such a conjunct
    std::vector<guard_index> by_var;
  };

  // The conjuncts of e (e itself when it is no conjunction).
  std::vector<expr> conjuncts(expr e) const {
    const expression_pool& p = m_.pool;
    if (p.nodes[e].kind != op::and_) return {e};
    return {p.kids(e), p.kids(e) + p.nodes[e].count};
  }

  // The variable and value that a conjunct fixes: x = c or c = x (c an
  // integer or boolean constant), b or !b (b a boolean variable; 1 or 0).
  std::optional<std::pair<std::uint32_t, std::int64_t>> fixed_value(expr c) const {
    const expression_pool& p = m_.pool;
    const expr_node& n = p.nodes[c];
    if (n.kind == op::variable && n.type == value_type::boolean) return {{n.index, 1}};
    if (n.kind == op::not_ && p.nodes[p.kids(c)[0]].kind == op::variable) return {{p.nodes[p.kids(c)[0]].index, 0}};
    if (n.kind != op::eq) return std::nullopt;
    const expr a = p.kids(c)[0], b = p.kids(c)[1];
    const bool av = p.nodes[a].kind == op::variable, bv = p.nodes[b].kind == op::variable;
    const bool ac = p.is_constant(a) && p.nodes[a].type != value_type::rational;
    const bool bc = p.is_constant(b) && p.nodes[b].type != value_type::rational;
    if (av && bc) return {{p.nodes[a].index, p.nodes[b].ival}};
    if (bv && ac) return {{p.nodes[b].index, p.nodes[a].ival}};
    return std::nullopt;
  }

  void index_command(std::size_t mi, std::uint32_t ci, expr guard) {
    std::optional<std::pair<std::uint32_t, std::int64_t>> best;
    for (const expr c : conjuncts(guard)) {
      const std::optional<std::pair<std::uint32_t, std::int64_t>> cand = fixed_value(c);
      if (!cand) continue;
      const variable& v = m_.variables[cand->first];
      if (v.high - v.low > 65535) continue;
      if (!best || v.high - v.low > m_.variables[best->first].high - m_.variables[best->first].low) best = cand;
    }
    module_index& mx = index_[mi];
    if (!best) {
      mx.always.push_back(ci);
      return;
    }
    const variable& v = m_.variables[best->first];
    if (best->second < v.low || best->second > v.high) return;  // never enabled
    auto it =
        std::find_if(mx.by_var.begin(), mx.by_var.end(), [&](const guard_index& g) { return g.var == best->first; });
    if (it == mx.by_var.end()) {
      mx.by_var.push_back(
          {best->first, std::vector<std::vector<std::uint32_t>>(static_cast<std::size_t>(v.high - v.low + 1))});
      it = mx.by_var.end() - 1;
    }
    it->by_value[static_cast<std::size_t>(best->second - v.low)].push_back(ci);
  }

  void check_distribution(const command& c, const std::vector<Rational>& q, const std::int64_t* vals) const {
    Rational sum = 0;
    for (std::size_t i = 0; i < q.size(); ++i) {
      if (q[i] < 0 || q[i] > 1)
        m_.pool.fail(c.updates[i].probability,
                     "the probability " + message_text(q[i]) + " is outside [0, 1]" +
                         (vals ? " in the state " + describe_values(m_, vals) : std::string()));
      sum += q[i];
    }
    if (sum != 1)
      throw std::invalid_argument(
          where(m_.source, c.pos) + ": the probabilities of the command sum to " + message_text(sum) + ", not 1" +
          (vals ? " in the state " + describe_values(m_, vals) : std::string()) + " (nothing is renormalised)");
  }

  void pack(const std::int64_t* vals, std::uint64_t* out) const {
    std::fill(out, out + s_.words, 0);
    for (std::size_t v = 0; v < nvars_; ++v) {
      const variable_slot& x = s_.slots[v];
      out[x.word] |= static_cast<std::uint64_t>(vals[v] - x.low) << x.shift;
    }
  }

  std::uint64_t hash(const std::uint64_t* w) const {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (std::uint32_t i = 0; i < s_.words; ++i) h = mix(h ^ w[i]) + i;
    return h;
  }

  // The index of the packed state w, added (and queued) when new.
  std::uint32_t find_or_add(const std::uint64_t* w) {
    if ((count_ + 1) * 2 > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(w) & mask;; i = (i + 1) & mask) {
      const std::uint32_t at = slots_[i];
      if (at == 0) {
        if (o_.max_states && count_ >= o_.max_states)
          throw state_limit_error("the state space of " + m_.source + " has more than " +
                                  std::to_string(o_.max_states) + " states");
        slots_[i] = static_cast<std::uint32_t>(count_ + 1);
        s_.packed.insert(s_.packed.end(), w, w + s_.words);
        return static_cast<std::uint32_t>(count_++);
      }
      if (std::equal(w, w + s_.words, s_.packed.data() + std::size_t{at - 1} * s_.words)) return at - 1;
    }
  }

  void grow() {
    if (count_ >= 0xfffffff0u) throw resource_error("the state space has more than 2^32 states");
    std::vector<std::uint32_t> next(slots_.size() * 2, 0);
    const std::size_t mask = next.size() - 1;
    for (const std::uint32_t at : slots_) {
      if (!at) continue;
      std::size_t i = hash(s_.packed.data() + std::size_t{at - 1} * s_.words) & mask;
      while (next[i]) i = (i + 1) & mask;
      next[i] = at;
    }
    slots_.swap(next);
  }

  // The tables as allocated (capacities: a vector that doubled holds up to
  // twice its size).
  long double bytes_held() const {
    return state_space_bytes(static_cast<long double>(count_), s_.words,
                             static_cast<long double>(s_.choice_action.size()),
                             static_cast<long double>(s_.branch_structures),
                             static_cast<long double>(std::max(s_.targets.capacity(), s_.probability.capacity())));
  }

  // The tables as allocated, and the work so far (spend: the guards
  // tested, the updates evaluated and the transitions built, weighted as
  // measured above). The state space's size is not known before it is
  // built, so the build stops when it passes either budget.
  void check_budget() const {
    const long double bytes = bytes_held();
    // The states are not all found yet: the message says so, and gives the
    // most the variables' ranges allow.
    const std::string what = "the state space of " + m_.source + ", still growing at " + std::to_string(count_) +
                             " states (its variables' ranges allow up to " + valuations_ + "),";
    check_state_budget(what, bytes, 1, "bytes");
    check_work_budget(what, work_);
  }

  // The steps of one transition of `parts` modules, its updates aside.
  long double transition_steps(std::size_t parts) const {
    return steps_per_transition + steps_per_transition_slot * static_cast<long double>(nvars_ + s_.words) +
           steps_per_part * static_cast<long double>(parts);
  }

  // Before one state's `count` choices or branches (a product over modules
  // or commands, which may be huge for one state): they fit the budgets,
  // with the state space built so far held beside them. Each costs
  // `bytes_each` (the temporary table's entry, the transition it adds and
  // the state it may add) and `steps_each`.
  void check_product(const std::int64_t* cur, long double count, const std::string& what, const char* unit,
                     std::size_t bytes_each, long double steps_each) const {
    if (count <= product_checked_above) return;
    const std::string in = m_.source + ": " + what + " in the state " + describe_values(m_, cur);
    {
      const budget_hold held("the state space built so far", bytes_held());
      check_state_budget(in, count, bytes_each, unit);
    }
    check_work_budget(in, work_ + count * steps_each);
  }

  // The bytes of a branch: its entry in out_, its transition (target and
  // probability, in tables that may have doubled) and the state it may add.
  std::size_t branch_bytes() const { return 8 + 16 + 8 * std::size_t{s_.words} + 48; }

  void initial_states() {
    std::vector<std::uint64_t> w(s_.words);
    std::vector<std::int64_t> vals(nvars_);
    if (m_.initial == no_expr) {
      for (std::size_t v = 0; v < nvars_; ++v) vals[v] = m_.variables[v].initial;
      pack(vals.data(), w.data());
      s_.initial.push_back(find_or_add(w.data()));
      return;
    }
    // The valuations in odometer order, each tested with the whole block;
    // a variable that a conjunct of the block fixes (x = c, b, !b) takes
    // only that value, so that "x=0 & y=0 & (z=1 | z=2)" tests z's range
    // alone. The product of the ranges left is checked first.
    std::vector<std::int64_t> low(nvars_), high(nvars_);
    for (std::size_t v = 0; v < nvars_; ++v) {
      low[v] = m_.variables[v].low;
      high[v] = m_.variables[v].high;
    }
    bool empty = false;
    for (const expr c : conjuncts(m_.initial))
      if (const auto fixed = fixed_value(c)) {
        const auto [v, value] = *fixed;
        empty = empty || value < low[v] || value > high[v];
        low[v] = high[v] = value;
      }
    long double total = 1;
    for (std::size_t v = 0; v < nvars_; ++v) total *= static_cast<long double>(high[v] - low[v]) + 1;
    vals = low;
    const long double test_steps = expression_steps(m_.initial) + steps_per_node * static_cast<long double>(nvars_);
    if (!empty) {
      const std::string what = "testing every valuation against " + m_.initial_words + " of " + m_.source;
      check_state_budget(what, total, 16);
      check_work_budget(what, total * test_steps);
    }
    while (!empty) {
      spend(test_steps);
      if (m_.pool.eval_bool(m_.initial, vals.data())) {
        pack(vals.data(), w.data());
        s_.initial.push_back(find_or_add(w.data()));
      }
      std::size_t v = 0;
      while (v < nvars_ && vals[v] == high[v]) {
        vals[v] = low[v];
        ++v;
      }
      if (v == nvars_) break;
      ++vals[v];
    }
    if (s_.initial.empty())
      throw std::invalid_argument(where(m_.source, m_.pool.nodes[m_.initial].pos) + ": no state satisfies " +
                                  m_.initial_words);
    std::sort(s_.initial.begin(), s_.initial.end());
  }

  void explore(std::size_t s, const std::int64_t* cur) {
    const std::size_t nm = m_.modules.size();
    for (auto& e : by_action_) e.clear();
    for (std::size_t mi = 0; mi < nm; ++mi) {
      const auto& cmds = prepared_[mi];
      const auto test = [&](std::uint32_t ci) {
        spend(cmds[ci].guard_steps);
        if (m_.pool.eval_bool(cmds[ci].cmd->guard, cur))
          by_action_[static_cast<std::size_t>(cmds[ci].cmd->action + 1) * nm + mi].push_back(ci);
      };
      const module_index& mx = index_[mi];
      for (const std::uint32_t ci : mx.always) test(ci);
      for (const guard_index& g : mx.by_var)
        for (const std::uint32_t ci : g.by_value[static_cast<std::size_t>(cur[g.var] - m_.variables[g.var].low)])
          test(ci);
    }
    const std::size_t before = s_.choice_action.size();
    // Unlabelled commands interleave.
    for (std::size_t mi = 0; mi < nm; ++mi)
      for (const std::uint32_t ci : by_action_[mi]) {
        parts_.assign(1, {mi, ci});
        add_choice(-1, cur);
      }
    // Each action: one enabled command of every module that has it.
    for (std::size_t a = 0; a < action_modules_.size(); ++a) {
      const auto& mods = action_modules_[a];
      bool blocked = mods.empty();
      for (const std::size_t mi : mods)
        if (by_action_[(a + 1) * nm + mi].empty()) blocked = true;
      if (blocked) continue;
      long double combinations = 1;
      for (const std::size_t mi : mods) combinations *= static_cast<long double>(by_action_[(a + 1) * nm + mi].size());
      // Each choice: its entry, at least one branch, its probabilities.
      long double choice_steps = transition_steps(mods.size());
      for (const std::size_t mi : mods) {
        long double fewest = -1;
        for (const std::uint32_t ci : by_action_[(a + 1) * nm + mi]) {
          const prepared_command& p = prepared_[mi][ci];
          const long double least = p.prob_steps + *std::min_element(p.update_steps.begin(), p.update_steps.end());
          if (fewest < 0 || least < fewest) fewest = least;
        }
        choice_steps += fewest;
      }
      check_product(cur, combinations, "the table of synchronised choices", "choices",
                    24 + 4 * s_.branch_structures + branch_bytes(), choice_steps);
      std::vector<std::size_t> pick(mods.size(), 0);
      while (true) {
        parts_.clear();
        for (std::size_t k = 0; k < mods.size(); ++k)
          parts_.push_back({mods[k], by_action_[(a + 1) * nm + mods[k]][pick[k]]});
        add_choice(static_cast<int>(a), cur);
        std::size_t k = 0;
        while (k < mods.size() && ++pick[k] == by_action_[(a + 1) * nm + mods[k]].size()) pick[k++] = 0;
        if (k == mods.size()) break;
      }
    }
    if (s_.choice_action.size() == before) {
      if (!o_.fix_deadlocks)
        throw std::invalid_argument(m_.source + ": the state " + describe_values(m_, cur) +
                                    " has no enabled command (a deadlock), and deadlocks are refused");
      ++s_.deadlocks;
      if (!s_.deadlock_example) s_.deadlock_example = s;
      s_.deadlock_states.push_back(s);
      s_.choice_action.push_back(-1);
      for (std::size_t r = 0; r < s_.branch_structures; ++r) s_.branch_reward.push_back(table_.intern(Rational(0)));
      s_.targets.push_back(static_cast<std::uint32_t>(s));
      s_.probability.push_back(table_.one());
      s_.edge_begin.push_back(s_.targets.size());
    }
  }

  // The choice made of parts_ (module, command) in the state cur.
  void add_choice(int action, const std::int64_t* cur) {
    const std::size_t k = parts_.size();
    long double branches = 1;
    for (const auto& [mi, ci] : parts_) branches *= static_cast<long double>(prepared_[mi][ci].cmd->updates.size());
    if (branches > product_checked_above) {  // else check_product returns at once
      long double each = transition_steps(k);
      for (const auto& [mi, ci] : parts_) {
        const prepared_command& p = prepared_[mi][ci];
        each += *std::min_element(p.update_steps.begin(), p.update_steps.end()) +
                p.prob_steps / static_cast<long double>(p.update_steps.size());
      }
      check_product(cur, branches, "the table of branches of a synchronised choice", "branches", branch_bytes(), each);
    }
    probs_.resize(k);
    for (std::size_t i = 0; i < k; ++i) {
      prepared_command& p = prepared_[parts_[i].first][parts_[i].second];
      spend(p.prob_steps);
      auto& pr = probs_[i];
      if (p.constant) {
        if (!p.checked) {
          std::vector<Rational> q;
          for (const std::uint32_t x : p.prob) q.push_back(s_.values[x]);
          check_distribution(*p.cmd, q, nullptr);
          p.checked = true;
        }
        pr = p.prob;
      } else {
        std::vector<Rational> q;
        for (const update& u : p.cmd->updates) q.push_back(m_.pool.eval_rational(u.probability, cur));
        check_distribution(*p.cmd, q, cur);
        pr.clear();
        for (const Rational& x : q) pr.push_back(table_.intern(x));
      }
    }
    out_.clear();
    branch_sum_.assign(s_.branch_structures, Rational(0));
    std::vector<std::size_t> pick(k, 0);
    next_.resize(nvars_);
    written_.assign(nvars_, 0);
    std::vector<std::uint64_t> w(s_.words);
    while (true) {
      std::uint32_t prob = table_.one();
      std::copy(cur, cur + nvars_, next_.begin());
      bool zero = false;
      for (std::size_t i = 0; i < k; ++i) {
        const std::uint32_t q = probs_[i][pick[i]];
        if (s_.values[q] == 0) zero = true;
        prob = table_.product(prob, q);
      }
      if (!zero) {
        ++stamp_;
        long double steps = transition_steps(k);
        for (std::size_t i = 0; i < k; ++i) steps += prepared_[parts_[i].first][parts_[i].second].update_steps[pick[i]];
        spend(steps);
        for (std::size_t i = 0; i < k; ++i) {
          const command& c = *prepared_[parts_[i].first][parts_[i].second].cmd;
          const update& u = c.updates[pick[i]];
          for (const auto& [v, e] : u.assignments) {
            const std::int64_t x = m_.pool.eval_int(e, cur);
            const variable& var = m_.variables[v];
            if (x < var.low || x > var.high)
              m_.pool.fail(e, "the update sets " + name_text(var.name) + " to " + std::to_string(x) +
                                  ", outside its range [" + std::to_string(var.low) + ".." + std::to_string(var.high) +
                                  "], in the state " + describe_values(m_, cur));
            if (written_[v] == stamp_)
              m_.pool.fail(e, "two modules synchronising on " + quote_input(m_.actions[action], 60) + " both assign " +
                                  name_text(var.name) + " in the state " + describe_values(m_, cur));
            written_[v] = stamp_;
            next_[v] = x;
          }
          for (const auto& [r, e] : u.rewards) branch_sum_[r] += s_.values[prob] * m_.pool.eval_rational(e, cur);
        }
        pack(next_.data(), w.data());
        out_.push_back({find_or_add(w.data()), prob});
      }
      std::size_t i = 0;
      while (i < k && ++pick[i] == probs_[i].size()) pick[i++] = 0;
      if (i == k) break;
    }
    if (out_.empty()) return;  // every branch had probability 0
    std::sort(out_.begin(), out_.end());
    std::size_t j = 0;
    for (std::size_t i = 1; i < out_.size(); ++i) {
      if (out_[i].first == out_[j].first) {
        out_[j].second = table_.intern(s_.values[out_[j].second] + s_.values[out_[i].second]);
      } else {
        out_[++j] = out_[i];
      }
    }
    out_.resize(j + 1);
    s_.choice_action.push_back(action);
    for (const Rational& r : branch_sum_) s_.branch_reward.push_back(table_.intern(r));
    for (const auto& [t, p] : out_) {
      s_.targets.push_back(t);
      s_.probability.push_back(p);
    }
    s_.edge_begin.push_back(s_.targets.size());
  }

  const symbolic_model& m_;
  const build_options& o_;
  state_space& s_;
  value_table table_;
  std::size_t nvars_;
  std::string valuations_;  // the most states the variables' ranges allow, for messages
  std::size_t count_ = 0;
  std::vector<long double> node_steps_;  // per pool node: expression_steps, -1 until known
  long double work_ = 0;                 // the steps so far (spend)
  long double next_check_ = next_check(0);
  std::vector<std::uint32_t> slots_;
  std::vector<std::vector<prepared_command>> prepared_;
  std::vector<module_index> index_;
  std::vector<std::vector<std::uint32_t>> by_action_;     // (action + 1) * modules + module -> enabled commands
  std::vector<std::vector<std::size_t>> action_modules_;  // action -> modules whose alphabet has it
  std::vector<std::pair<std::size_t, std::uint32_t>> parts_;
  std::vector<std::vector<std::uint32_t>> probs_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> out_;
  std::vector<std::int64_t> next_;
  std::vector<std::uint64_t> written_;
  std::vector<Rational> branch_sum_;  // per reward structure: the expected branch reward of the choice
  std::uint64_t stamp_ = 0;
};

}  // namespace

// Per state its words, a hash slot, offsets and its slot in the queue
// (48); per choice its action, offsets and reward indices; per transition
// its target and probability index.
long double state_space_bytes(long double states, long double words, long double choices, long double branch_structures,
                              long double transitions) {
  return states * (8.0L * words + 48.0L) + choices * (24.0L + 4.0L * branch_structures) + transitions * 8.0L;
}

long double state_space_bytes(const state_space& space) {
  return state_space_bytes(static_cast<long double>(space.size()), space.words,
                           static_cast<long double>(space.choices()), static_cast<long double>(space.branch_structures),
                           static_cast<long double>(space.transitions()));
}

state_space build_state_space(const symbolic_model& model, const build_options& options) {
  state_space s;
  builder b(model, options, s);
  b.run();
  return s;
}

std::size_t deadlock_variable(const symbolic_model& model) { return model.variables.size(); }

std::vector<char> states_where(const symbolic_model& model, const state_space& space, expr e) {
  std::vector<char> out(space.size(), 0);
  std::vector<std::int64_t> vals(model.variables.size() + 1);
  const std::vector<std::size_t>& dead = space.deadlock_states;
  for (std::size_t s = 0; s < space.size(); ++s) {
    space.unpack(s, vals.data());
    vals[deadlock_variable(model)] = !dead.empty() && std::binary_search(dead.begin(), dead.end(), s) ? 1 : 0;
    out[s] = model.pool.eval_bool(e, vals.data());
  }
  return out;
}

namespace {

// The state rewards and the transition reward of each choice of structure r.
void rewards_of(const symbolic_model& model, const state_space& space, int r, std::vector<Rational>& state,
                std::vector<Rational>& choice) {
  state.assign(space.size(), 0);
  choice.assign(space.choices(), 0);
  if (r == -2) state.assign(space.size(), 1);
  if (r < 0) return;
  const reward_structure& rs = model.rewards.at(static_cast<std::size_t>(r));
  if (static_cast<std::size_t>(r) < space.branch_structures)
    for (std::size_t c = 0; c < space.choices(); ++c)
      choice[c] = space.values[space.branch_reward[c * space.branch_structures + static_cast<std::size_t>(r)]];
  std::vector<std::int64_t> vals(model.variables.size());
  for (std::size_t s = 0; s < space.size(); ++s) {
    space.unpack(s, vals.data());
    for (const reward_item& it : rs.items) {
      if (!model.pool.eval_bool(it.guard, vals.data())) continue;
      if (!it.transition) {
        state[s] += model.pool.eval_rational(it.value, vals.data());
        continue;
      }
      // A deadlock's self-loop is no command's transition: PRISM and Storm
      // give it no transition reward (only its state rewards).
      if (std::binary_search(space.deadlock_states.begin(), space.deadlock_states.end(), s)) continue;
      for (std::size_t c = space.choice_begin[s]; c < space.choice_begin[s + 1]; ++c)
        if (space.choice_action[c] == it.action) choice[c] += model.pool.eval_rational(it.value, vals.data());
    }
  }
}

}  // namespace

std::vector<Rational> state_rewards(const symbolic_model& model, const state_space& space, int reward) {
  std::vector<Rational> state, choice;
  rewards_of(model, space, reward, state, choice);
  return state;
}

decision_model to_decision_model(const symbolic_model& model, const state_space& space, int reward,
                                 const std::vector<char>& stop) {
  std::vector<Rational> state_reward, choice_reward;
  rewards_of(model, space, reward, state_reward, choice_reward);
  decision_builder b(model.source);
  const std::size_t n = space.size();
  b.expect(n, space.transitions());  // a refusal names the whole need
  for (std::size_t s = 0; s < n; ++s) b.add_state(!stop.empty() && stop[s] ? state_owner::terminal : state_owner::max);
  std::vector<std::pair<std::uint32_t, Rational>> merged;
  for (std::size_t s = 0; s < n; ++s) {
    if (!stop.empty() && stop[s]) continue;
    const std::size_t c0 = space.choice_begin[s], c1 = space.choice_begin[s + 1];
    if (space.kind == model_kind::mdp || c1 - c0 == 1) {
      for (std::size_t c = c0; c < c1; ++c) {
        const std::size_t ch =
            b.add_choice(s, space.choice_action[c] < 0 ? std::string_view()
                                                       : std::string_view(model.actions[space.choice_action[c]]));
        b.reserve(s, ch, space.edge_begin[c + 1] - space.edge_begin[c]);
        for (std::size_t e = space.edge_begin[c]; e < space.edge_begin[c + 1]; ++e)
          b.transition(s, ch, space.targets[e], space.values[space.probability[e]]);
        if (reward != -1) b.reward(s, ch, state_reward[s] + choice_reward[c]);
      }
      continue;
    }
    // A DTMC state with several choices: each is taken with probability 1/k.
    const Rational share(Rational(1) / static_cast<long>(c1 - c0));
    merged.clear();
    Rational r = state_reward[s];
    for (std::size_t c = c0; c < c1; ++c) {
      if (reward != -1) r += share * choice_reward[c];
      for (std::size_t e = space.edge_begin[c]; e < space.edge_begin[c + 1]; ++e)
        merged.push_back({space.targets[e], share * space.values[space.probability[e]]});
    }
    std::sort(merged.begin(), merged.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    const std::size_t ch = b.add_choice(s);
    b.reserve(s, ch, merged.size());
    for (std::size_t i = 0; i < merged.size();) {
      Rational p = merged[i].second;
      std::size_t j = i + 1;
      for (; j < merged.size() && merged[j].first == merged[i].first; ++j) p += merged[j].second;
      b.transition(s, ch, merged[i].first, p);
      i = j;
    }
    if (reward != -1) b.reward(s, ch, r);
  }
  for (const std::size_t s : space.initial) b.label("init", s);
  return b.build();
}

explicit_model to_explicit_model(const symbolic_model& model, const state_space& space, int reward) {
  const decision_model d = to_decision_model(model, space, reward);
  explicit_model_builder b(model.source);
  b.indexed_states(d.size());
  if (reward >= 0) b.reward_structure(model.rewards[static_cast<std::size_t>(reward)].name);
  for (std::size_t s = 0; s < d.size(); ++s) {
    for (std::size_t i = 0; i < d.choice_count(s); ++i) {
      const std::size_t c = d.choice_begin()[s] + i;
      for (std::size_t e = d.edge_begin()[c]; e < d.edge_begin()[c + 1]; ++e)
        b.transition(s, i, d.targets()[e], d.probabilities()[e]);
      if (!d.action_name(c).empty()) b.action(s, i, d.action_name(c));
      if (reward >= 0) b.choice_reward(s, i, d.reward(c));
    }
    if (d.choice_count(s) == 0) b.absorbing(s);
  }
  for (const auto& [name, e] : model.labels) {
    b.declare_label(name);
    const std::vector<char> in = states_where(model, space, e);
    for (std::size_t s = 0; s < in.size(); ++s)
      if (in[s]) b.label(name, s);
  }
  b.declare_label("init");
  for (const std::size_t s : space.initial) b.label("init", s);
  if (space.initial.size() == 1) b.start(space.initial[0]);
  return b.build();
}

}  // namespace exactdp::lang
