// Small boards built in C++ for the unit tests (no Python): the same tables ttr/native/tables.py
// derives from a Ruleset, derived here the same way from a list of routes.
#pragma once
#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

#include "ttr/game.hpp"

namespace toy {

struct Route {
  int id, a, b, color, length, locos = 0;
  bool tunnel = false;
  std::vector<int> twins = {};
};

struct Ticket {
  int id, a, b, points;
  bool is_long = false;
};

inline int route_points(int length) {
  switch (length) {
    case 1: return 1;
    case 2: return 2;
    case 3: return 4;
    case 4: return 7;
    case 5: return 10;
    case 6: return 15;
    default: return 21;
  }
}

// Europe-like edition parameters (stations, tunnels, ferries, long tickets); `usa` turns them off.
struct Edition {
  int players = 3;
  bool usa = false;
  int trains = 15;
  std::vector<int> deck;  // default: 8 of each colour, 10 locomotives
};

inline ttr::Rules build(const Edition& ed, int n_cities, const std::vector<Route>& routes,
                        const std::vector<Ticket>& tickets) {
  ttr::Rules R;
  R.players = ed.players;
  R.n_kinds = 9;
  R.wild = 8;
  R.face_up = 5;
  R.hand_size = 4;
  R.reset_at = 3;
  R.reset_cap = 10;
  R.whole_draw = true;
  R.end_pieces = 2;
  R.final_round_turns = ed.players;
  R.trains = ed.trains;
  R.stations = ed.usa ? 0 : 3;
  R.station_points = 4;
  R.initial_long = ed.usa ? 0 : 1;
  R.initial_regular = 3;
  R.initial_keep = 2;
  R.short_initial_keep = 1;
  R.later_draw = 3;
  R.later_keep = 1;
  R.initial_unkept_to_box = !ed.usa;
  R.later_unkept_to_box = false;
  R.tunnel_reveal = 3;
  R.longest_bonus = 10;
  R.tie_breaks = ed.usa ? std::vector<int>{ttr::TB_TICKETS_COMPLETED, ttr::TB_LONGEST_PATH_BONUS}
                        : std::vector<int>{ttr::TB_TICKETS_COMPLETED, ttr::TB_FEWEST_STATIONS, ttr::TB_EXPRESS};
  int n = 0;
  for (const Route& r : routes) n = std::max(n, r.id + 1);
  R.n_ids = n;
  R.r_exists.assign(n, 0);
  R.r_tunnel.assign(n, 0);
  R.r_closes.assign(n, 0);
  R.r_kind.assign(n, 0);
  R.r_len.assign(n, 0);
  R.r_color.assign(n, -1);
  R.r_locos.assign(n, 0);
  R.r_points.assign(n, 0);
  R.r_group.assign(n, -1);
  R.r_a.assign(n, -1);
  R.r_b.assign(n, -1);
  R.r_twins.assign(n, {});
  R.n_cities = n_cities;
  R.city_routes.assign(n_cities, {});
  const bool doubles_closed = ed.players < 4;
  using Key = std::tuple<int, int, int, int>;  // colour, length, locomotives, tunnel
  std::map<Key, std::vector<int>> by_key;      // sorted by colour, then length (the engine's order)
  for (const Route& r : routes) {
    R.r_exists[r.id] = 1;
    R.r_tunnel[r.id] = r.tunnel;
    R.r_len[r.id] = r.length;
    R.r_color[r.id] = r.color;
    R.r_locos[r.id] = r.locos;
    R.r_points[r.id] = route_points(r.length);
    R.r_a[r.id] = r.a;
    R.r_b[r.id] = r.b;
    R.r_twins[r.id] = r.twins;
    R.r_closes[r.id] = !r.twins.empty() && doubles_closed;
    by_key[{r.color, r.length, r.locos, r.tunnel}].push_back(r.id);
    R.city_routes[r.a].push_back(r.id);
    R.city_routes[r.b].push_back(r.id);
  }
  std::map<std::tuple<int, int, int>, int> pkeys;
  std::map<int, std::vector<ttr::ClaimGroup>> by_reach;
  for (const auto& [key, ids] : by_key) {
    const auto [color, length, locos, tunnel] = key;
    const int gi = static_cast<int>(R.group_routes.size());
    R.group_routes.push_back(ids);
    for (int id : ids) R.r_group[id] = gi;
    const auto pk = std::make_tuple(color, length, locos);
    if (!pkeys.count(pk)) {
      pkeys[pk] = static_cast<int>(R.pkeys.size());
      R.pkeys.push_back(ttr::PayKey{color, length, locos});
    }
    bool twins = false;
    for (int id : ids) twins |= !R.r_twins[id].empty();
    by_reach[color + 1].push_back(ttr::ClaimGroup{length, gi, 0, pkeys[pk], twins});
  }
  for (auto& [reach, groups] : by_reach) {
    R.claim_reach_index.push_back(reach);
    R.claim_groups.push_back(groups);
  }
  int nt = 0;
  for (const Ticket& t : tickets) nt = std::max(nt, t.id + 1);
  R.t_a.assign(nt, -1);
  R.t_b.assign(nt, -1);
  R.t_points.assign(nt, 0);
  for (const Ticket& t : tickets) {
    R.t_a[t.id] = t.a;
    R.t_b[t.id] = t.b;
    R.t_points[t.id] = t.points;
    (t.is_long ? R.long_tickets : R.regular_tickets).push_back(t.id);
  }
  R.tickets_cap = static_cast<int>(tickets.size());
  R.offer_cap = std::max(R.initial_long + R.initial_regular, R.later_draw);
  if (ed.deck.empty()) {
    for (int c = 0; c < 8; ++c)
      for (int i = 0; i < 8; ++i) R.deck.push_back(c);
    for (int i = 0; i < 10; ++i) R.deck.push_back(8);
  } else {
    R.deck = ed.deck;
  }
  R.validate();
  return R;
}

// The toy board: 8 cities, doubles, gray routes, tunnels, ferries, a hole in the route ids.
inline std::vector<Route> toy_routes() {
  return {
      {0, 0, 1, 0, 2, 0, false, {1}},
      {1, 0, 1, 1, 2, 0, false, {0}},
      {2, 1, 2, -1, 3},
      {3, 2, 3, 2, 1, 0, true},
      {4, 3, 4, -1, 2, 1},  // a ferry: one locomotive
      {5, 4, 5, 3, 4},
      {6, 5, 0, -1, 3, 0, true},
      {7, 1, 3, 4, 3},
      {8, 2, 4, 5, 2},
      {9, 5, 6, 6, 1},
      {10, 6, 7, 7, 2},
      {11, 7, 0, -1, 4, 2},  // a ferry: two locomotives
      {12, 3, 6, -1, 2, 0, false, {13}},
      {13, 3, 6, -1, 2, 0, false, {12}},
      {15, 2, 7, 0, 5},  // (no route 14)
      {16, 4, 6, 2, 3, 0, true},
      {17, 1, 5, 3, 2},
  };
}

inline std::vector<Ticket> toy_tickets() {
  return {{0, 0, 2, 5},  {1, 1, 4, 6},  {2, 0, 5, 4},  {3, 3, 7, 7},  {4, 2, 6, 5},  {5, 4, 7, 8},
          {6, 1, 5, 3},  {7, 0, 6, 6},  {8, 2, 5, 5},  {9, 3, 0, 4},  {10, 0, 4, 11, true}, {11, 1, 7, 12, true},
          {12, 5, 7, 6}, {13, 2, 7, 13, true}, {14, 3, 5, 10, true}, {15, 4, 0, 11, true},
          {16, 6, 1, 12, true}};
}

inline ttr::Rules toy(int players, bool usa = false) {
  Edition ed;
  ed.players = players;
  ed.usa = usa;
  return build(ed, 8, toy_routes(), toy_tickets());
}

}  // namespace toy
