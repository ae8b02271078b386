// The checker of certificates (verify.hpp): model readers and exact
// rationals only. Every check is a loop over the states in index order; the
// first state that fails stops it, named with both sides of what failed.
#include "exactdp/verify/verify.hpp"

#include <gmp.h>

#include <algorithm>
#include <cassert>
#include <numeric>
#include <stdexcept>

#include "exactdp/decision/model_files.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/markov/model.hpp"
#include "exactdp/verify/lang_model.hpp"

namespace exactdp {

verify_model to_verify_model(const markov_model& m) {
  verify_model v;
  v.source = m.source();
  for (std::size_t s = 0; s < m.size(); ++s) {
    v.names.push_back(m.name(s));
    if (!m.is_absorbing(s)) {
      for (const markov_transition& t : m.transitions(s)) {
        v.to.push_back(t.to);
        v.probability.push_back(t.probability);
      }
      v.reward.push_back(m.reward(s));
      v.edge_begin.push_back(v.to.size());
    }
    v.choice_begin.push_back(v.reward.size());
  }
  v.labels = m.labels();
  return v;
}

verify_model to_verify_model(const decision_model& m) {
  verify_model v;
  v.source = m.source();
  for (std::size_t s = 0; s < m.size(); ++s) {
    v.names.push_back(m.name(s));
    v.owner.push_back(m.owner(s));
    v.payoff.push_back(m.payoff(s));
  }
  v.choice_begin = m.choice_begin();
  v.edge_begin = m.edge_begin();
  v.to = m.targets();
  v.probability = m.probabilities();
  for (std::size_t c = 0; c < m.choice_total(); ++c) v.reward.push_back(m.reward(c));
  v.labels = m.labels();
  return v;
}

verify_model load_verify_model(const std::string& path, const std::string& kind, const std::string& format,
                               const std::string& reward_model, bool rewards_required) {
  model_file_options options;
  options.format = format;
  options.reward_model = reward_model;
  if (kind == "chain") return to_verify_model(load_markov_model(path, options));
  options.rewards_required = rewards_required;
  return to_verify_model(load_decision_model(path, options));
}

namespace {

std::string shown(const std::optional<Rational>& x) { return x ? message_text(*x) : std::string("inf"); }

// GMP's own functions (addmul, divexact) on the numbers, in place.
mpz_ptr raw(BigInt& z) { return z.backend().data(); }
mpz_srcptr raw(const BigInt& z) { return z.backend().data(); }
mpz_srcptr num_of(const Rational& q) { return mpq_numref(q.backend().data()); }
mpz_srcptr den_of(const Rational& q) { return mpq_denref(q.backend().data()); }
// x == 0 without a temporary Rational (Boost compares with an int through one).
bool is_zero(const Rational& x) { return mpq_sgn(x.backend().data()) == 0; }

// The checks of one certificate against one model (verify.hpp's comment).
class checker {
 public:
  checker(const verify_model& m, const certificate& c, bool witnesses) : m_(m), c_(c), witnesses_(witnesses) {
    const std::size_t n = m.size();
    if (c.states.size() != n)
      throw std::invalid_argument("the certificate has " + std::to_string(c.states.size()) + " states and " + m.source +
                                  " has " + std::to_string(n) + ": it is for another model");
    for (std::size_t s = 0; s < n; ++s)
      if (c.states[s] != m.names[s])
        throw std::invalid_argument("state " + std::to_string(s) + " is named " + quote_input(c.states[s], 60) +
                                    " in the certificate and " + quote_input(m.names[s], 60) + " in " + m.source +
                                    ": the certificate is for another model");
    game_ = c.kind == "game";
    if (c.kind == "mdp" && std::ranges::count(m.owner, state_owner::max) > 0 &&
        std::ranges::count(m.owner, state_owner::min) > 0)
      throw std::invalid_argument(m.source + " has states of both players: it is a game, and this certificate is " +
                                  "of an MDP");
    if (game_ && m.owner.size() != n) throw std::invalid_argument("a game certificate needs a decision model");
    target_.assign(n, 0);
    if (game_ && c.objective == "payoff") {
      if (c.target) throw std::invalid_argument("a payoff game has no target: its plays end in terminal states");
    } else if (c.target) {
      if (const auto l = m.labels.find(*c.target); l != m.labels.end()) {
        for (const std::size_t s : l->second) target_[s] = 1;
      } else if (const auto s = std::ranges::find(m.names, *c.target); s != m.names.end()) {
        target_[static_cast<std::size_t>(s - m.names.begin())] = 1;
      } else {
        throw std::invalid_argument("the target " + name_text(*c.target) + " is neither a label nor a state of " +
                                    m.source);
      }
    } else if (c.kind == "chain") {
      for (std::size_t s = 0; s < n; ++s) target_[s] = choices(s) == 0 ? 1 : 0;
    } else {
      throw std::invalid_argument("an MDP certificate and a reachability game's need a target");
    }
    // A game's play also stops at the terminal states (2: they pay their payoff, or 0).
    if (game_)
      for (std::size_t s = 0; s < n; ++s)
        if (!target_[s] && m.owner[s] == state_owner::terminal) target_[s] = 2;
    if (game_ && c.objective == "payoff") {
      if (!c.default_payoff) throw std::invalid_argument("a payoff game's certificate needs its default payoff");
      never_ = *c.default_payoff;
    }
    start_ = static_cast<std::size_t>(std::ranges::find(m.names, c.start) - m.names.begin());
    if (start_ == n) throw std::invalid_argument("the start " + name_text(c.start) + " is not a state of " + m.source);
    const std::string& o = c.objective;
    reward_ = !game_ && (o == "steps" || o == "rmin" || o == "rmax");
    maximise_ = o == "reach" || o == "pmax" || o == "rmax";
    // Which choices a rank must descend along (every one, or σ's), and
    // which the closure of the value-0 set and the infinite witness cover.
    rank_all_ = o == "pmin" || o == "rmax";
    zero_all_ = o == "pmax" || o == "reach";
    inf_all_ = o == "rmin" || o == "steps";
  }

