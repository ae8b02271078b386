// Fuzz target: Storm's DRN format, then the conversion to a chain. Only
// std::invalid_argument and exactdp::resource_error may escape.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/numeric/errors.hpp"
#include "../budgets.hpp"
#include "../message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    (void)exactdp::to_markov_model(exactdp::parse_drn_model(text, "fuzz.drn"));
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
  } catch (const exactdp::resource_error& e) {
    exactdp::fuzz::check_message(e.what());
  }
  return 0;
}
