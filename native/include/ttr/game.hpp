// The train game's state and transitions (USA, Europe, Nordic): the same game as the Python engine
// (ttr/engine/game.py, turn.py, moves.py), action for action and draw for draw.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "ttr/random.hpp"
#include "ttr/rules.hpp"

namespace ttr {

// ((card kind, count), ...) ascending by kind, as the Python engine's Payment
struct Payment {
  uint8_t n = 0;
  uint8_t kind[kMaxPayParts] = {};
  uint8_t count[kMaxPayParts] = {};
  bool operator==(const Payment& o) const {
    if (n != o.n) return false;
    for (int i = 0; i < n; ++i)
      if (kind[i] != o.kind[i] || count[i] != o.count[i]) return false;
    return true;
  }
};

// target: a card kind or kDeckTarget (DRAW), a route id (CLAIM), a city index (STATION), a bit
// set over the sorted offer (KEEP), unused otherwise
struct Action {
  uint8_t kind = PASS;
  int16_t target = 0;
  Payment pay;
};

// The public events an action may add to the log (log.py), as numbers.
enum EventType : uint8_t { EV_TUNNEL, EV_LAST_ROUND, EV_GAME_OVER, EV_DISPLAY_RESET, EV_TICKETS_DRAWN,
                           EV_PIECES_REVEALED,  // (pieces revealed: the choices are the seats' pieces then)
                           EV_NEWSPAPER, EV_MONEY, EV_CARD, EV_EVENT_REMOVED, EV_TICKET, EV_TICKET_SHOWN, EV_EXTRA };  // (Legacy)
struct Event {
  uint8_t type;
  int16_t a = 0, b = 0;  // tunnel: route, extra; last round: seat; tickets drawn: seat, count;
                         // newspaper, event removed: event; money: seat, dollars; card, ticket: seat
                         // (cards[0]: the reason); ticket shown: seat, ticket
  uint8_t n = 0;         // tunnel: cards revealed
  uint8_t cards[kMaxReveal] = {};
};

// The whole dynamic state: plain fixed-size arrays, so a clone is one copy.
struct State {
  int64_t seed = 0;
  uint32_t shuffles = 0;  // random draws made from the seed (G10)
  uint32_t drawn = 0;     // cards drawn from a pile so far (what an action revealed: the log)
  uint8_t phase = INITIAL_TICKETS, current = 0, first_player = 0, random_first = 0;
  int16_t turns = 0, final_turns = -1, passes = 0;
  // the draw pile and its discard (top: the end)
  uint16_t deck_n = 0, disc_n = 0;
  uint8_t deck[kMaxDeck];
  uint8_t disc[kMaxDeck];
  int8_t face_up[kMaxFaceUp];
  // tickets (the pile's top: the end)
  uint8_t pile_n = 0;
  uint8_t pile[kMaxTickets];
  uint8_t tickets_n[kMaxPlayers] = {};
  uint8_t tickets[kMaxPlayers][kMaxTickets];
  uint8_t offer_n[kMaxPlayers] = {};
  uint8_t offer[kMaxPlayers][kMaxOffer];
  // the board
  int8_t owner[kMaxRoutes];
  uint64_t avail[kMaxRoutes / 64];          // open to a claim (unowned, not closed by G1), as bits
  uint64_t blocked[kMaxPlayers][kMaxRoutes / 64];  // lanes a seat may not take (G1)
  uint8_t open[kMaxPlayers][kMaxCells];            // routes open to each seat, by payment cell (Rules::r_cell)
  int8_t station_at[kMaxCities];
  // the seats
  uint8_t hand[kMaxPlayers][kMaxKinds];
  int16_t trains[kMaxPlayers] = {}, score[kMaxPlayers] = {};
  uint8_t stations_n[kMaxPlayers] = {};
  uint8_t stations[kMaxPlayers][kMaxStations];
  // a tunnel waiting for its extra cards (E2)
  int16_t tun_route = -1;
  Payment tun_paid;
  uint8_t tun_rev_n = 0;
  uint8_t tun_rev[kMaxReveal];
  uint8_t tun_extra = 0;
  int8_t tun_color = -1;
  // Rails & Sails (rails_sails.cpp): the ship deck and its discard (top: the end), ships, the box,
  // the secret choices of pieces (-1: none yet), exchanges, harbors
  uint16_t deck1_n = 0, disc1_n = 0;
  uint8_t deck1[kMaxShipDeck];
  uint8_t disc1[kMaxShipDeck];
  int16_t ships[kMaxPlayers] = {}, box_t[kMaxPlayers] = {}, box_s[kMaxPlayers] = {};
  int16_t choice_t[kMaxPlayers] = {-1, -1, -1, -1, -1}, choice_s[kMaxPlayers] = {-1, -1, -1, -1, -1};
  int16_t exchanged[kMaxPlayers] = {};
  uint8_t harbors_n[kMaxPlayers] = {};
  uint8_t harbors[kMaxPlayers][kMaxHarbors];
  int8_t harbor_at[kMaxCities];
  // Legacy (legacy.cpp): the event deck (top: the end), its discard (the current event last), the
  // events gone for good, the ledger; money held is `score`
  uint8_t ev_deck_n = 0, ev_disc_n = 0, ev_gone_n = 0;
  uint8_t ev_deck[kMaxEvents], ev_disc[kMaxEvents], ev_gone[kMaxEvents];
  uint8_t shown_n = 0;
  uint16_t shown[kMaxTickets];  // tickets held face up (465): seat * kShown + ticket id, in the order kept
  int16_t ex_route = -1;  // the extras phase (322): the route claimed (-1: none) and the offers taken (bits by slot)
  uint16_t ex_used = 0;
  // Legacy's card icons (LW-I1, where a step counts them): marked cards per zone by
  // [icon * n_kinds + kind]; each face-up slot's icon (-1 none)
  uint8_t ic_deck[kIcons * kMaxKinds], ic_disc[kIcons * kMaxKinds];
  uint8_t ic_hand[kMaxPlayers][kIcons * kMaxKinds];
  int8_t ic_face[kMaxFaceUp];
  // Legacy's ledger (LegacyGame.ledger), last: a copy takes only the entries in use (copy_state)
  uint16_t ledger_n = 0;
  LedgerEntry ledger[kMaxLedger];
};

// to = from, but for the ledger's entries past its count (never read): a game's copy costs what it
// holds (the ledger is most of the State's bytes, and empty outside Legacy)
inline void copy_state(State& to, const State& from) {
  static_assert(std::is_trivially_copyable_v<State> && std::is_standard_layout_v<State>);
  std::memcpy(static_cast<void*>(&to), &from, offsetof(State, ledger) + from.ledger_n * sizeof(LedgerEntry));
}

// State::open from the route bit sets (after a set-up or a decode).
void count_open(const Rules& R, State& s);

// The kernels of the claims' count (payments.cpp: the payments per cell and their dot product with a
// seat's open routes), by name for the tests; the game runs the widest the processor has.
namespace detail {
uint32_t claim_total_scalar(const uint8_t* hand, const PayVectors& v, int pieces, const uint8_t* open, uint8_t* pays);
#if defined(__SSE2__)
uint32_t claim_total_sse2(const uint8_t* hand, const PayVectors& v, int pieces, const uint8_t* open, uint8_t* pays);
#endif
#if defined(__GNUC__) && defined(__x86_64__)
extern const bool kAvx2;  // the processor has AVX2
uint32_t claim_total_avx2(const uint8_t* hand, const PayVectors& v, int pieces, const uint8_t* open, uint8_t* pays);
#endif
inline uint32_t claim_total(const uint8_t* hand, const PayVectors& v, int pieces, const uint8_t* open, uint8_t* pays) {
#if defined(__GNUC__) && defined(__x86_64__)
  if (kAvx2) return claim_total_avx2(hand, v, pieces, open, pays);
#endif
#if defined(__SSE2__)
  return claim_total_sse2(hand, v, pieces, open, pays);
#else
  return claim_total_scalar(hand, v, pieces, open, pays);
#endif
}
// The r-th payment of a gray route (as nth_payment) from its row's counts per colour in claim_total's pays.
Payment nth_gray_payment(const uint8_t* hand, const PayKey& k, int wild, int r, const uint8_t* row);
}  // namespace detail

constexpr int kWords = kMaxRoutes / 64;
inline bool bit(const uint64_t* b, int r) { return (b[r >> 6] >> (r & 63)) & 1u; }
inline void set_bit(uint64_t* b, int r) { b[r >> 6] |= uint64_t{1} << (r & 63); }
inline void clear_bit(uint64_t* b, int r) { b[r >> 6] &= ~(uint64_t{1} << (r & 63)); }

// What a position offers, counted without listing it (Game::count): its segments in the order of
// the legal actions, each a kind with a number of targets and of payments per target. The claims
// are one segment (their number, from the payments per cell), walked by group when one is picked.
struct Counted {
  struct Seg {
    uint8_t kind;
    uint32_t n;      // targets (CLAIM: claims)
    uint16_t pays;   // payments per target (CLAIM: 1)
    int16_t cost;    // STATION: its cost; TRADE: its slot
  };
  uint32_t total = 0;
  int nseg = 0;
  Seg seg[16];  // (Legacy: the actions of the event and of up to 9 rules)
  // CLAIM where locomotives are not wild everywhere (Nordic): per claim group (Rules::flat_groups),
  // its open routes and its payments (0: the group offers nothing)
  uint32_t g_open[kMaxFlatGroups], g_pays[kMaxFlatGroups];
  uint64_t draws = 0;                // DRAW: the face-up kinds on offer, as bits (then the deck)
  alignas(16) uint8_t pays[kMaxCells];  // CLAIM: payments per cell (none past the seat's pieces)
};

struct Segment {
  uint8_t kind;
  uint16_t t0, tn;  // targets[t0 .. t0 + tn)
  uint32_t p0, pn;  // pays[p0 .. p0 + pn); a segment without cards has one empty payment
  int16_t lazy = -1;  // >= 0: pn payments of this payment key (Nordic's ferries, Murmansk-Lieksa),
                      // counted and indexed from Legal::hand, never listed (pays unused)
};

// The legal actions of a position, as the Python engine's segments: every target with every
// payment, in the same order.
struct Legal {
  const Rules* rules = nullptr;  // (lazy segments)
  uint8_t hand[kMaxKinds] = {};  // the hand that pays (lazy segments)
  std::vector<Segment> seg;
  std::vector<int16_t> targets;
  std::vector<Payment> pays;
  std::vector<uint32_t> ends;  // per segment: the index just past its actions
  uint32_t size() const { return ends.empty() ? 0 : ends.back(); }
  Action at(uint32_t i) const;
  int64_t find(const Action& a) const;  // its index, or -1
  void clear() {
    seg.clear();
    targets.clear();
    pays.clear();
    ends.clear();
  }
};

// Builds a Legal segment by segment, in the Python engine's order (game.cpp, rails_sails.cpp).
struct LegalBuilder {
  Legal& L;
  explicit LegalBuilder(Legal& l) : L(l) { L.clear(); }
  void add(uint8_t kind, uint16_t t0, uint16_t tn, uint32_t p0, uint32_t pn, int lazy = -1) {
    if (!tn || !pn) return;
    L.seg.push_back(Segment{kind, t0, tn, p0, pn, static_cast<int16_t>(lazy)});
    const uint32_t prev = L.ends.empty() ? 0 : L.ends.back();
    L.ends.push_back(prev + static_cast<uint32_t>(tn) * pn);
  }
  uint32_t no_cards() {  // one empty payment
    L.pays.push_back(Payment{});
    return static_cast<uint32_t>(L.pays.size() - 1);
  }
  uint16_t no_target() {
    L.targets.push_back(0);
    return static_cast<uint16_t>(L.targets.size() - 1);
  }
  uint16_t targets(const int16_t* t, int n) {
    const uint16_t t0 = static_cast<uint16_t>(L.targets.size());
    L.targets.insert(L.targets.end(), t, t + n);
    return t0;
  }
};

// What the end of the game scores for one seat (scoring.py).
struct SeatScore {
  int route_points = 0, ticket_points = 0, longest = 0, stations_built = 0, station_points = 0;
  int trains_left = 0, longest_bonus = 0, globetrotter = 0, total = 0, rank = 0;
  int exchange_points = 0, harbors_built = 0, harbor_points = 0, ships_left = 0;  // (Rails & Sails)
  int trains_bonus = 0, raw_total = 0;  // (Legacy: the remaining-trains bonus; the slip before its floor of $0)
  std::vector<std::pair<int, int>> tours;  // (ticket, 0 failed / 1 any order / 2 in order), in ticket order
  std::vector<int> completed, failed;
  std::vector<std::pair<int, int>> borrowed;  // (city, route), in the order the stations were built
};

class Game {
 public:
  Game(const Rules* rules, int64_t seed, bool random_first);  // a new game (PyGame.new)
  // The same, its first draws seeded by the caller: pre[i] = Mt19937(stream_seed(seed, d_i)) for
  // the draws d_0 .. d_{n-1} that ahead_draws(R, n) names (a batch seeds many games' at once).
  Game(const Rules* rules, int64_t seed, bool random_first, Mt19937* pre, int n);
  Game(const Rules* rules, const State& s) : rules_(rules) { copy_state(s_, s); }
  Game(const Game& o) : rules_(o.rules_) { copy_state(s_, o.s_); }  // the state only (not the draws seeded ahead)
  Game& operator=(const Game& o) {
    rules_ = o.rules_;
    if (this != &o) copy_state(s_, o.s_);
    ahead_ = nullptr;
    own_.reset();
    ahead_n_ = 0;
    block_n_ = 0;
    return *this;
  }

