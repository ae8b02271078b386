// Fuzz target: a JANI model with its properties. The model is parsed, its
// state space built and every property read evaluated
// (tests/fuzz/lang_common.hpp). Only std::invalid_argument,
// std::domain_error and exactdp::resource_error may escape, each with a
// short printable message.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../budgets.hpp"
#include "../lang_common.hpp"
#include "exactdp/lang/jani.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  exactdp::fuzz::checked_run([&] {
    const exactdp::lang::jani_file file =
        exactdp::lang::parse_jani(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.jani");
    for (const auto& p : file.properties) exactdp::fuzz::check_message(p.error);
    exactdp::fuzz::build_and_evaluate(file.model, file.properties);
  });
  return 0;
}
