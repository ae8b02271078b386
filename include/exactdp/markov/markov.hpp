// exactdp/markov/markov.hpp: the whole Markov chain family in one include:
// models and their files (model.hpp, explicit_model.hpp), numeric chains (chain.hpp), the
// component solver and queries (queries.hpp), long-run behaviour (long_run.hpp),
// exact lumping (lump.hpp), the threads of the dense solves (solve_threads.hpp).
#pragma once

#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/markov/linear.hpp"
#include "exactdp/markov/long_run.hpp"
#include "exactdp/markov/lump.hpp"
#include "exactdp/markov/model.hpp"
#include "exactdp/markov/queries.hpp"
#include "exactdp/markov/scc.hpp"
#include "exactdp/markov/solve_threads.hpp"
