// Reading input files and standard input within the state budget
// (exactdp/io/read_text.hpp).
#include "exactdp/io/read_text.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <system_error>

#include "exactdp/numeric/errors.hpp"

namespace exactdp {

std::string read_text(const std::string& path, const std::string& what, std::size_t bytes_per_byte) {
  const std::string name = what + " " + (path == "-" ? std::string("on standard input") : "file '" + path + "'");
  if (path == "-") {
    std::string text;
    char block[1 << 16];
    while (std::cin.read(block, sizeof block) || std::cin.gcount() > 0) {
      text.append(block, static_cast<std::size_t>(std::cin.gcount()));
      check_state_budget(name, static_cast<long double>(text.size()), bytes_per_byte, "bytes of text");
    }
    return text;
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw std::invalid_argument("cannot read " + name + ": it is a directory");
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) throw std::invalid_argument("cannot read " + name + ": " + ec.message());
  check_state_budget(name, static_cast<long double>(size), bytes_per_byte, "bytes of text");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::invalid_argument("cannot open " + name);
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  if (static_cast<std::uintmax_t>(in.gcount()) != size) throw std::invalid_argument("cannot read all of " + name);
  return text;
}

}  // namespace exactdp
