// exactdp/retrograde/outcome.hpp: deprecated, kept for one release; include
// exactdp/retrograde/result.hpp (retrograde_result, no_remoteness, no_move).
#pragma once

#include "exactdp/retrograde/result.hpp"
