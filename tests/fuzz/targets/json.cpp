// Fuzz target: the strict JSON reader of every model file
// (exactdp/io/json_input.hpp), differentially against nlohmann_json. Both
// must accept or refuse the same texts, except where the rules differ on
// purpose: a repeated key (we refuse, nlohmann keeps the last) and a number
// beyond double's range (we read it exactly, nlohmann refuses it), and a NUL
// byte (nlohmann stops reading at it; JSON does not allow it outside strings
// and neither do we). A disagreement aborts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

#include "../budgets.hpp"
#include "../message.hpp"
#include "exactdp/io/json_input.hpp"
#include "exactdp/numeric/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  bool ours = true;
  try {
    const exactdp::json_document doc(text, "fuzz.json");
  } catch (const std::invalid_argument& e) {
    exactdp::fuzz::check_message(e.what());
    if (std::string_view(e.what()).find("appears twice") != std::string_view::npos) return 0;
    if (std::string_view(e.what()).find("nested deeper") != std::string_view::npos) return 0;
    ours = false;
  } catch (const exactdp::resource_error& e) {
    exactdp::fuzz::check_message(e.what());
    return 0;
  }
  if (text.find('\0') != std::string_view::npos) return 0;
  bool theirs = true;
  try {
    [[maybe_unused]] const nlohmann::json parsed = nlohmann::json::parse(text);
  } catch (const nlohmann::json::out_of_range&) {
    return 0;
  } catch (const nlohmann::json::exception&) {
    theirs = false;
  }
  if (ours != theirs) {
    std::fprintf(stderr, "json_document %s, nlohmann %s\n", ours ? "accepts" : "refuses",
                 theirs ? "accepts" : "refuses");
    std::abort();
  }
  return 0;
}