  verify_report run() {
    verify_report r;
    r.start = m_.names[start_];
    r.start_value = c_.values[start_];  // as read (certificate.hpp): reduced here
    if (r.start_value) mpq_canonicalize(r.start_value->backend().data());
    try {
      check_structure();
      prepare();
      for (std::size_t s = 0; s < m_.size(); ++s) check_state(s);
      r.verified = true;
    } catch (const failure& f) {
      r.state = f.state;
      r.reason = "state " + name_text(m_.names[f.state]) + ": " + f.what;
    }
    if (!witnesses_ && game_) {
      r.unchecked.emplace_back(
          "the ranks that prove the play ends with positive probability from every state whose value differs from "
          "what a play that never ends pays");
      r.unchecked.emplace_back(
          "uniqueness: without these ranks the values solve the equations and no player gains by another choice, "
          "but are not proven to be the value of the game");
    } else if (!witnesses_) {
      r.unchecked.emplace_back(
          reward_ ? "the ranks that prove the target is reached almost surely from the states of finite value"
                  : "the ranks that prove the target is reached with positive probability");
      r.unchecked.emplace_back(
          reward_ ? "the ranks that prove the states of infinite value miss the target with positive probability"
                  : "the closure of the states of value 0 (that they cannot reach the target)");
      r.unchecked.emplace_back(
          "uniqueness: without these witnesses the values are a fixed point of the equations, "
          "not proven to be the least (or only) one");
    }
    // Without the witnesses the theorem does not apply: no claim of uniqueness.
    if (witnesses_) r.theorem = theorem();
    return r;
  }

 private:
  struct failure {
    std::size_t state;
    std::string what;
  };
  [[noreturn]] static void fail(std::size_t s, std::string what) { throw failure{s, std::move(what)}; }

