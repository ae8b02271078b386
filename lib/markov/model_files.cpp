// Choosing the reader of a Markov model file (exactdp/markov/model.hpp).
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

#include "exactdp/markov/model.hpp"

namespace exactdp {

markov_model load_markov_model(const std::string& path, const std::string& format) {
  std::string f = format;
  std::error_code ec;
  if (f.empty() && std::filesystem::is_directory(path, ec)) f = "json";  // the reader says it is a directory
  if (f.empty()) {
    const std::string ext = std::filesystem::path(path).extension().string();
    if (ext == ".json")
      f = "json";
    else if (ext == ".tra")
      f = "prism";
    else
      throw std::invalid_argument(path + ": cannot tell the format from the extension \"" + ext +
                                  "\"; give --format json or --format prism");
  }
  if (f == "json") return load_json_model(path);
  if (f == "prism") return load_prism_model(path);
  throw std::invalid_argument("unknown model format \"" + format + "\" (json or prism)");
}

}  // namespace exactdp
