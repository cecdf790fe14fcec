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

// ------------------------------------------------------------------ setup

Mt19937& Game::rng(Mt19937& fresh) {
  const uint32_t d = s_.shuffles++;
  if (ahead_n_ && d > ahead_draw_[ahead_n_ - 1]) {  // past the draws seeded ahead: let them go
    own_.reset();
    ahead_ = nullptr;
    ahead_n_ = 0;
  }
  for (int i = 0; i < ahead_n_; ++i)
    if (ahead_draw_[i] == d) return ahead_[i];
  if (rules_->legacy && rules_->lw.icons) return block_rng(d);
  fresh = Mt19937(stream_seed(s_.seed, d));
  return fresh;
}

Mt19937& Game::block_rng(uint32_t d) {
  // (each draw of the block is handed out once: a state of another seed, or one set back, seeds anew)
  if (!block_n_ || block_seed_ != s_.seed || d < block_next_ || d - block_first_ >= static_cast<uint32_t>(block_n_)) {
    if (!block_) block_.reset(new Mt19937[kBlock]);
    i128 xs[kBlock];
    for (int i = 0; i < kBlock; ++i) xs[i] = stream_seed(s_.seed, d + static_cast<uint32_t>(i));
    Mt19937::seed_together(block_.get(), xs, kBlock);
    block_seed_ = s_.seed;
    block_first_ = d;
    block_n_ = kBlock;
  }
  block_next_ = d + 1;
  return block_[d - block_first_];
}

void Game::shuffle_draw(uint8_t* x, int n) {
  if (n < 2) {
    ++s_.shuffles;  // (a draw that uses no output still counts)
    return;
  }
  Mt19937 fresh;
  rng(fresh).shuffle_spent(x, n);  // (a draw's generator serves that draw alone)
}

void Game::ahead_draws(const Rules& R, int n, uint32_t* draws) {
  const bool longs = R.long_tickets.size() > 1;  // (a shuffle of fewer than two uses no output)
  const uint32_t long_draw = R.rs || R.legacy ? 3 : 2;  // (Rails & Sails: the ship deck is draw 1; Legacy: the events 0)
  for (uint32_t d = 0, k = 0; static_cast<int>(k) < n; ++d)
    if (d != long_draw || longs) draws[k++] = d;
}

Game::Game(const Rules* rules, int64_t seed, bool random_first) : rules_(rules) {
  // the set-up's draws (0 the deck, 1 the regular tickets, 2 the long ones, unless there are fewer
  // than two) and the next ones (the first reshuffles, or a random first player), seeded together
  ahead_n_ = rules->long_tickets.size() > 1 ? 6 : 4;
  if (rules->rs) ahead_n_ = 4;
  own_.reset(new Mt19937[ahead_n_]);
  ahead_ = own_.get();
  ahead_draws(*rules, ahead_n_, ahead_draw_);
  i128 xs[kAhead];
  for (int i = 0; i < ahead_n_; ++i) xs[i] = stream_seed(seed, ahead_draw_[i]);
  Mt19937::seed_together(ahead_, xs, ahead_n_);
  s_.seed = seed;
  setup(random_first);
}

Game::Game(const Rules* rules, int64_t seed, bool random_first, Mt19937* pre, int n) : rules_(rules) {
  ahead_n_ = n < kAhead ? n : kAhead;
  ahead_ = pre;
  ahead_draws(*rules, ahead_n_, ahead_draw_);
  s_.seed = seed;
  setup(random_first);
}