  std::size_t choices(std::size_t s) const { return m_.choice_begin[s + 1] - m_.choice_begin[s]; }
  std::size_t chosen(std::size_t s) const {
    return m_.choice_begin[s] + (c_.strategy.empty() ? best_[s] : c_.strategy[s]);
  }
  std::string choice_name(std::size_t s, std::size_t c) const {
    return c_.kind == "chain" ? std::string("its step") : "choice " + std::to_string(c - m_.choice_begin[s]);
  }
  bool finite(std::size_t t) const { return c_.values[t].has_value(); }
  // A game's state: its value against e, what a play that never ends pays (-1, 0, 1).
  int side(std::size_t t) const {
    const int c = c_.values[t]->compare(never_);  // GMP's sign, of any size
    return (c > 0) - (c < 0);
  }
  // A state whose rank counts as a distance from s: the target, or a state of
  // positive (reach) or finite (rewards) value; in a game, a state on s's side of e.
  bool ranked(std::size_t s, std::size_t t) const {
    if (target_[t]) return true;
    if (game_) return side(t) == side(s);
    return reward_ ? finite(t) : !is_zero(*c_.values[t]);
  }
  // Whose optimum: the objective's, or in a game the owner's.
  bool maximise(std::size_t s) const { return game_ ? m_.owner[s] == state_owner::max : maximise_; }
  // Whether a rank descends along every choice of s (or σ's): in a game,
  // every choice of the player who would rather the play did not end.
  bool rank_all(std::size_t s) const {
    if (!game_) return rank_all_;
    return m_.owner[s] == (side(s) > 0 ? state_owner::min : state_owner::max);
  }

  // reward(c) + Σ p·x(t), or nullopt when a successor is infinite.
  std::optional<Rational> choice_value(std::size_t c, std::string* sum) const {
    Rational v = reward_ ? m_.reward[c] : Rational(0);
    if (sum && reward_) *sum = message_text(m_.reward[c]);
    for (std::size_t e = m_.edge_begin[c]; e < m_.edge_begin[c + 1]; ++e) {
      const std::size_t t = m_.to[e];
      if (!finite(t)) return std::nullopt;
      v += m_.probability[e] * *c_.values[t];
      if (sum && sum->size() < 300)
        *sum += (sum->empty() ? "" : " + ") + message_text(m_.probability[e]) + "·" + message_text(*c_.values[t]) +
                " (" + name_text(m_.names[t]) + ")";
      else if (sum && !sum->ends_with(" + ..."))
        *sum += " + ...";
    }
    return v;
  }

  void check_structure() {
    const std::size_t n = m_.size();
    best_.assign(n, 0);
    for (std::size_t s = 0; s < n; ++s) {
      if (!c_.strategy.empty() && choices(s) > 0 && c_.strategy[s] >= choices(s))
        fail(s, "the strategy picks choice " + std::to_string(c_.strategy[s]) + " of " + std::to_string(choices(s)));
      if (!reward_ && !finite(s)) fail(s, game_ ? "a game's value cannot be inf" : "a probability cannot be inf");
      if (reward_ && c_.kind == "mdp")
        for (std::size_t c = m_.choice_begin[s]; c < m_.choice_begin[s + 1]; ++c)
          if (m_.reward[c] < 0)
            fail(s, choice_name(s, c) + " has the negative reward " + message_text(m_.reward[c]) +
                        ": Rmin and Rmax need rewards >= 0");
    }
  }

  void check_state(std::size_t s) {
    const std::optional<Rational>& x = c_.values[s];
    const std::int64_t r = c_.rank[s];
    if (game_ && !target_[s]) {  // the equation, and a rank on either side of e
      if (side(s) == 0 && witnesses_ && r != -1)
        fail(s, "value " + message_text(*x) + ", what a play that never ends pays, so it has no rank (null), not " +
                    std::to_string(r));
      if (c_.strategy.empty()) pick_best(s);
      if (side(s) != 0 && witnesses_) check_rank(s);
      check_equation(s);
      return;
    }
    if (target_[s]) {
      const Rational want = target_[s] == 1            ? Rational(reward_ ? 0 : 1)
                            : c_.objective == "payoff" ? m_.payoff[s]
                                                       : Rational(0);
      const std::string what = target_[s] == 1 ? "a target state" : "a terminal state";
      if (!x || *x != want) fail(s, what + ", so its value is " + message_text(want) + ", not " + shown(x));
      if (witnesses_ && r != 0) fail(s, what + ", so its rank is 0, not " + std::to_string(r));
      return;
    }
    if (!reward_ && is_zero(*x)) {
      if (witnesses_) {
        zero_closed(s);
        if (r != -1) fail(s, "value 0, so it has no rank (null), not " + std::to_string(r));
        return;
      }
      if (choices(s) == 0) return;  // the play ends outside the target
    } else if (reward_ && !x) {
      if (witnesses_) infinite_witness(s);
      return;
    }
    if (choices(s) == 0) fail(s, "value " + shown(x) + ", but it has no choice and is not a target state");
    if (c_.strategy.empty()) pick_best(s);
    if (witnesses_) check_rank(s);
    check_equation(s);
  }

