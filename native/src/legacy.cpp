// Legacy: Legends of the West (ttr/editions/legacy/game.py, LegacyGame), the parts a setup that
// ttr.native.legacy_supported accepts uses: money (L1), newspapers and events (L2), the numbered
// claim steps (L4, as tables of step_gives), the companies' trains and colours, the events' and the
// rules of play's (Q-V, postcards P1-P3) actions and extra-card offers (278, 322, 437-447, LW-X3),
// dollar scoring (L5). The same game as the Python engine, action for action and draw for draw.
#include <algorithm>
#include <cstring>
#include <string>
#include <tuple>

#include "ttr/game.hpp"
#include "ttr/mutants.hpp"

namespace ttr {

namespace {
// A log event of a seat with a value and a reason (money, card, ticket, extra: Event's comments).
Event tagged(uint8_t type, int seat, int value, int reason) {
  Event e{type};
  e.a = static_cast<int16_t>(seat);
  e.b = static_cast<int16_t>(value);
  e.n = 1;
  e.cards[0] = static_cast<uint8_t>(reason);
  return e;
}
}  // namespace

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
  need(static_cast<int>(L.office_money.size()) == players && static_cast<int>(L.office_cards.size()) == players &&
           static_cast<int>(L.office_tickets.size()) == players,
       "office: not one per seat");
  for (int p = 0; p < players; ++p)
    need(L.office_money[p] >= 0 && L.office_money[p] <= 1000 && L.office_cards[p] >= 0 && L.office_cards[p] <= 16 &&
             L.office_tickets[p] >= 0 && L.office_tickets[p] <= 16,
         "office: out of range");
  for (const LwEvent& e : L.events)
    need(e.trade_cards >= 0 && e.trade_cards <= 16 && e.trade_color >= -1 && e.trade_color < kColors &&
             e.trade_money >= 0 && e.trade_money <= 1000 && e.trade_draw >= 0 && e.trade_draw <= 16 &&
             e.trade_tickets >= 0 && e.trade_tickets <= 16,
         "events: a trade out of range");
  for (const LwEvent& e : L.events)
    need(e.gives >= LW_MONEY && e.gives <= LW_TICKETS && e.effect >= LW_GAIN_ALL && e.effect <= LW_GAIN_PER_ROUTE && e.amount >= -1000 && e.amount <= 1000 &&
             (e.color == kLwAnyColour || e.color == kLwCompany || e.color == kLwGray ||
              (e.color >= 0 && e.color < kColors)),
         "events: an effect, amount or colour out of range");
  need(!L.trains_bonus.empty(), "trains_bonus: empty");
  for (int b : L.trains_bonus) need(b >= 0 && b <= 1000, "trains_bonus: out of range");
  need(L.n_steps >= 0 && L.n_steps <= kMaxLwSteps, "steps: more than the native core holds");
  need(L.n_board >= 0 && L.n_reasons >= L.n_board + static_cast<int>(L.events.size() + L.rules.size()) &&
           L.n_reasons <= 256,
       "n_board, n_reasons: out of range");
  const size_t cells = static_cast<size_t>(L.n_steps) * players * n_ids;
  need(L.step_dollars.size() == cells && L.step_cards.size() == cells, "step tables: not steps x seats x routes");
  for (size_t i = 0; i < cells; ++i)
    need(L.step_dollars[i] >= -1000 && L.step_dollars[i] <= 1000 && L.step_cards[i] >= 0 && L.step_cards[i] <= 16,
         "step tables: out of range");
  need(L.in_force.size() == L.events.size() + 1, "in_force: not one list per current event and none");
  for (const auto& steps : L.in_force) {
    need(static_cast<int>(steps.size()) <= kMaxLwSteps, "in_force: too many steps");
    for (const auto& [k, reason] : steps)
      need(k >= 0 && k < L.n_steps && reason >= 0 && reason < L.n_reasons, "in_force: a step or reason out of range");
  }
  // (claims: at most the routes, and at most as many of the shortest as all the trains cover)
  int trains_all = 0, claims = 0;
  for (int t : L.seat_trains) trains_all += t;
  std::vector<int> lengths;
  for (int r = 0; r < n_ids; ++r)
    if (r_exists[r]) lengths.push_back(r_len[r]);
  std::sort(lengths.begin(), lengths.end());
  for (int len : lengths) {
    if (len > trains_all) break;
    trains_all -= len;
    ++claims;
  }
  need(static_cast<int>(L.step_icon.size()) == (L.icons ? L.n_steps : 0), "step_icon: not one per step");
  for (int i : L.step_icon) need(i >= -1 && i < kIcons, "step_icon: not an icon");
  need(L.bot_step_icon.empty() || static_cast<int>(L.bot_step_icon.size()) == L.n_steps, "bot_step_icon: not one per step");
  need(L.bot_icon_amount.size() == L.bot_step_icon.size(), "bot_icon_amount: not one per step");
  for (int i : L.bot_step_icon) need(i >= -1 && i < kIcons, "bot_step_icon: not an icon");
  need(static_cast<int>(L.icon_totals.size()) == (L.icons ? kIcons * n_kinds : 0), "icon_totals: not icons x kinds");
  for (int t : L.icon_totals) need(t >= 0 && t <= 255, "icon_totals: out of range");
  need(L.shown_on_keep.size() == (L.shown ? t_a.size() : 0), "shown_on_keep: not one per ticket id");
  const size_t e = L.events.size(), nr = L.rules.size();
  need(nr <= kMaxLwRules && L.rule_names.size() == nr * players, "rules, rule_names: not rules x seats");
  for (size_t k = 0; k < nr; ++k) {
    const LwRule& r = L.rules[k];
    const LwTrade& t = r.trade;
    need(r.slot >= 1 && r.slot < kExtraDone, "rules: a slot out of range");
    need(r.reason >= L.n_board + static_cast<int>(e) && r.reason < L.n_reasons && t.reason == r.reason,
         "rules: a reason out of range");
    need(t.cards >= 0 && t.cards <= 16 && t.color >= -1 && t.color < kColors && t.money >= 0 && t.money <= 1000 &&
             t.draw >= 0 && t.draw <= 16 && t.tickets >= 0 && t.tickets <= 16,
         "rules: a trade out of range");
    for (size_t j = 0; j < k; ++j)  // (a place holds one rule per company: one action and one offer a slot)
      for (int p = 0; p < players; ++p)
        need(!(L.rules[j].slot == r.slot && L.rule_names[j * players + p] && L.rule_names[k * players + p]),
             "rules: two at one place name one company");
  }
  need(L.extra_gives.size() == (L.extras ? (e + nr) * 3 : 0) &&
           L.extra_match.size() == (L.extras ? (e + nr) * players * n_ids : 0),
       "extra_gives, extra_match: not per event and rule (and seat and route)");
  for (int x : L.extra_gives) need(x >= 0 && x <= 1000, "extra_gives: out of range");
  // the ledger's bound: a claim (each takes a train) changes money at most once per step in force
  // that pays or costs the claimer dollars on its route, and once per offer (one a slot) that pays
  // it dollars there; an event's effect once per seat (+1: the offices). The actions (trades) are
  // not bounded: half the ledger is left for them, and a game that makes more money changes than it
  // holds stops with an error, never a wrong state.
  need(claims * lw_claim_changes() + static_cast<int>(e + 1) * players <= kMaxLedger / 2,
       "the ledger: more money changes than the native core holds");
}

