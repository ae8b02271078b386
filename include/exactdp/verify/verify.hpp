// exactdp/verify/verify.hpp: the independent checker of certificates
// (certificate.hpp). It re-reads the model with the model readers and checks
// the certificate in exact rational arithmetic; it calls no solver and uses
// no double and no residue.
//
// What is checked, for a target set T (the certificate's label or state;
// for a chain without one, the absorbing states), values x, strategy σ (a
// chain's one choice) and ranks r:
//   every query: x = 1 (reach) or 0 (rewards) on T, and r = 0 there.
//   reach (chain; MDP pmax, pmin):
//     Z = {s ∉ T: x(s) = 0} is closed: no choice (pmax, chain) or σ (pmin)
//       leaves Z, so no strategy (pmax) or σ (pmin) ever reaches T from Z;
//     outside Z ∪ T, r(s) = 1 + max over the relevant choices (σ for pmax
//       and chains, every choice for pmin) of the least r of a successor:
//       the distance to T under σ, or the attractor level that every
//       strategy must descend, so T is reached with positive probability;
//     outside Z ∪ T, x(s) = Σ P(σ(s), t)·x(t), and no choice gives more
//       (pmax) or less (pmin).
//   Then Z is exactly the set of states of value 0 and the equations have
//   one solution: Baier and Katoen, "Principles of Model Checking" (2008),
//   Theorem 10.100 for Pmax, and the same argument for Pmin with Z = {Pmin =
//   0} (section 10.6.1; Forejt, Kwiatkowska, Norman and Parker,
//   "Automated verification techniques for probabilistic systems" (2011),
//   section 4.1); for a chain, the first-step equations of an absorbing
//   chain (Kemeny and Snell, "Finite Markov Chains" (1960)).
//   expected reward (chain steps; MDP rmin, rmax; rewards >= 0 for MDPs):
//     finite states F: σ's successors are in F ∪ T, x(s) = reward(σ(s)) +
//       Σ P(σ(s), t)·x(t), r as above (σ for rmin and chains: σ reaches T
//       almost surely; every choice for rmax: every strategy does, and then
//       no choice may lead out of F), and no choice gives less (rmin) or
//       more (rmax). σ is proper, so x is its value (Kemeny and Snell), and
//       no strategy does better (Bertsekas and Tsitsiklis, "An analysis of
//       stochastic shortest path problems" (1991); Forejt et al. 2011,
//       section 4.2).
//     infinite states I (x = inf): for each relevant choice a (every choice
//       for rmin and chains, σ for rmax), either a successor in I has a
//       smaller r, or every successor is in I with r no larger. A play that
//       starts in I then either stays in I forever or, with positive
//       probability, drops to a smaller rank; by induction on r it misses
//       T with positive probability, so the expected reward is infinite
//       (PRISM's and Storm's convention).
//   games (reach: the target pays 1, a terminal state 0; payoff: a
//   terminal state pays its payoff; a play that never ends pays e = 0, or
//   the payoff game's default). The stopping states S (reach: the target
//   and the terminal states; payoff: the terminal states) have their
//   values and rank 0. Elsewhere, with σ the strategy at every state (the
//   owner's choice):
//     x(s) = Σ P(σ(s), t)·x(t), and no choice of the owner gives more (max)
//       or less (min): the Bellman equations, and each player's choice is
//       a best response to the values;
//     the states above e, P = {x > e}: r(s) = 1 + max over the relevant
//       choices (every choice of min, σ of max and chance) of the least r
//       of a successor in P ∪ S: against σ, every strategy of min ends the
//       play with positive probability;
//     the states below e, N = {x < e}: the same with max and min swapped;
//     the states with x = e have no rank.
//   Then x is the value of the game and σ optimal for both players: against
//   σ no strategy of min gets less than x, and against σ no strategy of max
//   more (a maximum principle: where a better reply would gain, the
//   difference is largest on a set the play never leaves and never ends
//   from, so that its payoff there is e, which the ranks exclude). This is
//   the argument of Condon, "The complexity of stochastic games" (1992),
//   for stopping games (where every state has a rank), restricted to the
//   states whose value is not e; the replies compared are memoryless
//   (Puterman 1994, Theorem 9.1.8; Liggett and Lippman 1969).
//   Pig (check_pig_certificate): the turn-start values and the actions
//   determine every state's value through the rules; each action is checked
//   optimal and each turn-start value equal to its equation. Every play of
//   Pig ends with probability 1 whatever the strategies (T consecutive
//   rolls without a 1 end it, and every turn rolls at least once), so the
//   game is stopping and its equations have one solution (Condon 1992).
// Values from elsewhere carry no strategy and no ranks: then only the
// equations are checked (σ is a best choice), and the report lists the
// witnesses that could not be.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "exactdp/decision/model.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/verify/certificate.hpp"

