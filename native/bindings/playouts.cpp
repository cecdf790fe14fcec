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
        return outcome_arrays<int16_t>(out, static_cast<size_t>(R.players));
      },
      nb::arg("rules"), nb::arg("seeds").noconvert(), nb::arg("threads") = 1, nb::arg("check") = false,
      "Play one game per seed between uniformly random bots (the core's own generator, seeded by the game's "
      "seed), on `threads` threads (1 to 256); seeds: a 1-d int64 numpy array; numpy arrays by game.");
}