  // Z = {value 0, not target} is closed under every choice (pmax, chains) or σ (pmin).
  void zero_closed(std::size_t s) const {
    for (std::size_t c = m_.choice_begin[s]; c < m_.choice_begin[s + 1]; ++c) {
      if (!zero_all_ && c != chosen(s)) continue;
      for (std::size_t e = m_.edge_begin[c]; e < m_.edge_begin[c + 1]; ++e) {
        const std::size_t t = m_.to[e];
        if (target_[t] || !is_zero(*c_.values[t]))
          fail(s, "value 0, but " + choice_name(s, c) + " can reach state " + name_text(m_.names[t]) +
                      (target_[t] ? " of the target" : " of value " + message_text(*c_.values[t])) +
                      ": the states of value 0 must be closed (no path to the target)");
      }
    }
  }

  // r(s) = 1 + max over the relevant choices of the least rank of a successor.
  void check_rank(std::size_t s) const {
    std::int64_t want = 0;
    for (std::size_t c = m_.choice_begin[s]; c < m_.choice_begin[s + 1]; ++c) {
      if (!rank_all(s) && c != chosen(s)) continue;
      std::int64_t least = -1;
      for (std::size_t e = m_.edge_begin[c]; e < m_.edge_begin[c + 1]; ++e) {
        const std::size_t t = m_.to[e];
        if (ranked(s, t) && c_.rank[t] >= 0 && (least < 0 || c_.rank[t] < least)) least = c_.rank[t];
      }
      if (least < 0)
        fail(s, "value " + shown(c_.values[s]) + ", but " + choice_name(s, c) +
                    " has no successor with a rank (none is closer to " + goal() + ")");
      want = std::max(want, least + 1);
    }
    if (c_.rank[s] != want)
      fail(s, "rank " + (c_.rank[s] < 0 ? std::string("null") : std::to_string(c_.rank[s])) + ", but its distance to " +
                  goal() + " " + (rank_all(s) ? "that every strategy must descend" : "under the strategy") +
                  " is 1 + the least rank of a successor = " + std::to_string(want));
  }

  // Values without a strategy: σ(s) is a best choice.
  void pick_best(std::size_t s) {
    std::optional<Rational> best;
    for (std::size_t c = m_.choice_begin[s]; c < m_.choice_begin[s + 1]; ++c) {
      const std::optional<Rational> v = choice_value(c, nullptr);
      if (!v) {
        if (reward_ && maximise(s)) {
          best_[s] = static_cast<std::uint32_t>(c - m_.choice_begin[s]);
          return;
        }
        continue;
      }
      if (!best || (maximise(s) ? *v > *best : *v < *best)) {
        best = v;
        best_[s] = static_cast<std::uint32_t>(c - m_.choice_begin[s]);
      }
    }
  }

