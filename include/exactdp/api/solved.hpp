// exactdp/api/solved.hpp: solve once per number system, read many values.
// A question such as "the chain's absorption probabilities" or "the optimal
// strategy of a decision process" is solved once in each number system a
// front end asks for (exact, double, the residues modulo a prime P) and then
// read many times: the value at the start, the value of every state, the
// strategy, the statistics. in_systems keeps each system's solution, or the
// failure of its solve, so that no front end passes solutions around in
// captured shared_ptr<optional<...>> of its own.
#pragma once

#include <concepts>
#include <cstdint>
#include <exception>
#include <map>
#include <optional>
#include <type_traits>
#include <utility>

#include "exactdp/api/systems.hpp"
#include "exactdp/numeric/field_traits.hpp"
#include "exactdp/numeric/modint.hpp"

namespace exactdp::api {

/// The residue solution of a question whose residues are single values (an
/// alias template for in_systems' Residue: the value itself).
template <class T>
using itself = T;

/// One question solved at most once in each number system: Solution<Exact>
/// (Exact is Rational or BigInt), Solution<double>, and Residue<DynModInt>
/// for each prime P < 2^31 asked (residue_width::narrow, the width of the
/// chain, decision and Pig solvers). solve(std::type_identity<T>{}, systems)
/// returns the solution in T; it may read another system's solution through
/// `systems` (the residues of an optimal strategy evaluate the strategy the
/// exact solve proved). A solve that throws is not run again: its exception
/// is kept and thrown again at every read of that system.
/// Example: in_systems<chain_solution, decltype(solve)> s(solve);
/// s.get<Rational>().value, then s.find<double>() is nullptr until the double
/// run. Not thread-safe: one front-end call owns it.
template <template <class> class Solution, class Solve, class Exact = Rational,
          template <class> class Residue = Solution>
class in_systems {
 public:
  explicit in_systems(Solve solve) : solve_(std::move(solve)) {}

  /// The solution in T, Exact or double, solved at the first call. Throws
  /// the exception of the solve (at the first and every later call). Cost:
  /// that of one solve, then O(1).
  template <class T>
  requires std::same_as<T, Exact> || std::same_as<T, double>
  const Solution<T> &get() { return solved_in<T>(slot<T>()); }

  /// The solution in T (Exact or double) when it was solved without
  /// failure, else nullptr; never solves. Cost: O(1).
  template <class T>
  requires std::same_as<T, Exact> || std::same_as<T, double>
  const Solution<T> *find() const {
    const auto &s = slot<T>();
    return s.value ? &*s.value : nullptr;
  }

  /// read(solution) for the residue solution modulo the prime p, solved at
  /// the first call for p, with the calling thread's modulus set to p while
  /// read runs (run_residue<narrow>: std::invalid_argument for p not a prime
  /// 2 < p < 2^31). Returns what read returns. Throws the solve's exception
  /// (at every call for p) and read's. Cost: one solve per modulus, then
  /// read's.
  template <class Read>
  auto residue(std::uint64_t p, const Read &read) {
    return run_residue<residue_width::narrow>(
        p, [&](std::type_identity<DynModInt>) { return read(solved_in<DynModInt>(residues_[p])); });
  }

  /// The residue solution modulo p when it was solved without failure, else
  /// nullptr; never solves. Its values are residues modulo p (read them
  /// with value()). Cost: O(log of the moduli asked).
  const Residue<DynModInt> *find_residue(std::uint64_t p) const {
    const auto it = residues_.find(p);
    return it != residues_.end() && it->second.value ? &*it->second.value : nullptr;
  }

 private:
  template <class S>
  struct entry {
    bool tried = false;
    std::optional<S> value;
    std::exception_ptr failure;
  };

  // The one rule of every system: solve at the first read, keep the
  // solution or the failure, and throw the failure at every read.
  template <class T, class S>
  const S &solved_in(entry<S> &s) {
    if (!s.tried) {
      s.tried = true;
      try {
        s.value.emplace(solve_(std::type_identity<T>{}, *this));
      } catch (...) {
        s.failure = std::current_exception();
      }
    }
    if (s.failure) std::rethrow_exception(s.failure);
    return *s.value;
  }

  template <class T>
  auto &slot() {
    if constexpr (std::is_same_v<T, double>)
      return approx_;
    else
      return exact_;
  }
  template <class T>
  const auto &slot() const {
    if constexpr (std::is_same_v<T, double>)
      return approx_;
    else
      return exact_;
  }

  Solve solve_;
  entry<Solution<Exact>> exact_;
  entry<Solution<double>> approx_;
  std::map<std::uint64_t, entry<Residue<DynModInt>>> residues_;
};

}  // namespace exactdp::api
