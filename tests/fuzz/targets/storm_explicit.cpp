// Fuzz target: the explicit readers with choices (PRISM's and Storm's
// .tra, either kind of .lab and state rewards). The input is split at the
// first two 0x00 bytes into the .tra, .lab and reward texts, and read both
// as PRISM's and as Storm's format. Only std::invalid_argument and
// exactdp::resource_error may escape.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/numeric/errors.hpp"
#include "../budgets.hpp"
#include "../message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view all(reinterpret_cast<const char*>(data), size);
  std::optional<std::string_view> lab, rew;
  std::string_view tra = all;
  if (const auto a = all.find('\0'); a != std::string_view::npos) {
    tra = all.substr(0, a);
    std::string_view rest = all.substr(a + 1);
    if (const auto b = rest.find('\0'); b != std::string_view::npos) {
      lab = rest.substr(0, b);
      rew = rest.substr(b + 1);
    } else {
      lab = rest;
    }
  }
  for (const bool storm : {false, true}) {
    try {
      const exactdp::explicit_model m =
          storm ? exactdp::parse_storm_explicit(tra, "fuzz.tra", lab, "fuzz.lab", rew, "fuzz.rew")
                : exactdp::parse_prism_explicit(tra, "fuzz.tra", lab, "fuzz.lab", rew, "fuzz.srew");
      (void)exactdp::to_markov_model(m);
    } catch (const std::invalid_argument& e) {
      exactdp::fuzz::check_message(e.what());
    } catch (const exactdp::resource_error& e) {
      exactdp::fuzz::check_message(e.what());
    }
  }
  try {
    (void)exactdp::detect_model_format(tra, "fuzz");
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
  }
  return 0;
}