  // Once per certificate, the numbers the equations read, as integers: the
  // values of consecutive states (in index order) whose denominators differ
  // by small factors over one common denominator, x(s) = scaled_[s] /
  // common_[group_[s]] (an integer value has no group; those that differ
  // more start a new group), and a choice's probabilities over one common
  // denominator of at most 32 bits, p(e) = weight_[e] / den_[c] (den_[c] = 0
  // where they have none). The values of one component share their
  // denominator up to small factors, so an equation within one group is a
  // sum of long numbers times short ones, without a division.
  void prepare() {
    const std::size_t n = m_.size();
    constexpr std::uint32_t none = no_group;
    group_.assign(n, none);
    scaled_.assign(n, __mpz_struct{});
    std::size_t base_bits = 0;  // the bits of the group's first denominator
    BigInt& g = k_;
    auto joins = [&](mpz_srcptr q) {  // whether the last group takes a denominator, grown to cover it
      BigInt& l = common_.back();
      if (mpz_cmp(q, raw(l)) == 0) return true;
      const std::size_t bits = mpz_sizeinbase(raw(l), 2), limit = base_bits + 128;
      if (mpz_sizeinbase(q, 2) + 128 < bits) return false;  // far shorter: its own group
      if (mpz_divisible_p(raw(l), q) != 0) return true;
      mpz_gcd(raw(g), raw(l), q);
      mpz_divexact(raw(share_), q, raw(g));  // what l lacks of q
      if (bits + mpz_sizeinbase(raw(share_), 2) > limit) return false;
      l *= share_;
      return true;
    };
    for (std::size_t s = 0; s < n; ++s) {
      if (!finite(s) || mpz_cmp_ui(den_of(*c_.values[s]), 1) == 0) continue;
      const mpz_srcptr q = den_of(*c_.values[s]);
      if (common_.empty() || !joins(q)) {
        common_.emplace_back();
        mpz_set(raw(common_.back()), q);
        base_bits = mpz_sizeinbase(q, 2);
      }
      group_[s] = static_cast<std::uint32_t>(common_.size() - 1);
    }
    // The rescaled numerators in one buffer of limbs (no allocation per
    // state), read through GMP's read-only views (mpz_roinit_n).
    std::vector<std::pair<std::size_t, mp_size_t>> at(n);  // offset and signed length in limbs_
    limbs_.clear();
    for (std::size_t s = 0; s < n; ++s) {
      if (group_[s] == none) continue;
      const Rational& x = *c_.values[s];
      const BigInt& l = common_[group_[s]];
      scaled_[s] = *num_of(x);  // a view of the numerator, over l already, as a rule
      if (mpz_cmp(den_of(x), raw(l)) == 0) continue;
      mpz_divexact(raw(share_), raw(l), den_of(x));
      mpz_mul(raw(share_), raw(share_), num_of(x));
      const mp_size_t size = raw(share_)->_mp_size;
      at[s] = {limbs_.size(), size};
      const auto length = static_cast<std::size_t>(size < 0 ? -size : size);
      limbs_.insert(limbs_.end(), mpz_limbs_read(raw(share_)), mpz_limbs_read(raw(share_)) + length);
    }
    for (std::size_t s = 0; s < n; ++s)
      if (at[s].second != 0) mpz_roinit_n(&scaled_[s], limbs_.data() + at[s].first, at[s].second);
    constexpr unsigned long short_den = 1UL << 32;
    den_.assign(m_.reward.size(), 0);
    weight_.assign(m_.to.size(), 0);
    for (std::size_t c = 0; c < den_.size(); ++c) {
      unsigned long d = 1;
      auto cover = [&d](mpz_srcptr den) {
        if (d == 0 || mpz_cmp_ui(den, short_den) > 0) return void(d = 0);
        d = std::lcm(d, mpz_get_ui(den));
        if (d > short_den) d = 0;
      };
      if (reward_) cover(den_of(m_.reward[c]));
      for (std::size_t e = m_.edge_begin[c]; e < m_.edge_begin[c + 1]; ++e) cover(den_of(m_.probability[e]));
      den_[c] = d;
      if (d == 0) continue;
      for (std::size_t e = m_.edge_begin[c]; e < m_.edge_begin[c + 1]; ++e) {
        const unsigned long den = mpz_get_ui(den_of(m_.probability[e]));
        assert(den != 0);  // a Rational's denominator is positive, and at most 2^32 here (cover)
        weight_[e] = mpz_get_ui(num_of(m_.probability[e])) * (d / den);
      }
    }
  }

