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

namespace {

// Reads a stream to its end in blocks, checking the state budget after each
// block: for standard input, pipes, FIFOs and devices, whose size is not known
// before reading.
std::string read_stream(std::istream& in, const std::string& name, std::size_t bytes_per_byte) {
  std::string text;
  std::string block(std::size_t{1} << 16, '\0');
  while (in.read(block.data(), static_cast<std::streamsize>(block.size())) || in.gcount() > 0) {
    text.append(block.data(), static_cast<std::size_t>(in.gcount()));
    check_state_budget(name, static_cast<long double>(text.size()), bytes_per_byte, "bytes of text");
  }
  return text;
}

}  // namespace

namespace {

// "the model file 'm.json'", "the properties file 'p.props'" (what names a file already), "the model on standard
// input".
std::string input_name(const std::string& path, const std::string& what) {
  if (path == "-") return what + " on standard input";
  const bool names_file = what.size() >= 5 && what.compare(what.size() - 5, 5, " file") == 0;
  return what + (names_file ? " '" : " file '") + path + "'";
}

}  // namespace

std::string read_text(const std::string& path, const std::string& what, std::size_t bytes_per_byte) {
  const std::string name = input_name(path, what);
  if (path == "-") return read_stream(std::cin, name, bytes_per_byte);
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec) throw std::invalid_argument("cannot read " + name + ": " + ec.message());
  if (std::filesystem::is_directory(status)) throw std::invalid_argument("cannot read " + name + ": it is a directory");
  if (!std::filesystem::is_regular_file(status)) {
    // A pipe, FIFO or device (/dev/stdin, <(command)): read as a stream.
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::invalid_argument("cannot open " + name);
    return read_stream(in, name, bytes_per_byte);
  }
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

std::string read_nonblank_text(const std::string& path, const std::string& what, std::size_t bytes_per_byte) {
  std::string text = read_text(path, what, bytes_per_byte);
  if (text.find_first_not_of(" \t\r\n") == std::string::npos)
    throw std::invalid_argument(input_name(path, what) + " is empty");
  return text;
}

}  // namespace exactdp
