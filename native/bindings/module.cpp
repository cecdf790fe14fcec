// The thin binding of the native core (ttr._native): tables in, integers and tuples out, no game
// logic. ttr/native/ wraps it behind the engine's face.
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <memory>
#include <string>
#include <typeinfo>

#include "handle.hpp"
#include "ttr/game.hpp"
#include "ttr/mutants.hpp"

namespace nb = nanobind;
using namespace ttr;

namespace {

nb::handle get(const nb::dict& d, const char* key) {
  if (!d.contains(key)) throw RulesError(std::string("rules tables: missing ") + key);
  return d[key];
}

[[noreturn]] void not_ints(const char* key, const char* shape) {
  throw RulesError(std::string("rules tables: ") + key + " must be " + shape);
}

int get_int(const nb::dict& d, const char* key) {
  nb::handle h = get(d, key);
  int v;
  if (!PyLong_Check(h.ptr()) || !nb::try_cast<int>(h, v, false)) not_ints(key, "an integer of 32 bits");
  return v;
}

std::vector<int> get_vec(const nb::dict& d, const char* key) {
  std::vector<int> v;
  if (!nb::try_cast<std::vector<int>>(get(d, key), v, false)) not_ints(key, "a list of integers of 32 bits");
  return v;
}

std::vector<std::vector<int>> get_vecs(const nb::dict& d, const char* key) {
  std::vector<std::vector<int>> v;
  if (!nb::try_cast<std::vector<std::vector<int>>>(get(d, key), v, false))
    not_ints(key, "a list of lists of integers of 32 bits");
  return v;
}

const Rules* rules_of(nb::handle rules) {
  if (!nb::isinstance<Rules>(rules)) throw nb::type_error("rules: expected a ttr._native.Rules");
  return nb::cast<const Rules*>(rules);
}

// An index into the legal actions: an int in range, or IndexError (TypeError: not an int).
uint32_t index_of(nb::handle i, uint32_t size) {
  if (!PyLong_Check(i.ptr())) throw nb::type_error("a legal action's index is an integer");
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  if (overflow || v < 0 || v >= static_cast<long long>(size))
    throw nb::index_error(("no legal action with this index (there are " + std::to_string(size) + ")").c_str());
  return static_cast<uint32_t>(v);
}

std::vector<uint8_t> flags(const nb::dict& d, const char* key) {  // a list of 0 and 1
  const std::vector<int> v = get_vec(d, key);
  for (int x : v)
    if (x != 0 && x != 1) not_ints(key, "a list of 0 and 1");
  return std::vector<uint8_t>(v.begin(), v.end());
}

// Legacy's tables (ttr/native/legacy.py): a setup's content, as LwRules holds it
void fill_legacy(Rules* R, const nb::dict& d) {
  R->legacy = get_int(d, "legacy") != 0;
  if (!R->legacy) return;
  LwRules& L = R->lw;
  L.start_money = get_int(d, "lw_start_money");
  L.draw_floor = get_int(d, "lw_draw_floor");
  L.newspaper = get_int(d, "lw_newspaper");
  L.seat_trains = get_vec(d, "lw_seat_trains");
  L.seat_color = get_vec(d, "lw_seat_color");
  for (const auto& e : get_vecs(d, "lw_events")) {
    if (e.size() != 11)
      not_ints("lw_events", "(lightning, gives, effect, amount, colour, remove, and a trade's cards, colour, dollars, "
                            "cards drawn, tickets) per event");
    L.events.push_back(LwEvent{e[0] != 0, e[1], e[2], e[3], e[4], e[5] != 0, e[6], e[7], e[8], e[9], e[10]});
  }
  for (const auto& o : get_vecs(d, "lw_office")) {
    if (o.size() != 3) not_ints("lw_office", "(dollars, cards, tickets) per seat");
    L.office_money.push_back(o[0]);
    L.office_cards.push_back(o[1]);
    L.office_tickets.push_back(o[2]);
  }
  L.trains_bonus = get_vec(d, "lw_trains_bonus");
  L.step_dollars = get_vec(d, "lw_step_dollars");
  L.step_cards = get_vec(d, "lw_step_cards");
  L.n_steps = get_int(d, "lw_n_steps");
  L.n_board = get_int(d, "lw_n_board");
  L.n_reasons = get_int(d, "lw_n_reasons");
  L.icons = get_int(d, "lw_icons") != 0;
  L.step_icon = get_vec(d, "lw_step_icon");
  L.icon_totals = get_vec(d, "lw_icon_totals");
  if (d.contains("lw_bot_step_icon")) {  // (the bots' tables: ttr/editions/legacy/native.py)
    L.bot_step_icon = get_vec(d, "lw_bot_step_icon");
    L.bot_icon_amount = get_vec(d, "lw_bot_icon_amount");
  }
  L.shown = get_int(d, "lw_shown") != 0;
  for (int x : get_vec(d, "lw_shown_on_keep")) L.shown_on_keep.push_back(x != 0);
  for (const auto& r : get_vecs(d, "lw_rules")) {
    if (r.size() != 7)
      not_ints("lw_rules", "(slot, reason, and a trade's cards, colour, dollars, cards drawn, tickets) per rule");
    L.rules.push_back(LwRule{r[0], r[1], LwTrade{r[2], r[3], r[4], r[5], r[6], r[1]}});
  }
  L.rule_names = flags(d, "lw_rule_names");
  L.extras = get_int(d, "lw_extras") != 0;
  L.extra_gives = get_vec(d, "lw_extra_gives");
  for (int x : get_vec(d, "lw_extra_match")) L.extra_match.push_back(x != 0);
  for (const auto& row : get_vecs(d, "lw_in_force")) {  // (step, reason) pairs
    if (row.size() % 2) not_ints("lw_in_force", "(step, reason) pairs");
    std::vector<std::pair<int, int>> steps;
    for (size_t i = 0; i < row.size(); i += 2) steps.emplace_back(row[i], row[i + 1]);
    L.in_force.push_back(std::move(steps));
  }
}

void fill_rules(Rules* R, const nb::dict& d) {
  R->players = get_int(d, "players");
  R->n_kinds = get_int(d, "n_kinds");
  R->wild = get_int(d, "wild");
  R->face_up = get_int(d, "face_up");
  R->hand_size = get_int(d, "hand_size");
  R->reset_at = get_int(d, "reset_at");
  R->reset_cap = get_int(d, "reset_cap");
  R->whole_draw = get_int(d, "whole_draw") != 0;
  R->end_pieces = get_int(d, "end_pieces");
  R->final_round_turns = get_int(d, "final_round_turns");
  R->trains = get_int(d, "trains");
  R->stations = get_int(d, "stations");
  R->station_points = get_int(d, "station_points");
  R->initial_long = get_int(d, "initial_long");
  R->initial_regular = get_int(d, "initial_regular");
  R->initial_keep = get_int(d, "initial_keep");
  R->short_initial_keep = get_int(d, "short_initial_keep");
  R->later_draw = get_int(d, "later_draw");
  R->later_keep = get_int(d, "later_keep");
  R->initial_unkept_to_box = get_int(d, "initial_unkept_to_box") != 0;
  R->later_unkept_to_box = get_int(d, "later_unkept_to_box") != 0;
  R->tunnel_reveal = get_int(d, "tunnel_reveal");
  R->longest_bonus = get_int(d, "longest_bonus");
  R->globetrotter_bonus = get_int(d, "globetrotter_bonus");
  R->locos_wild = get_int(d, "locos_wild") != 0;
  R->ferry_any = get_int(d, "ferry_any");
  R->any_four = get_int(d, "any_four");
  R->max_ferry_spaces = get_int(d, "max_ferry_spaces");
  R->tie_breaks = get_vec(d, "tie_breaks");
  R->n_ids = get_int(d, "n_ids");
  R->r_exists = flags(d, "r_exists");
  R->r_tunnel = flags(d, "r_tunnel");
  R->r_closes = flags(d, "r_closes");
  R->r_kind = flags(d, "r_kind");
  R->r_len = get_vec(d, "r_len");
  R->r_color = get_vec(d, "r_color");
  R->r_locos = get_vec(d, "r_locos");
  R->r_points = get_vec(d, "r_points");
  R->r_group = get_vec(d, "r_group");
  R->r_a = get_vec(d, "r_a");
  R->r_b = get_vec(d, "r_b");
  R->r_twins = get_vecs(d, "r_twins");
  R->group_routes = get_vecs(d, "group_routes");
  for (const auto& row : get_vecs(d, "claim_groups")) {  // reach index, then (length, gi, kind, pkey, twins) per group
    if (row.empty() || (row.size() - 1) % 5) throw RulesError("rules tables: claim_groups rows are 1 + 5k integers");
    R->claim_reach_index.push_back(row[0]);
    std::vector<ClaimGroup> groups;
    for (size_t i = 1; i < row.size(); i += 5)
      groups.push_back(ClaimGroup{row[i], row[i + 1], row[i + 2], row[i + 3], row[i + 4] != 0});
    R->claim_groups.push_back(std::move(groups));
  }
  for (const auto& k : get_vecs(d, "pkeys")) {
    if (k.size() != 7)
      throw RulesError("rules tables: a payment key is (colour, length, locomotives, tunnel, any_four, ship, pairs)");
    R->pkeys.push_back(PayKey{k[0], k[1], k[2], k[3] != 0, k[4] != 0, k[5] != 0, k[6]});
  }
  R->n_cities = get_int(d, "n_cities");
  R->city_routes = get_vecs(d, "city_routes");
  R->tickets_cap = get_int(d, "tickets_cap");
  R->offer_cap = get_int(d, "offer_cap");
  R->t_a = get_vec(d, "t_a");
  R->t_b = get_vec(d, "t_b");
  R->t_points = get_vec(d, "t_points");
  R->regular_tickets = get_vec(d, "regular_tickets");
  R->long_tickets = get_vec(d, "long_tickets");
  R->deck = get_vec(d, "deck");
  // Rails & Sails
  R->rs = get_int(d, "rs") != 0;
  R->deck1 = get_vec(d, "deck1");
  for (int k : get_vec(d, "deck_of")) {
    if (k < 0 || k > 1) throw RulesError("rules tables: deck_of: the core holds two decks");
    R->deck_of.push_back(static_cast<uint8_t>(k));
  }
  for (const char* key : {"hand_per_deck", "face_up_per_deck"}) {
    const std::vector<int> v = get_vec(d, key);
    if (v.size() != 2) not_ints(key, "two integers");
    int* to = key[0] == 'h' ? R->hand_per_deck : R->face_up_per_deck;
    to[0] = v[0];
    to[1] = v[1];
  }
  R->may_stop = get_int(d, "may_stop") != 0;
  R->pieces_total = get_int(d, "pieces_total");
  R->ships = get_int(d, "ships");
  R->harbors = get_int(d, "harbors");
  R->harbor_penalty = get_int(d, "harbor_penalty");
  R->harbor_points = get_vec(d, "harbor_points");
  R->harbor_ids = get_vec(d, "harbor_ids");
  for (const auto& c : get_vecs(d, "rs_colors")) {
    if (c.size() != 5) not_ints("rs_colors", "(colour, train, anchor, ship, double ship) per colour");
    R->rs_colors.push_back(RsColor{c[0], c[1], c[2], c[3], c[4]});
  }
  R->t_cities = get_vecs(d, "t_cities");
  R->t_tour = get_vec(d, "t_tour");
  R->t_points_any = get_vec(d, "t_points_any");
  R->t_penalty = get_vec(d, "t_penalty");
  if (d.contains("legacy")) fill_legacy(R, d);
  R->validate();
}

void build_rules(Rules* R, const nb::dict& d) {  // (constructed only once the tables are whole)
  Rules r;
  fill_rules(&r, d);
  new (R) Rules(std::move(r));
}

nb::tuple pay_tuple(const Payment& p) {
  nb::list parts;
  for (int i = 0; i < p.n; ++i) parts.append(nb::make_tuple(p.kind[i], p.count[i]));
  return nb::tuple(parts);
}

// sorted offer positions of a KEEP target <-> the ticket ids
nb::object keep_target(const State& s, unsigned mask) {
  uint8_t sorted[kMaxOffer];
  const int n = s.offer_n[s.current];
  std::copy(s.offer[s.current], s.offer[s.current] + n, sorted);
  std::sort(sorted, sorted + n);
  nb::list out;
  for (int i = 0; i < n; ++i)
    if (mask >> i & 1u) out.append(sorted[i]);
  return nb::tuple(out);
}

nb::object target_of(const State& s, const Action& a) {
  switch (a.kind) {
    case DRAW:  // (two decks: (card + 1) * 4 + deck + 1, the wrapper reads it)
    case CLAIM:
    case STATION:
    case PIECES:  // (the trains kept)
    case EXCHANGE:
    case HARBOR:
    case TRADE:  // (the offer's slot: the wrapper names it)
    case EXTRA:
      return nb::int_(a.target);
    case KEEP:
      return keep_target(s, static_cast<unsigned>(a.target));
    default:
      return nb::none();
  }
}

// a Python int that fits `long`, or false
bool small_int(nb::handle h, long& v) {
  if (!PyLong_Check(h.ptr())) return false;
  int overflow = 0;
  v = PyLong_AsLongAndOverflow(h.ptr(), &overflow);
  return !overflow;
}

// The core's action for (kind, target, cards) as the wrapper gives them; false when they cannot be
// one (then no legal action equals them). Never throws on odd shapes or types.
bool action_fields(const State& s, int kind, nb::handle target, nb::handle cards, Action& a) {
  a.kind = static_cast<uint8_t>(kind);
  a.target = 0;
  long v;
  switch (kind) {
    case DRAW:
    case CLAIM:
    case STATION:
    case PIECES:
    case HARBOR:
    case TRADE:
    case EXTRA: {
      if (!small_int(target, v) || v < -1 || v > 32767) return false;
      a.target = static_cast<int16_t>(v);
      break;
    }
    case EXCHANGE: {
      if (!small_int(target, v) || v < -32767 || v > 32767) return false;
      a.target = static_cast<int16_t>(v);
      break;
    }
    case KEEP: {
      if (!nb::isinstance<nb::tuple>(target) && !nb::isinstance<nb::list>(target)) return false;
      uint8_t sorted[kMaxOffer];
      const int n = s.offer_n[s.current];
      std::copy(s.offer[s.current], s.offer[s.current] + n, sorted);
      std::sort(sorted, sorted + n);
      int mask = 0;
      for (nb::handle t : target) {
        if (!small_int(t, v)) return false;
        int i = 0;
        while (i < n && sorted[i] != v) ++i;
        if (i == n) return false;
        mask |= 1 << i;
      }
      a.target = static_cast<int16_t>(mask);
      break;
    }
    default:
      break;
  }
  a.pay = Payment{};
  if (!nb::isinstance<nb::tuple>(cards) && !nb::isinstance<nb::list>(cards)) return false;
  for (nb::handle part : cards) {
    if (a.pay.n >= kMaxPayParts || !nb::isinstance<nb::tuple>(part) || nb::len(part) != 2) return false;
    long k, c;
    if (!small_int(part[0], k) || !small_int(part[1], c)) return false;
    if (k < 0 || k >= kMaxKinds || c < 0 || c > 255) return false;
    a.pay.kind[a.pay.n] = static_cast<uint8_t>(k);
    a.pay.count[a.pay.n++] = static_cast<uint8_t>(c);
  }
  return true;
}

bool action_of(const State& s, int kind, nb::handle target, nb::handle cards, Action& a) {
  try {
    return action_fields(s, kind, target, cards, a);
  } catch (nb::python_error&) {  // (an iterable that fails while iterated)
    return false;
  }
}

nb::list events_list(const std::vector<Event>& evs) {
  nb::list out;
  for (const Event& e : evs) {
    nb::list cards;
    for (int i = 0; i < e.n; ++i) cards.append(e.cards[i]);
    out.append(nb::make_tuple(static_cast<int>(e.type), e.a, e.b, cards));
  }
  return out;
}

}  // namespace

