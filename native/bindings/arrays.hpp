// numpy arrays handed to Python: shared by the binding's files.
#pragma once
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>

#include <cstdint>

#include <initializer_list>
#include <vector>

namespace ttr {

// A numpy array that owns `v` (freed with the array).
template <typename T>
nanobind::ndarray<nanobind::numpy, T> owned(std::vector<T>&& v, std::initializer_list<size_t> shape) {
  auto* heap = new std::vector<T>(std::move(v));
  nanobind::capsule owner(heap, [](void* p) noexcept { delete static_cast<std::vector<T>*>(p); });
  return nanobind::ndarray<nanobind::numpy, T>(heap->data(), shape, owner);
}

// The games' outcomes as numpy arrays by game (and seat): totals, winners, tickets_done, length,
// errors (index, text); a BotOutcome's tickets_kept and turns too. (Done: the dtype of tickets_done.)
template <typename Done, typename O>
nanobind::dict outcome_arrays(const std::vector<O>& out, size_t P) {
  namespace nb = nanobind;
  constexpr bool kBots = requires(const O& o) { o.kept[0]; o.turns; };
  const size_t n = out.size();
  std::vector<int16_t> totals(n * P);
  std::vector<uint8_t> winners(n * P), kept(kBots ? n * P : 0);
  std::vector<Done> done(n * P);
  std::vector<int32_t> length(n), turns(kBots ? n : 0);
  nb::list errors;
  for (size_t i = 0; i < n; ++i) {
    length[i] = out[i].length;
    for (size_t p = 0; p < P; ++p) {
      totals[i * P + p] = out[i].total[p];
      done[i * P + p] = out[i].done[p];
      winners[i * P + p] = (out[i].winners >> p) & 1u;
    }
    if constexpr (kBots) {
      turns[i] = out[i].turns;
      for (size_t p = 0; p < P; ++p) kept[i * P + p] = out[i].kept[p];
    }
    if (!out[i].error.empty()) errors.append(nb::make_tuple(i, out[i].error));
  }
  nb::dict d;
  d["totals"] = owned(std::move(totals), {n, P});
  d["winners"] = owned(std::move(winners), {n, P});
  d["tickets_done"] = owned(std::move(done), {n, P});
  if constexpr (kBots) d["tickets_kept"] = owned(std::move(kept), {n, P});
  d["length"] = owned(std::move(length), {n});
  if constexpr (kBots) d["turns"] = owned(std::move(turns), {n});
  d["errors"] = errors;
  return d;
}

}  // namespace ttr