void Game::setup(bool random_first) {
  const Rules& R = *rules_;
  State& s = s_;
  s.random_first = random_first;
  if (R.legacy) lw_before_deal();  // (the event deck is shuffled first)
  if (R.rs) {
    rs_setup();
  } else {
    s.deck_n = static_cast<uint16_t>(R.deck.size());
    for (size_t i = 0; i < R.deck.size(); ++i) s.deck[i] = static_cast<uint8_t>(R.deck[i]);
    shuffle_draw(s.deck, s.deck_n);
    std::memset(s.hand, 0, sizeof s.hand);
    for (int round = 0; round < R.hand_size; ++round)
      for (int p = 0; p < R.players; ++p) s.hand[p][pop_for(p)] += 1;
    for (int i = 0; i < kMaxFaceUp; ++i) s.face_up[i] = -1;
    deal_display();
    check_reset();
  }
  uint8_t regular[kMaxTickets], longs[kMaxTickets];
  int nr = static_cast<int>(R.regular_tickets.size()), nl = static_cast<int>(R.long_tickets.size());
  for (int i = 0; i < nr; ++i) regular[i] = static_cast<uint8_t>(R.regular_tickets[i]);
  for (int i = 0; i < nl; ++i) longs[i] = static_cast<uint8_t>(R.long_tickets[i]);
  shuffle_draw(regular, nr);
  shuffle_draw(longs, nl);
  int per = R.initial_regular;
  if (nr < per * R.players) per = nr / R.players;  // L3
  for (int p = 0; p < R.players; ++p) {
    int k = 0;
    for (int i = 0; i < R.initial_long; ++i) s.offer[p][k++] = longs[--nl];
    for (int i = 0; i < per; ++i) s.offer[p][k++] = regular[--nr];
    s.offer_n[p] = static_cast<uint8_t>(k);
  }
  s.pile_n = static_cast<uint8_t>(nr);
  for (int i = 0; i < nr; ++i) s.pile[i] = regular[i];
  for (int r = 0; r < kMaxRoutes; ++r) {
    s.owner[r] = -1;
  }
  std::memset(s.avail, 0, sizeof s.avail);
  for (int r = 0; r < R.n_ids; ++r)
    if (R.r_exists[r]) set_bit(s.avail, r);
  std::memset(s.blocked, 0, sizeof s.blocked);
  std::memset(s.open, 0, sizeof s.open);  // (count_open of the set-up: every route open to all)
  for (int p = 0; p < R.players; ++p) std::memcpy(s.open[p], R.open_at_start.data(), kMaxCells);
  for (int c = 0; c < kMaxCities; ++c) s.station_at[c] = s.harbor_at[c] = -1;
  for (int p = 0; p < R.players; ++p) s.trains[p] = static_cast<int16_t>(R.rs ? 0 : R.trains);  // (RS1: chosen later)
  if (random_first) {
    Mt19937 fresh;
    s.first_player = static_cast<uint8_t>(rng(fresh).below(static_cast<uint32_t>(R.players)));
  }
  s.current = s.first_player;
  s.phase = INITIAL_TICKETS;
  if (R.legacy) lw_after_setup();
}

// ------------------------------------------------------------------ cards

int Game::pop_card() { return rules_->legacy ? lw_pop_card(kNowhere) : pop_one(); }
int Game::pop_for(int to) { return rules_->legacy ? lw_pop_card(to) : pop_one(); }

int Game::pop_one() {
  State& s = s_;
  if (!s.deck_n) {
    if (!s.disc_n) return -1;
    std::memcpy(s.deck, s.disc, s.disc_n);
    s.deck_n = s.disc_n;
    s.disc_n = 0;
#ifdef TTR_MUTANTS
    if (mutant(M_RESHUFFLE)) {  // the draw is made, the pile left as the discard was
      Mt19937 fresh;
      if (s.deck_n > 1) rng(fresh); else ++s.shuffles;
    } else
#endif
    shuffle_draw(s.deck, s.deck_n);
  }
  ++s.drawn;
  return s.deck[--s.deck_n];
}

void Game::discard(const Payment& p) {
  if (rules_->rs) {
    for (int i = 0; i < p.n; ++i)
      for (int k = 0; k < p.count[i]; ++k) discard_card(p.kind[i]);
    return;
  }
  for (int i = 0; i < p.n; ++i)
    for (int k = 0; k < p.count[i]; ++k) s_.disc[s_.disc_n++] = p.kind[i];
}

int Game::count_wild() const {
  int n = 0;
  for (int i = 0; i < rules_->face_up; ++i) n += s_.face_up[i] == rules_->wild;
  return n;
}

void Game::fill_display() {
  if (rules_->rs) return rs_fill_display();
  for (int i = 0; i < rules_->face_up; ++i)
    if (s_.face_up[i] < 0) s_.face_up[i] = static_cast<int8_t>(pop_for(-1 - i));
}

void Game::deal_display() {
  for (int i = 0; i < rules_->face_up; ++i) s_.face_up[i] = static_cast<int8_t>(pop_for(-1 - i));
  fill_display();
}

void Game::refill() {
#ifdef TTR_MUTANTS
  if (!mutant(M_DISPLAY_REFILL))
#endif
  for (int i = 0; i < rules_->face_up; ++i)
    if (s_.face_up[i] < 0) {
      fill_display();
      break;
    }
  if (count_wild() >= rules_->reset_at) check_reset();
}

