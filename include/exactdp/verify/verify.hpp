// exactdp/verify/verify.hpp: the independent checker of certificates
// (certificate.hpp). It re-reads the model with the model readers and checks
// the certificate in exact rational arithmetic; it calls no solver and uses
// no double and no residue.
//
// The checker, what a reviewer must read, is these files and nothing else
// of exactdp but the model readers and the rationals they include (among
// the readers, lang/certificate_model.hpp: how a certificate's PRISM or
// JANI model, constants and property are read back, a rule the writer
// shares): include/exactdp/verify/certificate.hpp, lang_model.hpp,
// verify.hpp and lib/verify/certificate.cpp, lang_model.cpp, pig.cpp,
// verify.cpp; 1439 lines in all, 1075 without blank and comment lines
// (scripts/checker_apart.py checks the includes and these figures, and
// refuses more than 1,075 such lines). Writing certificates (exactdp/certify/, decision/certify.hpp) and
// reading values from elsewhere (certify/plain_values.hpp) are no part of it.
//
// Why the checks prove the values (in full: docs/certificates.md, "What the
// checker checks"). T is the target, x the values, σ the strategy (a
// chain's one choice), r the ranks; on T, x is fixed and r = 0. Every
// equation x(s) = reward + Σ P(σ(s), t)·x(t) holds, and no choice improves
// on σ.
//   reach, pmax, pmin: Z = {x = 0} outside T is closed (every choice for
//     chains and pmax, σ for pmin) and elsewhere r is the distance to T (σ;
//     every choice for pmin), so Z is exactly the value-0 set and the
//     equations have one solution (Baier and Katoen, "Principles of Model
//     Checking" (2008), Theorem 10.100 and section 10.6.1; Forejt et al.
//     2011, section 4.1; chains: Kemeny and Snell, "Finite Markov Chains").
//   steps, rmin, rmax (rewards >= 0 for MDPs): at finite states r is the
//     distance to T (σ; every choice for rmax), so σ reaches T almost
//     surely, x is its value, and no strategy does better (Bertsekas and
//     Tsitsiklis 1991; Forejt et al. 2011, section 4.2); at infinite states
//     every relevant choice descends in r or stays among them, so T is
//     missed with positive probability (induction on r).
//   games: a play that never ends pays e; on either side of e, r is the
//     distance to the end of the play against σ (every choice of the player
//     who would rather it did not end), so by a maximum principle x is the
//     value and σ optimal for both (Condon, "The complexity of stochastic
//     games" (1992), for stopping games, on the states x ≠ e).
//   Pig: every play ends (T rolls without a 1 end it), so the game is
//     stopping and the regenerated equations have one solution (Condon).
// Values from elsewhere carry no witnesses: then the equations and the
// choices are checked, and the report lists the witnesses that were not.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
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
/// strategy, no ranks; certify/plain_values.hpp). Never throws for a wrong
/// certificate: the report says what failed; throws std::invalid_argument
/// only when the certificate does not fit the model at all (other states,
/// an unknown target or start). Cost: O(n + m) operations on integers
/// about as long as the values' denominators (sums of long numbers times
/// short ones, as a rule: verify.cpp's prepare). The values may be
/// unreduced (read_certificate keeps them as written); the report's start
/// value is reduced.
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
/// digest's place (check_pig_certificate). Once the digests match, a
/// certificate that does not fit its model (other states, target, start,
/// objective, format or reward model) is a report too, not verified, with
/// the reason. Errors (std::invalid_argument): a model file that cannot be
/// read, "pig" without `constants`, a malformed `constants`.
/// Cost: digest plus check_certificate.
/// Example: from the source tree, verify_certificate("examples/decision/lottery.json", c).verified for
/// read_certificate's example c.
verify_report verify_certificate(const std::string& model_path, const certificate& c,
                                 const std::optional<std::string>& constants = std::nullopt);

}  // namespace exactdp
