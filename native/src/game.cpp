// A game (PyGame): its set-up and draws, the cards, the turns and apply; its legal actions are
// legal.cpp's, each edition's own steps in nordic.cpp, rails_sails.cpp and legacy.cpp.
#include "ttr/game.hpp"

#include <algorithm>

#include "ttr/mutants.hpp"

namespace ttr {

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
