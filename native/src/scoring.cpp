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
  int points = 0;
  std::vector<int> done, failed;
};

void ticket_points(const Rules& R, Dsu& ds, const uint8_t* tickets, int n, TicketScore& out) {
  out.points = 0;
  out.done.clear();
  out.failed.clear();
  for (int i = 0; i < n; ++i) {
    const int t = tickets[i];
    if (ds.find(R.t_a[t]) == ds.find(R.t_b[t])) {
      out.done.push_back(t);
      out.points += R.t_points[t];
    } else {
      out.failed.push_back(t);
      out.points -= R.t_points[t];
    }
  }
}

// graph.longest_trail: the longest trail (no edge twice) over the edges
struct Trail {
  int n_edges = 0;
  int eu[kMaxRoutes], ev[kMaxRoutes], ew[kMaxRoutes];
  int adj_n[kMaxCities] = {};
  int adj[kMaxCities][kMaxRoutes / 4];  // (edge index) per vertex
  bool used[kMaxRoutes] = {};

  int dfs(int u) {
    int best = 0;
    for (int k = 0; k < adj_n[u]; ++k) {
      const int i = adj[u][k];
      if (used[i]) continue;
      used[i] = true;
      const int v = eu[i] == u ? ev[i] : eu[i];
      const int x = ew[i] + dfs(v);
      used[i] = false;
      if (x > best) best = x;
    }
    return best;
  }
};

int longest_trail(const Rules& R, const int8_t* owner, int seat) {
  Trail t;
  for (int r = 0; r < R.n_ids; ++r) {
    if (!R.r_exists[r] || owner[r] != seat) continue;
    const int i = t.n_edges++;
    t.eu[i] = R.r_a[r];
    t.ev[i] = R.r_b[r];
    t.ew[i] = R.r_len[r];
    t.adj[R.r_a[r]][t.adj_n[R.r_a[r]]++] = i;
    t.adj[R.r_b[r]][t.adj_n[R.r_b[r]]++] = i;  // a loop (a == b) is listed twice, as in Python
  }
  if (!t.n_edges) return 0;
  // components
  int comp[kMaxCities];
  for (int c = 0; c < R.n_cities; ++c) comp[c] = -1;
  int best = 0;
  for (int s = 0; s < R.n_cities; ++s) {
    if (!t.adj_n[s] || comp[s] >= 0) continue;
    int stack[kMaxCities], top = 0, members[kMaxCities], nm = 0;
    comp[s] = s;
    stack[top++] = s;
    while (top) {
      const int u = stack[--top];
      members[nm++] = u;
      for (int k = 0; k < t.adj_n[u]; ++k) {
        const int i = t.adj[u][k];
        const int v = t.eu[i] == u ? t.ev[i] : t.eu[i];
        if (comp[v] < 0) {
          comp[v] = s;
          stack[top++] = v;
        }
      }
    }
    bool any_odd = false;
    for (int m = 0; m < nm; ++m)
      if (t.adj_n[members[m]] % 2) {
        any_odd = true;
        const int x = t.dfs(members[m]);
        if (x > best) best = x;
      }
    if (!any_odd) {  // Eulerian: the whole component is one closed trail
      int total = 0;
      for (int i = 0; i < t.n_edges; ++i)
        if (comp[t.eu[i]] == s) total += t.ew[i];
      if (total > best) best = total;
    }
  }
  return best;
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
    TicketScore best;
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
    if (nc && !best.failed.empty()) {
      int idx[kMaxStations] = {};
      TicketScore cand;
      while (true) {
        Dsu d = ds;
        for (int i = 0; i < nc; ++i) {
          const int r = opts[i][idx[i]];
          d.unite(R.r_a[r], R.r_b[r]);
        }
        ticket_points(R, d, s_.tickets[p], s_.tickets_n[p], cand);
        if (cand.points > best.points || (cand.points == best.points && cand.done.size() > best.done.size())) {
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
    sc.completed = best.done;
    sc.failed = best.failed;
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
