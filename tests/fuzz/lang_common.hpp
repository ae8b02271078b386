// What the PRISM-language and JANI fuzz targets share: build the state space
// of a parsed model and evaluate every property that was read, exactly and
// in double, under small budgets (1 MiB of state, 10^7 steps of work), so
// that a run ends within the fuzzer's time limit whatever the model. Only
// std::invalid_argument, std::domain_error and exactdp::resource_error may
// escape from the caller's try block; their messages are checked there.
#pragma once

#include <vector>

#include "exactdp/lang/build.hpp"
#include "exactdp/lang/properties.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp::fuzz {

inline void build_and_evaluate(const lang::symbolic_model& model, const std::vector<lang::property>& properties) {
  const budget_scope small({.state_bytes = std::uint64_t{1} << 20, .work_steps = 1e7L});
  const lang::state_space space = lang::build_state_space(model);
  for (const lang::property& p : properties) {
    if (!p.error.empty()) continue;
    (void)lang::evaluate_property<Rational>(model, space, p);
    (void)lang::evaluate_property<double>(model, space, p);
  }
}

}  // namespace exactdp::fuzz
