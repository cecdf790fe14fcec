// The bots in the core (ttr.native.bots): a board's bot tables, a bot's move in a game, whole
// games between bots in batches, and the search bot's playouts; the interpreter lock released
// while games are played.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <memory>

#include "handle.hpp"
#include "ttr/bots.hpp"

namespace nb = nanobind;
using namespace ttr;

namespace {

struct BoardHandle {
  nb::object rules_ref;  // keeps the Rules alive
  std::unique_ptr<Board> board;
};

template <typename T>
nb::ndarray<nb::numpy, T> owned(std::vector<T>&& v, std::initializer_list<size_t> shape) {
  auto* heap = new std::vector<T>(std::move(v));
  nb::capsule owner(heap, [](void* p) noexcept { delete static_cast<std::vector<T>*>(p); });
  return nb::ndarray<nb::numpy, T>(heap->data(), shape, owner);
}

void check_board(const BoardHandle& b, const Handle& h) {
  if (b.board->R != h.rules) throw nb::value_error("the bot tables are of another board or player count");
}

}  // namespace

void bind_bots(nb::module_& m) {
  nb::class_<BoardHandle>(m, "Board")
      .def(
          "__init__",
          [](BoardHandle* self, nb::object rules, const std::vector<int>& name_order) {
            new (self) BoardHandle();
            self->rules_ref = rules;
            self->board = std::make_unique<Board>(*nb::cast<const Rules*>(rules), name_order);
          },
          nb::arg("rules"), nb::arg("name_order"),
          "The bots' tables of a board: `name_order` lists the city indices sorted by city name.");

  m.def(
      "bot_move",
      [](Handle& h, const BoardHandle& b, int kind) -> int64_t {
        check_board(b, h);
        if (kind != BOT_GREEDY && kind != BOT_PLANNER) throw nb::value_error("bot_move plays the greedy or planner bot");
        if (h.game->over()) throw nb::value_error("the game is over");
        const Legal& L = h.L();
        PlannerBot bot(*b.board, kind == BOT_GREEDY);
        const SeatView v = SeatView::of(h.game->state(), h.rules->players);
        return L.find(bot.choose(v, L));
      },
      nb::arg("game"), nb::arg("board"), nb::arg("kind"),
      "The index among the legal actions of the move the bot `kind` chooses for the seat to move, from its view.");

  m.def(
      "bot_games",
      [](const BoardHandle& b, nb::ndarray<const int64_t, nb::ndim<1>, nb::c_contig, nb::device::cpu> seeds,
         const std::vector<int>& kinds, int threads, bool check) {
        const Rules& R = *b.board->R;
        if (static_cast<int>(kinds.size()) != R.players) throw nb::value_error("one bot per seat");
        uint8_t k[kMaxPlayers];
        for (int p = 0; p < R.players; ++p) {
          if (kinds[p] < 0 || kinds[p] >= N_BOTS) throw nb::value_error("unknown bot kind");
          k[p] = static_cast<uint8_t>(kinds[p]);
        }
        const size_t n = seeds.shape(0);
        std::vector<BotOutcome> out(n);
        {
          nb::gil_scoped_release release;
          bot_games(*b.board, seeds.data(), n, k, threads, out.data(), check);
        }
        const size_t P = static_cast<size_t>(R.players);
        std::vector<int16_t> totals(n * P);
        std::vector<uint8_t> winners(n * P), done(n * P), kept(n * P);
        std::vector<int32_t> length(n), turns(n);
        nb::list errors;
        for (size_t i = 0; i < n; ++i) {
          length[i] = out[i].length;
          turns[i] = out[i].turns;
          for (size_t p = 0; p < P; ++p) {
            totals[i * P + p] = out[i].total[p];
            done[i * P + p] = out[i].done[p];
            kept[i * P + p] = out[i].kept[p];
            winners[i * P + p] = (out[i].winners >> p) & 1u;
          }
          if (!out[i].error.empty()) errors.append(nb::make_tuple(i, out[i].error));
        }
        nb::dict d;
        d["totals"] = owned(std::move(totals), {n, P});
        d["winners"] = owned(std::move(winners), {n, P});
        d["tickets_done"] = owned(std::move(done), {n, P});
        d["tickets_kept"] = owned(std::move(kept), {n, P});
        d["length"] = owned(std::move(length), {n});
        d["turns"] = owned(std::move(turns), {n});
        d["errors"] = errors;
        return d;
      },
      nb::arg("board"), nb::arg("seeds"), nb::arg("kinds"), nb::arg("threads") = 1, nb::arg("check") = false,
      "Play one game per seed between the bots `kinds` (by seat), on `threads` threads; numpy arrays by game.");

  m.def(
      "playout",
      [](Handle& h, const BoardHandle& b, uint32_t index, int max_moves) {
        check_board(b, h);
        const Legal& L = h.L();
        if (index >= L.size()) throw nb::index_error("no legal action with this index");
        const Action first = L.at(index);
        Game g(h.rules, h.game->state());
        int moves;
        std::vector<SeatScore> sc;
        {
          nb::gil_scoped_release release;
          PlannerBot bot(*b.board, false);
          Legal scratch;
          g.apply(first);
          moves = planner_playout(*b.board, bot, scratch, g, max_moves);
          g.score(sc);
        }
        nb::list totals;
        int winners = 0;
        for (size_t p = 0; p < sc.size(); ++p) {
          totals.append(sc[p].total);
          if (sc[p].rank == 1) winners |= 1 << p;
        }
        return nb::make_tuple(nb::tuple(totals), winners, moves + 1);
      },
      nb::arg("world"), nb::arg("board"), nb::arg("index"), nb::arg("max_moves") = 1000,
      "The search bot's playout: the legal action `index`, then planners in every seat for at most `max_moves` "
      "actions (the world itself unchanged); (totals, winners as bits, actions played).");
}
