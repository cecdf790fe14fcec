// End-of-game scoring (ttr/engine/scoring.py): tickets with E4's station borrowing, the longest
// trail (G8), bonuses, tie breaks and ranks.
#include <algorithm>

#include "ttr/game.hpp"

namespace ttr {

namespace {

struct Dsu {
  int parent[kMaxCities];
  explicit Dsu(int n) {
    for (int i = 0; i < n; ++i) parent[i] = i;
  }
  int find(int x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }
  void unite(int a, int b) {
    const int ra = find(a), rb = find(b);
    if (ra != rb) parent[ra] = rb;
  }
};

struct TicketScore {
  int points = 0, n_done = 0, n_failed = 0;
  uint8_t done[kMaxTickets], failed[kMaxTickets];
};

void ticket_points(const Rules& R, Dsu& ds, const uint8_t* tickets, int n, TicketScore& out) {
  out.points = out.n_done = out.n_failed = 0;
  for (int i = 0; i < n; ++i) {
    const int t = tickets[i];
    if (ds.find(R.t_a[t]) == ds.find(R.t_b[t])) {
      out.done[out.n_done++] = static_cast<uint8_t>(t);
      out.points += R.t_points[t];
    } else {
      out.failed[out.n_failed++] = static_cast<uint8_t>(t);
      out.points -= R.t_points[t];
    }
  }
}

// graph.longest_trail: the longest trail (no edge twice) over the edges. A depth-first search of
// the trails from each odd vertex, cut where even every unused edge could not beat the best.
struct Trail {
  int n_edges = 0;
  int ev[kMaxRoutes * 2], ew[kMaxRoutes * 2], eid[kMaxRoutes * 2];  // per adjacency entry: other end, weight, edge
  int start[kMaxCities + 1];
  bool used[kMaxRoutes];
  int best = 0, left = 0;  // the best trail found; the weight of the unused edges of the component

