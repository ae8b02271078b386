// exactdp/numeric/numeric.hpp: the whole numeric policy layer in one include.
#pragma once

#include "exactdp/numeric/checked_int64.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/format.hpp"
#include "exactdp/numeric/modint.hpp"
#include "exactdp/numeric/modint64.hpp"
#include "exactdp/numeric/ostream.hpp"
#include "exactdp/numeric/primes.hpp"
#include "exactdp/numeric/rational.hpp"
