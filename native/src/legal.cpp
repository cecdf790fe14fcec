// The legal actions of a position (PyGame.legal_actions): listed (Legal) or counted and picked by
// index without a list (Counted), as the Python engine orders them.
#include "ttr/game.hpp"

#include <algorithm>

#include "ttr/mutants.hpp"

namespace ttr {

// ------------------------------------------------------------------ legal actions

Action Legal::at(uint32_t i) const {
  const size_t k = std::upper_bound(ends.begin(), ends.end(), i) - ends.begin();
  const Segment& s = seg[k];
  const uint32_t off = i - (k ? ends[k - 1] : 0);
  Action a;
  a.kind = s.kind;
  a.target = targets[s.t0 + off / s.pn];
  a.pay = s.lazy >= 0 ? nordic::nth(hand, rules->pkeys[s.lazy], *rules, off % s.pn) : pays[s.p0 + off % s.pn];
  return a;
}

int64_t Legal::find(const Action& a) const {
  uint32_t base = 0;
  for (size_t k = 0; k < seg.size(); ++k) {
    const Segment& s = seg[k];
    if (s.kind == a.kind) {
      for (int q = 0; q < s.tn; ++q) {
        if (targets[s.t0 + q] != a.target) continue;
        if (s.lazy >= 0) {
          const int64_t r = nordic::rank(hand, rules->pkeys[s.lazy], *rules, a.pay);
          if (r >= 0 && r < s.pn) return base + static_cast<uint32_t>(q) * s.pn + static_cast<uint32_t>(r);
          continue;
        }
        for (uint32_t r = 0; r < s.pn; ++r)
          if (pays[s.p0 + r] == a.pay) return base + static_cast<uint32_t>(q) * s.pn + r;
      }
    }
    base = ends[k];
  }
  return -1;
}

namespace {
// itertools.combinations(range(n), k) for k = least .. n, as bit sets: the i-th
int nth_combination(int n, int least, uint32_t i) {
  for (int k = least; k <= n; ++k) {
    int idx[kMaxOffer];
    for (int j = 0; j < k; ++j) idx[j] = j;
    while (true) {
      if (i == 0) {
        int mask = 0;
        for (int j = 0; j < k; ++j) mask |= 1 << idx[j];
        return mask;
      }
      --i;
      int j = k - 1;
      while (j >= 0 && idx[j] == j + n - k) --j;
      if (j < 0) break;
      ++idx[j];
      for (int q = j + 1; q < k; ++q) idx[q] = idx[q - 1] + 1;
    }
  }
  return 0;
}

uint32_t n_combinations(int n, int least) {  // sum of C(n, k) for k = least .. n
  uint32_t total = 0, c = 1;  // c = C(n, k)
  for (int k = 0; k <= n; ++k) {
    if (k >= least) total += c;
    c = c * static_cast<uint32_t>(n - k) / static_cast<uint32_t>(k + 1);
  }
  return total;
}

inline int claim_reach(const uint8_t* hand, int wild, int* reach) {
  const int locos = hand[wild];
  int best = 0;
  for (int c = 0; c < kColors; ++c) {
    reach[c + 1] = hand[c] + locos;
    if (reach[c + 1] > best) best = reach[c + 1];
  }
  reach[0] = best;
  return best;
}

// A seat's next station costs one card more than its last (E4).
inline int station_cost(const State& s, int p) {
#ifdef TTR_MUTANTS
  if (mutant(M_STATION_COST)) return 1;
#endif
  return s.stations_n[p] + 1;
}

}  // namespace


uint64_t Game::draw_mask(bool second, bool* deck) const {
  if (rules_->legacy && !lw_can_draw()) {  // L2: no card while the pile and its discard hold draw_floor or fewer
    *deck = false;
    return 0;
  }
  uint64_t seen = 0;  // face-up kinds, as bits (moves.draw_targets: sorted, without empty slots)
  static_assert(kMaxFaceUp == 6, "the slots, unrolled (those past the edition's are empty)");
  const int8_t* f = s_.face_up;
  seen |= uint64_t{f[0] >= 0} << (f[0] & 63) | uint64_t{f[1] >= 0} << (f[1] & 63) | uint64_t{f[2] >= 0} << (f[2] & 63);
  seen |= uint64_t{f[3] >= 0} << (f[3] & 63) | uint64_t{f[4] >= 0} << (f[4] & 63) | uint64_t{f[5] >= 0} << (f[5] & 63);
  if (second && rules_->whole_draw) seen &= ~(uint64_t{1} << rules_->wild);  // G4: no face-up wild as the second card
  *deck = (s_.deck_n | s_.disc_n) != 0;
  return seen;
}

int Game::draw_targets(bool second, int16_t* out) const {
  bool deck;
  uint64_t seen = draw_mask(second, &deck);
  int n = 0;
  for (; seen; seen &= seen - 1) out[n++] = static_cast<int16_t>(__builtin_ctzll(seen));
  if (deck) out[n++] = kDeckTarget;
  return n;
}

int Game::open_routes(int gi, int p, int16_t* out) const {
  const uint64_t* blocked = s_.blocked[p];
  int n = 0;
  for (int r : rules_->group_routes[gi])
    if (bit(s_.avail, r) && !bit(blocked, r)) out[n++] = static_cast<int16_t>(r);
  return n;
}

int Game::n_open(int gi, int p) const {
  const uint64_t* g = rules_->group_bits[gi].data();
  const uint64_t* blocked = s_.blocked[p];
  int n = 0;
  for (int w = 0; w < rules_->words; ++w) n += __builtin_popcountll(g[w] & s_.avail[w] & ~blocked[w]);
  return n;
}

int Game::keep_least() const {
  const Rules& R = *rules_;
  const int n = s_.offer_n[s_.current];
  if (s_.phase == INITIAL_TICKETS) {  // L3: a short initial deal keeps fewer
    const bool full = n >= R.initial_long + R.initial_regular;
    return std::min(n, full ? R.initial_keep : R.short_initial_keep);
  }
  return std::min(n, R.later_keep);
}

void Game::legal(Legal& L) const {
  const Rules& R = *rules_;
  if (R.rs && s_.phase != INITIAL_TICKETS && s_.phase != KEEP_TICKETS) return rs_legal(L);
  LegalBuilder b(L);
  const int p = s_.current;
  int16_t buf[kMaxRoutes];
  switch (s_.phase) {
    case TURN: {
      const uint8_t* hand = s_.hand[p];
      int n = draw_targets(false, buf);
      if (n) b.add(DRAW, b.targets(buf, n), static_cast<uint16_t>(n), b.no_cards(), 1);
      int reach[kMaxReach];
      if (R.locos_wild)
        claim_reach(hand, R.wild, reach);
      else
        nordic::claim_reach(hand, R, reach);
      L.rules = &R;
      std::memcpy(L.hand, hand, kMaxKinds);
      const int pieces[2] = {s_.trains[p], 0};
      uint32_t pay0[256];
      int64_t payn[256];
      for (size_t i = 0; i < R.pkeys.size(); ++i) payn[i] = -1;
      for (size_t gi = 0; gi < R.claim_groups.size(); ++gi) {
        const int rch = reach[R.claim_reach_index[gi]];
        for (const ClaimGroup& g : R.claim_groups[gi]) {
          if (g.length > rch || g.length > pieces[g.kind]) break;
          n = open_routes(g.gi, p, buf);
          if (!n) continue;
          const PayKey& key = R.pkeys[g.pkey];
          const bool lazy = !R.locos_wild && nordic::lazy(key);
          if (payn[g.pkey] < 0) {
            pay0[g.pkey] = static_cast<uint32_t>(L.pays.size());
            if (lazy)
              payn[g.pkey] = static_cast<int64_t>(nordic::count(hand, key, R));
            else if (R.locos_wild)
              payments(hand, key, R.wild, L.pays);
            else
              nordic::list(hand, key, R, L.pays);
            if (!lazy) payn[g.pkey] = static_cast<int64_t>(L.pays.size()) - pay0[g.pkey];
          }
          if (payn[g.pkey])
            b.add(CLAIM, b.targets(buf, n), static_cast<uint16_t>(n), pay0[g.pkey], static_cast<uint32_t>(payn[g.pkey]),
                  lazy ? g.pkey : -1);
        }
      }
      if (s_.pile_n) b.add(TICKETS, b.no_target(), 1, b.no_cards(), 1);
      if (R.stations && s_.stations_n[p] < R.stations) {  // E4
        const uint32_t p0 = static_cast<uint32_t>(L.pays.size());
        payments(hand, PayKey{-1, station_cost(s_, p), 0}, R.wild, L.pays);
        const uint32_t pn = static_cast<uint32_t>(L.pays.size() - p0);
        if (pn) {
          n = 0;
          for (int c = 0; c < R.n_cities; ++c)
            if (s_.station_at[c] < 0) buf[n++] = static_cast<int16_t>(c);
          b.add(STATION, b.targets(buf, n), static_cast<uint16_t>(n), p0, pn);
        }
      }
      if (R.legacy) {  // Legacy: the actions (trade.py), the event's then the rules', each its slot
        int16_t slots[kExtraDone];
        const int nt = lw_trades(p, slots);
        for (int j = 0; j < nt; ++j) {
          const LwTrade t = lw_trade_at(p, slots[j]);
          const uint32_t p0 = static_cast<uint32_t>(L.pays.size());
          payments(hand, PayKey{t.color, t.cards, 0}, R.wild, L.pays);
          b.add(TRADE, b.targets(&slots[j], 1), 1, p0, static_cast<uint32_t>(L.pays.size() - p0));
        }
      }
      if (L.seg.empty()) b.add(PASS, b.no_target(), 1, b.no_cards(), 1);  // G5
      break;
    }
    case SECOND_CARD: {
      const int n = draw_targets(true, buf);
      if (n) b.add(DRAW, b.targets(buf, n), static_cast<uint16_t>(n), b.no_cards(), 1);
      break;
    }
    case INITIAL_TICKETS:
    case KEEP_TICKETS: {
      const int n = s_.offer_n[p], least = keep_least();
      const uint32_t m = n_combinations(n, least);
      for (uint32_t i = 0; i < m; ++i) buf[i] = static_cast<int16_t>(nth_combination(n, least, i));
      b.add(KEEP, b.targets(buf, static_cast<int>(m)), static_cast<uint16_t>(m), b.no_cards(), 1);
      break;
    }
    case TUNNEL: {
      const uint32_t p0 = static_cast<uint32_t>(L.pays.size());
      tunnel_payments(s_.hand[p], s_.tun_color, s_.tun_extra, R.wild, L.pays);
      const uint32_t pn = static_cast<uint32_t>(L.pays.size() - p0);
      if (pn) b.add(PAY, b.no_target(), 1, p0, pn);
      b.add(DECLINE, b.no_target(), 1, b.no_cards(), 1);
      break;
    }
    case EXTRAS: {  // Legacy (322): the offers open, then done
      const int n = lw_extra_targets(buf);
      b.add(EXTRA, b.targets(buf, n), static_cast<uint16_t>(n), b.no_cards(), 1);
      break;
    }
    default:
      break;
  }
}

uint32_t Game::count_draws(Counted& c, bool second) const {
  bool deck;
  c.draws = draw_mask(second, &deck);
  return static_cast<uint32_t>(__builtin_popcountll(c.draws)) + deck;
}

uint32_t Game::count_claims(Counted& c) const {
  const int p = s_.current;
  if (!rules_->locos_wild) return count_claims_walk(c);
#ifdef TTR_MUTANTS
  if (mutant(M_FERRY_LOCOS)) {  // (as OneColour: no row asks for locomotives)
    PayVectors v = rules_->pay_vectors;
    std::memset(v.f, 0, sizeof v.f);
    return detail::claim_total(s_.hand[p], v, s_.trains[p], s_.open[p], c.pays);
  }
#endif
  return detail::claim_total(s_.hand[p], rules_->pay_vectors, s_.trains[p], s_.open[p], c.pays);
}

void Game::count(Counted& c) const {
  const Rules& R = *rules_;
  const int p = s_.current;
  c.total = 0;
  c.nseg = 0;
  if (R.rs && s_.phase != INITIAL_TICKETS && s_.phase != KEEP_TICKETS) return rs_count(c);
  auto add = [&](uint8_t kind, uint32_t n, int pays, int cost = 0) {
    if (!n || !pays) return;
    Counted::Seg& g = c.seg[c.nseg++];
    g.kind = kind;
    g.n = n;
    g.pays = static_cast<uint16_t>(pays);
    g.cost = static_cast<int16_t>(cost);
    c.total += n * static_cast<uint32_t>(pays);
  };
  switch (s_.phase) {
    case TURN: {
      add(DRAW, count_draws(c, false), 1);
      add(CLAIM, count_claims(c), 1);
      if (s_.pile_n) add(TICKETS, 1, 1);
      if (R.stations && s_.stations_n[p] < R.stations) {  // E4
        const int cost = station_cost(s_, p);
        const int pn = payment_count(s_.hand[p], PayKey{-1, cost, 0}, R.wild);
        if (pn) {
          int free = 0;
          for (int ci = 0; ci < R.n_cities; ++ci) free += s_.station_at[ci] < 0;
          add(STATION, free, pn, cost);
        }
      }
      if (R.legacy) {  // Legacy: the actions, the event's then the rules' (cost: the slot)
        int16_t slots[kExtraDone];
        const int nt = lw_trades(p, slots);
        for (int j = 0; j < nt; ++j) {
          const LwTrade t = lw_trade_at(p, slots[j]);
          add(TRADE, 1, payment_count(s_.hand[p], PayKey{t.color, t.cards, 0}, R.wild), slots[j]);
        }
      }
      if (!c.total) add(PASS, 1, 1);  // G5
      break;
    }
    case SECOND_CARD:
      add(DRAW, count_draws(c, true), 1);
      break;
    case INITIAL_TICKETS:
    case KEEP_TICKETS:
      add(KEEP, n_combinations(s_.offer_n[p], keep_least()), 1);
      break;
    case TUNNEL:
      add(PAY, 1, tunnel_payment_count(s_.hand[p], s_.tun_color, s_.tun_extra, R.wild));
      add(DECLINE, 1, 1);
      break;
    case EXTRAS:
      add(EXTRA, lw_extra_targets(nullptr), 1);
      break;
    default:
      break;
  }
}

void Game::pick(const Counted& c, uint32_t i, Action& a) const {
  const Rules& R = *rules_;
  const int p = s_.current;
  if (R.rs && s_.phase != INITIAL_TICKETS && s_.phase != KEEP_TICKETS) return rs_pick(c, i, a);
  std::memset(static_cast<void*>(&a), 0, sizeof a);  // (no temporary built byte by byte and copied: a stalled load)
  a.kind = PASS;
  int k = 0;
  while (k < c.nseg - 1 && i >= c.seg[k].n * c.seg[k].pays) {
    i -= c.seg[k].n * c.seg[k].pays;
    ++k;
  }
  const Counted::Seg& g = c.seg[k];
  const uint32_t q = g.pays == 1 ? i : i / g.pays, r = g.pays == 1 ? 0 : i % g.pays;  // (most have one)
  a.kind = g.kind;
  switch (g.kind) {
    case DRAW: {  // the q-th face-up kind, else the deck
      uint64_t seen = c.draws;
      for (uint32_t k = 0; k < q && seen; ++k) seen &= seen - 1;
      a.target = static_cast<int16_t>(seen ? __builtin_ctzll(seen) : kDeckTarget);
      break;
    }
    case CLAIM:
      pick_claim(c, i, a);
      break;
    case STATION: {
      uint32_t seen = 0;
      for (int ci = 0; ci < R.n_cities; ++ci)
        if (s_.station_at[ci] < 0 && seen++ == q) {
          a.target = static_cast<int16_t>(ci);
          break;
        }
      a.pay = nth_payment(s_.hand[p], PayKey{-1, g.cost, 0}, R.wild, static_cast<int>(r));
      break;
    }
    case KEEP:
      a.target = static_cast<int16_t>(nth_combination(s_.offer_n[p], keep_least(), q));
      break;
    case PAY:
      a.pay = nth_tunnel_payment(s_.hand[p], s_.tun_color, s_.tun_extra, R.wild, static_cast<int>(r));
      break;
    case TRADE: {
      const LwTrade t = lw_trade_at(p, g.cost);
      a.target = g.cost;
      a.pay = nth_payment(s_.hand[p], PayKey{t.color, t.cards, 0}, R.wild, static_cast<int>(r));
      break;
    }
    case EXTRA:
      a.target = lw_extra_pick(q);
      break;
    default:
      break;
  }
}

// Nordic: the claim groups walked as legal() walks them (NordicEdition.claim_reach cuts each
// reach index's groups short), their payments counted per payment key
uint32_t Game::count_claims_walk(Counted& c) const {
  const Rules& R = *rules_;
  const int p = s_.current;
  const uint8_t* hand = s_.hand[p];
  int reach[kMaxReach];
  nordic::claim_reach(hand, R, reach);
  const int pieces[2] = {s_.trains[p], 0};
  int64_t pays[256];
  for (size_t i = 0; i < R.pkeys.size(); ++i) pays[i] = -1;
  uint32_t total = 0;
  int cut = -1;  // the reach index whose groups stopped
  for (size_t k = 0, m = R.flat_groups.size(); k < m; ++k) {
    const FlatGroup& g = R.flat_groups[k];
    c.g_open[k] = c.g_pays[k] = 0;
    if (g.reach == cut) continue;
    if (g.length > reach[g.reach] || g.length > pieces[g.kind]) {
      cut = g.reach;
      continue;
    }
    const int n = n_open(g.gi, p);
    if (!n) continue;
    if (pays[g.pkey] < 0) pays[g.pkey] = static_cast<int64_t>(nordic::count(hand, R.pkeys[g.pkey], R));
    c.g_open[k] = static_cast<uint32_t>(n);
    c.g_pays[k] = static_cast<uint32_t>(pays[g.pkey]);
    total += c.g_open[k] * c.g_pays[k];
  }
  return total;
}

void Game::pick_claim_walk(const Counted& c, uint32_t i, Action& a) const {
  const Rules& R = *rules_;
  const int p = s_.current;
  size_t k = 0;
  for (const size_t m = R.flat_groups.size(); k < m; ++k) {
    const uint32_t n = c.g_open[k] * c.g_pays[k];
    if (i < n) break;
    i -= n;
  }
  if (k == R.flat_groups.size()) return;
  const FlatGroup& g = R.flat_groups[k];
  const uint32_t q = i / c.g_pays[k], r = i % c.g_pays[k];
  uint32_t seen = 0;
  for (int route : R.group_routes[g.gi])
    if (bit(s_.avail, route) && !bit(s_.blocked[p], route) && seen++ == q) {
      a.target = static_cast<int16_t>(route);
      break;
    }
  a.pay = nordic::nth(s_.hand[p], R.pkeys[g.pkey], R, r);
}

void Game::pick_claim(const Counted& c, uint32_t i, Action& a) const {
  // the claim groups in the order of the legal actions, each its open routes times its payments
  const Rules& R = *rules_;
  if (!R.locos_wild) return pick_claim_walk(c, i, a);
  const int p = s_.current, words = R.words;
  uint64_t claimable[kMaxRoutes / 64];  // the open routes this seat is not blocked from
  for (int w = 0; w < words; ++w) claimable[w] = s_.avail[w] & ~s_.blocked[p][w];
  // (no payments past the seat's pieces: claim_total counts none for a row longer than they are)
  const uint8_t* open = s_.open[p];
  size_t j = 0, k = 0;
  uint32_t pn = 0;
  for (const size_t m = R.train_cells.size(); j < m; ++j) {
    const int cell = R.train_cells[j];
    pn = c.pays[cell];
    k = static_cast<size_t>(R.train_flat[j]);
    uint32_t n = open[cell];  // the group's open routes, where no other group shares its cell
    if (!R.train_alone[j]) {
      const uint64_t* bits = R.flat_bits.data() + k * words;
      n = 0;
      for (int w = 0; w < words; ++w) n += static_cast<uint32_t>(__builtin_popcountll(bits[w] & claimable[w]));
    }
    if (i < pn * n) break;
    i -= pn * n;
  }
  if (j == R.train_cells.size()) return;
  const FlatGroup& g = R.flat_groups[k];
  const uint64_t* bits = R.flat_bits.data() + k * words;
  const uint32_t q = pn == 1 ? i : i / pn;
  if (R.groups_ascending) {  // the q-th open bit of the group
    uint32_t left = q;
    for (int w = 0; w < words; ++w) {
      uint64_t here = bits[w] & claimable[w];
      const uint32_t h = static_cast<uint32_t>(__builtin_popcountll(here));
      if (left >= h) {
        left -= h;
        continue;
      }
      for (; left; --left) here &= here - 1;
      a.target = static_cast<int16_t>(w * 64 + __builtin_ctzll(here));
      break;
    }
  } else {
    uint32_t seen = 0;
    for (int route : R.group_routes[g.gi])
      if (bit(claimable, route) && seen++ == q) {
        a.target = static_cast<int16_t>(route);
        break;
      }
  }
  const PayKey& key = R.pkeys[g.pkey];
  const int r = static_cast<int>(pn == 1 ? 0 : i % pn);
  if (key.color < 0)  // gray: the colour whose payments hold r, from its count in the same row
    a.pay = detail::nth_gray_payment(s_.hand[p], key, R.wild, r, c.pays + g.cell % kMaxPayRows);
  else
    a.pay = nth_payment(s_.hand[p], key, R.wild, r);
}

void count_open(const Rules& R, State& s) {
  std::memset(s.open, 0, sizeof s.open);
  for (int r = 0; r < R.n_ids; ++r) {
    const int cell = R.r_cell[r];
    if (cell < 0 || cell >= kMaxCells || !bit(s.avail, r)) continue;
    for (int p = 0; p < R.players && p < kMaxPlayers; ++p)
      if (!bit(s.blocked[p], r)) ++s.open[p][cell];
  }
}

}  // namespace ttr