void bind_playouts(nb::module_& m);
void bind_vecenv(nb::module_& m);
void bind_bots(nb::module_& m);

NB_MODULE(_native, m) {
  m.doc() = "ttr's native core (C++): the train game of every edition ttr plays. Use it through ttr.native.";
  // ttr.native keeps the Rules of each board for the life of the process: alive at exit, not leaked
  nb::set_leak_warnings(false);
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const RulesError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::bad_cast& e) {  // (a value of the wrong type not caught where it came in)
      PyErr_SetString(PyExc_TypeError, "ttr._native: an argument of the wrong type");
    }
  });

  nb::class_<Rules>(m, "Rules")
      .def("__init__", &build_rules, nb::arg("tables"))
      .def_prop_ro("players", [](const Rules& r) { return r.players; })
      .def_prop_ro("n_ids", [](const Rules& r) { return r.n_ids; });

  m.attr("STATE_BYTES") = sizeof(State);
  nb::class_<Handle>(m, "Game")
      .def_prop_ro("nbytes",  // what this game holds in the core: the state, its caches, the draws seeded ahead
                   [](const Handle& h) {
                     return sizeof(Handle) + sizeof(Game) + h.game->heap_bytes() +
                            h.legal.seg.capacity() * sizeof(Segment) + h.legal.targets.capacity() * sizeof(int16_t) +
                            h.legal.pays.capacity() * sizeof(Payment) + h.legal.ends.capacity() * sizeof(uint32_t) +
                            h.events.capacity() * sizeof(Event);
                   })
      .def_static(
          "new",
          [](nb::object rules, int64_t seed, bool random_first) {
            auto h = std::make_unique<Handle>();
            h->rules = rules_of(rules);
            h->rules_ref = rules;
            h->game = std::make_unique<Game>(h->rules, seed, random_first);
            return h.release();
          },
          nb::arg("rules"), nb::arg("seed"), nb::arg("random_first"), nb::rv_policy::take_ownership)
      .def_static(
          "decode",
          [](nb::object rules, nb::handle state) {
            auto h = std::make_unique<Handle>();
            h->rules = rules_of(rules);
            h->rules_ref = rules;
            std::vector<int64_t> st;
            if (!nb::try_cast<std::vector<int64_t>>(state, st, false))
              throw nb::type_error("state: a list of integers of 64 bits");
            h->game = std::make_unique<Game>(h->rules, Game::decode(*h->rules, st.data(), st.size()));
            return h.release();
          },
          nb::arg("rules"), nb::arg("state"), nb::rv_policy::take_ownership)
      .def(
          "copy",
          [](const Handle& self) {
            auto h = std::make_unique<Handle>();
            h->rules_ref = self.rules_ref;
            h->rules = self.rules;
            h->game = std::make_unique<Game>(self.rules, self.game->state());
            return h.release();
          },
          nb::rv_policy::take_ownership)
      .def_prop_ro("phase", [](const Handle& h) { return static_cast<int>(h.game->state().phase); })
      .def_prop_ro("current", [](const Handle& h) { return static_cast<int>(h.game->state().current); })
      .def_prop_ro("turns", [](const Handle& h) { return static_cast<int>(h.game->state().turns); })
      .def_prop_ro("drawn", [](const Handle& h) { return h.game->state().drawn; })
      .def_prop_ro("seed", [](const Handle& h) { return h.game->state().seed; })
      .def_prop_ro("over", [](const Handle& h) { return h.game->over(); })
      .def_prop_ro("census", [](const Handle& h) { return h.game->card_census(); })
      .def("hand", [](const Handle& h, int seat) {
        if (seat < 0 || seat >= h.rules->players) throw nb::index_error("no such seat");
        const uint8_t* hand = h.game->state().hand[seat];
        return std::vector<int>(hand, hand + h.rules->n_kinds);
      }, nb::arg("seat"))
      .def("__len__", [](Handle& h) { return h.C().total; })
      .def("action", [](Handle& h, nb::handle index) {
        const Action a = h.at(index_of(index, h.C().total));
        return nb::make_tuple(static_cast<int>(a.kind), target_of(h.game->state(), a), pay_tuple(a.pay));
      })
      .def("pick", [](Handle& h, nb::handle index) {  // (what playouts take: count, then pick; tests)
        const Counted& c = h.C();
        const Action a = h.game->pick(c, index_of(index, c.total));
        return nb::make_tuple(static_cast<int>(a.kind), target_of(h.game->state(), a), pay_tuple(a.pay));
      })
      .def("find", [](Handle& h, int kind, nb::handle target, nb::handle cards) -> int64_t {
        Action a;
        if (kind < 0 || kind > EXTRA || !action_of(h.game->state(), kind, target, cards, a)) return -1;
        return h.L().find(a);
      }, nb::arg("kind"), nb::arg("target").none(), nb::arg("cards").none(),
      "The index of the legal action (kind, target, cards), or -1: any target or cards that cannot make one "
      "(wrong types or shapes included) are simply not found.")
      .def("segments", [](Handle& h) {
        const Legal& L = h.L();
        const State& s = h.game->state();
        nb::list out;
        for (const Segment& sg : L.seg) {
          nb::list targets, pays;
          for (int q = 0; q < sg.tn; ++q) {
            Action a;
            a.kind = sg.kind;
            a.target = L.targets[sg.t0 + q];
            targets.append(target_of(s, a));
          }
          if (sg.lazy >= 0) {  // (Nordic's ferries, Murmansk-Lieksa: the wrapper asks the edition)
            out.append(nb::make_tuple(static_cast<int>(sg.kind), targets, nb::none()));
            continue;
          }
          for (uint32_t r = 0; r < sg.pn; ++r) pays.append(pay_tuple(L.pays[sg.p0 + r]));
          out.append(nb::make_tuple(static_cast<int>(sg.kind), targets, pays));
        }
        return out;
      })
      .def(
          "apply",
          [](Handle& h, nb::handle index, bool record) -> nb::tuple {
            const Action a = h.at(index_of(index, h.C().total));
            const State& s = h.game->state();
            nb::tuple before = nb::make_tuple(static_cast<int>(s.current), static_cast<int>(s.turns), s.drawn);
            h.changed();
            if (!record) {
              h.game->apply(a, nullptr);
              return nb::make_tuple(before[0], before[1], before[2], nb::none());
            }
            h.events.clear();
            h.game->apply(a, &h.events);
            return nb::make_tuple(before[0], before[1], before[2],
                                  h.events.empty() ? nb::object(nb::none()) : nb::object(events_list(h.events)));
          },
          nb::arg("index"), nb::arg("record") = false)
      .def("encode", [](const Handle& h) {
        std::vector<int64_t> out;
        h.game->encode(out);
        return out;
      })
      .def("score", [](const Handle& h) {
        std::vector<SeatScore> sc;
        h.game->score(sc);
        nb::list out;
        for (const SeatScore& s : sc)
          out.append(nb::make_tuple(s.route_points, s.ticket_points, s.completed, s.failed, s.borrowed, s.longest,
                                    s.stations_built, s.station_points, s.trains_left, s.longest_bonus, s.total,
                                    s.rank, s.exchange_points, s.tours, s.harbors_built, s.harbor_points,
                                    s.ships_left, s.trains_bonus, s.raw_total));
        return out;
      });
  bind_playouts(m);
  bind_vecenv(m);
  bind_bots(m);
#ifdef TTR_MUTANTS  // (the build that proves the differential harness: tests/test_native_mutants.py)
  nb::list names;
  for (const char* name : kMutantNames) names.append(name);
  m.attr("MUTANTS") = nb::tuple(names);
  m.def(
      "set_mutant",
      [](const std::string& name) {
        for (int i = 0; i < M_COUNT; ++i)
          if (name == kMutantNames[i]) {
            g_mutant = i;
            return;
          }
        throw nb::value_error(("no mutant " + name).c_str());
      },
      nb::arg("name"), "Break one rule (a name of MUTANTS; 'none': none) from now on, for every game.");
#endif
}
