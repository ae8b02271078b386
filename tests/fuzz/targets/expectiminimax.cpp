// Fuzz target: the expectiminimax JSON model reader. Only
// std::invalid_argument and exactdp::resource_error may escape.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "exactdp/games/expectiminimax.hpp"
#include "exactdp/numeric/errors.hpp"
#include "../budgets.hpp"
#include "../message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)exactdp::parse_expectiminimax_model(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
  } catch (const exactdp::resource_error& e) {
    exactdp::fuzz::check_message(e.what());
  }
  return 0;
}