  // The sign of reward(c) + Σ p·x(t) - x(s), or nullopt when a successor is
  // infinite: over the group's denominator L and the choice's d,
  // d·L·(reward(c) + Σ p·x(t)) - d·L·x(s) = (d·reward(c))·L + Σ weight·scaled(t)
  // - d·scaled(s), an integer value's term weight·x(t)·L. Where a successor
  // is in another group, or the probabilities have no short common
  // denominator: versus_apart.
  std::optional<int> versus(std::size_t c, std::size_t s) const {
    const std::uint32_t group = group_[s];
    const unsigned long d = den_[c];
    if (d == 0) return versus_apart(c, s);
    const BigInt& l = group == no_group ? one_ : common_[group];
    const std::size_t begin = m_.edge_begin[c], end = m_.edge_begin[c + 1];
    auto in_group = [this, group](std::size_t t) { return group != no_group && group_[t] == group; };
    for (std::size_t e = begin; e < end; ++e) {  // first whether this form applies, before any arithmetic
      const std::size_t t = m_.to[e];
      if (in_group(t)) continue;
      if (!finite(t)) return std::nullopt;
      if (mpz_cmp_ui(den_of(*c_.values[t]), 1) != 0) return versus_apart(c, s);
    }
    BigInt& sum = sum_;
    mpz_set_ui(raw(sum), 0);
    for (std::size_t e = begin; e < end; ++e) {
      const std::size_t t = m_.to[e];
      if (in_group(t)) {
        mpz_addmul_ui(raw(sum), &scaled_[t], weight_[e]);
      } else {  // an integer value
        mpz_mul_ui(raw(k_), num_of(*c_.values[t]), weight_[e]);
        mpz_addmul(raw(sum), raw(k_), raw(l));
      }
    }
    if (reward_) {
      mpz_mul_ui(raw(k_), num_of(m_.reward[c]), d / mpz_get_ui(den_of(m_.reward[c])));
      mpz_addmul(raw(sum), raw(k_), raw(l));
    }
    mpz_submul_ui(raw(sum), group == no_group ? num_of(*c_.values[s]) : &scaled_[s], d);
    const int sign = mpz_sgn(raw(sum));
    return (sign > 0) - (sign < 0);
  }

  // versus for any values and probabilities: over D, the lcm of the
  // denominators of x(s) and of the successors' values, and d, that of the
  // probabilities' and the reward's, d·D·(reward(c) + Σ p·x(t)) = (d·reward(c))·D +
  // Σ (d·p)·(D/den(x(t)))·num(x(t)) against d·(D/den(x(s)))·num(x(s)):
  // sums of long numbers times short ones (a gcd only where neither of two
  // denominators divides the other).
  std::optional<int> versus_apart(std::size_t c, std::size_t s) const {
    const std::size_t begin = m_.edge_begin[c], end = m_.edge_begin[c + 1];
    BigInt &d = d_, &D = lcm_, &sum = sum_, &k = k_;
    auto cover = [](BigInt& l, mpz_srcptr den) {  // l = lcm(l, den), a gcd only where den does not divide l
      if (mpz_cmp(den, raw(l)) != 0 && mpz_divisible_p(raw(l), den) == 0) mpz_lcm(raw(l), raw(l), den);
    };
    if (reward_)
      mpz_set(raw(d), den_of(m_.reward[c]));
    else
      mpz_set_ui(raw(d), 1);
    mpz_set(raw(D), den_of(*c_.values[s]));
    for (std::size_t e = begin; e < end; ++e) {
      if (!finite(m_.to[e])) return std::nullopt;
      cover(d, den_of(m_.probability[e]));
      cover(D, den_of(*c_.values[m_.to[e]]));
    }
    // k·x·D as an integer: num(x)·(k·D / den(x)), k turned into the multiplier of num(x).
    auto over_common = [this, &D](const Rational& x, BigInt& multiplier) {
      if (mpz_cmp(den_of(x), raw(D)) == 0) return;
      mpz_divexact(raw(share_), raw(D), den_of(x));
      mpz_mul(raw(multiplier), raw(multiplier), raw(share_));
    };
    mpz_set_ui(raw(sum), 0);
    if (reward_) {
      mpz_divexact(raw(k), raw(d), den_of(m_.reward[c]));
      mpz_mul(raw(k), raw(k), num_of(m_.reward[c]));
      mpz_mul(raw(sum), raw(k), raw(D));
    }
    for (std::size_t e = begin; e < end; ++e) {
      const Rational& x = *c_.values[m_.to[e]];
      mpz_divexact(raw(k), raw(d), den_of(m_.probability[e]));
      mpz_mul(raw(k), raw(k), num_of(m_.probability[e]));
      over_common(x, k);
      mpz_addmul(raw(sum), num_of(x), raw(k));
    }
    over_common(*c_.values[s], d);
    mpz_mul(raw(k), num_of(*c_.values[s]), raw(d));
    const int sign = mpz_cmp(raw(sum), raw(k));
    return (sign > 0) - (sign < 0);
  }

