// exactdp/decision/certify.hpp: the witnesses of a certificate
// (exactdp/verify/certificate.hpp) from an exact solution: every state's
// value, a strategy that reaches the target where it must, and the ranks
// that the checker (exactdp/verify/verify.hpp) tests. The meaning of the
// ranks, objective by objective, is in verify.hpp and docs/certificates.md.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/decision/model.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// The per-state part of a certificate.
struct decision_witness {
  std::vector<std::optional<Rational>> values;  ///< nullopt: +infinity
  std::vector<std::uint32_t> strategy;          ///< a choice index per state (0 without choices)
  std::vector<std::int64_t> rank;               ///< the witness rank, -1 for none
};

/// What certify_decision throws when a witness cannot be found: the
/// solution solves the equations (when it does) but is not the query's.
/// `state` is the state without a witness; `missing` says which witness:
/// reach (no rank to the target or, in a game, to the end of the play),
/// infinite (no level that shows the target missed) or closed (a state of
/// Pmin 0 whose every choice leaves the states of value 0).
/// Example: for parse_decision_json's example d (a goes to a or b, b the
/// goal) under pmin, the values {0, 1} throw it with state 0 and missing
/// closed: a's one choice leaves the states of value 0.
struct no_witness_error : std::domain_error {
  enum class witness : std::uint8_t { reach, infinite, closed };
  no_witness_error(const std::string& what, std::size_t s, witness w) : std::domain_error(what), state(s), missing(w) {}
  std::size_t state;
  witness missing;
};

/// The witnesses of an exact MDP solution for q.objective pmax, pmin, rmax or
/// rmin (a Markov chain is an MDP whose states have one choice; its reach
/// and steps queries are pmax and rmin). Ranks:
///   - states of positive probability (reach) or finite value (rewards):
///     the distance to the target along the strategy (pmax, rmin: the
///     strategy is re-chosen among the choices that attain the value, so
///     that it makes progress) or the attractor level that every choice
///     descends (pmin, rmax); 0 on the target;
///   - states of infinite value: the level of the nested fixed point that
///     shows the target missed with positive probability (rmin: whatever
///     the strategy; rmax: under the strategy, which is re-chosen there);
///   - states of probability 0: none (-1); under pmin the strategy is
///     re-chosen there to stay among them.
/// Games (reach_game, payoff_game): the strategy holds both players'
/// choices (each state's owner's), re-chosen where a choice does not attain
/// the value; the stopping states (the target and the terminal states of a
/// reachability game, the terminal states of a payoff game) have rank 0,
/// the states whose value is above e (what a play that never ends pays: 0,
/// or q.default_payoff) the level of the maximiser's attractor of the
/// stopping states (every choice of min; max's strategy is re-chosen among
/// the attaining choices to descend), the states below e the minimiser's,
/// and the states of value e none (-1).
/// Errors: std::invalid_argument for a solution of another size; no_witness_error (a std::domain_error) when a witness
/// cannot be found (the solution is wrong: certify/plain_values.hpp derives the witnesses of values from elsewhere
/// with it, and refuses a fixed point of the equations that is not the query's), naming the state. The solution
/// need not be optimal, but its finite values must solve the equations (reward and probability-weighted sum along
/// each strategy choice) and a game's values must all be finite. Cost: O(n + m) rational operations
/// plus, for infinite states, O(k·p·m) for k levels of p passes each.
/// Source: the characterisations of Baier and Katoen (2008) section 10.6.1;
/// for games, the attractors of Condon, "The complexity of stochastic games"
/// (1992).
/// Status: every witness it writes is checked by the checker in the tests,
/// on random chains, MDPs and games.
/// Example: certify_decision(d, q, optimal_decision<Rational>(d, q)).rank == {1, 0} for parse_decision_json's
/// example d and q.target = d.label("goal").
decision_witness certify_decision(const decision_model& m, const decision_query& q,
                                  const decision_solution<Rational>& sol);

}  // namespace exactdp
