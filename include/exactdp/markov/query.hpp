// exactdp/markov/query.hpp: what a question asked of a Markov chain starts
// from and where it stops (markov_query), and the checks every query runs
// on it (a start and a target inside the chain).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/markov/chain.hpp"

namespace exactdp {

/// What a query starts from and where it stops.
struct markov_query {
  /// The start state (an index of the chain).
  std::size_t start = 0;
  /// The states to reach. nullopt: the absorbing states. Given: the walk
  /// stops on entering any of them (they become absorbing for the query),
  /// and an absorbing state outside the target is a stop that never reaches
  /// it. An empty target is allowed (it is never reached).
  std::optional<std::vector<std::size_t>> target;
  /// Called now and then with (components done, components in all) by the
  /// solver, or (steps done, steps in all) by the k-step queries. Optional.
  std::function<void(std::size_t, std::size_t)> progress;
};

namespace detail {

/// " modulo P, so the answer has no residue mod P" for residue types
/// (field_traits<T>::is_residue), else "".
template <class T>
std::string modulus_words() {
  if constexpr (field_traits<T>::is_residue) {
    return " modulo " + std::to_string(T::modulus()) + ", so the answer has no residue mod " +
           std::to_string(T::modulus());
  } else {
    return "";
  }
}

inline void check_markov_start(std::size_t n, std::size_t start) {
  if (start >= n)
    throw std::invalid_argument("start state " + std::to_string(start) + " is not a state of the chain (it has " +
                                std::to_string(n) + " states)");
}

/// stop[s] = 1 for absorbing states and target states; is_target[s] = 1 for
/// the target (the absorbing states when there is none).
template <class T>
void markov_stop_sets(const markov_chain<T>& chain, const markov_query& q, std::vector<char>& stop,
                      std::vector<char>& is_target) {
  const std::size_t n = chain.size();
  check_markov_start(n, q.start);
  stop.assign(n, 0);
  is_target.assign(n, 0);
  for (std::size_t s = 0; s < n; ++s)
    if (chain.is_absorbing(s)) stop[s] = 1;
  if (q.target) {
    for (const std::size_t s : *q.target) {
      if (s >= n)
        throw std::invalid_argument("target state " + std::to_string(s) + " is not a state of the chain (it has " +
                                    std::to_string(n) + " states)");
      stop[s] = is_target[s] = 1;
    }
  } else {
    is_target = stop;
  }
}

}  // namespace detail

}  // namespace exactdp