// The most money changes one claim makes (validate_lw): over the events current (and none), seats
// and routes, the steps in force that pay there and the offers that pay there
int Rules::lw_claim_changes() const {
  const LwRules& L = lw;
  const size_t e = L.events.size();
  int most = 0;
  for (size_t row = 0; row < L.in_force.size(); ++row)
    for (int p = 0; p < players; ++p)
      for (int r = 0; r < n_ids; ++r) {
        int n = 0;
        for (const auto& [k, reason] : L.in_force[row])
          n += L.step_dollars[(static_cast<size_t>(k) * players + p) * n_ids + r] != 0;
        auto pays = [&](size_t offer) {
          return L.extra_gives[offer * 3] && L.extra_match[(offer * players + p) * n_ids + r];
        };
        if (L.extras) {
          n += row > 0 && pays(row - 1);
          for (size_t k = 0; k < L.rules.size(); ++k) n += pays(e + k);
        }
        most = std::max(most, n);
      }
  return most;
}

// ------------------------------------------------------------------ set-up (LegacyGame.before_deal, after_setup)

void Game::lw_before_deal() {
  State& s = s_;
  s.ev_deck_n = static_cast<uint8_t>(rules_->lw.events.size());
  for (int i = 0; i < s.ev_deck_n; ++i) s.ev_deck[i] = static_cast<uint8_t>(i);
  shuffle_draw(s.ev_deck, s.ev_deck_n);
  s.ev_disc_n = s.ev_gone_n = 0;
  s.ledger_n = 0;
  s.shown_n = 0;
  lw_aside_ = 0;
  if (rules_->lw.icons) {  // LW-I1: every marked card in the pile
    const auto& t = rules_->lw.icon_totals;
    for (size_t j = 0; j < t.size(); ++j) s.ic_deck[j] = static_cast<uint8_t>(t[j]);
    std::memset(s.ic_disc, 0, sizeof s.ic_disc);
    std::memset(s.ic_hand, 0, sizeof s.ic_hand);
    for (int i = 0; i < kMaxFaceUp; ++i) s.ic_face[i] = -1;
  }
}

