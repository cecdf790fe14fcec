// Games played by integer ids (ttr.native.vecenv, used by ttr.adapters): the tables of one board's
// ids and tensor (EnvSpec), a batch of games stepped by ids into the caller's numpy buffers
// (VecEnv, the interpreter lock released), and the same ids and tensor for one game (a Game).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <array>
#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>

#include "handle.hpp"
#include "ttr/vecenv.hpp"

namespace nb = nanobind;
using namespace ttr;

namespace {

using Array = nb::ndarray<nb::numpy, nb::device::cpu>;
using ReadArray = nb::ndarray<nb::ro, nb::device::cpu>;  // an input: read-only arrays welcome

int get_int(const nb::dict& d, const char* key) {
  if (!d.contains(key)) throw RulesError(std::string("tables: missing ") + key);
  return nb::cast<int>(d[key]);
}
double get_double(const nb::dict& d, const char* key) {
  if (!d.contains(key)) throw RulesError(std::string("tables: missing ") + key);
  return nb::cast<double>(d[key]);
}
template <typename T>
std::vector<T> get_vec(const nb::dict& d, const char* key) {
  if (!d.contains(key)) throw RulesError(std::string("tables: missing ") + key);
  return nb::cast<std::vector<T>>(d[key]);
}

struct Spec {
  nb::object rules_ref;
  EnvSpec env;
};

void build_spec(Spec* out, nb::object rules, const nb::list& ids, const nb::dict& o, const nb::object& steps) {
  // built aside, then moved in: a constructor that throws leaves no half-built instance holding rules
  auto self = std::make_unique<Spec>();
  self->rules_ref = rules;
  const Rules* R = nb::cast<const Rules*>(rules);
  self->env.rules = R;
  // ids: per id (kind, target, ((card kind, count), ...)), None for a payment step's
  std::vector<Action> acts;
  acts.reserve(nb::len(ids));
  for (nb::handle item : ids) {
    if (item.is_none()) {
      acts.push_back(Action{kNoAction, 0, Payment{}});
      continue;
    }
    nb::tuple t = nb::cast<nb::tuple>(item);
    if (t.size() != 3) throw RulesError("action ids: (kind, target, payment) per id");
    Action a;
    const int kind = nb::cast<int>(t[0]), target = nb::cast<int>(t[1]);
    if (kind < 0 || kind >= kIdKinds || target < -16 || target > 32767) throw RulesError("action ids: kind or target out of range");
    a.kind = static_cast<uint8_t>(kind);
    a.target = static_cast<int16_t>(target);
    for (nb::handle part : t[2]) {
      nb::tuple kv = nb::cast<nb::tuple>(part);
      const int k = nb::cast<int>(kv[0]), c = nb::cast<int>(kv[1]);
      if (a.pay.n >= kMaxPayParts || k < 0 || k >= kMaxKinds || c < 0 || c > 255)
        throw RulesError("action ids: a payment out of range");
      a.pay.kind[a.pay.n] = static_cast<uint8_t>(k);
      a.pay.count[a.pay.n++] = static_cast<uint8_t>(c);
    }
    acts.push_back(a);
  }
  self->env.ids.build(static_cast<int>(acts.size()), acts);
  // payment steps: ([(route, claim id)], [(id, kind, count)], done id or -1), or None
  std::vector<std::pair<int, int>> claims;
  std::vector<std::array<int, 3>> step_rows;
  int done = -1;
  if (!steps.is_none()) {
    nb::tuple t = nb::cast<nb::tuple>(steps);
    if (t.size() != 3) throw RulesError("payment steps: (claims, steps, done)");
    for (nb::handle c : t[0]) {
      nb::tuple rc = nb::cast<nb::tuple>(c);
      claims.emplace_back(nb::cast<int>(rc[0]), nb::cast<int>(rc[1]));
    }
    for (nb::handle c : t[1]) {
      nb::tuple st = nb::cast<nb::tuple>(c);
      step_rows.push_back({nb::cast<int>(st[0]), nb::cast<int>(st[1]), nb::cast<int>(st[2])});
    }
    done = nb::cast<int>(t[2]);
  }
  self->env.steps.build(*R, self->env.ids.n, claims, step_rows, done);
  for (int i = 0; i < self->env.ids.n; ++i)
    if (self->env.ids.actions[i].kind == kNoAction && self->env.steps.route_of(i) < 0 && !self->env.steps.is_step(i))
      throw RulesError("action ids: an id is neither an action nor a payment step");
  ObsSpec& s = self->env.obs;
  s.size = get_int(o, "size");
  s.players = get_int(o, "players");
  s.priv = get_int(o, "private") != 0;
  s.phase = get_int(o, "phase");
  s.to_move = get_int(o, "to_move");
  s.clock = get_int(o, "clock");
  s.face_up = get_int(o, "face_up");
  s.piles = get_int(o, "piles");
  s.discard = get_int(o, "discard");
  s.seats = get_int(o, "seats");
  s.seat_width = get_int(o, "seat_width");
  s.stations = get_int(o, "stations");
  s.tunnel = get_int(o, "tunnel");
  s.tunnel_cards = get_int(o, "tunnel_cards");
  s.longest = get_int(o, "longest");
  s.hand = get_int(o, "hand");
  s.tickets = get_int(o, "tickets");
  s.joined = get_int(o, "tickets_joined");
  s.offer = get_int(o, "offer");
  s.n_tunnels = get_int(o, "n_tunnels");
  s.pending = get_int(o, "pending");
  s.harbors = get_int(o, "harbors");
  s.pieces_choice = get_int(o, "pieces_choice");
  s.n_phases = get_int(o, "n_phases");
  s.n_decks = get_int(o, "n_decks");
  s.rs = get_int(o, "rs") != 0;
  s.deck_total1 = get_double(o, "deck_total1");
  s.trains_total = get_double(o, "trains_total");
  s.ships_total = get_double(o, "ships_total");
  s.harbors_total = get_double(o, "harbors_total");
  s.harbor_row = get_vec<int>(o, "harbor_row");
  s.n_stepped = get_int(o, "n_stepped");
  s.stepped_row = get_vec<int>(o, "stepped_row");
  s.n_kinds_pos = get_int(o, "n_kinds_pos");
  s.ticket_width = get_int(o, "ticket_width");
  s.offer_max = get_int(o, "offer_max");
  s.final_round_turns = get_int(o, "final_round_turns");
  s.n_stations = get_int(o, "n_stations");
  s.turn_scale = get_double(o, "turn_scale");
  s.score_scale = get_double(o, "score_scale");
  s.deck_total = get_double(o, "deck_total");
  s.tickets_total = get_double(o, "tickets_total");
  s.total_cards = get_double(o, "total_cards");
  s.max_trains = get_double(o, "max_trains");
  s.route_row = get_vec<int>(o, "route_row");
  s.tunnel_row = get_vec<int>(o, "tunnel_row");
  s.kind_pos = get_vec<int>(o, "kind_pos");
  s.ticket_pos = get_vec<int>(o, "ticket_pos");
  s.ticket_city_start = get_vec<int>(o, "ticket_city_start");
  s.ticket_cities = get_vec<int>(o, "ticket_cities");
  s.face_sums = get_vec<float>(o, "face_sums");
  s.third_sums = get_vec<float>(o, "third_sums");
  s.fractions = get_vec<std::vector<float>>(o, "fractions");
  if (o.contains("lw_event")) {  // Legacy's fields (one setup's)
    s.companies = get_int(o, "companies");
    s.n_companies = get_int(o, "n_companies");
    s.lw_company = get_vec<int>(o, "lw_company");
    s.lw_event = get_int(o, "lw_event");
    s.lw_revealed = get_int(o, "lw_revealed");
    s.lw_events_total = get_double(o, "lw_events_total");
    s.lw_rows = get_vec<std::vector<float>>(o, "lw_rows");
  }
  s.validate(*R);
  new (out) Spec(std::move(*self));
}

// An output buffer: C-contiguous, writable, of this shape and kind of item ('f' float32,
// 'b' one byte: bool, int8 or uint8, 'i' int32, 'q' int64); TypeError or ValueError naming it.
template <typename A>
void* buffer(A& a, const char* name, char kind, size_t rows, size_t cols, bool two_d) {
  const size_t ndim = two_d ? 2 : 1;
  if (a.ndim() != ndim)
    throw nb::value_error((std::string(name) + ": expected a " + std::to_string(ndim) + "-d array, got " +
                           std::to_string(a.ndim()) + "-d").c_str());
  if (a.shape(0) != rows || (two_d && a.shape(1) != cols)) {
    std::string want = "(" + std::to_string(rows) + (two_d ? ", " + std::to_string(cols) + ")" : ",)");
    std::string got = "(" + std::to_string(a.shape(0)) + (two_d ? ", " + std::to_string(a.shape(1)) + ")" : ",)");
    throw nb::value_error((std::string(name) + ": expected shape " + want + ", got " + got).c_str());
  }
  const nb::dlpack::dtype d = a.dtype();
  bool ok = false;
  const char* want = "";
  switch (kind) {
    case 'f':
      ok = d == nb::dtype<float>();
      want = "float32";
      break;
    case 'b':
      ok = d.bits == 8 && d.lanes == 1 &&
           (d.code == static_cast<uint8_t>(nb::dlpack::dtype_code::Bool) ||
            d.code == static_cast<uint8_t>(nb::dlpack::dtype_code::Int) ||
            d.code == static_cast<uint8_t>(nb::dlpack::dtype_code::UInt));
      want = "bool, int8 or uint8";
      break;
    case 'i':
      ok = d == nb::dtype<int32_t>();
      want = "int32";
      break;
    case 'q':
      ok = d == nb::dtype<int64_t>();
      want = "int64";
      break;
  }
  if (!ok) throw nb::type_error((std::string(name) + ": expected dtype " + want).c_str());
  // C order (a dimension of size 1 may have any stride)
  int64_t expect = 1;
  for (size_t k = ndim; k-- > 0;) {
    if (a.shape(k) != 1 && a.stride(k) != expect)
      throw nb::value_error((std::string(name) + ": expected a C-contiguous array").c_str());
    expect *= static_cast<int64_t>(a.shape(k));
  }
  return const_cast<void*>(static_cast<const void*>(a.data()));
}

struct Batch {
  nb::object spec_ref;
  const Spec* spec;
  std::unique_ptr<VecEnv> env;
  std::atomic<bool> busy{false};  // a call is under way (the interpreter lock released): no other may start
};

// One call at a time on a batch: another thread's call meanwhile gets a RuntimeError, not a race.
struct Using {
  Batch& b;
  explicit Using(Batch& batch) : b(batch) {
    if (b.busy.exchange(true)) throw std::runtime_error("this VecEnv is in use by another thread");
  }
  ~Using() { b.busy.store(false); }
};

EnvOut outputs(const Batch& b, Array& obs, Array& masks, Array& rewards, Array& terminated, Array& truncated,
               Array& seats) {
  const size_t N = b.env->size();
  const EnvSpec& e = b.spec->env;
  EnvOut out;
  out.obs = static_cast<float*>(buffer(obs, "observations", 'f', N, e.obs.size, true));
  out.masks = static_cast<uint8_t*>(buffer(masks, "masks", 'b', N, e.ids.n, true));
  out.rewards = static_cast<float*>(buffer(rewards, "rewards", 'f', N, e.rules->players, true));
  out.terminated = static_cast<uint8_t*>(buffer(terminated, "terminated", 'b', N, 0, false));
  out.truncated = static_cast<uint8_t*>(buffer(truncated, "truncated", 'b', N, 0, false));
  out.seats = static_cast<int32_t*>(buffer(seats, "seats", 'i', N, 0, false));
  return out;
}

nb::tuple action_tuple(const Action& a) {
  nb::list parts;
  for (int i = 0; i < a.pay.n; ++i) parts.append(nb::make_tuple(a.pay.kind[i], a.pay.count[i]));
  return nb::make_tuple(static_cast<int>(a.kind), static_cast<int>(a.target), nb::tuple(parts));
}

const Game& game_of(const Spec& s, Handle& h) {
  if (h.rules != s.env.rules) throw nb::value_error("this game is of other rules than the ids' and tensor's");
  return *h.game;
}

using Prefix = std::vector<int64_t>;  // the ids taken so far of a claim paid in steps

// The claim under way after `prefix` in the game's position (ValueError if it is not a partial move).
Pending pending_of(const Spec& s, Handle& h, const Prefix& prefix) {
  Pending p;
  for (size_t j = 0; j < prefix.size(); ++j) {
    Action claim;
    if (h.game->over() || s.env.steps.advance(h.L(), p, prefix[j], &claim) != 0)
      throw nb::value_error(("prefix[" + std::to_string(j) + "] = " + std::to_string(prefix[j]) +
                             ": not a partial move in this position").c_str());
  }
  return p;
}

// The game's legal ids (after the prefix) in their order; false if one has no id.
bool legal_of(const Spec& s, Handle& h, const Pending& p, std::vector<int32_t>& ids) {
  return p.active() ? s.env.steps.next_ids(h.L(), p, ids) : s.env.ids.legal_ids(h.L(), ids, &s.env.steps);
}

// The game's legal ids into row (1 byte[n], zero elsewhere; none once over); their number.
int write_mask(const Spec& s, Handle& h, uint8_t* row, const Pending& p) {
  std::memset(row, 0, static_cast<size_t>(s.env.ids.n));
  if (h.game->over()) return 0;
  thread_local std::vector<int32_t> ids;
  ids.clear();
  if (!legal_of(s, h, p, ids)) throw RulesError("action ids: a legal action has no id");
  for (int32_t id : ids) row[id] = 1;
  return static_cast<int>(ids.size());
}

}  // namespace