int Game::fewest_wilds_after_redeal() const {
  const Rules& R = *rules_;
  int wilds = 0, total = s_.deck_n + s_.disc_n;
  for (int i = 0; i < s_.deck_n; ++i) wilds += s_.deck[i] == R.wild;
  for (int i = 0; i < s_.disc_n; ++i) wilds += s_.disc[i] == R.wild;
  for (int i = 0; i < R.face_up; ++i)
    if (s_.face_up[i] >= 0) {
      ++total;
      wilds += s_.face_up[i] == R.wild;
    }
  int plain = total - wilds, need = R.face_up, fewest = 0;
  if (R.legacy) {  // LW-P4: a newspaper never lands in the display
    for (int i = 0; i < s_.deck_n; ++i) plain -= s_.deck[i] == R.lw.newspaper;
    for (int i = 0; i < s_.disc_n; ++i) plain -= s_.disc[i] == R.lw.newspaper;
  }
  int take = std::min(std::min(R.face_up, plain + wilds), need);
  int from_plain = std::min(take, plain);
  plain -= from_plain;
  wilds -= take - from_plain;
  fewest += take - from_plain;
  need -= take;
  take = std::min(need, plain);  // making up a short share
  need -= take;
  plain -= take;
  take = std::min(need, wilds);
  need -= take;
  fewest += take;
  return fewest;
}

void Game::check_reset() {
  const Rules& R = *rules_;
  if (count_wild() < R.reset_at) return;
  if (R.rs) return rs_check_reset();
  for (int t = 0; t < R.reset_cap; ++t) {
    if (count_wild() < R.reset_at) return;
    if (fewest_wilds_after_redeal() >= R.reset_at) return;  // every display would show too many
    if (R.legacy) lw_cleared();  // (the display's icons to the discard)
    for (int i = 0; i < R.face_up; ++i)
      if (s_.face_up[i] >= 0) s_.disc[s_.disc_n++] = static_cast<uint8_t>(s_.face_up[i]);
    for (int i = 0; i < R.face_up; ++i) s_.face_up[i] = -1;
    deal_display();
    note(Event{EV_DISPLAY_RESET});
  }
}

// ------------------------------------------------------------------ turns

void Game::second_card() {
  s_.phase = SECOND_CARD;
  int16_t t[kMaxKinds + 1];
  if (!draw_targets(true, t)) end_turn();
}

void Game::end_turn() {
  const Rules& R = *rules_;
  const int p = s_.current;
  ++s_.turns;
  if (s_.final_turns >= 0) {
    --s_.final_turns;
    if (s_.final_turns == 0) {
      game_over();
      return;
    }
  } else if (s_.trains[p] + s_.ships[p] <= R.end_pieces) {  // G6
    s_.final_turns = static_cast<int16_t>(R.final_round_turns);
    Event e{EV_LAST_ROUND};
    e.a = static_cast<int16_t>(p);
    note(e);
  }
  if (s_.passes >= R.players) {  // P2
    game_over();
    return;
  }
  if (count_wild() >= R.reset_at) check_reset();  // G2: the cap stopped the resets: try again
  s_.current = static_cast<uint8_t>(p + 1 == R.players ? 0 : p + 1);
  s_.phase = TURN;
}

void Game::game_over() {
  s_.phase = OVER;
  note(Event{EV_GAME_OVER});
}

void Game::place_route(int r, const Payment& cards) {
  const Rules& R = *rules_;
  const int p = s_.current;
  s_.owner[r] = static_cast<int8_t>(p);
  close_route(r, -1);
  clear_bit(s_.avail, r);
  if (R.r_closes[r]) {
    for (int t : R.r_twins[r]) {
      close_route(t, -1);
      clear_bit(s_.avail, t);
    }
  } else {
    for (int t : R.r_twins[r]) {
      close_route(t, p);
      set_bit(s_.blocked[p], t);
    }
  }
  if (R.r_kind[r])
    s_.ships[p] = static_cast<int16_t>(s_.ships[p] - R.r_len[r]);
  else
    s_.trains[p] = static_cast<int16_t>(s_.trains[p] - R.r_len[r]);
  s_.score[p] = static_cast<int16_t>(s_.score[p] + R.r_points[r]);
  discard(cards);
}

