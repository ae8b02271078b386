// Fuzz target: an expectiminimax model read and then evaluated, exactly and
// in double. Only std::invalid_argument and exactdp::resource_error may
// escape, and the double must agree with the exact value wherever the exact
// value is within double's range and the double run did not overflow: every
// node's double is computed from correctly rounded inputs, so a difference
// above 1e-6 relative on a small graph is a bug.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "../budgets.hpp"
#include "../message.hpp"
#include "exactdp/games/expectiminimax.hpp"
#include "exactdp/numeric/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const exactdp::expectiminimax_model m =
        exactdp::parse_expectiminimax_model(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
    if (m.nodes.size() > 2000) return 0;  // evaluation is linear; keep runs fast
    const auto exact = exactdp::expectiminimax(m.graph<exactdp::Rational>());
    const auto approx = exactdp::expectiminimax(m.graph<double>());
    const exactdp::double_conversion want = exactdp::to_double_checked(exact.values[m.root]);
    const double got = approx.values[m.root];
    if (want.status == exactdp::double_status::rounded || want.status == exactdp::double_status::exact) {
      const double scale = std::fmax(1.0, std::fabs(want.value));
      if (std::isfinite(got) && std::fabs(got - want.value) > 1e-6 * scale && m.nodes.size() < 50) std::abort();
    }
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
  } catch (const exactdp::resource_error& e) {
    exactdp::fuzz::check_message(e.what());
  }
  return 0;
}
