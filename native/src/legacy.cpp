// Legacy: Legends of the West (ttr/editions/legacy/game.py, LegacyGame), the parts a setup that
// ttr.native.legacy_supported accepts uses: money (L1), newspapers and events (L2), the numbered
// claim steps (L4, as tables of step_gives), the companies' trains and colours, dollar scoring
// (L5). The same game as the Python engine, action for action and draw for draw.
#include <algorithm>
#include <string>
#include <tuple>

#include "ttr/game.hpp"
#include "ttr/mutants.hpp"

namespace ttr {

void Rules::validate_lw() {
  auto need = [](bool ok, const char* why) {
    if (!ok) throw RulesError(std::string("rules tables (Legacy): ") + why);
  };
  const LwRules& L = lw;
  need(L.newspaper >= 0 && L.newspaper < n_kinds && L.newspaper != wild, "newspaper: not a card kind");
  need(L.draw_floor >= 0 && L.draw_floor <= kMaxDeck, "draw_floor: out of range");
  need(L.start_money >= 0 && L.start_money <= 1000, "start_money: out of range");
  need(static_cast<int>(L.seat_trains.size()) == players && static_cast<int>(L.seat_color.size()) == players,
       "seat_trains, seat_color: not one per seat");
  for (int t : L.seat_trains) need(t >= 0 && t <= 64, "seat_trains: out of range");
  for (int c : L.seat_color) need(c >= 0 && c < kColors, "seat_color: not a colour");
  need(static_cast<int>(L.events.size()) <= kMaxEvents, "events: more than the native core holds");
  for (const LwEvent& e : L.events)
    need(e.effect >= LW_GAIN_ALL && e.effect <= LW_GAIN_PER_ROUTE && e.amount >= -1000 && e.amount <= 1000 &&
             (e.color == kLwAnyColour || e.color == kLwCompany || e.color == kLwGray ||
              (e.color >= 0 && e.color < kColors)),
         "events: an effect, amount or colour out of range");
  need(!L.trains_bonus.empty(), "trains_bonus: empty");
  for (int b : L.trains_bonus) need(b >= 0 && b <= 1000, "trains_bonus: out of range");
  need(L.n_steps >= 0 && L.n_steps <= kMaxLwSteps, "steps: more than the native core holds");
  need(L.n_board >= 0 && L.n_reasons >= L.n_board + static_cast<int>(L.events.size()) && L.n_reasons <= 256,
       "n_board, n_reasons: out of range");
  const size_t cells = static_cast<size_t>(L.n_steps) * players * n_ids;
  need(L.step_dollars.size() == cells && L.step_cards.size() == cells, "step tables: not steps x seats x routes");
  for (size_t i = 0; i < cells; ++i)
    need(L.step_dollars[i] >= -1000 && L.step_dollars[i] <= 1000 && L.step_cards[i] >= 0 && L.step_cards[i] <= 16,
         "step tables: out of range");
  need(L.in_force.size() == L.events.size() + 1, "in_force: not one list per current event and none");
  // the ledger's bound: a claim (each takes a train) changes money at most once per step in force
  // that pays or costs dollars; an event's effect once per seat
  std::vector<uint8_t> pays(L.n_steps);
  for (size_t i = 0; i < cells; ++i) pays[i / (static_cast<size_t>(players) * n_ids)] |= L.step_dollars[i] != 0;
  int per_claim = 0;
  for (const auto& steps : L.in_force) {
    need(static_cast<int>(steps.size()) <= kMaxLwSteps, "in_force: too many steps");
    int n = 0;
    for (const auto& [k, reason] : steps) {
      need(k >= 0 && k < L.n_steps && reason >= 0 && reason < L.n_reasons, "in_force: a step or reason out of range");
      n += pays[k];
    }
    per_claim = std::max(per_claim, n);
  }
  int trains_all = 0;
  for (int t : L.seat_trains) trains_all += t;
  need(trains_all * per_claim + static_cast<int>(L.events.size()) * players <= kMaxLedger,
       "the ledger: more money changes than the native core holds");
}

// ------------------------------------------------------------------ set-up (LegacyGame.before_deal, after_setup)

void Game::lw_before_deal() {
  State& s = s_;
  s.ev_deck_n = static_cast<uint8_t>(rules_->lw.events.size());
  for (int i = 0; i < s.ev_deck_n; ++i) s.ev_deck[i] = static_cast<uint8_t>(i);
  shuffle_draw(s.ev_deck, s.ev_deck_n);
  s.ev_disc_n = s.ev_gone_n = 0;
  s.ledger_n = 0;
  lw_aside_ = 0;
}

void Game::lw_after_setup() {
  const Rules& R = *rules_;
  State& s = s_;
  for (int p = 0; p < R.players; ++p) s.score[p] = static_cast<int16_t>(R.lw.start_money);  // L1
  const int aside = lw_aside_;
  lw_aside_ = -1;
  if (aside) {  // L2: the newspapers dealt at the set-up, shuffled back
    for (int i = 0; i < aside; ++i) s.deck[s.deck_n++] = static_cast<uint8_t>(R.lw.newspaper);
    shuffle_draw(s.deck, s.deck_n);
  }
  for (int p = 0; p < R.players; ++p) s.trains[p] = static_cast<int16_t>(R.lw.seat_trains[p]);
}

// ------------------------------------------------------------------ newspapers and events (L2)

int Game::lw_pop_card() {
  const int paper = rules_->lw.newspaper;
  int c = pop_one();
  while (c == paper) {
    if (lw_aside_ >= 0) {
      ++lw_aside_;  // (the set-up: set aside)
    } else {
      s_.disc[s_.disc_n++] = static_cast<uint8_t>(paper);
      lw_reveal();
      bool only_papers = true;  // nothing but newspapers left: no card to draw (G3)
      for (int i = 0; i < s_.deck_n && only_papers; ++i) only_papers = s_.deck[i] == paper;
      for (int i = 0; i < s_.disc_n && only_papers; ++i) only_papers = s_.disc[i] == paper;
      if (only_papers) return -1;
    }
    c = pop_one();
  }
  return c;
}

void Game::lw_reveal() {
  State& s = s_;
  if (!s.ev_deck_n) return;  // LW-P1
  const int i = s.ev_deck[--s.ev_deck_n];
  s.ev_disc[s.ev_disc_n++] = static_cast<uint8_t>(i);
  Event e{EV_NEWSPAPER};
  e.a = static_cast<int16_t>(i);
  note(e);
  if (rules_->lw.events[i].lightning) lw_lightning(i);
}

void Game::lw_lightning(int i) {
  const Rules& R = *rules_;
  const LwEvent& ev = R.lw.events[i];
  const int n = R.players, reason = R.lw.n_board + i;
  auto give = [&](int p, int amount) {
    if (ev.cards)
      lw_cards(p, amount, reason);
    else
      lw_gain(p, amount, reason);
  };
  switch (ev.effect) {
    case LW_GAIN_ALL:
      for (int p = 0; p < n; ++p) give(p, ev.amount);
      break;
    case LW_GAIN_DRAWER:
      give(s_.current, ev.amount);
      break;
    case LW_GAIN_POOREST:
    case LW_GAIN_RICHEST: {  // every seat tied, as they stood when the event was revealed
      int target = s_.score[0];
      for (int p = 1; p < n; ++p)
        target = ev.effect == LW_GAIN_POOREST ? std::min<int>(target, s_.score[p]) : std::max<int>(target, s_.score[p]);
      bool seats[kMaxPlayers];
      for (int p = 0; p < n; ++p) seats[p] = s_.score[p] == target;
      for (int p = 0; p < n; ++p)
        if (seats[p]) give(p, ev.amount);
      break;
    }
    default:  // LW_GAIN_PER_ROUTE: per route owned of the colour
      for (int p = 0; p < n; ++p) {
        const int want = ev.color == kLwCompany ? R.lw.seat_color[p] : ev.color;
        int count = 0;
        for (int r = 0; r < R.n_ids; ++r)
          if (s_.owner[r] == p && (want == kLwAnyColour || (want == kLwGray ? R.r_color[r] < 0 : R.r_color[r] == want)))
            ++count;
        give(p, ev.amount * count);
      }
  }
}

void Game::lw_gain(int p, int dollars, int reason) {
  State& s = s_;
  if (dollars < 0) dollars = -std::min<int>(-dollars, s.score[p]);  // LW-P3: at most what is held
  if (!dollars) return;
  if (s.ledger_n >= kMaxLedger) throw RulesError("the ledger: more money changes than the native core holds");
  s.score[p] = static_cast<int16_t>(s.score[p] + dollars);
  s.ledger[s.ledger_n++] = LedgerEntry{s.turns, static_cast<int16_t>(dollars), static_cast<uint8_t>(p),
                                       static_cast<uint8_t>(reason)};
  Event e{EV_MONEY};
  e.a = static_cast<int16_t>(p);
  e.b = static_cast<int16_t>(dollars);
  e.n = 1;
  e.cards[0] = static_cast<uint8_t>(reason);
  note(e);
}

void Game::lw_cards(int p, int n, int reason) {  // LegacyGame._cards: as far as the draw limit allows (LW-P2)
  for (int k = 0; k < n; ++k) {
    if (!lw_can_draw()) return;
    const int c = pop_card();
    if (c < 0) return;
    ++s_.hand[p][c];
    Event e{EV_CARD};
    e.a = static_cast<int16_t>(p);
    e.n = 1;
    e.cards[0] = static_cast<uint8_t>(reason);
    note(e);
  }
}

// ------------------------------------------------------------------ claim steps (L4)

void Game::lw_finish_claim(int r, const Payment& cards) {
  const Rules& R = *rules_;
  const LwRules& L = R.lw;
  const int p = s_.current;
  // the steps in force when the claim is made (a newspaper a step draws changes none of them)
  const auto& steps = L.in_force[s_.ev_disc_n ? s_.ev_disc[s_.ev_disc_n - 1] + 1 : 0];
  place_route(r, cards);
  for (const auto& [k, reason] : steps) {
    const size_t at = (static_cast<size_t>(k) * R.players + p) * R.n_ids + r;
    int dollars = L.step_dollars[at];
#ifdef TTR_MUTANTS
    if (mutant(M_STEP_DOLLARS) && dollars > 0) ++dollars;
#endif
    if (L.step_cards[at]) lw_cards(p, L.step_cards[at], reason);
    if (dollars) lw_gain(p, dollars, reason);
  }
  refill();
  end_turn();
}

// ------------------------------------------------------------------ scoring (L5)

void Game::lw_score(std::vector<SeatScore>& out) const {
  const Rules& R = *rules_;
  const int n = R.players;
  const auto& bonus = R.lw.trains_bonus;
  for (int p = 0; p < n; ++p) {
    SeatScore& sc = out[p];
    sc.trains_bonus = bonus[std::min<size_t>(std::max(0, static_cast<int>(s_.trains[p])), bonus.size() - 1)];
    sc.raw_total = s_.score[p] + sc.trains_bonus + sc.ticket_points;
    sc.total = std::max(0, sc.raw_total);  // a bank slip never shows less than $0
  }
  // money, then completed tickets, then later in turn order: places are never shared
  auto key = [&](int p) {
    return std::make_tuple(out[p].total, out[p].completed.size(), (p - s_.first_player + n) % n);
  };
  for (int p = 0; p < n; ++p) {
    out[p].rank = 1;
    for (int q = 0; q < n; ++q) out[p].rank += key(q) > key(p);
  }
}

}  // namespace ttr