void Game::close_route(int r, int seat) {
  // State::open: route r no longer open to `seat` (-1: to anyone), before its bits change
  const Rules& R = *rules_;
  const int cell = R.r_cell[r];
  if (cell < 0 || cell >= kMaxCells || !bit(s_.avail, r)) return;
  for (int p = seat < 0 ? 0 : seat, end = seat < 0 ? R.players : seat + 1; p < end && p < kMaxPlayers; ++p)
    if (!bit(s_.blocked[p], r)) --s_.open[p][cell];
}

void Game::finish_claim(int r, const Payment& cards) {
  if (rules_->legacy) return lw_finish_claim(r, cards);
  place_route(r, cards);
  refill();
  end_turn();
}

void Game::reveal_tunnel(int r, const Payment& cards) {
  const Rules& R = *rules_;
  uint8_t revealed[kMaxReveal];
  int n = 0;
  for (int i = 0; i < R.tunnel_reveal; ++i) {
    const int c = pop_card();
    if (c < 0) break;
    revealed[n++] = static_cast<uint8_t>(c);
  }
  int paid = -1;
  for (int i = 0; i < cards.n; ++i)
    if (cards.kind[i] != R.wild) {
      paid = cards.kind[i];
      break;
    }
  int extra = 0;
  for (int i = 0; i < n; ++i) extra += revealed[i] == R.wild || revealed[i] == paid;
#ifdef TTR_MUTANTS
  if (mutant(M_TUNNEL_EXTRA))
    for (int i = 0; i < n; ++i) extra -= revealed[i] == R.wild;
#endif
  if (events_) {
    Event e{EV_TUNNEL};
    e.a = static_cast<int16_t>(r);
    e.b = static_cast<int16_t>(extra);
    e.n = static_cast<uint8_t>(n);
    for (int i = 0; i < n; ++i) e.cards[i] = revealed[i];
    note(e);
  }
  if (extra) {
    s_.tun_route = static_cast<int16_t>(r);
    s_.tun_paid = cards;
    s_.tun_rev_n = static_cast<uint8_t>(n);
    for (int i = 0; i < n; ++i) s_.tun_rev[i] = revealed[i];
    s_.tun_extra = static_cast<uint8_t>(extra);
    s_.tun_color = static_cast<int8_t>(paid);
    s_.phase = TUNNEL;
    return;
  }
  for (int i = 0; i < n; ++i) s_.disc[s_.disc_n++] = revealed[i];
  finish_claim(r, cards);
}

void Game::keep(int p, unsigned mask) {
  const Rules& R = *rules_;
  State& s = s_;
  uint8_t sorted[kMaxOffer];
  const int n = s.offer_n[p];
  std::memcpy(sorted, s.offer[p], n);
  for (int i = 1; i < n; ++i) {  // (an insertion sort of at most kMaxOffer tickets)
    const uint8_t v = sorted[i];
    int j = i;
    for (; j > 0 && sorted[j - 1] > v; --j) sorted[j] = sorted[j - 1];
    sorted[j] = v;
  }
  uint8_t kept[kMaxOffer];
  int nk = 0;
  for (int i = 0; i < n; ++i)
    if (mask >> i & 1u) {
      kept[nk++] = sorted[i];
      s.tickets[p][s.tickets_n[p]++] = sorted[i];
    }
  if (R.legacy) lw_show(p, kept, nk);  // (tickets a rule shows, face up from now)
  uint8_t unkept[kMaxOffer];
  int nu = 0;
  for (int i = 0; i < n; ++i) {
    bool in = false;
    for (int j = 0; j < nk; ++j) in |= kept[j] == s.offer[p][i];
    if (!in) unkept[nu++] = s.offer[p][i];
  }
  const bool initial = s.phase == INITIAL_TICKETS;
  if (nu && !(initial ? R.initial_unkept_to_box : R.later_unkept_to_box)) {  // under the pile
    std::memmove(s.pile + nu, s.pile, s.pile_n);
    std::memcpy(s.pile, unkept, nu);
    s.pile_n = static_cast<uint8_t>(s.pile_n + nu);
  }
  s.offer_n[p] = 0;
  if (!initial) {
    end_turn();
    return;
  }
  const int nxt = p + 1 == R.players ? 0 : p + 1;
  if (nxt == s.first_player) s.phase = R.rs ? CHOOSE_PIECES : TURN;
  s.current = static_cast<uint8_t>(nxt);
}

