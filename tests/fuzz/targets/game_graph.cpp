// Fuzz target: the retrograde game-graph reader, then the solver on what it
// read. Only std::invalid_argument and exactdp::resource_error may escape.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/game_graph.hpp"
#include "../budgets.hpp"
#include "../message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const exactdp::game_model m =
        exactdp::parse_game_model(std::string_view(reinterpret_cast<const char*>(data), size));
    (void)exactdp::retrograde_analysis(m.graph);
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
  } catch (const exactdp::resource_error& e) {
    exactdp::fuzz::check_message(e.what());
  }
  return 0;
}