namespace exactdp {

/// A model as the checker sees it: states with choices in compressed rows
/// (the choices of s are choice_begin[s] .. choice_begin[s+1]-1; the
/// transitions of choice c are edge_begin[c] .. edge_begin[c+1]-1), a reward
/// per choice, names and labels. A chain's absorbing state has no choice.
struct verify_model {
  std::string source;
  std::vector<std::string> names;
  std::unordered_map<std::string, std::size_t> index;
  std::vector<std::size_t> choice_begin{0};
  std::vector<std::size_t> edge_begin{0};
  std::vector<std::size_t> to;
  std::vector<Rational> probability;
  std::vector<Rational> reward;
  std::vector<state_owner> owner;  ///< a decision model's owner per state (empty for a chain)
  std::vector<Rational> payoff;    ///< a decision model's terminal payoff per state (empty for a chain)
  std::map<std::string, std::vector<std::size_t>> labels;
  std::size_t size() const { return names.size(); }
};

class markov_model;
class decision_model;

/// The checker's view of a Markov chain: an absorbing state has no choice,
/// any other one choice with the state's reward. Cost: O(n + m).
/// Example: to_verify_model(parse_json_model(...)).names.size() == 2 for the coin of parse_json_model's example.
verify_model to_verify_model(const markov_model& chain);
/// The checker's view of a decision model (an MDP or a game), with its
/// owners and payoffs. Cost: O(n + m).
/// Example: to_verify_model(d).names.size() == 2 for parse_decision_json's example d.
verify_model to_verify_model(const decision_model& mdp);

/// Reads a model file for the checker with the model readers: kind "chain"
/// reads it as a Markov chain (markov/model.hpp), "mdp" and "game" as a
/// decision model (decision/model_files.hpp; check_certificate refuses an
/// MDP certificate of a model with states of both players). `format` and `reward_model` as the tool's --format and
/// --reward-model ("" for the defaults). Throws what the readers throw.
/// Cost: linear in the file.
/// Example: from the source tree, load_verify_model("examples/decision/lottery.json", "mdp", "", "", false)
/// .names.size() == 9.
verify_model load_verify_model(const std::string& path, const std::string& kind, const std::string& format,
                               const std::string& reward_model, bool rewards_required);

/// What the checker found.
struct verify_report {
  bool verified = false;
  std::string start;                    ///< the start state's name
  std::optional<Rational> start_value;  ///< its value (nullopt: infinite)
  std::optional<std::size_t> state;     ///< the first state that failed, if one did
  std::string reason;                   ///< why it failed (the state's equation with both sides), or ""
  std::vector<std::string> unchecked;   ///< witnesses that could not be checked (values without witnesses)
  std::string theorem;                  ///< why the checks imply the values ("" without witnesses)
};

/// Checks certificate `c` against model `m` (see the file comment), without
/// the digest. `witnesses` false: the certificate holds values only (no
/// strategy, no ranks; read_plain_values). Never throws for a wrong
/// certificate: the report says what failed; throws std::invalid_argument
/// only when the certificate does not fit the model at all (other states,
/// an unknown target or start). Cost: O(n + m) operations on integers
/// about as long as the values' denominators: once per state, the values of
/// consecutive states whose denominators differ by small factors (at most
/// 128 bits) over their lcm; then an equation whose values share one such
/// denominator and whose probabilities one of 32 bits is a sum of long
/// numbers times short ones, and any other the lcm of the denominators it
/// reads (a gcd only where neither of two divides the other).
/// Example: check_certificate(m, c).verified for m load_verify_model's example and c read_certificate's.
verify_report check_certificate(const verify_model& m, const certificate& c, bool witnesses = true);

/// Checks a certificate of Pig (c.kind "pig", c.model.constants
/// "faces=F,target=T" as the tool writes them) against the rules of Pig
/// (decision/pig.hpp's file comment), regenerated here: for every pair of
/// scores (i, j), every value a probability, the turn's equation P(i, j, 0)
/// = the sum over the states its actions reach of (reach chance)·(value),
/// in integers; and each action at least as good as the other, by a
/// backward pass over the turn totals k = T-i-1 .. 1 in 128-bit fixed-point
/// intervals (rigorous bounds), compared exactly where the intervals of
/// roll and hold overlap (docs/certificates.md, "How Pig is checked
/// fast"). Never throws for a wrong certificate (the report names the state
/// (i, j, k) and both sides); throws std::invalid_argument when the
/// certificate does not fit the game at all (other parameters, states or
/// lengths). Cost: O(T³) operations on 128-bit integers, and per pair O(T)
/// on integers of F^(T/2)'s length and O(F) multiplications and divisions
/// of integers of the values' length (a gcd where a denominator brings a
/// new factor). The values may be unreduced (read_certificate keeps Pig's
/// as written); the report's start value is reduced.
/// Example: from the source tree, check_pig_certificate(c).verified for c read from
/// examples/decision/pig_6_10.cert.json.
verify_report check_pig_certificate(const certificate& c);

/// Reads the model at `model_path` the way the certificate says, compares
/// its digest (and `constants`' digest when given) with the certificate's,
/// and checks it. A digest that differs gives a report, not verified, whose
/// reason says that the certificate was written for another model or other
/// constants. A certificate of Pig has no file: `model_path` must be "pig",
/// and `constants` (its parameters, "faces=6,target=100"; required) take the
/// digest's place (check_pig_certificate). Errors: those of
/// load_verify_model and check_certificate.
/// Cost: digest plus check_certificate.
/// Example: from the source tree, verify_certificate("examples/decision/lottery.json", c).verified for
/// read_certificate's example c.
verify_report verify_certificate(const std::string& model_path, const certificate& c,
                                 const std::optional<std::string>& constants = std::nullopt);

/// The query of values from elsewhere, which name none (the options of
/// `exactdp verify MODEL VALUES`).
struct plain_query {
  std::string objective;  ///< reach, steps (a chain), pmax, pmin, rmax, rmin (an MDP), or a game's reach, payoff
  std::string kind;       ///< "chain", "mdp" or "game"; "": the objective's (payoff: a game)
  std::optional<std::string> target;       ///< the target label or state (a chain's default: the absorbing states)
  std::optional<std::string> start;        ///< the state whose value to report (default: the first)
  std::optional<Rational> default_payoff;  ///< a payoff game's: what a play that never ends pays (default 0)
  std::string format, reward_model;        ///< as load_verify_model's
};

/// Checks values from elsewhere (`text`, read by read_plain_values; one
/// value for every state of the model) against the model at `model_path`
/// for query q, without witnesses (check_certificate's `witnesses` false):
/// the equations, and for MDPs and games that no choice improves on the
/// values. Returns the certificate made of them (its states and values)
/// and the report, whose `unchecked` lists the witnesses that could not be
/// checked. Throws std::invalid_argument for a query that is no kind's
/// ("the query 'x' is not one of reach, steps, ...") or does not fit its
/// kind (a target missing or not allowed, a default outside a payoff
/// game), a model in the PRISM language or JANI (.pm, .prism, .nm, .jani:
/// check writes their certificates), a state the model lacks or lacks a
/// value, and what
/// load_verify_model and read_plain_values throw. Cost: reading the model
/// and the values, and check_certificate.
/// Example: from the source tree, verify_plain_values("examples/decision/lottery.json",
/// read_text("examples/decision/lottery.values.csv", "v"), "v", {"pmax", "", "goal"}).second.verified.
std::pair<certificate, verify_report> verify_plain_values(const std::string& model_path, std::string_view text,
                                                          const std::string& source, const plain_query& q);

}  // namespace exactdp