  void dfs(int u, int acc) {
    if (acc > best) best = acc;
    if (acc + left <= best) return;
    for (int k = start[u]; k < start[u + 1]; ++k) {
      const int i = eid[k];
      if (used[i]) continue;
      used[i] = true;
      left -= ew[k];
      dfs(ev[k], acc + ew[k]);
      left += ew[k];
      used[i] = false;
    }
  }
};

int longest_trail(const Rules& R, const int8_t* owner, int seat) {
  Trail t;
  int deg[kMaxCities] = {}, ea[kMaxRoutes], eb[kMaxRoutes], ew[kMaxRoutes];
  int n = 0;
  for (int r = 0; r < R.n_ids; ++r) {
    if (!R.r_exists[r] || owner[r] != seat) continue;
    ea[n] = R.r_a[r];
    eb[n] = R.r_b[r];
    ew[n] = R.r_len[r];
    ++deg[ea[n]];
    ++deg[eb[n]];  // a loop (a == b) counts twice, as in Python
    ++n;
  }
  if (!n) return 0;
  const int nc = R.n_cities;
  t.start[0] = 0;
  for (int c = 0; c < nc; ++c) t.start[c + 1] = t.start[c] + deg[c];
  int fill[kMaxCities];
  for (int c = 0; c < nc; ++c) fill[c] = t.start[c];
  for (int i = 0; i < n; ++i) {
    t.used[i] = false;
    int k = fill[ea[i]]++;
    t.ev[k] = eb[i], t.ew[k] = ew[i], t.eid[k] = i;
    k = fill[eb[i]]++;
    t.ev[k] = ea[i], t.ew[k] = ew[i], t.eid[k] = i;
  }
  // components: each one's odd vertices, or (all even) its whole weight
  int comp[kMaxCities];
  for (int c = 0; c < nc; ++c) comp[c] = -1;
  int result = 0;
  for (int s = 0; s < nc; ++s) {
    if (!deg[s] || comp[s] >= 0) continue;
    int stack[kMaxCities], top = 0, members[kMaxCities], nm = 0;
    comp[s] = s;
    stack[top++] = s;
    while (top) {
      const int u = stack[--top];
      members[nm++] = u;
      for (int k = t.start[u]; k < t.start[u + 1]; ++k)
        if (comp[t.ev[k]] < 0) {
          comp[t.ev[k]] = s;
          stack[top++] = t.ev[k];
        }
    }
    int total = 0;
    for (int i = 0; i < n; ++i)
      if (comp[ea[i]] == s) total += ew[i];
    bool any_odd = false;
    t.best = 0;
    for (int m = 0; m < nm; ++m)
      if (deg[members[m]] % 2) {
        any_odd = true;
        t.left = total;
        t.dfs(members[m], 0);
      }
    result = std::max(result, any_odd ? t.best : total);  // all even: the whole component is one closed trail
  }
  return result;
}

}  // namespace

void Game::score(std::vector<SeatScore>& out) const {
  const Rules& R = *rules_;
  const int n = R.players;
  out.assign(n, SeatScore{});
  for (int p = 0; p < n; ++p) {
    SeatScore& sc = out[p];
    Dsu ds(R.n_cities);
    for (int r = 0; r < R.n_ids; ++r)
      if (R.r_exists[r] && s_.owner[r] == p) ds.unite(R.r_a[r], R.r_b[r]);
    TicketScore best, cand;
    ticket_points(R, ds, s_.tickets[p], s_.tickets_n[p], best);
    // E4: each station may borrow one route of another seat into its city (itertools.product order)
    int cities[kMaxStations], nopt[kMaxStations], opts[kMaxStations][kMaxRoutes];
    int nc = 0;
    for (int i = 0; i < s_.stations_n[p]; ++i) {
      const int city = s_.stations[p][i];
      int k = 0;
      for (int r : R.city_routes[city])
        if (s_.owner[r] >= 0 && s_.owner[r] != p) opts[nc][k++] = r;
      if (k) {
        cities[nc] = city;
        nopt[nc] = k;
        ++nc;
      }
    }
    if (nc && best.n_failed) {
      int idx[kMaxStations] = {};
      while (true) {
        Dsu d = ds;
        for (int i = 0; i < nc; ++i) {
          const int r = opts[i][idx[i]];
          d.unite(R.r_a[r], R.r_b[r]);
        }
        ticket_points(R, d, s_.tickets[p], s_.tickets_n[p], cand);
        if (cand.points > best.points || (cand.points == best.points && cand.n_done > best.n_done)) {
          best = cand;
          sc.borrowed.clear();
          for (int i = 0; i < nc; ++i) sc.borrowed.emplace_back(cities[i], opts[i][idx[i]]);
        }
        int i = nc - 1;
        while (i >= 0 && ++idx[i] == nopt[i]) idx[i--] = 0;
        if (i < 0) break;
      }
    }
    sc.ticket_points = best.points;
    sc.completed.assign(best.done, best.done + best.n_done);
    sc.failed.assign(best.failed, best.failed + best.n_failed);
    sc.route_points = s_.score[p];
    sc.longest = longest_trail(R, s_.owner, p);
    sc.stations_built = s_.stations_n[p];
    sc.station_points = R.stations ? (R.stations - sc.stations_built) * R.station_points : 0;
    sc.trains_left = s_.trains[p];
  }
  if (R.longest_bonus) {  // G8: every seat tied for the longest
    int top = 0;
    for (const SeatScore& sc : out) top = std::max(top, sc.longest);
    for (SeatScore& sc : out)
      if (sc.longest == top && top > 0) sc.longest_bonus = R.longest_bonus;
  }
  for (SeatScore& sc : out)
    sc.total = sc.route_points + sc.ticket_points + sc.station_points + sc.longest_bonus;
  auto key = [&](const SeatScore& sc, int i) -> int {
    switch (R.tie_breaks[i]) {
      case TB_TICKETS_COMPLETED:
        return static_cast<int>(sc.completed.size());
      case TB_LONGEST_PATH:
        return sc.longest;
      case TB_LONGEST_PATH_BONUS:
      case TB_EXPRESS:
        return sc.longest_bonus ? 1 : 0;
      case TB_FEWEST_STATIONS:
        return -sc.stations_built;
      default:
        return 0;
    }
  };
  auto greater = [&](const SeatScore& a, const SeatScore& b) {  // key(a) > key(b)
    if (a.total != b.total) return a.total > b.total;
    for (size_t i = 0; i < R.tie_breaks.size(); ++i) {
      const int x = key(a, static_cast<int>(i)), y = key(b, static_cast<int>(i));
      if (x != y) return x > y;
    }
    return false;
  };
  for (SeatScore& sc : out) {
    sc.rank = 1;
    for (const SeatScore& o : out)
      if (greater(o, sc)) ++sc.rank;
  }
}

}  // namespace ttr