void Game::lw_after_setup() {
  const Rules& R = *rules_;
  State& s = s_;
  for (int p = 0; p < R.players; ++p) s.score[p] = static_cast<int16_t>(R.lw.start_money);  // L1
  const LwRules& L = R.lw;
  for (int p = 0; p < R.players; ++p) {  // what each company's office holds (rulebook 152)
    for (int k = 0; k < L.office_cards[p]; ++k) {
      const int c = pop_for(p);  // (newspapers set aside, as in the deal)
      if (c >= 0) ++s.hand[p][c];
    }
    if (L.office_money[p]) {
      s.score[p] = static_cast<int16_t>(s.score[p] + L.office_money[p]);
      s.ledger[s.ledger_n++] = LedgerEntry{0, static_cast<int16_t>(L.office_money[p]), static_cast<uint8_t>(p),
                                           static_cast<uint8_t>(L.n_reasons - 1)};  // (OFFICE: the last reason)
    }
    for (int k = 0; k < L.office_tickets[p] && s.pile_n; ++k)  // kept, secret (as LW-P6)
      s.tickets[p][s.tickets_n[p]++] = s.pile[--s.pile_n];
  }
  const int aside = lw_aside_;
  lw_aside_ = -1;
  if (aside) {  // L2: the newspapers dealt at the set-up, shuffled back
    for (int i = 0; i < aside; ++i) s.deck[s.deck_n++] = static_cast<uint8_t>(R.lw.newspaper);
    shuffle_draw(s.deck, s.deck_n);
  }
  for (int p = 0; p < R.players; ++p) s.trains[p] = static_cast<int16_t>(R.lw.seat_trains[p]);
}

// ------------------------------------------------------------------ newspapers and events (L2)

