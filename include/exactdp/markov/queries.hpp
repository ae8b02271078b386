// exactdp/markov/queries.hpp: the questions asked of a Markov chain, over
// any Field T: expected total reward until absorption (expected steps),
// absorption / reaching probabilities, the distribution after exactly k
// steps, and "reached within k steps".
// This header gathers them; each lives in the file named for it:
//   markov/query.hpp              markov_query and its checks;
//   markov/absorption_solver.hpp  the forward solve and its budget;
//   markov/absorption.hpp         absorption_probabilities, reach_probability,
//                                 expected_steps;
//   markov/steps.hpp              after_steps, within_steps, distribution_after,
//                                 probability_after, reached_within.
#pragma once

#include "exactdp/markov/absorption.hpp"
#include "exactdp/markov/absorption_solver.hpp"
#include "exactdp/markov/query.hpp"
#include "exactdp/markov/steps.hpp"
