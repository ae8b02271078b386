// Primes below a power of two, for residue runs (see primes.hpp).
#include "exactdp/numeric/primes.hpp"

#include <stdexcept>
#include <string>

#include "exactdp/numeric/modint64.hpp"

namespace exactdp {

std::vector<std::uint64_t> primes_below(std::size_t count, int bits) {
  if (bits < 3 || bits > 62)
    throw std::invalid_argument("primes below 2^" + std::to_string(bits) + ": the bits must be between 3 and 62");
  if (count < 1 || count > 1'000'000)
    throw std::invalid_argument("the number of primes must be between 1 and 10^6, not " + std::to_string(count));
  static constexpr std::uint64_t small[] = {3,  5,  7,  11, 13, 17, 19, 23, 29, 31, 37, 41,
                                            43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97};
  std::vector<std::uint64_t> primes;
  primes.reserve(count);
  for (std::uint64_t n = (std::uint64_t{1} << bits) - 1; n > 2 && primes.size() < count; n -= 2) {
    bool candidate = true;
    for (const std::uint64_t p : small)
      if (n % p == 0) {
        candidate = n == p;
        break;
      }
    if (candidate && detail::is_prime_u64(n)) primes.push_back(n);
  }
  if (primes.size() < count)
    throw std::invalid_argument("only " + std::to_string(primes.size()) + " odd primes lie below 2^" +
                                std::to_string(bits) + ", not " + std::to_string(count));
  return primes;
}

}  // namespace exactdp
