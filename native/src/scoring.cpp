// End-of-game scoring (ttr/engine/scoring.py): tickets with E4's station borrowing, the longest
// trail (G8), bonuses, tie breaks and ranks.
#include <algorithm>
#include <cstring>

#include "ttr/game.hpp"
#include "ttr/mutants.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

// A seat's tickets, done where `joined(a, b)`: one of its components holds both cities (read from
// SeatGraph::reach, or from a union-find where stations borrow routes).
template <class Joined>
void ticket_points(const Rules& R, const Joined& joined, const uint8_t* tickets, int n, TicketScore& out) {
  out.points = out.n_done = out.n_failed = 0;
  for (int i = 0; i < n; ++i) {
    const int t = tickets[i];
    if (joined(R.t_a[t], R.t_b[t])) {
      out.done[out.n_done++] = static_cast<uint8_t>(t);
      out.points += R.t_points[t];
    } else {
      out.failed[out.n_failed++] = static_cast<uint8_t>(t);
      out.points -= R.t_points[t];
    }
  }
}

// One seat's routes as a graph over city bit sets: its components and the longest trail
// (graph.longest_trail, G8). A seat holds at most 64 routes (Rules::validate), so a component's
// edges fit one bit set.
struct SeatGraph {
  int n = 0;                     // edges
  int ea[64], eb[64], ew[64];    // per edge: its ends, its length
  uint64_t adj[kMaxCities];      // per city: the cities it shares an edge with
  uint64_t inc[kMaxCities];      // per city: its edges
  uint64_t reach[kMaxCities];    // per city: its component's cities (longest() sets them)
  uint64_t touched = 0, odd = 0;  // cities with an edge; cities of odd degree (a loop counts twice)

  // `mine`: the seat's routes as bits (no branch per route: which cities are new is random)
  SeatGraph(const Rules& R, const uint64_t* mine) {
    const size_t cities = static_cast<size_t>(R.n_cities) * sizeof(uint64_t);
    std::memset(adj, 0, cities);
    std::memset(inc, 0, cities);
    std::memset(reach, 0, cities);
    for (int w = 0; w < R.words; ++w)
      for (uint64_t bits = mine[w]; bits && n < 64; bits &= bits - 1) {
        const int r = w * 64 + __builtin_ctzll(bits), a = R.r_a[r], b = R.r_b[r];
        ea[n] = a, eb[n] = b, ew[n] = R.r_len[r];
        const uint64_t ba = uint64_t{1} << a, bb = uint64_t{1} << b, e = uint64_t{1} << n;
        touched |= ba | bb;
        odd ^= ba ^ bb;
        adj[a] |= bb, adj[b] |= ba;
        inc[a] |= e, inc[b] |= e;
        ++n;
      }
  }
  bool joined(int a, int b) const { return (reach[a] >> b) & 1; }

  // The longest trail: a component with at most two odd cities whole (an Euler trail); else, the
  // heaviest first (none beats its own weight), a tree's longest path (two sweeps) or a
  // depth-first search of the trails from each odd city (a longest trail that is not closed ends
  // at two), cut where even every unused edge could not beat the best. Sets `reach` on the way.
  int longest() {
    struct Comp {
      uint64_t cities, edges;
      int total;
    };
    Comp hard[64];
    int nhard = 0, result = 0;
    for (uint64_t left = touched; left;) {
      const int s = __builtin_ctzll(left);
      uint64_t cities = uint64_t{1} << s, frontier = cities, edges = 0;
      while (frontier) {
        const int u = __builtin_ctzll(frontier);
        frontier &= frontier - 1;
        edges |= inc[u];
        const uint64_t fresh = adj[u] & ~cities;
        cities |= fresh;
        frontier |= fresh;
      }
      left &= ~cities;
      int total = 0;
      for (uint64_t e = edges; e; e &= e - 1) total += ew[__builtin_ctzll(e)];
      for (uint64_t c = cities; c; c &= c - 1) reach[__builtin_ctzll(c)] = cities;
      if (__builtin_popcountll(odd & cities) <= 2)
        result = std::max(result, total);
      else
        hard[nhard++] = Comp{cities, edges, total};
    }
    std::sort(hard, hard + nhard, [](const Comp& a, const Comp& b) { return a.total > b.total; });
    for (int c = 0; c < nhard && hard[c].total > result; ++c) {
      const Comp& k = hard[c];
      if (__builtin_popcountll(k.edges) == __builtin_popcountll(k.cities) - 1) {  // a tree
        int length = 0;
        farthest(farthest(__builtin_ctzll(k.cities), nullptr), &length);
        result = std::max(result, length);
      } else {
        result = std::max(result, trails(k.cities, k.edges, k.total));
      }
    }
    return result;
  }

