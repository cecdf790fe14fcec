// The integer state (ttr/engine/codec.py, docs/state-codec.md): the same flat list, section by
// section. decode reads a state the Python decoder has normally checked already, and refuses
// (RulesError) one that does not fit the core: every length, index and count in range, every card
// and ticket once, so no state read here can make the core read or write out of bounds.
#include <algorithm>
#include <cstring>
#include <string>

#include "ttr/game.hpp"

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
  // an integer in [lo, hi], or RulesError naming the section
  int64_t in(const char* what, int64_t lo, int64_t hi) {
    const int64_t v = next();
    if (v < lo || v > hi)
      throw RulesError(std::string("state: ") + what + ": " + std::to_string(v) + " is out of range (" +
                       std::to_string(lo) + ".." + std::to_string(hi) + ")");
    return v;
  }
  // a list section: its size, that many items in [lo, hi], then -1 up to its capacity
  template <typename T>
  int list(const char* what, T* items, int cap, int64_t lo, int64_t hi) {
    const int k = static_cast<int>(in(what, 0, cap));
    for (int i = 0; i < cap; ++i) {
      if (i < k)
        items[i] = static_cast<T>(in(what, lo, hi));
      else
        in(what, kNone, kNone);
    }
    return k;
  }
};

[[noreturn]] void bad(const std::string& why) { throw RulesError("state: " + why); }
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
  if (R.rs) {
    const int cap1 = static_cast<int>(R.deck1.size());
    put_list(out, s.deck1, s.deck1_n, cap1);
    put_list(out, s.disc1, s.disc1_n, cap1);
  }
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
    out.insert(out.end(), {s.trains[p], s.ships[p], s.box_t[p], s.box_s[p], s.choice_t[p] < 0 ? kNone : s.choice_t[p],
                           s.choice_t[p] < 0 ? kNone : s.choice_s[p], s.exchanged[p], s.score[p]});
    put_list(out, s.stations[p], s.stations_n[p], R.stations);
    put_list(out, s.harbors[p], s.harbors_n[p], R.harbors);
  }
  if (R.legacy) {  // edition.event_deck, .event_discard, .event_gone; the ledger
    const int e = static_cast<int>(R.lw.events.size());
    put_list(out, s.ev_deck, s.ev_deck_n, e);
    put_list(out, s.ev_disc, s.ev_disc_n, e);
    put_list(out, s.ev_gone, s.ev_gone_n, e);
    if (R.lw.shown) put_list(out, s.shown, s.shown_n, R.tickets_cap);  // edition.shown
    if (R.lw.extras)  // edition.extras: the route claimed and the offers taken, in the extras phase
      out.insert(out.end(), {s.ex_route < 0 ? kNone : s.ex_route, s.ex_route < 0 ? kNone : s.ex_used});
    if (R.lw.icons) {  // edition.icons.deck, .discard, .face_up, .hand[p]
      const int m = kIcons * R.n_kinds;
      out.insert(out.end(), s.ic_deck, s.ic_deck + m);
      out.insert(out.end(), s.ic_disc, s.ic_disc + m);
      out.insert(out.end(), s.ic_face, s.ic_face + R.face_up);
      for (int p = 0; p < R.players; ++p) out.insert(out.end(), s.ic_hand[p], s.ic_hand[p] + m);
    }
    out.push_back(s.ledger_n);
    for (int i = 0; i < s.ledger_n; ++i) {
      const LedgerEntry& x = s.ledger[i];
      out.insert(out.end(), {x.turn, x.seat, x.dollars, x.reason});
    }
  }
}

