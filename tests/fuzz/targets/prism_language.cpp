// Fuzz target: a model in the PRISM language and its properties, split at
// the first 0x00 byte. The model is parsed, its state space built and every
// property read evaluated (tests/fuzz/lang_common.hpp). Only
// std::invalid_argument, std::domain_error and exactdp::resource_error may
// escape, each with a short printable message.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../budgets.hpp"
#include "../lang_common.hpp"
#include "exactdp/lang/prism.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  const std::size_t cut = all.find('\0');
  const std::string_view model_text = all.substr(0, cut);
  const std::string_view props_text = cut == std::string_view::npos ? std::string_view{} : all.substr(cut + 1);
  exactdp::fuzz::checked_run([&] {
    exactdp::lang::symbolic_model model = exactdp::lang::parse_prism_language(model_text, "fuzz.pm");
    const auto properties = exactdp::lang::parse_properties(props_text, "fuzz.props", model, {}, true);
    for (const auto& p : properties) exactdp::fuzz::check_message(p.error);
    exactdp::fuzz::build_and_evaluate(model, properties);
  });
  return 0;
}