  void check_equation(std::size_t s) const {
    const Rational& x = *c_.values[s];
    const std::size_t sigma = chosen(s);
    const std::optional<int> v = versus(sigma, s);
    if (!v)
      fail(s, "value " + message_text(x) + ", but " + choice_name(s, sigma) + " can reach a state of infinite value");
    if (*v != 0) {
      std::string sum;  // both sides, written out only when they differ
      const std::optional<Rational> exact = choice_value(sigma, &sum);
      fail(s, "the equation fails: value " + message_text(x) + ", but " + choice_name(s, sigma) + " gives " + sum +
                  " = " + message_text(*exact));
    }
    for (std::size_t c = m_.choice_begin[s]; c < m_.choice_begin[s + 1]; ++c) {
      if (c == sigma) continue;
      const std::optional<int> w = versus(c, s);
      if (!w) {
        if (maximise(s))
          fail(s, choice_name(s, c) + " can reach a state of infinite value, so the value here is infinite, not " +
                      message_text(x));
        continue;
      }
      if (maximise(s) ? *w > 0 : *w < 0)
        fail(s, "not optimal: value " + message_text(x) + " (" + choice_name(s, sigma) + "), but " + choice_name(s, c) +
                    " gives " + message_text(*choice_value(c, nullptr)));
    }
  }

  // An infinite state: every relevant choice descends in rank within I, or stays in I.
  void infinite_witness(std::size_t s) const {
    const std::int64_t r = c_.rank[s];
    if (r < 0) fail(s, "value inf, but no rank witnesses that the target is missed with positive probability");
    if (choices(s) == 0) return;  // the play ends outside the target
    for (std::size_t c = m_.choice_begin[s]; c < m_.choice_begin[s + 1]; ++c) {
      if (!inf_all_ && c != chosen(s)) continue;
      bool lower = false, stays = true;
      for (std::size_t e = m_.edge_begin[c]; e < m_.edge_begin[c + 1]; ++e) {
        const std::size_t t = m_.to[e];
        const bool in = !target_[t] && !finite(t) && c_.rank[t] >= 0;
        lower = lower || (in && c_.rank[t] < r);
        stays = stays && in && c_.rank[t] <= r;
      }
      if (!lower && !stays)
        fail(s, "value inf with rank " + std::to_string(r) + ", but " + choice_name(s, c) +
                    " neither reaches an infinite state of smaller rank nor stays among infinite states of rank <= " +
                    std::to_string(r) + ": the target may be reached almost surely");
    }
  }

  // Where the ranks lead.
  std::string goal() const { return game_ ? "the end of the play" : "the target"; }

  std::string theorem() const {
    const std::string& o = c_.objective;
    if (game_)
      return "each player's choice is a best response to the values, and against the strategy the play ends with "
             "positive probability from every state whose value differs from what a play that never ends pays "
             "(ranks), so the values are the value of the game and the strategies optimal (Condon 1992's argument "
             "for stopping games, on those states)";
    if (o == "reach")
      return "the states of value 0 are closed and every other state reaches the target (ranks), so the first-step "
             "equations have one solution (absorbing chains: Kemeny and Snell 1960)";
    if (o == "pmax")
      return "the states of value 0 are closed under every choice and every other state reaches the target under the "
             "strategy (ranks), so the Bellman equations have one solution (Baier and Katoen 2008, Theorem 10.100)";
    if (o == "pmin")
      return "the states of value 0 are closed under the strategy and every strategy reaches the target from the "
             "others (ranks), so the Bellman equations have one solution (Baier and Katoen 2008, section 10.6.1; "
             "Forejt, Kwiatkowska, Norman and Parker 2011, section 4.1)";
    if (o == "steps")
      return "the walk reaches the target almost surely from the states of finite value (ranks), so their equations "
             "have one solution (Kemeny and Snell 1960); the infinite states miss it with positive probability";
    return std::string(
               "the strategy reaches the target almost surely from the states of finite value (ranks), so "
               "the values are its values, and no choice improves them, so no strategy does better "
               "(Bertsekas and Tsitsiklis 1991; Forejt et al. 2011, section 4.2); ") +
           (o == "rmin" ? "every strategy" : "the strategy") +
           " misses the target with positive probability from the infinite states";
  }

