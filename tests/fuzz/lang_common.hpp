// What the PRISM-language and JANI fuzz targets share: build the state space
// of a parsed model and evaluate every property that was read, exactly and
// in double, under small budgets (1 MiB of state, 10^7 steps of work), so
// that a run ends within the fuzzer's time limit whatever the model. Only
// std::invalid_argument, std::domain_error and exactdp::resource_error may
// escape, each with a short printable message (checked_run).
#pragma once

#include <stdexcept>
#include <vector>

#include "exactdp/lang/build.hpp"
#include "exactdp/lang/properties.hpp"
#include "exactdp/lang/property_values.hpp"
#include "exactdp/numeric/errors.hpp"
#include "message.hpp"

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

/// Runs `f`, letting only the errors a model may cause pass, each checked
/// for a short printable message; anything else escapes to the fuzzer.
template <class F>
void checked_run(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    check_message(e.what());
  } catch (const std::domain_error& e) {
    check_message(e.what());
  } catch (const resource_error& e) {
    check_message(e.what());
  }
}

}  // namespace exactdp::fuzz
