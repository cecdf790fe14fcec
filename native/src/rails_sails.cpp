// Rails & Sails (ttr/editions/rails_sails.py, RS1-RS7): two decks (train and ship cards), pieces
// chosen at the set-up, train, ship and paired routes, harbors, exchanges with the box; the same
// game as the Python engine, action for action and draw for draw.
#include <algorithm>
#include <cstring>

#include "ttr/game.hpp"
#include "ttr/mutants.hpp"

namespace ttr {

namespace {

// _pay: ((kind, count), ...) ascending by kind, zeros dropped. Parts come in ascending kind order here.
struct PayBuilder {
  Payment p;
  void add(int kind, int count) {
    if (count <= 0) return;
    p.kind[p.n] = static_cast<uint8_t>(kind);
    p.count[p.n++] = static_cast<uint8_t>(count);
  }
};

inline int cap(int x, int c) { return x < c ? x : c; }

// _train_payments((colour,), n, ((plain, anchored),), jokers, all_jokers) for one colour
void train_payments(const RsColor& c, int n, int plain, int anchored, int jokers, int wild, bool all_jokers,
                    std::vector<Payment>& out) {
  for (int j = 0; j <= std::min(jokers, n - 1); ++j)
    for (int a = 0; a <= std::min(anchored, n - j); ++a) {
      const int x = n - j - a;
      if (x <= plain) {
        PayBuilder b;
        b.add(c.train, x);
        b.add(c.anchor, a);
        b.add(wild, j);
        out.push_back(b.p);
      }
    }
  if (all_jokers && jokers >= n) {
    PayBuilder b;
    b.add(wild, n);
    out.push_back(b.p);
  }
}

// _ship_payments((colour,), n, ((singles, doubles),), jokers, all_jokers) for one colour
void ship_payments(const RsColor& c, int n, int singles, int doubles, int jokers, int wild, bool all_jokers,
                   std::vector<Payment>& out) {
  for (int d = 0; d <= std::min(doubles, n / 2); ++d)
    for (int j = 0; j <= std::min(jokers, n - 2 * d); ++j) {
      const int s = n - 2 * d - j;
      if (s <= singles && (d || s)) {
        PayBuilder b;
        b.add(c.ship, s);
        b.add(c.twin, d);
        b.add(wild, j);
        out.push_back(b.p);
      }
    }
  if (n % 2 && doubles >= (n + 1) / 2) {  // only double ships: one space of the last one unused
    PayBuilder b;
    b.add(c.twin, (n + 1) / 2);
    out.push_back(b.p);
  }
  if (all_jokers && jokers >= n) {
    PayBuilder b;
    b.add(wild, n);
    out.push_back(b.p);
  }
}

// _paired_payments: families (jokers, per colour a count t split every way into plain and
// anchored), in the order _pair_splits finds them; each family's members in mixed radix, the
// last colour fastest
struct Paired {
  const Rules& R;
  const uint8_t* hand;
  int total, jokers;
  int plain[kRsColors], anchored[kRsColors];
  int t[kRsColors];
  std::vector<Payment>& out;

