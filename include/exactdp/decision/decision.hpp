// exactdp/decision/decision.hpp: the whole decision family in one include:
// models of MDPs and stochastic games (model.hpp), their JSON files
// (json_model.hpp), implicit models (explore.hpp), graph analyses (qualitative.hpp), strategy iteration and
// the queries (solve.hpp), and Pig (pig.hpp).
#pragma once

#include "exactdp/decision/explore.hpp"
#include "exactdp/decision/json_model.hpp"
#include "exactdp/decision/model.hpp"
#include "exactdp/decision/pig.hpp"
#include "exactdp/decision/qualitative.hpp"
#include "exactdp/decision/solve.hpp"
