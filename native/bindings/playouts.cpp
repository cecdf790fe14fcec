// Batches of whole games (ttr.native.playouts): the interpreter lock released, numpy arrays out.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>

#include <memory>

#include "arrays.hpp"
#include "ttr/playouts.hpp"

namespace nb = nanobind;
using namespace ttr;

void bind_playouts(nb::module_& m) {
  m.def(
      "random_games",
      [](const Rules& R, nb::ndarray<const int64_t, nb::ndim<1>, nb::c_contig, nb::device::cpu> seeds, int threads,
         bool check) {
        if (threads < 1 || threads > 256) throw nb::value_error("threads: from 1 to 256");
        const size_t n = seeds.shape(0);
        std::vector<Outcome> out(n);
        {
          nb::gil_scoped_release release;
          random_games(R, seeds.data(), n, threads, out.data(), check);
        }
        const size_t P = static_cast<size_t>(R.players);
        std::vector<int16_t> totals(n * P), done(n * P);
        std::vector<uint8_t> winners(n * P);
        std::vector<int32_t> length(n);
        nb::list errors;
        for (size_t i = 0; i < n; ++i) {
          length[i] = out[i].length;
          for (size_t p = 0; p < P; ++p) {
            totals[i * P + p] = out[i].total[p];
            done[i * P + p] = out[i].done[p];
            winners[i * P + p] = (out[i].winners >> p) & 1u;
          }
          if (!out[i].error.empty()) errors.append(nb::make_tuple(i, out[i].error));
        }
        nb::dict d;
        d["totals"] = owned(std::move(totals), {n, P});
        d["winners"] = owned(std::move(winners), {n, P});
        d["tickets_done"] = owned(std::move(done), {n, P});
        d["length"] = owned(std::move(length), {n});
        d["errors"] = errors;
        return d;
      },
      nb::arg("rules"), nb::arg("seeds").noconvert(), nb::arg("threads") = 1, nb::arg("check") = false,
      "Play one game per seed between uniformly random bots (the core's own generator, seeded by the game's "
      "seed), on `threads` threads (1 to 256); seeds: a 1-d int64 numpy array; numpy arrays by game.");
}