int Game::lw_pop_card(int to) {
  const Rules& R = *rules_;
  const int paper = R.lw.newspaper, k = R.n_kinds;
  const bool icons = R.lw.icons;
  if (icons && to < 0 && to != kNowhere && s_.face_up[-1 - to] >= 0) {  // a face-up card taken: its icon too
    const int slot = -1 - to, icon = s_.ic_face[slot];
    if (icon >= 0) {
      ++s_.ic_hand[s_.current][icon * k + s_.face_up[slot]];
      s_.ic_face[slot] = -1;
    }
  }
  auto pop = [&] {
    if (icons && !s_.deck_n && s_.disc_n) {  // the discard's marked cards become the pile's
      for (int j = 0; j < kIcons * k; ++j) {
        s_.ic_deck[j] = static_cast<uint8_t>(s_.ic_deck[j] + s_.ic_disc[j]);
        s_.ic_disc[j] = 0;
      }
    }
    return pop_one();
  };
  int c = pop();
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
    c = pop();
  }
  if (icons && c >= 0) lw_drawn(c, to);
  return c;
}

// Icons.drawn: card c left the pile for `to`; it bears an icon with the chance the pile's cards of
// its kind give (one random draw, where some bear one)
void Game::lw_drawn(int c, int to) {
  const Rules& R = *rules_;
  State& s = s_;
  const int k = R.n_kinds;
  int icon = -1;
  const int m0 = s.ic_deck[c], m1 = s.ic_deck[k + c];
  if (m0 || m1) {
    uint32_t pile = 1;  // its kind's cards in the pile, this one included
    for (int i = 0; i < s.deck_n; ++i) pile += s.deck[i] == c;
    Mt19937 fresh;
    uint32_t j = rng(fresh).below(pile);
    if (j < static_cast<uint32_t>(m0))
      icon = 0;
    else if (j - m0 < static_cast<uint32_t>(m1))
      icon = 1;
  }
  if (icon >= 0) --s.ic_deck[icon * k + c];
  if (to >= 0) {
    if (icon >= 0) ++s.ic_hand[to][icon * k + c];
  } else if (to >= -R.face_up) {
    s.ic_face[-1 - to] = static_cast<int8_t>(icon);
  } else if (icon >= 0) {
    ++s.ic_disc[icon * k + c];
  }
}

void Game::lw_cleared() {  // Icons.cleared: the display's marked cards to the discard (G2)
  if (!rules_->lw.icons) return;
  for (int slot = 0; slot < rules_->face_up; ++slot) {
    const int icon = s_.ic_face[slot], c = s_.face_up[slot];
    if (icon >= 0 && c >= 0) ++s_.ic_disc[icon * rules_->n_kinds + c];
    s_.ic_face[slot] = -1;
  }
}

// Icons.spend: seat p's marked cards among `cards` (already out of its hand), to its advantage on
// claim r under `steps` (spend_order): icons that gain (most first), unmarked cards, icons that do
// nothing, icons that cost (least first); how many of each icon were spent
void Game::lw_spend(int p, const Payment& cards, int r, const std::vector<std::pair<int, int>>& steps, int* spent) {
  const Rules& R = *rules_;
  const LwRules& L = R.lw;
  spent[0] = spent[1] = 0;
  if (!L.icons) return;
  const int k = R.n_kinds;
  int worth[kIcons] = {0, 0};
  for (const auto& [step, reason] : steps) {
    const int icon = L.step_icon[step];
    if (icon < 0) continue;
    const size_t at = (static_cast<size_t>(step) * R.players + p) * R.n_ids + r;
    worth[icon] += L.step_dollars[at] + L.step_cards[at];
  }
  constexpr int kPlain = kIcons;  // (unmarked cards)
  int order[kIcons + 1], n = 0;
  auto by_worth = [&](auto keep) {  // the icons kept, most worth first (ties: the first icon first)
    int got[kIcons], m = 0;
    for (int i = 0; i < kIcons; ++i)
      if (keep(worth[i])) got[m++] = i;
    if (m == 2 && worth[got[1]] > worth[got[0]]) std::swap(got[0], got[1]);
    for (int i = 0; i < m; ++i) order[n++] = got[i];
  };
  by_worth([](int w) { return w > 0; });
  order[n++] = kPlain;
  for (int i = 0; i < kIcons; ++i)
    if (!worth[i]) order[n++] = i;
  by_worth([](int w) { return w < 0; });
  for (int part = 0; part < cards.n; ++part) {
    const int c = cards.kind[part];
    int need = cards.count[part];
    uint8_t* hand = s_.ic_hand[p];
    const int plain = s_.hand[p][c] + need - hand[c] - hand[k + c];
    for (int o = 0; o < n && need > 0; ++o) {
      const int i = order[o];
      const int use = std::min(need, i == kPlain ? plain : static_cast<int>(hand[i * k + c]));
      need -= use;
      if (i != kPlain && use) {
        hand[i * k + c] = static_cast<uint8_t>(hand[i * k + c] - use);
        s_.ic_disc[i * k + c] = static_cast<uint8_t>(s_.ic_disc[i * k + c] + use);
        spent[i] += use;
      }
    }
  }
}