State Game::decode(const Rules& R, const int64_t* st, size_t n) {
  State s;
  Reader rd{st, n};
  const int P = R.players, K = R.n_kinds, card_hi = K - 1;
  const int n_tickets = static_cast<int>(R.t_a.size());
  if (rd.next() != kCodecVersion) bad("format: not state format " + std::to_string(kCodecVersion));
  s.seed = rd.next();
  s.random_first = static_cast<uint8_t>(rd.in("random_first", 0, 1));
  s.phase = static_cast<uint8_t>(rd.in("phase", 0, R.lw.extras ? EXTRAS : OVER));
  if (s.phase == CHOOSE_PIECES && !R.rs) bad("phase: the train game has no choose-pieces phase");
  s.current = static_cast<uint8_t>(rd.in("current_player", 0, P - 1));
  s.first_player = static_cast<uint8_t>(rd.in("first_player", 0, P - 1));
  s.turns = static_cast<int16_t>(rd.in("turn", 0, INT16_MAX));
  s.final_turns = static_cast<int16_t>(rd.in("final_turns", -1, INT16_MAX));
  s.passes = static_cast<int16_t>(rd.in("passes", 0, INT16_MAX));
  s.shuffles = static_cast<uint32_t>(rd.in("shuffles", 0, UINT32_MAX));
  s.drawn = 0;
  const int deck_cap = static_cast<int>(R.deck.size());
  s.deck_n = static_cast<uint16_t>(rd.list("deck", s.deck, deck_cap, 0, card_hi));
  s.disc_n = static_cast<uint16_t>(rd.list("discard", s.disc, deck_cap, 0, card_hi));
  const int cap1 = static_cast<int>(R.deck1.size());
  if (R.rs) {
    s.deck1_n = static_cast<uint16_t>(rd.list("ship_deck", s.deck1, cap1, 0, card_hi));
    s.disc1_n = static_cast<uint16_t>(rd.list("ship_discard", s.disc1, cap1, 0, card_hi));
    for (int d = 0; d < 2; ++d)
      for (int i = 0, m = d ? s.deck_n : s.deck1_n; i < m; ++i)
        if (R.deck_of[(d ? s.deck : s.deck1)[i]] == d) bad("ship_deck, deck: a card in the other deck");
    for (int d = 0; d < 2; ++d)
      for (int i = 0, m = d ? s.disc_n : s.disc1_n; i < m; ++i)
        if (R.deck_of[(d ? s.disc : s.disc1)[i]] == d) bad("ship_discard, discard: a card in the other discard");
  }
  for (int i = 0; i < kMaxFaceUp; ++i) s.face_up[i] = -1;
  for (int i = 0; i < R.face_up; ++i) s.face_up[i] = static_cast<int8_t>(rd.in("face_up", kNone, card_hi));
  s.pile_n = static_cast<uint8_t>(rd.list("ticket_pile", s.pile, R.tickets_cap, 0, n_tickets - 1));
  for (int r = 0; r < kMaxRoutes; ++r) s.owner[r] = -1;
  for (int r = 0; r < R.n_ids; ++r) {
    s.owner[r] = static_cast<int8_t>(rd.in("routes", kNone, P - 1));
    if (s.owner[r] >= 0 && !R.r_exists[r]) bad("routes: route " + std::to_string(r) + " is not on this board");
  }
  const int route = static_cast<int>(rd.in("tunnel", kNone, R.n_ids - 1));
  const int extra = static_cast<int>(rd.in("tunnel", 0, UINT8_MAX));
  const int color = static_cast<int>(rd.in("tunnel", kNone, card_hi));
  int64_t counts[kMaxKinds] = {};
  for (int k = 0; k < K; ++k) counts[k] = rd.in("tunnel.cards", 0, UINT8_MAX);
  uint8_t rev[kMaxReveal];
  const int nrev = rd.list("tunnel.revealed", rev, R.tunnel_reveal, 0, card_hi);
  s.tun_route = static_cast<int16_t>(route);
  s.tun_paid = Payment{};
  s.tun_rev_n = 0;
  s.tun_extra = 0;
  s.tun_color = -1;
  if ((route >= 0) != (s.phase == TUNNEL)) bad("tunnel: a tunnel is pending exactly in phase tunnel");
  if (route >= 0) {
    if (!R.r_exists[route] || !R.r_tunnel[route] || s.owner[route] >= 0)
      bad("tunnel: route " + std::to_string(route) + " is not an open tunnel");
    if (!extra) bad("tunnel: a pending tunnel asks for extra cards");
    for (int k = 0; k < K; ++k)
      if (counts[k]) {
        if (s.tun_paid.n == kMaxPayParts) bad("tunnel.cards: more kinds of card than a payment holds");
        s.tun_paid.kind[s.tun_paid.n] = static_cast<uint8_t>(k);
        s.tun_paid.count[s.tun_paid.n++] = static_cast<uint8_t>(counts[k]);
      }
    s.tun_rev_n = static_cast<uint8_t>(nrev);
    for (int i = 0; i < nrev; ++i) s.tun_rev[i] = rev[i];
    s.tun_extra = static_cast<uint8_t>(extra);
    s.tun_color = static_cast<int8_t>(color);
  } else {
    bool empty = !extra && color == kNone && !nrev;
    for (int k = 0; k < K; ++k) empty &= !counts[k];
    if (!empty) bad("tunnel: no tunnel is pending, yet its section is not empty");
  }
  std::memset(s.hand, 0, sizeof s.hand);
  for (int c = 0; c < kMaxCities; ++c) s.station_at[c] = s.harbor_at[c] = -1;
  for (int p = 0; p < P; ++p) {
    const int64_t total = rd.in("players.hand", 0, kMaxDeck);
    int64_t sum = 0;
    for (int k = 0; k < K; ++k) sum += s.hand[p][k] = static_cast<uint8_t>(rd.in("players.hand", 0, kMaxDeck - 1));
    if (sum != total) bad("players[" + std::to_string(p) + "].hand: the total is not the sum of the counts");
    s.tickets_n[p] = static_cast<uint8_t>(rd.list("players.tickets", s.tickets[p], R.tickets_cap, 0, n_tickets - 1));
    s.offer_n[p] = static_cast<uint8_t>(rd.list("players.offer", s.offer[p], R.offer_cap, 0, n_tickets - 1));
    s.trains[p] = static_cast<int16_t>(rd.in("players.trains", 0, INT16_MAX));
    if (R.rs) {  // ships, box (trains, ships), pieces choice (trains, ships), exchanged
      s.ships[p] = static_cast<int16_t>(rd.in("players.ships", 0, R.ships));
      s.box_t[p] = static_cast<int16_t>(rd.in("players.box", 0, R.trains));
      s.box_s[p] = static_cast<int16_t>(rd.in("players.box", 0, R.ships));
      const int ct = static_cast<int>(rd.in("players.pieces_choice", kNone, R.pieces_total));
      const int cs = static_cast<int>(rd.in("players.pieces_choice", kNone, R.pieces_total));
      if ((ct < 0) != (cs < 0) || (ct >= 0 && ct + cs != R.pieces_total)) bad("players.pieces_choice: not a choice");
      s.choice_t[p] = static_cast<int16_t>(ct);
      s.choice_s[p] = static_cast<int16_t>(cs);
      s.exchanged[p] = static_cast<int16_t>(rd.in("players.exchanged", 0, INT16_MAX));
    } else {  // none in the train game
      for (int64_t none : {0, 0, 0, kNone, kNone, 0}) rd.in("players: ships, box, pieces_choice, exchanged", none, none);
    }
    s.score[p] = static_cast<int16_t>(rd.in("players.score", INT16_MIN, INT16_MAX));
    s.stations_n[p] = static_cast<uint8_t>(rd.list("players.stations", s.stations[p], R.stations, 0, R.n_cities - 1));
    for (int i = 0; i < s.stations_n[p]; ++i) {
      int8_t& at = s.station_at[s.stations[p][i]];
      if (at >= 0) bad("players.stations: two stations on one city");
      at = static_cast<int8_t>(p);
    }
    s.harbors_n[p] = static_cast<uint8_t>(rd.list("players.harbors", s.harbors[p], R.harbors, 0, R.n_cities - 1));
    for (int i = 0; i < s.harbors_n[p]; ++i) {
      int8_t& at = s.harbor_at[s.harbors[p][i]];
      if (at >= 0) bad("players.harbors: two harbors on one city");
      at = static_cast<int8_t>(p);
    }
  }
  if (R.legacy) {  // every event once (gone: only events that remove themselves)
    const int e = static_cast<int>(R.lw.events.size());
    s.ev_deck_n = static_cast<uint8_t>(rd.list("edition.event_deck", s.ev_deck, e, 0, e - 1));
    s.ev_disc_n = static_cast<uint8_t>(rd.list("edition.event_discard", s.ev_disc, e, 0, e - 1));
    s.ev_gone_n = static_cast<uint8_t>(rd.list("edition.event_gone", s.ev_gone, e, 0, e - 1));
    uint8_t seen[kMaxEvents] = {};
    for (int i = 0; i < s.ev_deck_n; ++i) ++seen[s.ev_deck[i]];
    for (int i = 0; i < s.ev_disc_n; ++i) ++seen[s.ev_disc[i]];
    for (int i = 0; i < s.ev_gone_n; ++i) {
      ++seen[s.ev_gone[i]];
      if (!R.lw.events[s.ev_gone[i]].remove) bad("edition.event_gone: an event that does not remove itself");
    }
    for (int i = 0; i < e; ++i)
      if (seen[i] != 1) bad("edition.event_deck + event_discard + event_gone: each event of the setup exactly once");
    if (R.lw.shown) {  // edition.shown: seat * kShown + a ticket a rule shows
      s.shown_n = static_cast<uint8_t>(
          rd.list("edition.shown", s.shown, std::min(R.tickets_cap, kMaxTickets), 0, (P - 1) * kShown + n_tickets - 1));
      for (int i = 0; i < s.shown_n; ++i)
        if (s.shown[i] % kShown >= n_tickets || !R.lw.shown_on_keep[s.shown[i] % kShown])
          bad("edition.shown: a ticket no rule shows");
    }
    s.ex_route = -1;
    s.ex_used = 0;
    if (R.lw.extras) {  // (the Python decoder checked the route is the mover's and the phase the extras)
      const int r = rd.in("edition.extras", kNone, R.n_ids - 1), used = rd.in("edition.extras", kNone, (1 << kExtraDone) - 1);
      if ((r == kNone) != (used == kNone) || (r != kNone && r < 0)) bad("edition.extras: a route and the offers taken");
      if (r != kNone) {
        s.ex_route = static_cast<int16_t>(r);
        s.ex_used = static_cast<uint16_t>(used);
      }
    }
    if (R.lw.icons) {  // (counts the Python decoder checked against the cards of each zone)
      const int m = kIcons * R.n_kinds;
      for (int j = 0; j < m; ++j) s.ic_deck[j] = static_cast<uint8_t>(rd.in("edition.icons.deck", 0, UINT8_MAX));
      for (int j = 0; j < m; ++j) s.ic_disc[j] = static_cast<uint8_t>(rd.in("edition.icons.discard", 0, UINT8_MAX));
      for (int i = 0; i < kMaxFaceUp; ++i) s.ic_face[i] = -1;
      for (int i = 0; i < R.face_up; ++i)
        s.ic_face[i] = static_cast<int8_t>(rd.in("edition.icons.face_up", kNone, kIcons - 1));
      for (int p = 0; p < P; ++p)
        for (int j = 0; j < m; ++j) s.ic_hand[p][j] = static_cast<uint8_t>(rd.in("edition.icons.hand", 0, UINT8_MAX));
    }
    s.ledger_n = static_cast<uint16_t>(rd.in("edition.ledger", 0, kMaxLedger));
    for (int i = 0; i < s.ledger_n; ++i) {
      LedgerEntry& x = s.ledger[i];
      x.turn = static_cast<int16_t>(rd.in("edition.ledger", 0, INT16_MAX));
      x.seat = static_cast<uint8_t>(rd.in("edition.ledger", 0, P - 1));
      x.dollars = static_cast<int16_t>(rd.in("edition.ledger", INT16_MIN, INT16_MAX));
      x.reason = static_cast<uint8_t>(rd.in("edition.ledger", 0, R.lw.n_reasons - 1));
    }
  }
  if (rd.at != n) bad("longer than this game's layout");
  // every card once (so no pile or hand can outgrow its array), every ticket at most once
  Game g(&R, s);
  if (g.card_census() != deck_cap + cap1 * R.rs)
    bad("cards: " + std::to_string(g.card_census()) + " in play; the decks have " + std::to_string(deck_cap + cap1 * R.rs));
  if (R.rs) {  // (and the ship cards are the ship deck's)
    int ships = s.deck1_n + s.disc1_n;
    for (int i = 0; i < R.face_up; ++i) ships += s.face_up[i] >= 0 && R.deck_of[s.face_up[i]];
    for (int p = 0; p < P; ++p)
      for (int k = 0; k < K; ++k) ships += R.deck_of[k] * s.hand[p][k];
    if (ships != cap1) bad("cards: the ship cards in play are not the ship deck's");
  }
  uint8_t seen[kMaxTicketIds] = {};
  auto once = [&](const uint8_t* t, int k) {
    for (int i = 0; i < k; ++i) {
      if (R.t_a[t[i]] < 0) bad("tickets: ticket " + std::to_string(t[i]) + " is not on this board");
      if (seen[t[i]]++) bad("tickets: ticket " + std::to_string(t[i]) + " is in play twice");
    }
  };
  once(s.pile, s.pile_n);
  for (int p = 0; p < P; ++p) {
    once(s.tickets[p], s.tickets_n[p]);
    once(s.offer[p], s.offer_n[p]);
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
  auto too_many = [](const char* what, size_t n, int cap) {
    if (n > static_cast<size_t>(cap))
      throw RulesError(std::string(what) + ": " + std::to_string(n) + ", more than the " + std::to_string(cap) +
                       " the native core holds");
  };
  too_many("routes: route ids (the highest + 1)", static_cast<size_t>(std::max(n_ids, 0)), kMaxRoutes);
  too_many("cities", static_cast<size_t>(std::max(n_cities, 0)), kMaxCities);
  too_many("tickets", static_cast<size_t>(std::max(tickets_cap, 0)), kMaxTickets);
  too_many("tickets: ticket ids (the highest + 1)", t_a.size(), kMaxTicketIds);
  if (n_kinds > kMaxKinds) throw RulesError("card kinds: more than the native core holds");
  if (static_cast<int>(deck.size()) > kMaxDeck) throw RulesError("deck: more cards than the native core holds");
  if (face_up > kMaxFaceUp) throw RulesError("face_up: more slots than the native core holds");
  if (offer_cap > kMaxOffer) throw RulesError("offer: more tickets than the native core holds");
  if (stations > kMaxStations) throw RulesError("stations: more than the native core holds");
  if (tunnel_reveal > kMaxReveal) throw RulesError("tunnel_reveal: more than the native core holds");
  if (pkeys.size() > 256) throw RulesError("payment keys: more than the native core holds");
  // every table the size its index needs, every index in range (tables from Python are checked
  // here, not trusted: a bad one is refused, never read out of bounds)
  auto need = [](bool ok, const char* why) {
    if (!ok) throw RulesError(std::string("rules tables: ") + why);
  };
  need(n_kinds >= 1 && wild >= 0 && wild < n_kinds, "wild: not a card kind");
  need(face_up >= 0 && hand_size >= 0 && stations >= 0 && tunnel_reveal >= 0 && offer_cap >= 0,
       "face_up, hand_size, stations, tunnel_reveal and offer_cap must be >= 0");
  need(initial_long >= 0 && initial_regular >= 0 && initial_keep >= 0 && short_initial_keep >= 0 && later_draw >= 0 &&
           later_keep >= 0,
       "ticket counts must be >= 0");
  need(int64_t{initial_long} + initial_regular <= offer_cap && later_draw <= offer_cap, "an offer larger than offer_cap");
  need(trains >= 0 && trains <= INT16_MAX, "trains: out of range");
  auto points = [](int x) { return x >= -1000 && x <= 1000; };  // (scores are sums of these: no overflow)
  need(points(station_points) && points(longest_bonus), "station_points, longest_bonus: out of range");
  for (int x : t_points) need(points(x), "t_points: out of range");
  for (int t : tie_breaks) need(t >= TB_TICKETS_COMPLETED && t <= TB_EXPRESS, "tie_breaks: an unknown code");
  for (int c : deck) need(c >= 0 && c < n_kinds, "deck: a card that is not a card kind");
  need(static_cast<size_t>(players) * hand_size + face_up <= deck.size(), "deck: too few cards to deal");
  need(n_ids >= 0 && n_cities >= 0, "n_ids and n_cities must be >= 0");
  for (size_t len : {r_exists.size(), r_tunnel.size(), r_closes.size(), r_kind.size(), r_len.size(), r_color.size(),
                     r_locos.size(), r_points.size(), r_group.size(), r_a.size(), r_b.size(), r_twins.size()})
    need(len == static_cast<size_t>(n_ids), "a route table (r_*) is not n_ids long");
  int degree[kMaxCities] = {};
  for (int r = 0; r < n_ids; ++r) {
    if (!r_exists[r]) continue;
    need(r_a[r] >= 0 && r_a[r] < n_cities && r_b[r] >= 0 && r_b[r] < n_cities, "r_a, r_b: a city out of range");
    need(r_len[r] >= 0 && r_len[r] <= kMaxDeck && points(r_points[r]),
         "r_len, r_points: out of range");
    ++degree[r_a[r]];
    ++degree[r_b[r]];
    for (int t : r_twins[r]) need(t >= 0 && t < n_ids && r_exists[t], "r_twins: a route id out of range");
  }
  for (int c = 0; c < n_cities; ++c) need(degree[c] <= kMaxRoutes / 4, "a city with more routes than the core holds");
  need(city_routes.size() == static_cast<size_t>(n_cities), "city_routes: not one list per city");
  for (const auto& rs : city_routes) {
    need(rs.size() <= kMaxRoutes, "city_routes: a list too long");
    for (int r : rs) need(r >= 0 && r < n_ids && r_exists[r], "city_routes: a route id out of range");
  }
  need(t_b.size() == t_a.size() && t_points.size() == t_a.size(), "t_a, t_b and t_points differ in length");
  for (size_t t = 0; t < t_a.size(); ++t)
    need(t_a[t] == -1 || (t_a[t] >= 0 && t_a[t] < n_cities && t_b[t] >= 0 && t_b[t] < n_cities),
         "t_a, t_b: a city out of range");
  {
    std::vector<uint8_t> dealt(t_a.size());
    for (const auto* list : {&regular_tickets, &long_tickets})
      for (int t : *list) {
        need(t >= 0 && t < static_cast<int>(t_a.size()) && t_a[t] >= 0, "tickets: a ticket id not on the board");
        need(!dealt[t]++, "tickets: a ticket listed twice");
      }
    need(regular_tickets.size() + long_tickets.size() <= static_cast<size_t>(tickets_cap) && tickets_cap >= 0,
         "tickets_cap: fewer than the tickets");
    need(long_tickets.size() >= static_cast<size_t>(players) * initial_long, "long_tickets: fewer than the seats take");
  }
  for (const PayKey& k : pkeys)
    need(k.color >= -1 && k.color < n_kinds && k.length >= 0 && k.length <= UINT8_MAX && k.locos >= 0 &&
             k.locos <= k.length,
         "pkeys: a payment key out of range");
  const int reaches = rs ? kRsReach : locos_wild ? kSlots : kMaxReach;  // (Nordic: ordinary, tunnel, ferry, Murmansk-Lieksa)
  for (int ri : claim_reach_index) need(ri >= 0 && ri < reaches, "claim groups: a reach index out of range");
  if (claim_groups.size() != claim_reach_index.size() || claim_groups.size() > static_cast<size_t>(reaches))
    throw RulesError("claim groups: the train game has one per colour and gray (Nordic: per kind of route)");
  if (rs) validate_rs();
  if (legacy) validate_lw();
  need(rs || (deck1.empty() && pieces_total == 0), "deck1, pieces_total: Rails & Sails only");
  if (!locos_wild && !rs) {
    need(n_kinds == kColors + 1 && wild == kColors, "Nordic: the eight colours and the locomotive");
    need(ferry_any >= 2 && any_four >= 2 && max_ferry_spaces >= 0, "Nordic: ferry_any, any_four out of range");
    for (const PayKey& k : pkeys)  // (nordic.cpp's families hold at most 64 cards)
      need(k.length * (k.any_four ? any_four : 1) + k.locos * (ferry_any - 1) <= 64, "Nordic: a route too long");
  }
  need(globetrotter_bonus >= 0 && globetrotter_bonus <= 1000, "globetrotter_bonus: out of range");
  size_t segs = 4;
  for (const auto& g : claim_groups) segs += g.size();
  if (segs > kMaxFlatGroups) throw RulesError("claim groups: more than the native core counts");
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
      if (r < 0 || r >= n_ids || !r_exists[r]) throw RulesError("group_routes: a route id out of range");
      if (bit(group_bits[g].data(), r)) throw RulesError("group_routes: a route listed twice in a group");
      set_bit(group_bits[g].data(), r);
    }
  flat_bits.assign(flat_groups.size() * words, 0);
  for (size_t k = 0; k < flat_groups.size(); ++k)
    for (int w = 0; w < words; ++w) flat_bits[k * words + w] = group_bits[flat_groups[k].gi][w];
  if (rs) {  // (claims listed per payment key: no payment cells)
    r_cell.assign(n_ids, -1);
    pkey_cell.assign(pkeys.size(), -1);
    return;
  }
  need(deck1.empty(), "deck1: a second deck outside Rails & Sails");
  derive_cells();
}