  // The draws a new game seeds ahead, in order: the set-up's that use the generator (the deck, the
  // tickets; a random first player) and the first reshuffles'; n of them (n <= kAhead).
  static constexpr int kAhead = 8;
  static void ahead_draws(const Rules& R, int n, uint32_t* draws);
  // Legacy with card icons draws for nearly every card drawn: there the draws come kBlock at a
  // time, seeded together (each a fraction of one seeded alone; those a game ends before are wasted)
  static constexpr int kBlock = Lanes::kLanes;
  size_t heap_bytes() const {  // (the draws seeded ahead)
    return (own_ ? ahead_n_ * sizeof(Mt19937) : 0) + (block_ ? kBlock * sizeof(Mt19937) : 0);
  }

  const Rules& rules() const { return *rules_; }
  const State& state() const { return s_; }
  State& state() { return s_; }
  bool over() const { return s_.phase == OVER; }

  void legal(Legal& out) const;
  // len(legal()) and legal()[i] without listing them (what a random playout needs): count once,
  // then pick any number of indices of the same position
  void count(Counted& c) const;
  void pick(const Counted& c, uint32_t i, Action& out) const;
  Action pick(const Counted& c, uint32_t i) const {
    Action a;
    pick(c, i, a);
    return a;
  }
  uint32_t count_legal() const {
    Counted c;
    count(c);
    return c.total;
  }
  Action nth_legal(uint32_t i) const {
    Counted c;
    count(c);
    return pick(c, i);
  }
  // Apply a legal action (no checks: take it from legal()). Events go to `events` if given.
  void apply(const Action& a, std::vector<Event>* events = nullptr);