void Game::lw_reveal() {
  State& s = s_;
  if (!s.ev_deck_n) return;  // LW-P1
  const int i = s.ev_deck[--s.ev_deck_n];
  s.ev_disc[s.ev_disc_n++] = static_cast<uint8_t>(i);
  Event e{EV_NEWSPAPER};
  e.a = static_cast<int16_t>(i);
  note(e);
  if (rules_->lw.events[i].lightning) {
    lw_lightning(i);
    if (rules_->lw.events[i].remove) lw_remove(i);
  }
}

// Rulebook 337 (LW-P5): the event leaves the game for good; if it was the current event, the next
// one is revealed at once
void Game::lw_remove(int i) {
  State& s = s_;
  const bool current = s.ev_disc[s.ev_disc_n - 1] == i;
  int at = 0;
  while (s.ev_disc[at] != i) ++at;
  for (; at + 1 < s.ev_disc_n; ++at) s.ev_disc[at] = s.ev_disc[at + 1];
  --s.ev_disc_n;
  s.ev_gone[s.ev_gone_n++] = static_cast<uint8_t>(i);
  Event e{EV_EVENT_REMOVED};
  e.a = static_cast<int16_t>(i);
  note(e);
  if (current) lw_reveal();
}

void Game::lw_lightning(int i) {
  const Rules& R = *rules_;
  const LwEvent& ev = R.lw.events[i];
  const int n = R.players, reason = R.lw.n_board + i;
  auto give = [&](int p, int amount) {
    if (ev.gives == LW_CARDS)
      lw_cards(p, amount, reason);
    else if (ev.gives == LW_TICKETS)
      lw_tickets(p, amount, reason);
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
  if (s.ledger_n >= kMaxLedger)  // (only a game of hundreds of trades: validate_lw bounds the rest)
    throw FullError("the ledger: more money changes than the native core holds");
  s.score[p] = static_cast<int16_t>(s.score[p] + dollars);
  s.ledger[s.ledger_n++] = LedgerEntry{s.turns, static_cast<int16_t>(dollars), static_cast<uint8_t>(p),
                                       static_cast<uint8_t>(reason)};
  note(tagged(EV_MONEY, p, dollars, reason));
}

void Game::lw_cards(int p, int n, int reason, int offer) {  // LegacyGame._cards: as far as the draw limit allows (LW-P2)
  for (int k = 0; k < n; ++k) {
    if (!lw_can_draw()) return;
    const int c = pop_for(p);
    if (c < 0) return;
    ++s_.hand[p][c];
    note(tagged(EV_CARD, p, offer, reason));
  }
}

void Game::lw_tickets(int p, int n, int reason, int offer) {  // LegacyGame._tickets: kept, secret (LW-P6)
  for (int k = 0; k < n && s_.pile_n; ++k) {
    s_.tickets[p][s_.tickets_n[p]++] = s_.pile[--s_.pile_n];
    note(tagged(EV_TICKET, p, offer, reason));
    lw_show(p, &s_.tickets[p][s_.tickets_n[p] - 1], 1);
  }
}

void Game::lw_show(int p, const uint8_t* tickets, int n) {  // LegacyGame._show (rulebook 465)
  if (!rules_->lw.shown) return;
  for (int i = 0; i < n; ++i) {
    if (!rules_->lw.shown_on_keep[tickets[i]]) continue;
    s_.shown[s_.shown_n++] = static_cast<uint16_t>(p * kShown + tickets[i]);
    Event e{EV_TICKET_SHOWN};
    e.a = static_cast<int16_t>(p);
    e.b = tickets[i];
    note(e);
  }
}

// ------------------------------------------------------------------ event actions (rulebook 278)

const LwEvent* Game::lw_trade() const {
  if (!s_.ev_disc_n) return nullptr;
  const LwEvent& e = rules_->lw.events[s_.ev_disc[s_.ev_disc_n - 1]];
  return e.trade_cards ? &e : nullptr;
}

// LegacyGame.trade_offers: the slots of the actions seat p may take as a turn, in its order (the
// current event's, 0, then those of the rules that name its company, by place), into `out`
int Game::lw_trades(int p, int16_t* out) const {
  const LwRules& L = rules_->lw;
  int n = 0;
  if (lw_trade()) out[n++] = 0;
  for (size_t k = 0; k < L.rules.size(); ++k)
    if (L.rules[k].trade.cards && L.rule_names[k * rules_->players + p]) out[n++] = static_cast<int16_t>(L.rules[k].slot);
  return n;
}

LwTrade Game::lw_trade_at(int p, int slot) const {
  const LwRules& L = rules_->lw;
  if (slot == 0) {
    const LwEvent* e = lw_trade();
    if (!e) return {};
    return LwTrade{e->trade_cards, e->trade_color, e->trade_money, e->trade_draw, e->trade_tickets,
                   L.n_board + s_.ev_disc[s_.ev_disc_n - 1]};
  }
  for (size_t k = 0; k < L.rules.size(); ++k)  // (validate_lw: a slot names a seat's company once at most)
    if (L.rules[k].slot == slot && L.rule_names[k * rules_->players + p]) return L.rules[k].trade;
  return {};
}

// LegacyGame.trade: the action at `slot` (the event's, or a rule's); the cards discarded (marked
// ones spent as no step counts them), the trade's dollars, cards and tickets taken; the whole turn
void Game::lw_apply_trade(int slot, const Payment& cards) {
  const int p = s_.current;
  const LwTrade t = lw_trade_at(p, slot);
  for (int k = 0; k < cards.n; ++k) s_.hand[p][cards.kind[k]] -= cards.count[k];
  int spent[kIcons];
  lw_spend(p, cards, 0, {}, spent);
  discard(cards);
  int money = t.money;
#ifdef TTR_MUTANTS
  if (mutant(M_RULE_OFFER) && slot && money > 0) ++money;
#endif
  if (money) lw_gain(p, money, t.reason);
  lw_cards(p, t.draw, t.reason);
  lw_tickets(p, t.tickets, t.reason);
  refill();
  end_turn();
}

// ------------------------------------------------------------------ claim steps (L4)

void Game::lw_finish_claim(int r, const Payment& cards) {
  const Rules& R = *rules_;
  const LwRules& L = R.lw;
  const int p = s_.current;
  // the steps in force when the claim is made (a newspaper a step draws changes none of them)
  const auto& steps = L.in_force[s_.ev_disc_n ? s_.ev_disc[s_.ev_disc_n - 1] + 1 : 0];
  int spent[kIcons];
  lw_spend(p, cards, r, steps, spent);
  place_route(r, cards);
  for (const auto& [k, reason] : steps) {
    const size_t at = (static_cast<size_t>(k) * R.players + p) * R.n_ids + r;
    int dollars = L.step_dollars[at], drawn = L.step_cards[at];
    if (L.icons && L.step_icon[k] >= 0) {  // once per card bearing the icon that the claim spent
      dollars *= spent[L.step_icon[k]];
      drawn *= spent[L.step_icon[k]];
    }
#ifdef TTR_MUTANTS
    if (mutant(M_STEP_DOLLARS) && dollars > 0) ++dollars;
#endif
    if (drawn) lw_cards(p, drawn, reason);
    if (dollars) lw_gain(p, dollars, reason);
  }
  if (L.extras) {  // rulebook 322: offers before the turn ends
    s_.ex_route = static_cast<int16_t>(r);
    s_.ex_used = 0;
    if (lw_extra_targets(nullptr) > 1) {
      s_.phase = EXTRAS;
      return;
    }
    s_.ex_route = -1;
  }
  refill();
  end_turn();
}

// ------------------------------------------------------------------ extra-card offers (rulebook 322)

// LegacyGame.extra_targets, then done: the offers matching the route claimed, not yet taken, while
// the claimer holds a wild card (offers_in_force: the current event's, slot 0, then those of the
// rules that name its company, by place); into `out` unless null
int Game::lw_extra_targets(int16_t* out) const {
  const Rules& R = *rules_;
  const LwRules& L = R.lw;
  const int p = s_.current, r = s_.ex_route;
  int n = 0;
  auto open = [&](size_t offer, int slot) {
    if (s_.ex_used >> slot & 1 || !L.extra_match[(offer * R.players + p) * R.n_ids + r]) return;
    if (out) out[n] = static_cast<int16_t>(slot);
    ++n;
  };
  if (r >= 0 && s_.hand[p][R.wild]) {
    if (s_.ev_disc_n) {
      const int i = s_.ev_disc[s_.ev_disc_n - 1];
      const int* gives = &L.extra_gives[static_cast<size_t>(i) * 3];
      if (gives[0] || gives[1] || gives[2]) open(i, 0);
    }
    for (size_t k = 0; k < L.rules.size(); ++k) open(L.events.size() + k, L.rules[k].slot);
  }
  if (out) out[n] = kExtraDone;
  return n + 1;
}

int16_t Game::lw_extra_pick(uint32_t q) const {  // the q-th of lw_extra_targets
  int16_t open[kExtraDone + 1];
  lw_extra_targets(open);
  return open[q];
}

int Game::lw_offer_at(int p, int slot) const {
  const LwRules& L = rules_->lw;
  if (slot == 0) return s_.ev_disc_n ? s_.ev_disc[s_.ev_disc_n - 1] : -1;
  for (size_t k = 0; k < L.rules.size(); ++k)
    if (L.rules[k].slot == slot && L.rule_names[k * rules_->players + p])
      return static_cast<int>(L.events.size() + k);
  return -1;
}

// LegacyGame.take_extra: one extra wild card for the offer at `slot`, or (kExtraDone) none more
void Game::lw_take_extra(int slot) {
  if (slot == kExtraDone) return lw_end_extras();
  const Rules& R = *rules_;
  const LwRules& L = R.lw;
  const int p = s_.current, offer = lw_offer_at(p, slot);
  const int events = static_cast<int>(L.events.size());
  const int reason = offer < events ? L.n_board + offer : L.rules[offer - events].reason;
  const int* gives = &L.extra_gives[static_cast<size_t>(offer) * 3];
  Payment one{};
  one.n = 1;
  one.kind[0] = static_cast<uint8_t>(R.wild);
  one.count[0] = 1;
  --s_.hand[p][R.wild];
  int spent[kIcons];
  lw_spend(p, one, 0, {}, spent);
  discard(one);
  s_.ex_used = static_cast<uint16_t>(s_.ex_used | 1 << slot);
  note(tagged(EV_EXTRA, p, slot, offer));
  int money = gives[0];
#ifdef TTR_MUTANTS
  if (mutant(M_RULE_OFFER) && slot && money > 0) ++money;
#endif
  if (money) lw_gain(p, money, reason);
  lw_cards(p, gives[1], reason, 1 + offer);
  lw_tickets(p, gives[2], reason, 1 + offer);
  if (lw_extra_targets(nullptr) == 1) lw_end_extras();
}

void Game::lw_end_extras() {
  s_.ex_route = -1;
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