void Rules::derive_cells() {
  if (wild != kColors || (n_kinds != kColors + 1 && !legacy))  // (Legacy: its newspaper, never in a hand)
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
  train_cells.clear();
  train_flat.clear();
  std::vector<int> per_cell(kMaxCells, 0), per_route(n_ids, 0);
  for (size_t k = 0; k < flat_groups.size(); ++k) {
    FlatGroup& g = flat_groups[k];
    g.cell = pkey_cell[g.pkey];
    if (g.kind != 0) continue;
    train_cells.push_back(g.cell);
    train_flat.push_back(static_cast<int16_t>(k));
    ++per_cell[g.cell];
    for (int r : group_routes[g.gi]) {
      ++per_route[r];
      r_cell[r] = g.cell;
    }
  }
  train_alone.assign(train_flat.size(), 1);
  for (size_t j = 0; j < train_flat.size(); ++j) {
    if (per_cell[train_cells[j]] > 1) train_alone[j] = 0;
    for (int r : group_routes[flat_groups[train_flat[j]].gi])
      if (per_route[r] > 1) train_alone[j] = 0;
  }
  // Claims are summed in 16-bit lanes: at most every route with all its payments
  std::vector<int> routes(kMaxCells, 0);
  long most = 0;
  for (int r = 0; r < n_ids; ++r) {
    if (r_cell[r] < 0) continue;
    const int cell = r_cell[r], n = pay_rows[cell % kMaxPayRows].length;
    if (++routes[cell] > 255) throw RulesError("routes: more than 255 of one colour and length");
    most += cell / kMaxPayRows == kGraySlot ? kColors * n + 1 : n + 1;
  }
  for (int cell = 0; cell < kMaxCells; ++cell) open_at_start[cell] = static_cast<uint8_t>(routes[cell]);
  if (most > 65535) throw RulesError("routes: more claims at once than the native core counts");
  int shortest = 1 << 30;
  for (int r = 0; r < n_ids; ++r)
    if (r_exists[r]) shortest = std::min(shortest, r_len[r]);
  if (shortest < 1 || trains > 64 * shortest) throw RulesError("routes: a seat could hold more than 64");
}

}  // namespace ttr
