// exactdp/decision/detail/numbers.hpp: a decision model's probabilities and
// rewards in a number system T, converted once for the solvers
// (solve.hpp, bounded.hpp). For Rational the model's own probabilities are
// used, not copied.
#pragma once

#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/decision/model.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp::detail {

/// The model's numbers in T: probabilities per transition, rewards per
/// choice (when asked). For Rational the model's own vectors are used.
template <Field T>
class decision_numbers {
 public:
  decision_numbers(const decision_model& m, bool with_rewards) {
    if constexpr (std::same_as<T, Rational>) {
      probability_ = &m.probabilities();
    } else {
      check_state_budget("the model's probabilities in " + std::string(field_traits<T>::name),
                         static_cast<long double>(m.probabilities().size()), sizeof(T));
      own_probability_.reserve(m.probabilities().size());
      for (std::size_t c = 0; c < m.choice_total(); ++c)
        for (std::size_t e = m.edge_begin()[c]; e < m.edge_begin()[c + 1]; ++e) {
          try {
            own_probability_.push_back(from_rational<T>(m.probabilities()[e]));
          } catch (const std::domain_error& err) {
            throw_domain_error_in("the transition " + name_text(m.name(m.choice_state(c))) + " -> " +
                                      name_text(m.name(m.targets()[e])) + ": ",
                                  err);
          }
        }
      probability_ = &own_probability_;
    }
    if (with_rewards) {
      reward_.reserve(m.choice_total());
      for (std::size_t c = 0; c < m.choice_total(); ++c) {
        try {
          reward_.push_back(from_rational<T>(m.reward(c)));
        } catch (const std::domain_error& err) {
          throw_domain_error_in("the reward of a choice of state " + name_text(m.name(m.choice_state(c))) + ": ", err);
        }
      }
    }
  }
  decision_numbers(const decision_numbers&) = delete;
  decision_numbers& operator=(const decision_numbers&) = delete;
  const std::vector<T>& probability() const { return *probability_; }
  /// Empty when built without rewards.
  const std::vector<T>& reward() const { return reward_; }

 private:
  const std::vector<T>* probability_ = nullptr;
  std::vector<T> own_probability_;
  std::vector<T> reward_;
};

}  // namespace exactdp::detail