 private:
  int best = 0, left_ = 0;  // the best trail found; the weight of the component's unused edges

  // A tree's city farthest from `from`, and (if `length`) that distance.
  int farthest(int from, int* length) const {
    int stack[kMaxCities], parent[kMaxCities], dist[kMaxCities], top = 0, far = from;
    stack[top++] = from;
    parent[from] = -1;
    dist[from] = 0;
    while (top) {
      const int u = stack[--top];
      if (dist[u] > dist[far]) far = u;
      for (uint64_t e = inc[u]; e; e &= e - 1) {
        const int i = __builtin_ctzll(e), v = ea[i] ^ eb[i] ^ u;
        if (v == parent[u]) continue;
        parent[v] = u;
        dist[v] = dist[u] + ew[i];
        stack[top++] = v;
      }
    }
    if (length) *length = dist[far];
    return far;
  }

  // The longest trail of a component with odd cities. A chain of cities of degree 2 is walked
  // whole: it becomes one edge between the cities of other degrees it joins (a longest trail
  // neither ends inside a chain nor closes through one alone), then a search from each odd city.
  int trails(uint64_t cities, uint64_t edges, int total) {
    uint64_t branch = 0;  // the cities a chain ends at: degree other than 2, or with a loop
    for (uint64_t c = cities; c; c &= c - 1) {
      const int u = __builtin_ctzll(c);
      if (__builtin_popcountll(inc[u]) != 2) branch |= uint64_t{1} << u;
    }
    for (uint64_t e = edges; e; e &= e - 1) {
      const int i = __builtin_ctzll(e);
      if (ea[i] == eb[i]) branch |= uint64_t{1} << ea[i];
    }
    nc_ = 0;
    for (uint64_t c = branch; c; c &= c - 1) cinc_[__builtin_ctzll(c)] = 0;
    uint64_t walked = 0;
    for (uint64_t c = branch; c; c &= c - 1) {
      const int u = __builtin_ctzll(c);
      for (uint64_t e = inc[u] & ~walked; e; e = inc[u] & ~walked) {
        int i = __builtin_ctzll(e), at = u, w = 0;
        while (true) {
          walked |= uint64_t{1} << i;
          w += ew[i];
          at = ea[i] ^ eb[i] ^ at;
          if (branch >> at & 1) break;
          i = __builtin_ctzll(inc[at] & ~(uint64_t{1} << i));  // a chain city's other edge
        }
        ca_[nc_] = u, cb_[nc_] = at, cw_[nc_] = w;
        cinc_[u] |= uint64_t{1} << nc_;
        cinc_[at] |= uint64_t{1} << nc_;
        ++nc_;
      }
    }
    best = 0;
    wmin_ = cw_[0];
    for (int i = 1; i < nc_; ++i) wmin_ = std::min(wmin_, cw_[i]);
    // a trail between two odd cities is found from either end: from all but the last is enough
    const uint64_t ends = odd & cities;
    for (uint64_t o = ends & ~(uint64_t{1} << (63 - __builtin_clzll(ends))); o; o &= o - 1) {
      left_ = total;
      dfs(__builtin_ctzll(o), 0, 0, ends);
    }
    return best;
  }

  int nc_ = 0, ca_[64], cb_[64], cw_[64], wmin_ = 1;  // the chains: their ends, their lengths; the least
  uint64_t cinc_[kMaxCities];              // per chain end: its chains

