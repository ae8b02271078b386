// exactdp/io/read_text.hpp: the text of an input file, or of standard input,
// read within the state budget. Every model reader and every tool command
// that takes a file reads it here, so "-", directories, devices without a
// size and oversized inputs are handled one way.
#pragma once

#include <cstddef>
#include <string>

namespace exactdp {

/// The whole text of the file at `path`, or of standard input when `path` is
/// "-". `what` names the input in messages ("the chain model"). A regular
/// file is sized first and refused before it is read when keeping it, at
/// `bytes_per_byte` bytes of memory per byte of text (for what the caller
/// builds from it), would pass the state budget; standard input, pipes,
/// FIFOs and devices (/dev/stdin, a shell's <(command)) are read in 64 KiB
/// blocks and refused as soon as they pass.
/// Throws std::invalid_argument when the input cannot be read (missing,
/// unreadable, a directory: the system's reason is given), and
/// resource_error above the state budget. Cost: one pass over the text.
/// Tested in tests/io/test_read_text.cpp.
/// Example: read_text("/dev/null", "the model") == "".
std::string read_text(const std::string& path, const std::string& what, std::size_t bytes_per_byte = 64);

/// read_text, for an input that must say something: a text of blanks and
/// line ends only is refused with std::invalid_argument "WHAT on standard
/// input is empty" (or "WHAT file 'PATH' is empty"), the one wording of an
/// empty input. Cost: read_text's.
/// Example: read_nonblank_text("/dev/null", "the model") throws "the model file '/dev/null' is empty".
std::string read_nonblank_text(const std::string& path, const std::string& what, std::size_t bytes_per_byte = 64);

}  // namespace exactdp
