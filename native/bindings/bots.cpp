// The bots in the core (ttr.native.bots): a board's bot tables, a bot's move in a position, whole
// games between bots in batches, and the search bot's worlds and playouts; the interpreter lock
// released while games are played. Positions come in as integer states (docs/state-codec.md).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <memory>

#include "arrays.hpp"
#include "ttr/bots.hpp"

namespace nb = nanobind;
using namespace ttr;

namespace {

struct BoardHandle {
  nb::object rules_ref;  // keeps the Rules alive
  std::unique_ptr<Board> board;
};

// A sampled world of the search bot: a position decoded from its state, played out many times.
struct World {
  nb::object board_ref;  // keeps the Board (and its Rules) alive
  const Board* board;
  Game game;
  World(nb::object ref, const Board* b, const State& s) : board_ref(std::move(ref)), board(b), game(b->R, s) {}
};

Game decoded(const Board& b, const std::vector<int64_t>& state) {
  return Game(b.R, Game::decode(*b.R, state.data(), state.size()));
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
      [](const BoardHandle& b, const std::vector<int64_t>& state, int kind) -> int64_t {
        if (kind != BOT_GREEDY && kind != BOT_PLANNER) throw nb::value_error("bot_move plays the greedy or planner bot");
        const Game g = decoded(*b.board, state);
        if (g.over()) throw nb::value_error("the game is over");
        Legal L;
        g.legal(L);
        PlannerBot bot(*b.board, kind == BOT_GREEDY);
        return L.find(bot.choose(SeatView::of(g.state(), b.board->R->players), L));
      },
      nb::arg("board"), nb::arg("state"), nb::arg("kind"),
      "The index among the legal actions of the move the bot `kind` chooses for the seat to move of the position "
      "`state` (a whole integer state, which the Python side has checked), from that seat's view.");

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
        return outcome_arrays<uint8_t>(out, static_cast<size_t>(R.players));
      },
      nb::arg("board"), nb::arg("seeds"), nb::arg("kinds"), nb::arg("threads") = 1, nb::arg("check") = false,
      "Play one game per seed between the bots `kinds` (by seat), on `threads` threads; numpy arrays by game.");

  nb::class_<World>(m, "World")
      .def(
          "__init__",
          [](World* self, nb::object board, const std::vector<int64_t>& state) {
            const Board* b = nb::cast<const BoardHandle&>(board).board.get();
            new (self) World(board, b, Game::decode(*b->R, state.data(), state.size()));
          },
          nb::arg("board"), nb::arg("state"),
          "The game of a sampled world's integer state (unchecked: the Python side dealt it from a seat's masked "
          "state).")
      .def("encode", [](const World& w) {
        std::vector<int64_t> out;
        w.game.encode(out);
        return out;
      })
      .def(
          "playout",
          [](const World& w, uint32_t index, int max_moves) {
            Game g = w.game;
            Counted c;
            g.count(c);
            if (g.over() || index >= c.total) throw nb::index_error("no legal action with this index");
            const Action first = g.pick(c, index);
            int moves;
            std::vector<SeatScore> sc;
            {
              nb::gil_scoped_release release;
              g.apply(first);
              PlannerBot bot(*w.board, false);
              Legal scratch;
              moves = planner_playout(*w.board, bot, scratch, g, max_moves);
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
          nb::arg("index"), nb::arg("max_moves") = 1000,
          "The search bot's playout: the legal action `index`, then planners in every seat for at most `max_moves` "
          "actions (the world itself unchanged); (totals, winners as bits, actions played).");
}