  // The trails on from u over the unused chains, `odd_left` the cities of odd degree among them.
  // The bound: every odd city but the trail's two ends keeps an unused chain, one per two cities.
  void dfs(int u, uint64_t used, int acc, uint64_t odd_left) {
    if (acc > best) best = acc;
    const int kept = (__builtin_popcountll(odd_left) - 2) / 2;
    if (acc + left_ - (kept > 0 ? kept * wmin_ : 0) <= best) return;
    for (uint64_t e = cinc_[u] & ~used; e; e &= e - 1) {
      const int i = __builtin_ctzll(e);
      left_ -= cw_[i];
      dfs(ca_[i] ^ cb_[i] ^ u, used | (uint64_t{1} << i), acc + cw_[i],
          odd_left ^ (uint64_t{1} << ca_[i]) ^ (uint64_t{1} << cb_[i]));
      left_ += cw_[i];
    }
  }
};

// Each seat's routes as bits, from the owners (routes past n_ids are nobody's).
void seat_routes(const int8_t* owner, int n_ids, int players, uint64_t (*mine)[kWords]) {
  std::memset(mine, 0, sizeof(uint64_t) * kWords * players);
#if defined(__SSE2__)
  static_assert(kMaxRoutes % 16 == 0, "16 owners per vector");
  for (int c = 0; c * 16 < n_ids; ++c) {  // (no branch per route: owners are random)
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(owner + c * 16));
    for (int p = 0; p < players; ++p) {
      const uint64_t m = static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(p)))));
      mine[p][c >> 2] |= m << (16 * (c & 3));
    }
  }
  if (n_ids % 64)
    for (int p = 0; p < players; ++p) mine[p][n_ids >> 6] &= (uint64_t{1} << (n_ids % 64)) - 1;
#else
  for (int r = 0; r < n_ids; ++r)
    if (owner[r] >= 0 && owner[r] < players) mine[owner[r]][r >> 6] |= uint64_t{1} << (r & 63);
#endif
}

}  // namespace

int Game::longest_trail(int seat) const {
  const Rules& R = *rules_;
  uint64_t mine[kMaxPlayers][kWords];
  seat_routes(s_.owner, R.n_ids, seat + 1, mine);
  SeatGraph graph(R, mine[seat]);
  return graph.longest();
}

// RS4: a tour is done when one component holds all its cities (in order when a path meets them in
// order, never repeating a city: scoring.ordered_path); its points in order or in any order, else
// its penalty. Rescores the seat's tickets (no stations in Rails & Sails).
namespace {
bool ordered(const uint64_t* adj, const std::vector<int>& seq, uint64_t visited, int u, size_t i) {
  for (uint64_t next = adj[u] & ~visited; next; next &= next - 1) {
    const int v = __builtin_ctzll(next);
    int j = -1;  // (the last place v is listed, as the dict of scoring.ordered_path)
    for (size_t k = 0; k < seq.size(); ++k)
      if (seq[k] == v) j = static_cast<int>(k);
    if (j >= 0 && static_cast<size_t>(j) != i) continue;
    if (static_cast<size_t>(j) == i && i == seq.size() - 1) return true;
    if (ordered(adj, seq, visited | uint64_t{1} << v, v, static_cast<size_t>(j) == i ? i + 1 : i)) return true;
  }
  return false;
}

void rs_tickets(const Rules& R, const SeatGraph& graph, const uint8_t* tickets, int n, TicketScore& out,
                std::vector<std::pair<int, int>>& tours) {
  out.points = out.n_done = out.n_failed = 0;
  for (int i = 0; i < n; ++i) {
    const int t = tickets[i];
    if (!R.t_tour[t]) {
      if (graph.joined(R.t_a[t], R.t_b[t])) {
        out.done[out.n_done++] = static_cast<uint8_t>(t);
        out.points += R.t_points[t];
      } else {
        out.failed[out.n_failed++] = static_cast<uint8_t>(t);
        out.points -= R.t_points[t];
      }
      continue;
    }
    const std::vector<int>& cs = R.t_cities[t];
    bool all = true;
    for (int c : cs) all &= graph.joined(cs[0], c) || c == cs[0];
    if (all) {
      const bool in_order = ordered(graph.adj, cs, uint64_t{1} << cs[0], cs[0], 1);
      tours.emplace_back(t, in_order ? 2 : 1);
      out.points += in_order ? R.t_points[t] : R.t_points_any[t];
      out.done[out.n_done++] = static_cast<uint8_t>(t);
    } else {
      tours.emplace_back(t, 0);
      out.points -= R.t_penalty[t];
      out.failed[out.n_failed++] = static_cast<uint8_t>(t);
    }
  }
}
}  // namespace