void bind_vecenv(nb::module_& m) {
  nb::class_<Spec>(m, "EnvSpec")
      .def("__init__", &build_spec, nb::arg("rules"), nb::arg("ids"), nb::arg("observer"), nb::arg("steps") = nb::none(),
           "The ids (per id: kind code, target, payment; None for payment steps), the observer's tables of one "
           "board and its payment steps (([(route, claim id)], [(id, kind, count)], done id or -1), or None).")
      .def_prop_ro("n", [](const Spec& s) { return s.env.ids.n; })
      .def_prop_ro("size", [](const Spec& s) { return s.env.obs.size; })
      .def("action", [](const Spec& s, int64_t id) {
        if (id < 0 || id >= s.env.ids.n) throw nb::index_error("no such id");
        const Action& a = s.env.ids.actions[static_cast<size_t>(id)];
        if (a.kind == kNoAction) return nb::object(nb::none());
        return nb::object(action_tuple(a));
      }, nb::arg("id"), "The core's action of an id: (kind code, target, payment), a keep's target its bit set; "
         "None for a payment step.")
      .def("mask", [](const Spec& s, Handle& h, Array out, const Prefix& prefix) {
        game_of(s, h);
        uint8_t* row = static_cast<uint8_t*>(buffer(out, "out", 'b', s.env.ids.n, 0, false));
        return write_mask(s, h, row, pending_of(s, h, prefix));
      }, nb::arg("game"), nb::arg("out").noconvert(), nb::arg("prefix") = Prefix{},
         "Write the game's legal ids (after the prefix) into out (1 byte[n]); their number.")
      .def("observe_seat", [](const Spec& s, Handle& h, int seat, Array obs, Array mask, const Prefix& prefix) {
        const Game& g = game_of(s, h);
        if (seat < 0 || seat >= s.env.rules->players) throw nb::value_error("no such seat");
        float* x = static_cast<float*>(buffer(obs, "obs", 'f', s.env.obs.size, 0, false));
        uint8_t* row = static_cast<uint8_t*>(buffer(mask, "mask", 'b', s.env.ids.n, 0, false));
        const bool moves = seat == g.state().current;
        const Pending p = moves ? pending_of(s, h, prefix) : Pending{};
        s.env.obs.encode(g, seat, x, &h.longest, &p);
        if (moves) return write_mask(s, h, row, p);
        std::memset(row, 0, static_cast<size_t>(s.env.ids.n));
        return 0;
      }, nb::arg("game"), nb::arg("seat"), nb::arg("obs").noconvert(), nb::arg("mask").noconvert(),
         nb::arg("prefix") = Prefix{},
         "Write seat's tensor into obs and its legal ids into mask (none unless it is to move; the prefix is its "
         "claim under way); their number.")
      .def("legal_ids", [](const Spec& s, Handle& h, const Prefix& prefix) {
        game_of(s, h);
        std::vector<int32_t> ids;
        if (!h.game->over() && !legal_of(s, h, pending_of(s, h, prefix), ids))
          throw RulesError("action ids: a legal action has no id");
        return ids;
      }, nb::arg("game"), nb::arg("prefix") = Prefix{}, "The game's legal ids (after the prefix), in the order of its legal actions.")
      .def("observe", [](const Spec& s, Handle& h, int seat, Array out, const Prefix& prefix) {
        const Game& g = game_of(s, h);
        if (seat < 0 || seat >= s.env.rules->players) throw nb::value_error("no such seat");
        float* x = static_cast<float*>(buffer(out, "out", 'f', s.env.obs.size, 0, false));
        const Pending p = seat == g.state().current ? pending_of(s, h, prefix) : Pending{};
        s.env.obs.encode(g, seat, x, &h.longest, &p);
      }, nb::arg("game"), nb::arg("seat"), nb::arg("out").noconvert(), nb::arg("prefix") = Prefix{},
         "Write seat's tensor of the game into out (the seat to move's with its claim under way, the prefix).")
      .def("index", [](const Spec& s, Handle& h, int64_t id, const Prefix& prefix) -> int64_t {
        const Game& g = game_of(s, h);
        if (id < 0 || id >= s.env.ids.n || g.over()) return -1;
        const Action& a = s.env.ids.actions[static_cast<size_t>(id)];
        Pending p = pending_of(s, h, prefix);
        if (!p.active() && a.kind != kNoAction) return h.L().find(a);
        Action claim;
        const int r = s.env.steps.advance(h.L(), p, id, &claim);
        return r < 0 ? -1 : r == 0 ? -2 : h.L().find(claim);
      }, nb::arg("game"), nb::arg("id"), nb::arg("prefix") = Prefix{},
         "What the id does after the prefix: the index among the game's legal actions of the action it completes, "
         "-2 (a payment step that does not complete it) or -1 (not legal).")
      .def_static("scores", [](Handle& h) {
        const State& st = h.game->state();
        nb::list out;
        for (int p = 0; p < h.rules->players; ++p) out.append(st.score[p]);
        return out;
      }, nb::arg("game"), "Every seat's score as it stands.");

  nb::class_<Batch>(m, "VecEnv")
      .def("__init__", [](Batch* self, nb::object spec, nb::ndarray<const int64_t, nb::ndim<1>, nb::c_contig, nb::device::cpu> seeds,
                          const std::string& reward, bool random_first, int max_steps) {
        const Spec* sp = nb::cast<const Spec*>(spec);
        RewardMode mode;
        if (reward == "win")
          mode = REWARD_WIN;
        else if (reward == "score")
          mode = REWARD_SCORE;
        else if (reward == "margin")
          mode = REWARD_MARGIN;
        else
          throw nb::value_error("reward: 'win', 'score' or 'margin'");
        if (seeds.shape(0) == 0) throw nb::value_error("seeds: at least one game");
        if (max_steps < 0) throw nb::value_error("max_steps: 0 (no limit) or more");
        auto env = std::make_unique<VecEnv>(&sp->env, seeds.data(), seeds.shape(0), mode, random_first, max_steps);
        new (self) Batch{spec, sp, std::move(env)};
      }, nb::arg("spec"), nb::arg("seeds"), nb::arg("reward") = "win", nb::arg("random_first") = false,
         nb::arg("max_steps") = 0)
      .def_prop_ro("num_envs", [](const Batch& b) { return b.env->size(); })
      .def("reset", [](Batch& b, Array obs, Array masks, Array rewards, Array terminated, Array truncated, Array seats) {
        Using use(b);
        const EnvOut out = outputs(b, obs, masks, rewards, terminated, truncated, seats);
        nb::gil_scoped_release release;
        b.env->reset(out);
      }, nb::arg("observations").noconvert(), nb::arg("masks").noconvert(), nb::arg("rewards").noconvert(),
         nb::arg("terminated").noconvert(), nb::arg("truncated").noconvert(), nb::arg("seats").noconvert())
      .def("step", [](Batch& b, ReadArray actions, Array obs, Array masks, Array rewards, Array terminated, Array truncated,
                      Array seats) -> int64_t {
        Using use(b);
        const int64_t* a = static_cast<const int64_t*>(buffer(actions, "actions", 'q', b.env->size(), 0, false));
        const EnvOut out = outputs(b, obs, masks, rewards, terminated, truncated, seats);
        nb::gil_scoped_release release;
        const int64_t bad = b.env->check(a);
        if (bad >= 0) return bad;
        b.env->step(a, out);
        return -1;
      }, nb::arg("actions").noconvert(), nb::arg("observations").noconvert(), nb::arg("masks").noconvert(),
         nb::arg("rewards").noconvert(), nb::arg("terminated").noconvert(), nb::arg("truncated").noconvert(),
         nb::arg("seats").noconvert(),
         "Apply one id per game (int64[N]) and write what follows; games that end start their next episode. "
         "Returns -1, or the first game whose id is not legal (then nothing is applied).")
      .def("sample", [](Batch& b, Array out) {
        Using use(b);
        int64_t* o = static_cast<int64_t*>(buffer(out, "out", 'q', b.env->size(), 0, false));
        nb::gil_scoped_release release;
        b.env->sample(o);
      }, nb::arg("out").noconvert(), "One legal id per game, uniform over its legal ids (the game's own generator).")
      .def("state", [](Batch& b, size_t i) {
        Using use(b);
        if (i >= b.env->size()) throw nb::index_error("no such game");
        std::vector<int64_t> out;
        b.env->game(i).encode(out);
        return out;
      }, nb::arg("game"), "The game's integer state.")
      .def("legal_ids", [](Batch& b, size_t i) {
        Using use(b);
        if (i >= b.env->size()) throw nb::index_error("no such game");
        return b.env->legal(i);
      }, nb::arg("game"))
      .def("pending", [](Batch& b, size_t i) -> nb::object {
        Using use(b);
        if (i >= b.env->size()) throw nb::index_error("no such game");
        const Pending& p = b.env->pending(i);
        if (!p.active()) return nb::none();
        return nb::make_tuple(static_cast<int>(p.route), action_tuple(Action{CLAIM, p.route, p.items})[2]);
      }, nb::arg("game"), "The claim under way in slot i, paid in steps: (route, payment so far), or None.")
      .def("info", [](Batch& b, size_t i) {
        Using use(b);
        if (i >= b.env->size()) throw nb::index_error("no such game");
        return nb::make_tuple(b.env->seed(i), b.env->episode(i), b.env->steps(i));
      }, nb::arg("game"), "(seed, episode, steps) of the game now played in slot i.")
      .def("final", [](Batch& b, size_t i) -> nb::object {
        Using use(b);
        if (i >= b.env->size()) throw nb::index_error("no such game");
        const VecEnv::Final& f = b.env->final_of(i);
        if (!f.ended) return nb::none();
        nb::dict d;
        d["seed"] = f.seed;
        d["episode"] = f.episode;
        d["steps"] = f.steps;
        d["truncated"] = f.truncated;
        if (f.full) d["full"] = true;
        if (!f.truncated) {
          const int P = b.env->game(i).rules().players;
          nb::list winners, totals, ranks, done, failed;
          for (int p = 0; p < P; ++p) {
            if (f.rank[p] == 1) winners.append(p);
            totals.append(f.total[p]);
            ranks.append(f.rank[p]);
            done.append(f.done[p]);
            failed.append(f.failed[p]);
          }
          d["winners"] = winners;
          d["totals"] = totals;
          d["ranks"] = ranks;
          d["tickets_done"] = done;
          d["tickets_failed"] = failed;
        }
        return d;
      }, nb::arg("game"), "How slot i's last episode ended (None before one has).");
  m.def("episode_seed", &episode_seed, nb::arg("seed"), nb::arg("episode"),
        "The seed of a slot's episode k (its own seed for the first).");
}
