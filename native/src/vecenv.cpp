#include "ttr/vecenv.hpp"

#include <algorithm>
#include <cstring>
#include <map>

namespace ttr {

// ------------------------------------------------------------------ ids

uint64_t IdTable::pack(const Payment& p) {
  uint64_t v = 0;
  for (int i = 0; i < p.n; ++i)
    v |= (static_cast<uint64_t>(p.kind[i] + 1) << 8 | p.count[i]) << (14 * i);
  return v;
}

void IdTable::insert(int u, const Payment& p, int place) {
  const uint64_t key = static_cast<uint64_t>(u) << 56 | pack(p);
  uint64_t h = (key * 0x9E3779B97F4A7C15ull) >> 20;
  for (;; ++h) {
    uint64_t& k = keys_[h & mask_];
    if (k == ~0ull) {
      k = key;
      vals_[h & mask_] = static_cast<int16_t>(place);
      return;
    }
    if (k == key) {
      if (vals_[h & mask_] != place) throw RulesError("action ids: a payment has two places in one payment list");
      return;
    }
  }
}

inline int IdTable::lookup(int u, const Payment& p) const {
  const uint64_t key = static_cast<uint64_t>(u) << 56 | pack(p);
  for (uint64_t h = (key * 0x9E3779B97F4A7C15ull) >> 20;; ++h) {
    const uint64_t k = keys_[h & mask_];
    if (k == key) return vals_[h & mask_];
    if (k == ~0ull) return -1;
  }
}

void IdTable::build(int n_ids, const std::vector<Action>& acts) {
  if (n_ids <= 0 || static_cast<int>(acts.size()) != n_ids) throw RulesError("action ids: one action per id");
  n = n_ids;
  actions = acts;
  for (auto& row : base_) std::fill(std::begin(row), std::end(row), -1);
  for (auto& row : uni_) std::fill(std::begin(row), std::end(row), -1);
  keep_start = -1;
  keep_n = 0;
  size_t cap = 64;
  while (cap < 2 * static_cast<size_t>(n)) cap <<= 1;
  keys_.assign(cap, ~0ull);
  vals_.assign(cap, -1);
  mask_ = cap - 1;
  std::map<std::vector<uint64_t>, int> universes;
  int i = 0;
  while (i < n) {
    const Action& a = actions[i];
    if (a.kind == kNoAction) {  // (a payment step's id)
      ++i;
      continue;
    }
    if (a.kind >= kIdKinds) throw RulesError("action ids: an unknown kind");
    for (int q = 0; q < a.pay.n; ++q)
      if (a.pay.kind[q] >= kMaxKinds) throw RulesError("action ids: a payment of an unknown card kind");
    if (a.kind == KEEP) {  // a run of bit sets 1, 2, ...
      if (keep_start >= 0) throw RulesError("action ids: keeps are not one run");
      keep_start = i;
      while (i < n && actions[i].kind == KEEP) {
        if (actions[i].target != i - keep_start + 1) throw RulesError("action ids: keeps are not the bit sets in order");
        ++i;
      }
      keep_n = i - keep_start;
      continue;
    }
    const int t = a.target + kTargetOff;
    if (t < 0 || t >= kTargets) throw RulesError("action ids: a target out of range");
    if (base_[a.kind][t] >= 0) throw RulesError("action ids: the ids of a (kind, target) are not one run");
    int j = i;
    std::vector<uint64_t> pays;
    while (j < n && actions[j].kind == a.kind && actions[j].target == a.target) pays.push_back(pack(actions[j++].pay));
    auto it = universes.find(pays);
    int u;
    if (it == universes.end()) {
      u = static_cast<int>(universes.size());
      if (u > 255) throw RulesError("action ids: more payment lists than the core holds");
      universes.emplace(pays, u);
      for (int k = i; k < j; ++k) insert(u, actions[k].pay, k - i);
    } else {
      u = it->second;
    }
    base_[a.kind][t] = i;
    uni_[a.kind][t] = static_cast<int16_t>(u);
    i = j;
  }
  for (int k = 0; k < n; ++k)
    if (actions[k].kind != kNoAction && id_of(actions[k]) != k) throw RulesError("action ids: an action does not find its own id");
}

int64_t IdTable::id_of(const Action& a) const {
  if (a.kind >= kIdKinds) return -1;
  if (a.kind == KEEP) return a.target >= 1 && a.target <= keep_n ? keep_start - 1 + a.target : -1;
  const int t = a.target + kTargetOff;
  if (t < 0 || t >= kTargets || base_[a.kind][t] < 0) return -1;
  const int place = lookup(uni_[a.kind][t], a.pay);
  return place < 0 ? -1 : base_[a.kind][t] + place;
}

// (Legacy's TRADE and EXTRA: their target is their offer's slot, read as is.)
bool IdTable::legal_ids(const Legal& L, std::vector<int32_t>& out, const StepIds* steps) const {
  int offs[512];
  for (size_t k = 0; k < L.seg.size(); ++k) {
    const Segment& sg = L.seg[k];
    const int16_t* targets = L.targets.data() + sg.t0;
    if (sg.kind == CLAIM && steps && steps->any() && steps->claim_id(targets[0]) >= 0) {
      // stepped routes (a segment is one payment key: all of its routes are stepped or none)
      for (int q = 0; q < sg.tn; ++q) {
        const int id = steps->claim_id(targets[q]);
        if (id < 0) return false;
        out.push_back(id);
      }
      continue;
    }
    if (sg.kind == KEEP) {
      for (int q = 0; q < sg.tn; ++q) {
        if (targets[q] < 1 || targets[q] > keep_n) return false;
        out.push_back(keep_start - 1 + targets[q]);
      }
      continue;
    }
    if (sg.pn > 512 || sg.lazy >= 0) return false;  // (lazy: Nordic's claims, paid in steps by ids)
    const Payment* pays = L.pays.data() + sg.p0;
    int last_u = -1;
    for (int q = 0; q < sg.tn; ++q) {
      const int t = targets[q] + kTargetOff;
      if (t < 0 || t >= kTargets) return false;
      const int b = base_[sg.kind][t];
      if (b < 0) return false;
      const int u = uni_[sg.kind][t];
      if (u != last_u) {
        for (int r = 0; r < sg.pn; ++r)
          if ((offs[r] = lookup(u, pays[r])) < 0) return false;
        last_u = u;
      }
      for (int r = 0; r < sg.pn; ++r) out.push_back(b + offs[r]);
    }
  }
  return true;
}

// ------------------------------------------------------------------ the observer's tensor

void ObsSpec::validate(const Rules& R) const {
  const int P = players;
  if (P != R.players) throw RulesError("observer: another player count");
  auto in = [&](int at, int len, const char* what) {
    if (at < 0 || len < 0 || at + len > size) throw RulesError(std::string("observer: field out of the tensor: ") + what);
  };
  in(phase, n_phases, "phase");
  if (n_phases <= OVER) throw RulesError("observer: phases");
  in(to_move, P, "to_move");
  in(clock, 4, "clock");
  in(face_up, n_kinds_pos, "face_up");
  if (n_decks != (R.rs ? 2 : 1) || rs != R.rs) throw RulesError("observer: decks");
  in(piles, n_decks + 1, "piles");
  in(discard, n_kinds_pos, "discard");
  in(seats, P * seat_width, "seats");
  if (seat_width != 5 + (stations >= 0 ? 1 : 0) + (rs ? 6 : 0)) throw RulesError("observer: seat columns");
  if (rs) {
    if (static_cast<int>(harbor_row.size()) != R.n_cities) throw RulesError("observer: harbor rows");
    int rows = 0;
    for (int r : harbor_row) rows = std::max(rows, r + 1);
    in(harbors, rows * P, "harbors");
    if (priv) in(pieces_choice, 2, "pieces_choice");
    if (deck_total1 <= 0 || trains_total <= 0 || ships_total <= 0 || harbors_total <= 0) throw RulesError("observer: scales");
  }
  if (static_cast<int>(route_row.size()) != R.n_ids || static_cast<int>(tunnel_row.size()) != R.n_ids)
    throw RulesError("observer: route tables");
  for (int r = 0; r < R.n_ids; ++r) {
    if (route_row[r] >= 0) in(route_row[r], P, "routes");
    if (tunnel_row[r] >= n_tunnels) throw RulesError("observer: tunnel rows");
    if (R.r_exists[r] && route_row[r] < 0) throw RulesError("observer: a route without a row");
    if (R.r_exists[r] && R.r_tunnel[r] && tunnel_row[r] < 0) throw RulesError("observer: a tunnel without a row");
  }
  if (R.stations && stations < 0) throw RulesError("observer: stations missing");
  if (stations >= 0) in(stations, R.n_cities * P, "stations");
  if (longest >= 0) in(longest, 2 * P, "longest");
  if (tunnel >= 0) {
    in(tunnel, n_tunnels + 1, "tunnel");
    in(tunnel_cards, 2 * n_kinds_pos, "tunnel_cards");
  }
  if (static_cast<int>(kind_pos.size()) != R.n_kinds) throw RulesError("observer: kind places");
  for (int p : kind_pos)
    if (p < -1 || p >= n_kinds_pos) throw RulesError("observer: kind places");
  for (const std::vector<int>* deck : {&R.deck, &R.deck1})
    for (int c : *deck)
      if (c < 0 || c >= R.n_kinds || kind_pos[c] < 0) throw RulesError("observer: a card kind without a place");
  if (static_cast<int>(fractions.size()) != n_kinds_pos) throw RulesError("observer: fractions");
  for (const auto& f : fractions)
    if (f.empty()) throw RulesError("observer: fractions");
  if (face_sums.size() < static_cast<size_t>(R.face_up) + 1 || third_sums.size() < static_cast<size_t>(kMaxReveal) + 1)
    throw RulesError("observer: sums");
  if (static_cast<int>(ticket_pos.size()) != static_cast<int>(R.t_a.size())) throw RulesError("observer: ticket places");
  for (int p : ticket_pos)
    if (p < -1 || p >= ticket_width) throw RulesError("observer: ticket places");
  if (ticket_city_start.size() != ticket_pos.size() + 1) throw RulesError("observer: ticket cities");
  for (size_t t = 0; t + 1 < ticket_city_start.size(); ++t)
    if (ticket_city_start[t] > ticket_city_start[t + 1] || ticket_city_start[t + 1] > static_cast<int>(ticket_cities.size()))
      throw RulesError("observer: ticket cities");
  for (int c : ticket_cities)
    if (c < 0 || c >= R.n_cities) throw RulesError("observer: ticket cities");
  if (priv) {
    in(hand, n_kinds_pos, "hand");
    in(tickets, ticket_width, "tickets");
    in(joined, ticket_width, "tickets_joined");
    in(offer, offer_max * ticket_width, "offer");
    if (offer_max < R.offer_cap) throw RulesError("observer: offer rows");
  }
  if (pending >= 0) {
    if (static_cast<int>(stepped_row.size()) != R.n_ids) throw RulesError("observer: stepped rows");
    for (int r : stepped_row)
      if (r < -1 || r >= n_stepped) throw RulesError("observer: stepped rows");
    in(pending, n_stepped + n_kinds_pos, "pending");
  }
  if (R.legacy != (lw_event >= 0) || R.legacy != (companies >= 0)) throw RulesError("observer: Legacy's fields");
  if (R.legacy) {
    in(companies, P * n_companies, "companies");
    if (static_cast<int>(lw_company.size()) != P) throw RulesError("observer: companies");
    for (int c : lw_company)
      if (c < -1 || c >= n_companies) throw RulesError("observer: companies");
    if (lw_rows.size() != R.lw.events.size() + 1 || lw_events_total <= 0) throw RulesError("observer: Legacy's events");
    for (const auto& row : lw_rows) in(lw_event, static_cast<int>(row.size()), "event");
    in(lw_revealed, 2, "claim_steps");
  }
  if (final_round_turns <= 0 || deck_total <= 0 || tickets_total <= 0 || total_cards <= 0 || max_trains <= 0)
    throw RulesError("observer: scales");
  if (R.stations && n_stations <= 0) throw RulesError("observer: scales");
}

namespace {
inline float f32(double x) { return static_cast<float>(x); }
inline double clip1(double x) { return x < 1.0 ? x : 1.0; }
inline float frac(const std::vector<float>& t, int n) {
  return n < static_cast<int>(t.size()) ? t[n] : t.back();
}

struct CityDsu {
  int8_t parent[kMaxCities];
  bool touched[kMaxCities];
  explicit CityDsu(int n) {
    for (int i = 0; i < n; ++i) {
      parent[i] = static_cast<int8_t>(i);
      touched[i] = false;
    }
  }
  int find(int x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }
  void unite(int a, int b) {
    touched[a] = touched[b] = true;
    const int ra = find(a), rb = find(b);
    if (ra != rb) parent[ra] = static_cast<int8_t>(rb);
  }
  int label(int c) { return touched[c] ? find(c) : -1 - c; }
};
}  // namespace

void ObsSpec::encode(const Game& g, int me, float* x, LongestMemo* memo, const Pending* pend) const {
  const Rules& R = g.rules();
  const State& s = g.state();
  const int P = players;
  int relq[kMaxPlayers];  // seat -> relative seat
  for (int q = 0; q < P; ++q) relq[q] = (q - me + P) % P;
  auto rel = [&](int q) { return relq[q]; };
  std::memset(x, 0, sizeof(float) * static_cast<size_t>(size));
  x[phase + s.phase] = 1.0f;
  if (s.phase != OVER) x[to_move + rel(s.current)] = 1.0f;
  const int ft = s.final_turns;
  x[clock] = f32(clip1(s.turns / turn_scale));
  x[clock + 1] = ft >= 0 ? 1.0f : 0.0f;
  x[clock + 2] = f32(clip1((ft > 0 ? ft : 0) / static_cast<double>(final_round_turns)));
  x[clock + 3] = f32(clip1(s.passes / static_cast<double>(P)));
  int cnt[kMaxKinds] = {};
  for (int i = 0; i < R.face_up; ++i)
    if (s.face_up[i] >= 0) ++cnt[kind_pos[s.face_up[i]]];
  for (int k = 0; k < n_kinds_pos; ++k)
    if (cnt[k]) x[face_up + k] = frac(face_sums, cnt[k]);
  x[piles] = f32(s.deck_n / deck_total);
  if (rs) x[piles + 1] = f32(s.deck1_n / deck_total1);
  x[piles + n_decks] = f32(s.pile_n / tickets_total);
  std::memset(cnt, 0, sizeof cnt);
  for (int i = 0; i < s.disc_n; ++i) ++cnt[kind_pos[s.disc[i]]];
  if (rs)
    for (int i = 0; i < s.disc1_n; ++i) ++cnt[kind_pos[s.disc1[i]]];
  for (int k = 0; k < n_kinds_pos; ++k)
    if (cnt[k]) x[discard + k] = frac(fractions[k], cnt[k]);
  // owned routes (owner >= 0: its byte's sign bit clear), eight owners a word; the seat's own
  // routes joined city to city on the way, for tickets_joined
  const int n_ids = R.n_ids;
  const bool joining = priv && s.tickets_n[me] > 0;
  CityDsu d(joining ? R.n_cities : 0);
  static_assert(kMaxRoutes % 8 == 0, "owners are read eight at a time");
  for (int w = 0; w < n_ids; w += 8) {
    uint64_t word;
    std::memcpy(&word, s.owner + w, 8);
    for (uint64_t m = ~word & 0x8080808080808080ull; m; m &= m - 1) {
      const int r = w + (__builtin_ctzll(m) >> 3);
      if (r >= n_ids) break;
      const int o = s.owner[r];
      x[route_row[r] + rel(o)] = 1.0f;
      if (o == me && joining) d.unite(R.r_a[r], R.r_b[r]);
    }
  }
  if (stations >= 0)
    for (int q = 0; q < P; ++q)
      for (int i = 0; i < s.stations_n[q]; ++i) x[stations + s.stations[q][i] * P + rel(q)] = 1.0f;
  if (rs)
    for (int q = 0; q < P; ++q)
      for (int i = 0; i < s.harbors_n[q]; ++i) x[harbors + harbor_row[s.harbors[q][i]] * P + rel(q)] = 1.0f;
  if (tunnel >= 0 && s.tun_route >= 0) {
    x[tunnel + tunnel_row[s.tun_route]] = 1.0f;
    x[tunnel + n_tunnels] = f32(s.tun_extra / 3.0);
    for (int i = 0; i < s.tun_paid.n; ++i)
      if (s.tun_paid.count[i]) x[tunnel_cards + kind_pos[s.tun_paid.kind[i]]] = f32(clip1(s.tun_paid.count[i] / 12.0));
    std::memset(cnt, 0, sizeof cnt);
    for (int i = 0; i < s.tun_rev_n; ++i) ++cnt[kind_pos[s.tun_rev[i]]];
    for (int k = 0; k < n_kinds_pos; ++k)
      if (cnt[k]) x[tunnel_cards + n_kinds_pos + k] = frac(third_sums, cnt[k]);
  }
  for (int q = 0; q < P; ++q) {
    float* row = x + seats + rel(q) * seat_width;
    int held = 0;
    for (int k = 0; k < R.n_kinds; ++k) held += s.hand[q][k];
    row[0] = f32(held / total_cards);
    row[1] = f32(s.tickets_n[q] / tickets_total);
    row[2] = f32(s.offer_n[q] / static_cast<double>(offer_max));
    row[3] = f32(clip1(s.trains[q] / max_trains));
    const double sc = s.score[q] / score_scale;
    row[4] = f32(sc < -1.0 ? -1.0 : clip1(sc));
    if (stations >= 0) row[5] = f32(s.stations_n[q] / static_cast<double>(n_stations));
    if (rs) {  // ships, the box, harbors, exchanges, chosen (the choice itself is secret)
      float* more = row + 5 + (stations >= 0 ? 1 : 0);
      more[0] = f32(s.ships[q] / ships_total);
      more[1] = f32(s.box_t[q] / trains_total);
      more[2] = f32(s.box_s[q] / ships_total);
      more[3] = f32(s.harbors_n[q] / harbors_total);
      more[4] = f32(std::min(s.exchanged[q] / (trains_total + ships_total), 1.0));
      more[5] = s.choice_t[q] >= 0 ? 1.0f : 0.0f;
    }
  }
  if (longest >= 0) {  // each seat's longest trail, and whether it is the longest (ties too)
    int len[kMaxPlayers], top = 0;
    for (int q = 0; q < P; ++q) {
      if (!memo) {
        len[q] = g.longest_trail(q);
      } else {
        if (memo->trains[q] != s.trains[q]) {
          memo->trains[q] = s.trains[q];
          memo->length[q] = static_cast<int16_t>(g.longest_trail(q));
        }
        len[q] = memo->length[q];
      }
      top = std::max(top, len[q]);
    }
    for (int q = 0; q < P; ++q)
      if (len[q]) {
        float* row = x + longest + rel(q) * 2;
        row[0] = f32(clip1(len[q] / max_trains));
        if (len[q] == top) row[1] = 1.0f;
      }
  }
  if (lw_event >= 0) {  // Legacy: companies, the current event's fields, events revealed and left
    for (int q = 0; q < P; ++q)
      if (lw_company[q] >= 0) x[companies + rel(q) * n_companies + lw_company[q]] = 1.0f;
    const std::vector<float>& row = lw_rows[s.ev_disc_n ? s.ev_disc[s.ev_disc_n - 1] + 1 : 0];
    for (size_t j = 0; j < row.size(); ++j)
      if (row[j] != 0.0f) x[lw_event + static_cast<int>(j)] = row[j];
    x[lw_revealed] = f32(s.ev_disc_n / lw_events_total);
    x[lw_revealed + 1] = f32(s.ev_deck_n / lw_events_total);
  }
  if (!priv) return;
  for (int k = 0; k < R.n_kinds; ++k) {
    const int n = s.hand[me][k];
    if (n) x[hand + kind_pos[k]] = frac(fractions[kind_pos[k]], n);
  }
  const int nt = s.tickets_n[me];
  if (nt) {
    for (int i = 0; i < nt; ++i) {
      const int t = s.tickets[me][i];
      x[tickets + ticket_pos[t]] = 1.0f;
      const int a = ticket_city_start[t], b = ticket_city_start[t + 1];
      bool one = true;
      const int l0 = a < b ? d.label(ticket_cities[a]) : 0;
      for (int j = a + 1; j < b && one; ++j) one = d.label(ticket_cities[j]) == l0;
      if (one) x[joined + ticket_pos[t]] = 1.0f;
    }
  }
  const int no = s.offer_n[me];
  if (no) {
    uint8_t sorted[kMaxOffer];
    for (int j = 0; j < no; ++j) {  // insertion sort (at most kMaxOffer tickets)
      const uint8_t t = s.offer[me][j];
      int k = j;
      for (; k > 0 && sorted[k - 1] > t; --k) sorted[k] = sorted[k - 1];
      sorted[k] = t;
    }
    for (int j = 0; j < no; ++j) x[offer + j * ticket_width + ticket_pos[sorted[j]]] = 1.0f;
  }
  if (rs && s.choice_t[me] >= 0) {
    x[pieces_choice] = f32(s.choice_t[me] / trains_total);
    x[pieces_choice + 1] = f32(s.choice_s[me] / ships_total);
  }
  if (pend && pend->active() && pending >= 0) {  // the route, then the cards chosen so far / the kind's cards
    if (stepped_row[pend->route] >= 0) x[pending + stepped_row[pend->route]] = 1.0f;
    const int base = pending + n_stepped;
    for (int i = 0; i < pend->items.n; ++i) {
      const int k = kind_pos[pend->items.kind[i]];
      x[base + k] = frac(fractions[k], pend->items.count[i]);
    }
  }
}

// ------------------------------------------------------------------ the batch

int64_t episode_seed(int64_t seed, uint32_t k) {
  if (k == 0) return seed;
  uint64_t z = static_cast<uint64_t>(seed) + 0x9e3779b97f4a7c15ull * (static_cast<uint64_t>(k) + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return static_cast<int64_t>((z ^ (z >> 31)) >> 1);
}

VecEnv::VecEnv(const EnvSpec* spec, const int64_t* seeds, size_t n, RewardMode reward, bool random_first, int max_steps)
    : spec_(spec), reward_(reward), random_first_(random_first), max_steps_(max_steps) {
  slots_.reserve(n);
  const size_t words = (static_cast<size_t>(spec->ids.n) + 63) / 64;
  for (size_t i = 0; i < n; ++i) {
    slots_.emplace_back(spec->rules, seeds[i], random_first);
    slots_.back().bits.assign(words, 0);
    slots_.back().ids.reserve(256);
  }
}

void VecEnv::new_episode(Slot& s, uint32_t k) {
  const int64_t seed = episode_seed(s.first_seed, k);
  s.game = Game(spec_->rules, seed, random_first_);
  s.rng = BotRng(static_cast<uint64_t>(seed));
  s.episode = k;
  s.steps = 0;
  s.longest = LongestMemo{};
  s.pending = Pending{};
  for (int p = 0; p < kMaxPlayers; ++p) s.last[p] = s.game.state().score[p];
}

void VecEnv::observe(Slot& s, size_t i, const EnvOut& out, bool moved) {
  const IdTable& T = spec_->ids;
  for (int32_t id : s.ids) s.bits[static_cast<size_t>(id) >> 6] = 0;
  s.ids.clear();
  if (moved) s.game.legal(s.legal);  // (a payment step leaves the position as it was)
  const bool ok = s.pending.active() ? spec_->steps.next_ids(s.legal, s.pending, s.ids)
                                     : T.legal_ids(s.legal, s.ids, &spec_->steps);
  if (!ok) throw RulesError("action ids: a legal action has no id (game seed " + std::to_string(s.game.state().seed) + ")");
  for (int32_t id : s.ids) s.bits[static_cast<size_t>(id) >> 6] |= uint64_t{1} << (id & 63);
  if (out.masks) {
    uint8_t* row = out.masks + i * static_cast<size_t>(T.n);
    std::memset(row, 0, static_cast<size_t>(T.n));
    for (int32_t id : s.ids) row[id] = 1;
  }
  const int me = s.game.state().current;
  if (out.obs) spec_->obs.encode(s.game, me, out.obs + i * static_cast<size_t>(spec_->obs.size), &s.longest, &s.pending);
  if (out.seats) out.seats[i] = me;
}

void VecEnv::rewards(Slot& s, bool over, float* r) {
  const int P = spec_->rules->players;
  const State& st = s.game.state();
  if (reward_ == REWARD_WIN) {
    for (int p = 0; p < P; ++p) r[p] = 0.0f;
    if (!over) return;
    const std::vector<SeatScore>& sc = sc_;
    int k = 0;
    for (int p = 0; p < P; ++p) k += sc[p].rank == 1;
    for (int p = 0; p < P; ++p)
      if (sc[p].rank == 1) r[p] = static_cast<float>(1.0 / k);
    return;
  }
  if (reward_ == REWARD_MARGIN) {  // at the end: the seat's total less the best of the others'
    for (int p = 0; p < P; ++p) r[p] = 0.0f;
    if (!over) return;
    const std::vector<SeatScore>& sc = sc_;
    for (int p = 0; p < P; ++p) {
      int best = INT32_MIN;
      for (int q = 0; q < P; ++q)
        if (q != p) best = std::max(best, sc[q].total);
      r[p] = static_cast<float>((sc[p].total - best) / 100.0);
    }
    return;
  }
  int now[kMaxPlayers];
  if (over) {
    for (int p = 0; p < P; ++p) now[p] = sc_[p].total;
  } else {
    for (int p = 0; p < P; ++p) now[p] = st.score[p];
  }
  for (int p = 0; p < P; ++p) {
    r[p] = static_cast<float>((now[p] - s.last[p]) / 100.0);
    s.last[p] = static_cast<int16_t>(now[p]);
  }
}

void VecEnv::end_episode(Slot& s, bool over, bool full) {
  Final& f = s.final;
  f = Final{};
  f.ended = true;
  f.truncated = !over;
  f.full = full;
  f.seed = s.game.state().seed;
  f.episode = s.episode;
  f.steps = s.steps;
  if (!over) return;
  for (int p = 0; p < spec_->rules->players; ++p) {
    f.total[p] = static_cast<int16_t>(sc_[p].total);
    f.rank[p] = static_cast<uint8_t>(sc_[p].rank);
    f.done[p] = static_cast<uint8_t>(sc_[p].completed.size());
    f.failed[p] = static_cast<uint8_t>(sc_[p].failed.size());
  }
}

void VecEnv::reset(const EnvOut& out) {
  const int P = spec_->rules->players;
  for (size_t i = 0; i < slots_.size(); ++i) {
    Slot& s = slots_[i];
    new_episode(s, 0);
    s.final = Final{};
    observe(s, i, out);
    if (out.rewards)
      for (int p = 0; p < P; ++p) out.rewards[i * P + p] = 0.0f;
    if (out.terminated) out.terminated[i] = 0;
    if (out.truncated) out.truncated[i] = 0;
  }
}

int64_t VecEnv::check(const int64_t* actions) const {
  const int64_t n = spec_->ids.n;
  for (size_t i = 0; i < slots_.size(); ++i) {
    const int64_t a = actions[i];
    if (a < 0 || a >= n || !((slots_[i].bits[static_cast<size_t>(a) >> 6] >> (a & 63)) & 1u)) return static_cast<int64_t>(i);
  }
  return -1;
}

void VecEnv::step(const int64_t* actions, const EnvOut& out) {
  const IdTable& T = spec_->ids;
  const int P = spec_->rules->players;
  float zero[kMaxPlayers];
  for (size_t i = 0; i < slots_.size(); ++i) {
    Slot& s = slots_[i];
    const Action& a = T.actions[static_cast<size_t>(actions[i])];
    bool moved = true, full = false;
    try {
      if (a.kind != kNoAction) {
        s.game.apply(a);
      } else {  // a payment step (checked legal): the claim when it is whole
        Action claim;
        const int r = spec_->steps.advance(s.legal, s.pending, actions[i], &claim);
        if (r < 0) throw RulesError("payment steps: a checked step is not legal");
        moved = r == 1;
        if (moved) s.game.apply(claim);
      }
    } catch (const FullError&) {  // the game outgrew the core (Legacy's ledger): cut, rewards 0
      full = true;
    }
    ++s.steps;
    const bool over = !full && s.game.over();
    const bool cut = full || (!over && max_steps_ > 0 && s.steps >= max_steps_);
    if (over) s.game.score(sc_);
    if (full) {
      if (out.rewards) std::fill(out.rewards + i * P, out.rewards + (i + 1) * P, 0.0f);
    } else {
      rewards(s, over, out.rewards ? out.rewards + i * P : zero);
    }
    if (out.terminated) out.terminated[i] = over;
    if (out.truncated) out.truncated[i] = cut;
    if (over || cut) {
      end_episode(s, over, full);
      new_episode(s, s.episode + 1);
      moved = true;
    }
    observe(s, i, out, moved);
  }
}

void VecEnv::sample(int64_t* out) {
  for (size_t i = 0; i < slots_.size(); ++i) {
    Slot& s = slots_[i];
    const uint32_t n = static_cast<uint32_t>(s.ids.size());
    out[i] = n ? s.ids[s.rng.below(n)] : -1;
  }
}

}  // namespace ttr