void Game::score(std::vector<SeatScore>& out) const {
  const Rules& R = *rules_;
  const int n = R.players;
  out.resize(n);
  uint64_t mine[kMaxPlayers][kWords];
  seat_routes(s_.owner, R.n_ids, n, mine);
  for (int p = 0; p < n; ++p) {
    SeatScore& sc = out[p];
    sc.borrowed.clear();
    sc.longest_bonus = sc.globetrotter = 0;
    SeatGraph graph(R, mine[p]);
    sc.longest = graph.longest();
    TicketScore best, cand;
    ticket_points(R, [&](int a, int b) { return graph.joined(a, b); }, s_.tickets[p], s_.tickets_n[p], best);
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
      Dsu ds(R.n_cities);  // the components as a union-find
      for (uint64_t t = graph.touched; t; t &= t - 1) {
        const int c = __builtin_ctzll(t);
        ds.parent[c] = __builtin_ctzll(graph.reach[c]);
      }
      int idx[kMaxStations] = {};
      while (true) {
        Dsu d = ds;
        for (int i = 0; i < nc; ++i) {
          const int r = opts[i][idx[i]];
          d.unite(R.r_a[r], R.r_b[r]);
        }
        ticket_points(R, [&](int a, int b) { return d.find(a) == d.find(b); }, s_.tickets[p], s_.tickets_n[p], cand);
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
    sc.tours.clear();
    if (R.rs) rs_tickets(R, graph, s_.tickets[p], s_.tickets_n[p], best, sc.tours);
    sc.ticket_points = best.points;
    sc.completed.assign(best.done, best.done + best.n_done);
    sc.failed.assign(best.failed, best.failed + best.n_failed);
    sc.exchange_points = -s_.exchanged[p];
    sc.harbors_built = s_.harbors_n[p];
    sc.harbor_points = 0;
    sc.ships_left = s_.ships[p];
    if (R.harbors) {  // RS5: by the completed tickets naming the city (a tour: any of its cities)
      sc.harbor_points = -R.harbor_penalty * (R.harbors - s_.harbors_n[p]);
      for (int i = 0; i < s_.harbors_n[p]; ++i) {
        const int city = s_.harbors[p][i];
        int count = 0;
        for (int k = 0; k < best.n_done; ++k) {
          const auto& cs = R.t_cities[best.done[k]];
          count += std::find(cs.begin(), cs.end(), city) != cs.end();
        }
#ifdef TTR_MUTANTS
        if (mutant(M_HARBOR_VALUE)) ++count;
#endif
        if (count)
          sc.harbor_points += R.harbor_points[std::min<size_t>(count, R.harbor_points.size()) - 1];
      }
    }
    sc.route_points = s_.score[p] + s_.exchanged[p];
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
  if (R.globetrotter_bonus) {  // N4: every seat tied for the most completed tickets
    size_t top = 0;
    for (const SeatScore& sc : out) top = std::max(top, sc.completed.size());
    for (SeatScore& sc : out) sc.globetrotter = sc.completed.size() == top ? R.globetrotter_bonus : 0;
  }
  if (R.legacy) return lw_score(out);  // (dollars: legacy.cpp)
  for (SeatScore& sc : out)
    sc.total = sc.route_points + sc.exchange_points + sc.ticket_points + sc.station_points + sc.harbor_points +
               sc.longest_bonus + sc.globetrotter;
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