  void score(std::vector<SeatScore>& out) const;
  int longest_trail(int seat) const;  // the seat's longest trail of routes now (G8, as the score counts it)
  void encode(std::vector<int64_t>& out) const;
  static State decode(const Rules& rules, const int64_t* st, size_t n);  // unchecked (Python checks)
  int card_census() const;

 private:
  // The generator of the next draw (docs/randomness.md): one seeded ahead at set-up, else a fresh one.
  Mt19937& rng(Mt19937& fresh);
  Mt19937& block_rng(uint32_t d);  // draw d from the block that holds it (seeding the next block)
  void shuffle_draw(uint8_t* x, int n);  // a draw that shuffles x (none used for fewer than 2 items)
  int pop_card();
  void discard(const Payment& p);
  void deal_display();
  void fill_display();
  void refill();
  void check_reset();
  int fewest_wilds_after_redeal() const;
  int count_wild() const;
  void second_card();
  void end_turn();
  void game_over();
  void place_route(int r, const Payment& cards);
  void close_route(int r, int seat);
  uint32_t count_claims(Counted& c) const;
  void pick_claim(const Counted& c, uint32_t i, Action& a) const;
  uint32_t count_claims_walk(Counted& c) const;  // (Nordic)
  void pick_claim_walk(const Counted& c, uint32_t i, Action& a) const;
  void finish_claim(int r, const Payment& cards);
  void reveal_tunnel(int r, const Payment& cards);
  void keep(int p, unsigned mask);
  int draw_targets(bool second, int16_t* out) const;  // the targets (at most kMaxKinds + 1), their number
  uint64_t draw_mask(bool second, bool* deck) const;  // the face-up kinds on offer; whether the deck is
  uint32_t count_draws(Counted& c, bool second) const;
  int open_routes(int gi, int p, int16_t* out) const;  // a claim group's routes open to seat p
  int n_open(int gi, int p) const;                     // how many
  int keep_least() const;
  // Rails & Sails (rails_sails.cpp)
  int pop_card(int d);  // the top card of pile d (0 trains, 1 ships), reshuffling its discard; -1 none
  void discard_card(int c);
  void rs_setup();
  void rs_deal_display();
  void rs_fill_display();
  void rs_check_reset();
  int rs_draw_targets(bool second, int16_t* out) const;
  void rs_legal(Legal& L) const;
  void rs_count(Counted& c) const;  // (turns, second cards, pieces: the claims walked by group as legal does)
  void rs_pick(const Counted& c, uint32_t i, Action& a) const;
  int rs_harbor_cities(int p, int16_t* out) const;
  void rs_draw(const Action& a);
  void rs_apply(const Action& a);
  // Legacy (legacy.cpp)
  int pop_one();  // the top card of the draw pile, reshuffling its discard; -1 none
  int pop_for(int to);  // the same, for a seat's hand (to >= 0) or display slot -1 - to (Legacy's icons)
  int lw_pop_card(int to);
  void lw_drawn(int c, int to);
  void lw_cleared();
  void lw_spend(int p, const Payment& cards, int r, const std::vector<std::pair<int, int>>& steps, int* spent);
  void lw_before_deal();
  void lw_after_setup();
  void lw_reveal();
  void lw_lightning(int i);
  void lw_gain(int p, int dollars, int reason);
  void lw_cards(int p, int n, int reason, int offer = 0);  // (offer: 1 + the offer that gave them, else 0)
  void lw_tickets(int p, int n, int reason, int offer = 0);
  void lw_show(int p, const uint8_t* tickets, int n);
  const LwEvent* lw_trade() const;  // the current event, if it has an action (rulebook 278)
  int lw_trades(int p, int16_t* out) const;  // the slots of seat p's actions (trade_offers), in order
  LwTrade lw_trade_at(int p, int slot) const;  // seat p's action at `slot` (cards 0: none)
  void lw_apply_trade(int slot, const Payment& cards);
  int lw_offer_at(int p, int slot) const;  // seat p's offer at `slot`: its index in extra_gives (-1 none)
  int lw_extra_targets(int16_t* out) const;  // the extras phase's targets: the offers open (slots), then done
  int16_t lw_extra_pick(uint32_t q) const;
  void lw_take_extra(int slot);
  void lw_end_extras();
  void lw_remove(int i);
  void lw_finish_claim(int r, const Payment& cards);
  void lw_score(std::vector<SeatScore>& out) const;
  bool lw_can_draw() const { return s_.deck_n + s_.disc_n > rules_->lw.draw_floor; }
  int lw_aside_ = -1;  // during the deal: newspapers set aside (L2), else -1
  void note(const Event& e) {
    if (events_) events_->push_back(e);
  }