void Game::apply(const Action& a, std::vector<Event>* events) {
  const Rules& R = *rules_;
  State& s = s_;
  events_ = events;
  const int p = s.current;
  if (a.kind != PASS) s.passes = 0;
  switch (a.kind) {
    case DRAW: {
      if (R.rs) {
        rs_draw(a);
        break;
      }
      const int card = a.target;
      uint8_t* hand = s.hand[p];
      if (card == kDeckTarget) {
        hand[pop_for(p)] += 1;
      } else {
        int i = 0;
        while (s.face_up[i] != card) ++i;
        s.face_up[i] = static_cast<int8_t>(pop_for(-1 - i));
        hand[card] += 1;
        if (count_wild() >= R.reset_at) check_reset();
      }
      if (s.phase == SECOND_CARD || (card == R.wild && R.whole_draw))
        end_turn();
      else
        second_card();
      break;
    }
    case STOP:
      end_turn();
      break;
    case CLAIM: {
      const int r = a.target;
      uint8_t* hand = s.hand[p];
      for (int i = 0; i < a.pay.n; ++i) hand[a.pay.kind[i]] -= a.pay.count[i];
      if (R.r_tunnel[r])
        reveal_tunnel(r, a.pay);
      else
        finish_claim(r, a.pay);
      break;
    }
    case PAY: {
      uint8_t* hand = s.hand[p];
      for (int i = 0; i < a.pay.n; ++i) hand[a.pay.kind[i]] -= a.pay.count[i];
      for (int i = 0; i < s.tun_rev_n; ++i) s.disc[s.disc_n++] = s.tun_rev[i];
      discard(a.pay);
      const int r = s.tun_route;
      const Payment cards = s.tun_paid;
      s.tun_route = -1;
      s.tun_rev_n = 0;
      s.tun_paid = Payment{};
      s.tun_extra = 0;
      s.tun_color = -1;
      finish_claim(r, cards);
      break;
    }
    case DECLINE: {
      uint8_t* hand = s.hand[p];
      for (int i = 0; i < s.tun_paid.n; ++i) hand[s.tun_paid.kind[i]] += s.tun_paid.count[i];
      for (int i = 0; i < s.tun_rev_n; ++i) s.disc[s.disc_n++] = s.tun_rev[i];
      s.tun_route = -1;
      s.tun_rev_n = 0;
      s.tun_paid = Payment{};
      s.tun_extra = 0;
      s.tun_color = -1;
      refill();
      end_turn();
      break;
    }
    case TICKETS: {
      const int n = std::min(R.later_draw, static_cast<int>(s.pile_n));
      for (int i = 0; i < n; ++i) s.offer[p][i] = s.pile[--s.pile_n];
      s.offer_n[p] = static_cast<uint8_t>(n);
      s.phase = KEEP_TICKETS;
      Event e{EV_TICKETS_DRAWN};
      e.a = static_cast<int16_t>(p);
      e.b = static_cast<int16_t>(n);
      note(e);
      break;
    }
    case KEEP:
      keep(p, static_cast<unsigned>(a.target));
      break;
    case STATION: {
      uint8_t* hand = s.hand[p];
      for (int i = 0; i < a.pay.n; ++i) hand[a.pay.kind[i]] -= a.pay.count[i];
      s.station_at[a.target] = static_cast<int8_t>(p);
      s.stations[p][s.stations_n[p]++] = static_cast<uint8_t>(a.target);
      discard(a.pay);
      refill();
      end_turn();
      break;
    }
    case PASS:
      ++s.passes;
      end_turn();
      break;
    case PIECES:
    case EXCHANGE:
    case HARBOR:
      rs_apply(a);
      break;
    case TRADE:
      lw_apply_trade(a.target, a.pay);
      break;
    case EXTRA:
      lw_take_extra(a.target);
      break;
    default:
      break;
  }
  events_ = nullptr;
}

int Game::card_census() const {
  int n = s_.deck_n + s_.disc_n + s_.deck1_n + s_.disc1_n;
  for (int i = 0; i < rules_->face_up; ++i) n += s_.face_up[i] >= 0;
  for (int p = 0; p < rules_->players; ++p)
    for (int k = 0; k < rules_->n_kinds; ++k) n += s_.hand[p][k];
  if (s_.tun_route >= 0) {
    for (int i = 0; i < s_.tun_paid.n; ++i) n += s_.tun_paid.count[i];
    n += s_.tun_rev_n;
  }
  return n;
}

}  // namespace ttr
