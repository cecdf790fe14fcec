// The integer state (ttr/engine/codec.py, docs/state-codec.md): the same flat list, section by
// section. decode reads a state the Python decoder has already checked.
#include <algorithm>

#include "ttr/game.hpp"

#include <cstring>

namespace ttr {

namespace {
constexpr int64_t kCodecVersion = 1;

template <typename T>
void put_list(std::vector<int64_t>& out, const T* items, int n, int cap) {
  out.push_back(n);
  for (int i = 0; i < n; ++i) out.push_back(items[i]);
  for (int i = n; i < cap; ++i) out.push_back(kNone);
}

struct Reader {
  const int64_t* st;
  size_t n, at = 0;
  int64_t next() {
    if (at >= n) throw RulesError("state: shorter than this game's layout");
    return st[at++];
  }
  template <typename T>
  int list(T* items, int cap) {
    const int k = static_cast<int>(next());
    if (k < 0 || k > cap) throw RulesError("state: a list section holds more items than it has room for");
    for (int i = 0; i < cap; ++i) {
      const int64_t v = next();
      if (i < k) items[i] = static_cast<T>(v);
    }
    return k;
  }
};
}  // namespace

void Game::encode(std::vector<int64_t>& out) const {
  const Rules& R = *rules_;
  const State& s = s_;
  out.clear();
  out.insert(out.end(), {kCodecVersion, s.seed, s.random_first, s.phase, s.current, s.first_player, s.turns,
                         s.final_turns, s.passes, static_cast<int64_t>(s.shuffles)});
  const int deck_cap = static_cast<int>(R.deck.size());
  put_list(out, s.deck, s.deck_n, deck_cap);
  put_list(out, s.disc, s.disc_n, deck_cap);
  for (int i = 0; i < R.face_up; ++i) out.push_back(s.face_up[i]);
  put_list(out, s.pile, s.pile_n, R.tickets_cap);
  for (int r = 0; r < R.n_ids; ++r) out.push_back(s.owner[r]);
  if (s.tun_route < 0) {
    out.insert(out.end(), {kNone, 0, kNone});
    for (int k = 0; k < R.n_kinds; ++k) out.push_back(0);
    put_list(out, s.tun_rev, 0, R.tunnel_reveal);
  } else {
    out.insert(out.end(), {s.tun_route, s.tun_extra, s.tun_color});
    int64_t counts[kMaxKinds] = {};
    for (int i = 0; i < s.tun_paid.n; ++i) counts[s.tun_paid.kind[i]] = s.tun_paid.count[i];
    for (int k = 0; k < R.n_kinds; ++k) out.push_back(counts[k]);
    put_list(out, s.tun_rev, s.tun_rev_n, R.tunnel_reveal);
  }
  for (int p = 0; p < R.players; ++p) {
    int64_t total = 0;
    for (int k = 0; k < R.n_kinds; ++k) total += s.hand[p][k];
    out.push_back(total);
    for (int k = 0; k < R.n_kinds; ++k) out.push_back(s.hand[p][k]);
    put_list(out, s.tickets[p], s.tickets_n[p], R.tickets_cap);
    put_list(out, s.offer[p], s.offer_n[p], R.offer_cap);
    // trains, ships, box (trains, ships), pieces choice (trains, ships), exchanged, score
    out.insert(out.end(), {s.trains[p], 0, 0, 0, kNone, kNone, 0, s.score[p]});
    put_list(out, s.stations[p], s.stations_n[p], R.stations);
    put_list(out, s.stations[p], 0, 0);  // harbors: none in the train game
  }
}

State Game::decode(const Rules& R, const int64_t* st, size_t n) {
  State s;
  Reader rd{st, n};
  rd.next();  // the codec's version (checked by the Python decoder)
  s.seed = rd.next();
  s.random_first = static_cast<uint8_t>(rd.next());
  s.phase = static_cast<uint8_t>(rd.next());
  s.current = static_cast<uint8_t>(rd.next());
  s.first_player = static_cast<uint8_t>(rd.next());
  s.turns = static_cast<int16_t>(rd.next());
  s.final_turns = static_cast<int16_t>(rd.next());
  s.passes = static_cast<int16_t>(rd.next());
  s.shuffles = static_cast<uint32_t>(rd.next());
  s.drawn = 0;
  const int deck_cap = static_cast<int>(R.deck.size());
  s.deck_n = static_cast<uint16_t>(rd.list(s.deck, deck_cap));
  s.disc_n = static_cast<uint16_t>(rd.list(s.disc, deck_cap));
  for (int i = 0; i < kMaxFaceUp; ++i) s.face_up[i] = -1;
  for (int i = 0; i < R.face_up; ++i) s.face_up[i] = static_cast<int8_t>(rd.next());
  s.pile_n = static_cast<uint8_t>(rd.list(s.pile, R.tickets_cap));
  for (int r = 0; r < kMaxRoutes; ++r) s.owner[r] = -1;
  for (int r = 0; r < R.n_ids; ++r) s.owner[r] = static_cast<int8_t>(rd.next());
  const int route = static_cast<int>(rd.next());
  const int extra = static_cast<int>(rd.next());
  const int color = static_cast<int>(rd.next());
  int64_t counts[kMaxKinds] = {};
  for (int k = 0; k < R.n_kinds; ++k) counts[k] = rd.next();
  uint8_t rev[kMaxReveal];
  const int nrev = rd.list(rev, R.tunnel_reveal);
  s.tun_route = static_cast<int16_t>(route);
  s.tun_paid = Payment{};
  s.tun_rev_n = 0;
  s.tun_extra = 0;
  s.tun_color = -1;
  if (route >= 0) {
    for (int k = 0; k < R.n_kinds; ++k)
      if (counts[k]) {
        s.tun_paid.kind[s.tun_paid.n] = static_cast<uint8_t>(k);
        s.tun_paid.count[s.tun_paid.n++] = static_cast<uint8_t>(counts[k]);
      }
    s.tun_rev_n = static_cast<uint8_t>(nrev);
    for (int i = 0; i < nrev; ++i) s.tun_rev[i] = rev[i];
    s.tun_extra = static_cast<uint8_t>(extra);
    s.tun_color = static_cast<int8_t>(color);
  }
  std::memset(s.hand, 0, sizeof s.hand);
  for (int c = 0; c < kMaxCities; ++c) s.station_at[c] = -1;
  for (int p = 0; p < R.players; ++p) {
    rd.next();  // the hand's total
    for (int k = 0; k < R.n_kinds; ++k) s.hand[p][k] = static_cast<uint8_t>(rd.next());
    s.tickets_n[p] = static_cast<uint8_t>(rd.list(s.tickets[p], R.tickets_cap));
    s.offer_n[p] = static_cast<uint8_t>(rd.list(s.offer[p], R.offer_cap));
    s.trains[p] = static_cast<int16_t>(rd.next());
    for (int i = 0; i < 6; ++i) rd.next();  // ships, box, pieces choice, exchanged: none in the train game
    s.score[p] = static_cast<int16_t>(rd.next());
    s.stations_n[p] = static_cast<uint8_t>(rd.list(s.stations[p], R.stations));
    for (int i = 0; i < s.stations_n[p]; ++i) s.station_at[s.stations[p][i]] = static_cast<int8_t>(p);
    uint8_t none[1];
    rd.list(none, 0);  // harbors
  }
  // what the owners imply (codec.derive_routes): the open lanes, and per seat the lanes it may not take
  std::memset(s.blocked, 0, sizeof s.blocked);
  std::memset(s.avail, 0, sizeof s.avail);
  for (int r = 0; r < R.n_ids; ++r)
    if (R.r_exists[r] && s.owner[r] < 0) set_bit(s.avail, r);
  for (int r = 0; r < R.n_ids; ++r) {
    const int o = s.owner[r];
    if (o < 0) continue;
    for (int t : R.r_twins[r]) {
      if (R.r_closes[r])
        clear_bit(s.avail, t);
      else
        set_bit(s.blocked[o], t);
    }
  }
  count_open(R, s);
  return s;
}

void Rules::validate() {
  if (players < 1 || players > kMaxPlayers) throw RulesError("players: more than the native core holds");
  if (n_ids > kMaxRoutes) throw RulesError("routes: more route ids than the native core holds");
  if (n_cities > kMaxCities) throw RulesError("cities: more than the native core holds");
  if (tickets_cap > kMaxTickets || static_cast<int>(t_a.size()) > kMaxTickets)
    throw RulesError("tickets: more than the native core holds");
  if (n_kinds > kMaxKinds) throw RulesError("card kinds: more than the native core holds");
  if (static_cast<int>(deck.size()) > kMaxDeck) throw RulesError("deck: more cards than the native core holds");
  if (face_up > kMaxFaceUp) throw RulesError("face_up: more slots than the native core holds");
  if (offer_cap > kMaxOffer) throw RulesError("offer: more tickets than the native core holds");
  if (stations > kMaxStations) throw RulesError("stations: more than the native core holds");
  if (tunnel_reveal > kMaxReveal) throw RulesError("tunnel_reveal: more than the native core holds");
  if (pkeys.size() > 256) throw RulesError("payment keys: more than the native core holds");
  if (claim_groups.size() != claim_reach_index.size() || claim_groups.size() > 9)
    throw RulesError("claim groups: the train game has one per colour and gray");
  size_t segs = 4;
  for (const auto& g : claim_groups) segs += g.size();
  if (segs > 96) throw RulesError("claim groups: more than the native core counts");
  flat_groups.clear();
  for (size_t b = 0; b < claim_groups.size(); ++b)
    for (const ClaimGroup& g : claim_groups[b]) {
      if (g.gi < 0 || g.gi >= static_cast<int>(group_routes.size()) || g.pkey < 0 ||
          g.pkey >= static_cast<int>(pkeys.size()) || g.kind < 0 || g.kind > 1)
        throw RulesError("claim groups: an index out of range");
      flat_groups.push_back(FlatGroup{static_cast<int16_t>(g.length), static_cast<int16_t>(g.gi),
                                      static_cast<int16_t>(g.pkey), static_cast<int16_t>(claim_reach_index[b]),
                                      static_cast<uint8_t>(g.kind)});
    }
  groups_ascending = true;
  for (const auto& g : group_routes)
    for (size_t i = 1; i < g.size(); ++i)
      if (g[i - 1] >= g[i]) groups_ascending = false;
  words = (n_ids + 63) / 64;
  if (words < 1) words = 1;
  group_bits.assign(group_routes.size(), {});
  for (size_t g = 0; g < group_routes.size(); ++g)
    for (int r : group_routes[g]) {
      if (r < 0 || r >= n_ids) throw RulesError("group_routes: a route id out of range");
      set_bit(group_bits[g].data(), r);
    }
  derive_cells();
}

void Rules::derive_cells() {
  if (wild != kColors || n_kinds != kColors + 1)
    throw RulesError("card kinds: the train game's eight colours and the locomotive");
  pay_rows.clear();
  for (const PayKey& k : pkeys) {
    if (k.color < -1 || k.color >= kColors || k.length < 1 || k.length > 30 || k.locos < 0 || k.locos > k.length)
      throw RulesError("payment keys: a colour, length or ferry out of range");
    bool seen = false;
    for (const PayRow& r : pay_rows) seen |= r.length == k.length && r.ferry == k.locos;
    if (!seen) pay_rows.push_back(PayRow{k.length, k.locos});
  }
  if (pay_rows.size() > kMaxPayRows) throw RulesError("payment keys: more lengths and ferries than the native core counts");
  std::sort(pay_rows.begin(), pay_rows.end(),
            [](const PayRow& a, const PayRow& b) { return a.length != b.length ? a.length < b.length : a.ferry < b.ferry; });
  PayVectors& v = pay_vectors;
  for (int j = 0; j < kMaxPayRows; ++j) {
    const bool row = j < static_cast<int>(pay_rows.size());
    v.n[j] = static_cast<uint8_t>(row ? pay_rows[j].length : 0xff);
    v.n1[j] = static_cast<uint8_t>(row ? pay_rows[j].length - 1 : 0xfe);
    v.f[j] = static_cast<uint8_t>(row ? pay_rows[j].ferry : 0);
    v.rows[j] = row ? 0xff : 0;
  }
  pkey_cell.assign(pkeys.size(), 0);
  for (size_t i = 0; i < pkeys.size(); ++i) {
    size_t row = 0;
    while (pay_rows[row].length != pkeys[i].length || pay_rows[row].ferry != pkeys[i].locos) ++row;
    pkey_cell[i] = static_cast<int16_t>((pkeys[i].color < 0 ? kGraySlot : pkeys[i].color) * kMaxPayRows + row);
  }
  // the routes claimed with trains, by cell (a route's group names its payment key)
  r_cell.assign(n_ids, -1);
  for (const FlatGroup& g : flat_groups)
    if (g.kind == 0)
      for (int r : group_routes[g.gi]) r_cell[r] = pkey_cell[g.pkey];
  // Claims are summed in 16-bit lanes: at most every route with all its payments
  std::vector<int> routes(kMaxCells, 0);
  long most = 0;
  for (int r = 0; r < n_ids; ++r) {
    if (r_cell[r] < 0) continue;
    const int cell = r_cell[r], n = pay_rows[cell % kMaxPayRows].length;
    if (++routes[cell] > 255) throw RulesError("routes: more than 255 of one colour and length");
    most += cell / kMaxPayRows == kGraySlot ? kColors * n + 1 : n + 1;
  }
  if (most > 65535) throw RulesError("routes: more claims at once than the native core counts");
  int shortest = 1 << 30;
  for (int r = 0; r < n_ids; ++r)
    if (r_exists[r]) shortest = std::min(shortest, r_len[r]);
  if (shortest < 1 || trains > 64 * shortest) throw RulesError("routes: a seat could hold more than 64");
}

}  // namespace ttr
