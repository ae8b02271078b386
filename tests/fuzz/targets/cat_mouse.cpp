// Fuzz target: the Cat and Mouse graph reader (JSON adjacency list) and the
// solver. Only std::invalid_argument and exactdp::resource_error may escape.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/cat_mouse.hpp"
#include "../budgets.hpp"
#include "../message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const auto graph = exactdp::parse_cat_mouse_graph(std::string_view(reinterpret_cast<const char*>(data), size));
    const int result = exactdp::cat_mouse(graph);
    if (result < 0 || result > 2) __builtin_trap();
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
  } catch (const exactdp::resource_error& e) {
    exactdp::fuzz::check_message(e.what());
  }
  return 0;
}