  const verify_model& m_;
  const certificate& c_;
  bool witnesses_;
  std::vector<char> target_;
  std::vector<std::uint32_t> best_;
  static constexpr std::uint32_t no_group = 0xffffffff;
  std::vector<std::uint32_t> group_;  // prepare's
  std::vector<BigInt> common_;
  std::vector<__mpz_struct> scaled_;  // read-only views: of a value's numerator, or into limbs_
  std::vector<mp_limb_t> limbs_;
  std::vector<unsigned long> den_, weight_;
  const BigInt one_{1};
  mutable BigInt d_, lcm_, sum_, k_, share_;  // versus's work space (no allocation per equation)
  std::size_t start_ = 0;
  bool game_ = false, reward_ = false, maximise_ = false, rank_all_ = false, zero_all_ = false, inf_all_ = false;
  Rational never_{0};  // a game: what a play that never ends pays (e)
};

}  // namespace

verify_report check_certificate(const verify_model& m, const certificate& c, bool witnesses) {
  if (c.kind == "pig") throw std::invalid_argument("a certificate of Pig has no model file: check_pig_certificate");
  if (c.values.size() != c.states.size() || c.rank.size() != c.states.size() ||
      ((c.kind == "mdp" || c.kind == "game") && witnesses && c.strategy.size() != c.states.size()))
    throw std::invalid_argument("the certificate's values, ranks and strategy must have one entry per state");
  return checker(m, c, witnesses).run();
}

verify_report verify_certificate(const std::string& model_path, const certificate& c,
                                 const std::optional<std::string>& constants) {
  auto refused = [&c](std::string why) {
    verify_report r;
    r.start = c.start;
    r.reason = std::move(why);
    return r;
  };
  const bool pig = c.kind == "pig";  // no file: the parameters are the identity
  if (pig && model_path != "pig")
    throw std::invalid_argument("a certificate of Pig is checked against the game's rules: the model is pig, not " +
                                quote_input(model_path, 60));
  if (pig && !constants)
    throw std::invalid_argument(
        "a certificate of Pig is checked for the game its parameters name: give them as faces=F,target=T "
        "(--const; the certificate's are " +
        quote_input(c.model.constants, 60) + ")");
  if (const std::string digest = pig ? "" : model_digest(model_path); !pig && digest != c.model.sha256)
    return refused("the model's SHA-256 is " + digest + ", the certificate's " + quote_input(c.model.sha256, 70) +
                   ": the certificate was written for another model (or another version of " + model_path + ")");
  if (sha256_hex(c.model.constants) != c.model.constants_sha256)
    return refused("the certificate's " + std::string(pig ? "parameters " : "constants ") +
                   quote_input(c.model.constants, 60) + " do not match its constants_sha256");
  if (constants && !lang::same_constants(*constants, c.model.constants))
    return refused(std::string(pig ? "the certificate was written for another game of Pig ("
                                   : "the certificate was written with other constants (") +
                   quote_input(c.model.constants, 60) + ", not " + quote_input(*constants, 60) + ")");
  // Past its identity, a certificate that does not fit its model (other
  // states, target, start, objective or format) is refused, not an error.
  const bool reward = c.objective == "steps" || c.objective == "rmin" || c.objective == "rmax";
  try {
    if (pig) return check_pig_certificate(c);
    if (c.model.format == "prism-language" || c.model.format == "jani")
      return check_certificate(load_lang_verify_model(model_path, c), c);
    verify_model m;
    try {
      m = load_verify_model(model_path, c.kind, c.model.format, c.model.reward_model, reward);
    } catch (const std::invalid_argument& e) {
      if (c.model.format.empty()) throw;
      throw std::invalid_argument("the certificate's format " + quote_input(c.model.format, 20) +
                                  " does not match the model file " + model_path + ": " + e.what());
    }
    return check_certificate(m, c);
  } catch (const std::invalid_argument& e) {
    return refused(e.what());
  }
}

}  // namespace exactdp