  void emit(int j) {
    const int nc = static_cast<int>(R.rs_colors.size());
    int lo[kRsColors], size[kRsColors], idx[kRsColors] = {};
    for (int i = 0; i < nc; ++i) {
      lo[i] = std::max(0, t[i] - anchored[i]);
      size[i] = std::min(plain[i], t[i]) - lo[i] + 1;
    }
    while (true) {
      PayBuilder b;
      for (int i = 0; i < nc; ++i) {
        const int x = lo[i] + idx[i];
        b.add(R.rs_colors[i].train, x);
        b.add(R.rs_colors[i].anchor, t[i] - x);
      }
      b.add(R.wild, j);
      out.push_back(b.p);
      int i = nc - 1;
      while (i >= 0 && ++idx[i] == size[i]) idx[i--] = 0;
      if (i < 0) break;
    }
  }
  void splits(int i, int left, int odd, int j) {
#ifdef TTR_MUTANTS
    if (mutant(M_PAIRED_JOKERS)) odd = 0;
#endif
    if (odd > j) return;
    if (i == static_cast<int>(R.rs_colors.size())) {
      if (left == 0) emit(j);
      return;
    }
    for (int x = 0; x <= std::min(plain[i] + anchored[i], left); ++x) {
      t[i] = x;
      splits(i + 1, left - x, odd + x % 2, j);
    }
  }
};

}  // namespace

namespace rs {

void claim_reach(const uint8_t* hand, const Rules& R, int* reach) {
  const int j = hand[R.wild];
  for (int i = 0; i < kRsReach; ++i) reach[i] = 0;
  int best_train = 0, best_ship = 0, trains = 0;
  for (const RsColor& c : R.rs_colors) {
    const int x = hand[c.train] + hand[c.anchor], y = hand[c.ship] + 2 * hand[c.twin];
    reach[c.color + 1] = x + j;
    reach[c.color + 10] = y + j;
    best_train = std::max(best_train, x);
    best_ship = std::max(best_ship, y);
    trains += x;
  }
  reach[0] = best_train + j;
  reach[9] = best_ship + j;
  reach[18] = (trains + j) / 2;  // paired: 2 cards a space
}

void payments(const uint8_t* hand, const PayKey& k, const Rules& R, std::vector<Payment>& out) {
  const int n = k.length;
  int j = hand[R.wild];
  if (k.pairs) {
    const int c2 = 2 * n;
    Paired pp{R, hand, c2, cap(j, c2), {}, {}, {}, out};
    for (size_t i = 0; i < R.rs_colors.size(); ++i) {
      pp.plain[i] = cap(hand[R.rs_colors[i].train], c2);
      pp.anchored[i] = cap(hand[R.rs_colors[i].anchor], c2);
    }
    for (int jj = 0; jj <= std::min(pp.jokers, c2); ++jj) pp.splits(0, c2 - jj, 0, jj);
    return;
  }
  if (j > n) j = n;
  if (k.color >= 0) {
    for (const RsColor& c : R.rs_colors)
      if (c.color == k.color) {
        if (k.ship)
          ship_payments(c, n, cap(hand[c.ship], n), cap(hand[c.twin], n), j, R.wild, true, out);
        else
          train_payments(c, n, cap(hand[c.train], n), cap(hand[c.anchor], n), j, R.wild, true, out);
      }
    return;
  }
  for (const RsColor& c : R.rs_colors) {
    const int x = k.ship ? hand[c.ship] : hand[c.train], y = k.ship ? hand[c.twin] : hand[c.anchor];
    if (!x && !y) continue;
    if (k.ship)
      ship_payments(c, n, cap(x, n), cap(y, n), j, R.wild, false, out);
    else
      train_payments(c, n, cap(x, n), cap(y, n), j, R.wild, false, out);
  }
  if (j >= n) {
    PayBuilder b;
    b.add(R.wild, n);
    out.push_back(b.p);
  }
}

void harbor_payments(const uint8_t* hand, const Rules& R, std::vector<Payment>& out) {
  int j = hand[R.wild], most = 0;
  for (const RsColor& c : R.rs_colors) most = std::max(most, cap(hand[c.anchor], 2) + cap(hand[c.ship], 2));
  if (j < 4 && most + j < 4) return;
  j = cap(j, 4);
  for (const RsColor& c : R.rs_colors) {
    const int anchored = cap(hand[c.anchor], 2), singles = cap(hand[c.ship], 2);
    for (int a = 0; a <= anchored; ++a)
      for (int s = 0; s <= singles; ++s) {
        const int need = 4 - a - s;
        if (need >= 0 && need <= j && need < 4) {
          PayBuilder b;
          b.add(c.anchor, a);
          b.add(c.ship, s);
          b.add(R.wild, need);
          out.push_back(b.p);
        }
      }
  }
  if (j >= 4) {
    PayBuilder b;
    b.add(R.wild, 4);
    out.push_back(b.p);
  }
}

}  // namespace rs

void Rules::validate_rs() {
  auto need = [](bool ok, const char* why) {
    if (!ok) throw RulesError(std::string("rules tables (Rails & Sails): ") + why);
  };
  need(static_cast<int>(deck1.size()) <= kMaxShipDeck, "deck1: more cards than the native core holds");
  for (int c : deck1) need(c >= 0 && c < n_kinds, "deck1: a card that is not a card kind");
  need(static_cast<int>(deck_of.size()) == n_kinds, "deck_of: not one deck per card kind");
  for (int c : deck) need(deck_of[c] == 0, "deck: a card of the other deck");
  for (int c : deck1) need(deck_of[c] == 1, "deck1: a card of the other deck");
  need(hand_per_deck[0] >= 0 && hand_per_deck[1] >= 0 && face_up_per_deck[0] >= 0 && face_up_per_deck[1] >= 0 &&
           face_up_per_deck[0] + face_up_per_deck[1] == face_up,
       "hand_per_deck, face_up_per_deck out of range");
  need(static_cast<size_t>(players) * hand_per_deck[0] + face_up <= deck.size() &&
           static_cast<size_t>(players) * hand_per_deck[1] + face_up <= deck1.size(),
       "too few cards to deal");
  need(pieces_total > 0 && pieces_total <= trains + ships && trains <= INT16_MAX && ships <= INT16_MAX &&
           pieces_total <= 64,
       "pieces out of range");
  need(harbors >= 0 && harbors <= kMaxHarbors && !harbor_points.empty() && harbor_penalty >= 0, "harbors out of range");
  for (int c : harbor_ids) need(c >= 0 && c < n_cities, "harbor_ids: a city out of range");
  need(stations == 0 && tunnel_reveal <= kMaxReveal, "stations in Rails & Sails");
  need(static_cast<int>(rs_colors.size()) == kRsColors && wild >= 0 && wild < n_kinds, "rs_colors: six colours");
  for (const RsColor& c : rs_colors)
    need(c.color >= 0 && c.color < kColors && c.train >= 0 && c.train < n_kinds && c.anchor >= 0 &&
             c.anchor < n_kinds && c.ship >= 0 && c.ship < n_kinds && c.twin >= 0 && c.twin < n_kinds &&
             c.train < c.anchor && c.anchor < c.ship && c.ship < c.twin && c.twin < wild,
         "rs_colors: card kinds out of range or order");
  for (size_t i = 1; i < rs_colors.size(); ++i) need(rs_colors[i - 1].twin < rs_colors[i].train, "rs_colors: order");
  const size_t nt = t_a.size();
  need(t_cities.size() == nt && t_tour.size() == nt && t_points_any.size() == nt && t_penalty.size() == nt,
       "t_cities, t_tour, t_points_any, t_penalty: not one per ticket");
  for (const auto& cs : t_cities) {
    need(cs.size() <= 16, "t_cities: a tour too long");
    for (int c : cs) need(c >= 0 && c < n_cities, "t_cities: a city out of range");
  }
  for (const PayKey& k : pkeys) need(k.length >= 1 && k.length <= 30 && k.pairs >= 0, "pkeys: out of range");
  int shortest = 1 << 30;
  for (int r = 0; r < n_ids; ++r)
    if (r_exists[r]) shortest = std::min(shortest, r_len[r]);
  need(shortest >= 1, "routes: a route without spaces");
}

// ------------------------------------------------------------------ cards

int Game::pop_card(int d) {
  if (d == 0) return pop_card();
  State& s = s_;
  if (!s.deck1_n) {
    if (!s.disc1_n) return -1;
    std::memcpy(s.deck1, s.disc1, s.disc1_n);
    s.deck1_n = s.disc1_n;
    s.disc1_n = 0;
    shuffle_draw(s.deck1, s.deck1_n);
  }
  ++s.drawn;
  return s.deck1[--s.deck1_n];
}

void Game::discard_card(int c) {
  if (rules_->deck_of[c])
    s_.disc1[s_.disc1_n++] = static_cast<uint8_t>(c);
  else
    s_.disc[s_.disc_n++] = static_cast<uint8_t>(c);
}

void Game::rs_fill_display() {  // empty slots take a card from the first pile that has one
  for (int i = 0; i < rules_->face_up; ++i)
    if (s_.face_up[i] < 0)
      for (int d = 0; d < 2; ++d) {
        s_.face_up[i] = static_cast<int8_t>(pop_card(d));
        if (s_.face_up[i] >= 0) break;
      }
}

void Game::rs_deal_display() {  // each deck its share (RS2: 3 + 3), short piles made up by the others
  int i = 0;
  for (int d = 0; d < 2; ++d)
    for (int k = 0; k < rules_->face_up_per_deck[d]; ++k, ++i) s_.face_up[i] = static_cast<int8_t>(pop_card(d));
  rs_fill_display();
}

void Game::rs_check_reset() {
  const Rules& R = *rules_;
  if (count_wild() < R.reset_at) return;
  for (int t = 0; t < R.reset_cap; ++t) {
    if (count_wild() < R.reset_at) return;
    // the fewest wild cards a new display could show (PyGame._fewest_wilds_after_redeal)
    int plain[2], wilds[2];
    for (int d = 0; d < 2; ++d) {
      const uint8_t* pile = d ? s_.deck1 : s_.deck;
      const uint8_t* disc = d ? s_.disc1 : s_.disc;
      const int np = d ? s_.deck1_n : s_.deck_n, nd = d ? s_.disc1_n : s_.disc_n;
      int w = 0, total = np + nd;
      for (int i = 0; i < np; ++i) w += pile[i] == R.wild;
      for (int i = 0; i < nd; ++i) w += disc[i] == R.wild;
      for (int i = 0; i < R.face_up; ++i)
        if (s_.face_up[i] >= 0 && R.deck_of[s_.face_up[i]] == d) {
          ++total;
          w += s_.face_up[i] == R.wild;
        }
      wilds[d] = w;
      plain[d] = total - w;
    }
    int need = R.face_up, fewest = 0;
    for (int d = 0; d < 2; ++d) {
      const int take = std::min(std::min(R.face_up_per_deck[d], plain[d] + wilds[d]), need);
      const int from_plain = std::min(take, plain[d]);
      plain[d] -= from_plain;
      wilds[d] -= take - from_plain;
      fewest += take - from_plain;
      need -= take;
    }
    for (int d = 0; d < 2; ++d) {  // making up a short share
      int take = std::min(need, plain[d]);
      need -= take;
      plain[d] -= take;
      take = std::min(need, wilds[d]);
      need -= take;
      fewest += take;
    }
    if (fewest >= R.reset_at) return;  // every display would show too many
    for (int i = 0; i < R.face_up; ++i)
      if (s_.face_up[i] >= 0) discard_card(s_.face_up[i]);
    for (int i = 0; i < R.face_up; ++i) s_.face_up[i] = -1;
    rs_deal_display();
    note(Event{EV_DISPLAY_RESET});
  }
}

// ------------------------------------------------------------------ set-up

void Game::rs_setup() {
  const Rules& R = *rules_;
  State& s = s_;
  s.deck_n = static_cast<uint16_t>(R.deck.size());
  for (size_t i = 0; i < R.deck.size(); ++i) s.deck[i] = static_cast<uint8_t>(R.deck[i]);
  shuffle_draw(s.deck, s.deck_n);
  s.deck1_n = static_cast<uint16_t>(R.deck1.size());
  for (size_t i = 0; i < R.deck1.size(); ++i) s.deck1[i] = static_cast<uint8_t>(R.deck1[i]);
  shuffle_draw(s.deck1, s.deck1_n);
  std::memset(s.hand, 0, sizeof s.hand);
  for (int d = 0; d < 2; ++d)
    for (int round = 0; round < R.hand_per_deck[d]; ++round)
      for (int p = 0; p < R.players; ++p) s.hand[p][pop_card(d)] += 1;
  for (int i = 0; i < kMaxFaceUp; ++i) s.face_up[i] = -1;
  rs_deal_display();
  rs_check_reset();
}

// ------------------------------------------------------------------ legal actions

int Game::rs_draw_targets(bool second, int16_t* out) const {
  const Rules& R = *rules_;
  uint64_t seen = 0;
  for (int i = 0; i < R.face_up; ++i)
    if (s_.face_up[i] >= 0) seen |= uint64_t{1} << s_.face_up[i];
  if (second && R.whole_draw) seen &= ~(uint64_t{1} << R.wild);  // G4
  int decks[2], nd = 0;
  if (s_.deck_n || s_.disc_n) decks[nd++] = 0;
  if (s_.deck1_n || s_.disc1_n) decks[nd++] = 1;
  int n = 0;
  for (; seen; seen &= seen - 1) {
    const int c = __builtin_ctzll(seen);
    if (nd)
      for (int k = 0; k < nd; ++k) out[n++] = rs::draw_target(c, decks[k]);
    else
      out[n++] = rs::draw_target(c, -1);
  }
  for (int k = 0; k < nd; ++k) out[n++] = rs::draw_target(kDeckTarget, decks[k]);
  return n;
}

void Game::rs_legal(Legal& L) const {
  const Rules& R = *rules_;
  LegalBuilder b(L);
  L.rules = &R;
  const int p = s_.current;
  int16_t buf[kMaxRoutes];
  switch (s_.phase) {
    case TURN: {
      const uint8_t* hand = s_.hand[p];
      std::memcpy(L.hand, hand, kMaxKinds);
      int n = rs_draw_targets(false, buf);
      if (n) b.add(DRAW, b.targets(buf, n), static_cast<uint16_t>(n), b.no_cards(), 1);
      int reach[kRsReach];
      rs::claim_reach(hand, R, reach);
      const int pieces[2] = {s_.trains[p], s_.ships[p]};
      uint32_t pay0[256];
      int64_t payn[256];
      for (size_t i = 0; i < R.pkeys.size(); ++i) payn[i] = -1;
      for (size_t gi = 0; gi < R.claim_groups.size(); ++gi) {
        const int rch = reach[R.claim_reach_index[gi]];
        for (const ClaimGroup& g : R.claim_groups[gi]) {
          if (g.length > rch || g.length > pieces[g.kind]) break;
          n = open_routes(g.gi, p, buf);
          if (!n) continue;
          if (payn[g.pkey] < 0) {
            pay0[g.pkey] = static_cast<uint32_t>(L.pays.size());
            rs::payments(hand, R.pkeys[g.pkey], R, L.pays);
            payn[g.pkey] = static_cast<int64_t>(L.pays.size()) - pay0[g.pkey];
          }
          if (payn[g.pkey])
            b.add(CLAIM, b.targets(buf, n), static_cast<uint16_t>(n), pay0[g.pkey], static_cast<uint32_t>(payn[g.pkey]));
        }
      }
      if (s_.pile_n) b.add(TICKETS, b.no_target(), 1, b.no_cards(), 1);
      if (s_.harbors_n[p] < R.harbors) {  // RS5
        const uint32_t p0 = static_cast<uint32_t>(L.pays.size());
        rs::harbor_payments(hand, R, L.pays);
        const uint32_t pn = static_cast<uint32_t>(L.pays.size() - p0);
        if (pn) {
          n = rs_harbor_cities(p, buf);
          b.add(HARBOR, b.targets(buf, n), static_cast<uint16_t>(n), p0, pn);
        }
      }
      n = std::min<int>(s_.trains[p], s_.box_s[p]);  // RS6
      if (n > 0) {
        for (int i = 0; i < n; ++i) buf[i] = static_cast<int16_t>(i + 1);
        b.add(EXCHANGE, b.targets(buf, n), static_cast<uint16_t>(n), b.no_cards(), 1);
      }
      n = std::min<int>(s_.ships[p], s_.box_t[p]);
      if (n > 0) {
        for (int i = 0; i < n; ++i) buf[i] = static_cast<int16_t>(-i - 1);
        b.add(EXCHANGE, b.targets(buf, n), static_cast<uint16_t>(n), b.no_cards(), 1);
      }
      if (L.seg.empty()) b.add(PASS, b.no_target(), 1, b.no_cards(), 1);  // G5
      break;
    }
    case SECOND_CARD: {
      const int n = rs_draw_targets(true, buf);
      if (n) {
        b.add(DRAW, b.targets(buf, n), static_cast<uint16_t>(n), b.no_cards(), 1);
        if (R.may_stop) b.add(STOP, b.no_target(), 1, b.no_cards(), 1);
      }
      break;
    }
    case CHOOSE_PIECES: {  // RS1: (trains, pieces_total - trains), by trains
      int n = 0;
      for (int t = std::max(0, R.pieces_total - R.ships); t <= std::min(R.trains, R.pieces_total); ++t)
        buf[n++] = static_cast<int16_t>(t);
      b.add(PIECES, b.targets(buf, n), static_cast<uint16_t>(n), b.no_cards(), 1);
      break;
    }
    default:
      break;
  }
}

int Game::rs_harbor_cities(int p, int16_t* out) const {  // harbor cities without one, where p has a route
  int n = 0;
  for (int c : rules_->harbor_ids) {
    if (s_.harbor_at[c] >= 0) continue;
    bool mine = false;
    for (int r : rules_->city_routes[c]) mine |= s_.owner[r] == p;
    if (mine) out[n++] = static_cast<int16_t>(c);
  }
  return n;
}

// ------------------------------------------------------------------ counted and picked (playouts)

namespace {
thread_local std::vector<Payment> scratch;  // (payments listed to count them or to pick one)
}

void Game::rs_count(Counted& c) const {
  const Rules& R = *rules_;
  const int p = s_.current;
  c.total = 0;
  c.nseg = 0;
  auto add = [&](uint8_t kind, uint32_t n, uint32_t pays, int cost = 0) {
    if (!n || !pays) return;
    Counted::Seg& g = c.seg[c.nseg++];
    g.kind = kind;
    g.n = n;
    g.pays = static_cast<uint16_t>(pays);
    g.cost = static_cast<int16_t>(cost);
    c.total += n * pays;
  };
  int16_t buf[kMaxRoutes];
  switch (s_.phase) {
    case TURN: {
      const uint8_t* hand = s_.hand[p];
      add(DRAW, static_cast<uint32_t>(rs_draw_targets(false, buf)), 1);
      int reach[kRsReach];
      rs::claim_reach(hand, R, reach);
      const int pieces[2] = {s_.trains[p], s_.ships[p]};
      int64_t payn[256];
      for (size_t i = 0; i < R.pkeys.size(); ++i) payn[i] = -1;
      uint32_t claims = 0;
      size_t k = 0;
      for (size_t gi = 0; gi < R.claim_groups.size(); ++gi) {
        const int rch = reach[R.claim_reach_index[gi]];
        bool cut = false;
        for (const ClaimGroup& g : R.claim_groups[gi]) {
          c.g_open[k] = c.g_pays[k] = 0;
          cut = cut || g.length > rch || g.length > pieces[g.kind];
          if (!cut) {
            const int n = n_open(g.gi, p);
            if (n) {
              if (payn[g.pkey] < 0) {
                scratch.clear();
                rs::payments(hand, R.pkeys[g.pkey], R, scratch);
                payn[g.pkey] = static_cast<int64_t>(scratch.size());
              }
              c.g_open[k] = static_cast<uint32_t>(n);
              c.g_pays[k] = static_cast<uint32_t>(payn[g.pkey]);
              claims += c.g_open[k] * c.g_pays[k];
            }
          }
          ++k;
        }
      }
      if (claims) {  // (one segment; picked by walking the groups)
        Counted::Seg& g = c.seg[c.nseg++];
        g.kind = CLAIM;
        g.n = claims;
        g.pays = 1;
        g.cost = 0;
        c.total += claims;
      }
      if (s_.pile_n) add(TICKETS, 1, 1);
      if (s_.harbors_n[p] < R.harbors) {
        scratch.clear();
        rs::harbor_payments(hand, R, scratch);
        if (!scratch.empty()) add(HARBOR, static_cast<uint32_t>(rs_harbor_cities(p, buf)), static_cast<uint32_t>(scratch.size()));
      }
      add(EXCHANGE, static_cast<uint32_t>(std::max(0, std::min<int>(s_.trains[p], s_.box_s[p]))), 1, 1);
      add(EXCHANGE, static_cast<uint32_t>(std::max(0, std::min<int>(s_.ships[p], s_.box_t[p]))), 1, -1);
      if (!c.total) add(PASS, 1, 1);  // G5
      break;
    }
    case SECOND_CARD: {
      const uint32_t n = static_cast<uint32_t>(rs_draw_targets(true, buf));
      add(DRAW, n, 1);
      if (n && R.may_stop) add(STOP, 1, 1);
      break;
    }
    case CHOOSE_PIECES: {
      const int lo = std::max(0, R.pieces_total - R.ships), hi = std::min(R.trains, R.pieces_total);
      add(PIECES, static_cast<uint32_t>(std::max(0, hi - lo + 1)), 1, lo);
      break;
    }
    default:
      break;
  }
}

void Game::rs_pick(const Counted& c, uint32_t i, Action& a) const {
  const Rules& R = *rules_;
  const int p = s_.current;
  std::memset(static_cast<void*>(&a), 0, sizeof a);
  a.kind = PASS;
  if (!c.nseg) return;
  int k = 0;
  while (k < c.nseg - 1 && i >= c.seg[k].n * c.seg[k].pays) {
    i -= c.seg[k].n * c.seg[k].pays;
    ++k;
  }
  const Counted::Seg& g = c.seg[k];
  const uint32_t q = i / g.pays, r = i % g.pays;
  a.kind = g.kind;
  int16_t buf[kMaxRoutes];
  switch (g.kind) {
    case DRAW:
      rs_draw_targets(s_.phase == SECOND_CARD, buf);
      a.target = buf[q];
      break;
    case CLAIM: {
      size_t f = 0;
      const size_t m = R.flat_groups.size();
      for (; f < m; ++f) {
        const uint32_t n = c.g_open[f] * c.g_pays[f];
        if (i < n) break;
        i -= n;
      }
      if (f == m) return;
      const FlatGroup& fg = R.flat_groups[f];
      const uint32_t route = i / c.g_pays[f], pay = i % c.g_pays[f];
      uint32_t seen = 0;
      for (int rt : R.group_routes[fg.gi])
        if (bit(s_.avail, rt) && !bit(s_.blocked[p], rt) && seen++ == route) {
          a.target = static_cast<int16_t>(rt);
          break;
        }
      scratch.clear();
      rs::payments(s_.hand[p], R.pkeys[fg.pkey], R, scratch);
      a.pay = scratch[pay];
      break;
    }
    case HARBOR:
      rs_harbor_cities(p, buf);
      a.target = buf[q];
      scratch.clear();
      rs::harbor_payments(s_.hand[p], R, scratch);
      a.pay = scratch[r];
      break;
    case EXCHANGE:
      a.target = static_cast<int16_t>(g.cost > 0 ? static_cast<int>(q) + 1 : -static_cast<int>(q) - 1);
      break;
    case PIECES:
      a.target = static_cast<int16_t>(g.cost + static_cast<int>(q));
      break;
    default:
      break;
  }
}

// ------------------------------------------------------------------ actions

void Game::rs_draw(const Action& a) {
  const Rules& R = *rules_;
  State& s = s_;
  const int card = rs::draw_card(a.target), d = rs::draw_deck(a.target);
  uint8_t* hand = s.hand[s.current];
  if (card == kDeckTarget) {
    hand[pop_card(d)] += 1;
  } else {
    int i = 0;
    while (s.face_up[i] != card) ++i;
    s.face_up[i] = static_cast<int8_t>(d >= 0 ? pop_card(d) : -1);
    hand[card] += 1;
    if (count_wild() >= R.reset_at) check_reset();
  }
  if (s.phase == SECOND_CARD || (card == R.wild && R.whole_draw)) {
    end_turn();
    return;
  }
  s.phase = SECOND_CARD;
  int16_t t[2 * (kMaxKinds + 1)];
  if (!rs_draw_targets(true, t)) end_turn();
}

void Game::rs_apply(const Action& a) {
  const Rules& R = *rules_;
  State& s = s_;
  const int p = s.current;
  switch (a.kind) {
    case PIECES: {  // RS1: secret until every seat has chosen
      s.choice_t[p] = a.target;
      s.choice_s[p] = static_cast<int16_t>(R.pieces_total - a.target);
      const int nxt = p + 1 == R.players ? 0 : p + 1;
      s.current = static_cast<uint8_t>(nxt);
      if (nxt != s.first_player) return;
      for (int q = 0; q < R.players; ++q) {
        s.trains[q] = s.choice_t[q];
        s.ships[q] = s.choice_s[q];
        s.box_t[q] = static_cast<int16_t>(R.trains - s.choice_t[q]);
        s.box_s[q] = static_cast<int16_t>(R.ships - s.choice_s[q]);
      }
      s.phase = TURN;
      note(Event{EV_PIECES_REVEALED});
      return;
    }
    case HARBOR: {  // RS5
      uint8_t* hand = s.hand[p];
      for (int i = 0; i < a.pay.n; ++i) hand[a.pay.kind[i]] -= a.pay.count[i];
      s.harbor_at[a.target] = static_cast<int8_t>(p);
      s.harbors[p][s.harbors_n[p]++] = static_cast<uint8_t>(a.target);
      discard(a.pay);
      refill();
      end_turn();
      return;
    }
    case EXCHANGE: {  // RS6: +n trains for ships, -n ships for trains, one point each
      const int n = a.target;
      int m = n < 0 ? -n : n;
#ifdef TTR_MUTANTS
      if (mutant(M_EXCHANGE_COST)) {
        s.trains[p] = static_cast<int16_t>(s.trains[p] - n);
        s.ships[p] = static_cast<int16_t>(s.ships[p] + n);
        s.box_t[p] = static_cast<int16_t>(s.box_t[p] + n);
        s.box_s[p] = static_cast<int16_t>(s.box_s[p] - n);
        s.exchanged[p] = static_cast<int16_t>(s.exchanged[p] + m);
        end_turn();
        return;
      }
#endif
      s.trains[p] = static_cast<int16_t>(s.trains[p] - n);
      s.ships[p] = static_cast<int16_t>(s.ships[p] + n);
      s.box_t[p] = static_cast<int16_t>(s.box_t[p] + n);
      s.box_s[p] = static_cast<int16_t>(s.box_s[p] - n);
      s.exchanged[p] = static_cast<int16_t>(s.exchanged[p] + m);
      s.score[p] = static_cast<int16_t>(s.score[p] - m);
      end_turn();
      return;
    }
    default:
      return;
  }
}

}  // namespace ttr