  const Rules* rules_;
  State s_;
  std::vector<Event>* events_ = nullptr;
  void setup(bool random_first);
  // draws seeded ahead, several at once (each costs a fraction of one seeded alone): ahead_[i] is
  // draw ahead_draw_[i], in the caller's storage or own_
  Mt19937* ahead_ = nullptr;
  std::unique_ptr<Mt19937[]> own_;
  uint32_t ahead_draw_[kAhead] = {};
  int ahead_n_ = 0;
  // the block of draws block_first_ .. + block_n_ - 1 of the game seeded block_seed_ (kBlock);
  // those from block_next_ on not handed out yet
  std::unique_ptr<Mt19937[]> block_;
  int64_t block_seed_ = 0;
  uint32_t block_first_ = 0, block_next_ = 0;
  int block_n_ = 0;
};

// Nordic's payments (nordic.cpp, NordicEdition.payments): an ordinary route n cards of one colour,
// a tunnel as Europe's, ferries and Murmansk-Lieksa from families of bounded multisets, counted
// and indexed without listing them (`lazy` keys), in the Python engine's order.
namespace nordic {
inline bool lazy(const PayKey& k) { return (k.locos > 0 || k.any_four) && !k.tunnel; }
uint64_t count(const uint8_t* hand, const PayKey& k, const Rules& R);
Payment nth(const uint8_t* hand, const PayKey& k, const Rules& R, uint64_t r);
int64_t rank(const uint8_t* hand, const PayKey& k, const Rules& R, const Payment& p);  // -1: not a payment
void list(const uint8_t* hand, const PayKey& k, const Rules& R, std::vector<Payment>& out);  // every one, in order
void claim_reach(const uint8_t* hand, const Rules& R, int* reach);  // kMaxReach bounds (NordicEdition.claim_reach)
// the payment steps (kind, count) that continue a partial payment towards a payment of a lazy key
// (the action space's _next_steps): fixed[kind] the counts of the kinds <= last; out[kind] |= 1 << count
void next_steps(const uint8_t* hand, const PayKey& k, const Rules& R, const uint8_t* fixed, int last, uint64_t* out);
// a lazy key's payment of least weight (weights[kind] per card), as PaymentSet.cheapest finds it
Payment cheapest(const uint8_t* hand, const PayKey& k, const Rules& R, const double* weights);
}  // namespace nordic

// Rails & Sails' payments (rails_sails.cpp, RailsSailsEdition.payments, harbor_payments): listed in
// the Python engine's order; the reach bounds (claim_reach, kRsReach of them).
namespace rs {
void claim_reach(const uint8_t* hand, const Rules& R, int* reach);
void payments(const uint8_t* hand, const PayKey& k, const Rules& R, std::vector<Payment>& out);
void harbor_payments(const uint8_t* hand, const Rules& R, std::vector<Payment>& out);
// a draw's target with two decks: (card or kDeckTarget, deck or -1) in one number, and back
inline int16_t draw_target(int card, int deck) { return static_cast<int16_t>((card + 1) * 4 + deck + 1); }
inline int draw_card(int t) { return t / 4 - 1; }
inline int draw_deck(int t) { return t % 4 - 1; }
}  // namespace rs

// A claim's payments under the edition's rules (Nordic's where locomotives are not wild everywhere).
uint64_t claim_payment_count(const uint8_t* hand, const PayKey& k, const Rules& R);
Payment nth_claim_payment(const uint8_t* hand, const PayKey& k, const Rules& R, uint64_t r);

// The payments of a route of payment key `k` from `hand` (edition.payments), appended to `out`;
// how many there are, and the r-th of them.
void payments(const uint8_t* hand, const PayKey& k, int wild, std::vector<Payment>& out);
int payment_count(const uint8_t* hand, const PayKey& k, int wild);
Payment nth_payment(const uint8_t* hand, const PayKey& k, int wild, int r);
void tunnel_payments(const uint8_t* hand, int paid_color, int extra, int wild, std::vector<Payment>& out);
int tunnel_payment_count(const uint8_t* hand, int paid_color, int extra, int wild);
Payment nth_tunnel_payment(const uint8_t* hand, int paid_color, int extra, int wild, int r);

}  // namespace ttr
