// Legacy: Legends of the West (ttr/editions/legacy/game.py, LegacyGame): the static content of one
// game's setup (LegacySetup), handed over from Python (ttr/native/legacy.py) as tables. The core
// plays a setup only when ttr.native.legacy_supported accepts it (money, newspapers and events,
// claim steps, companies, the events' and the rules of play's actions and offers, dollar scoring);
// legacy.cpp plays it.
#pragma once
#include <cstdint>
#include <vector>

namespace ttr {

constexpr int kMaxEvents = 32;    // events in one game's deck
// money changes in one game (validate_lw bounds all but the trades' to half of it): 2048, for the
// demo pack's last games on the board all its frontiers grow (5 seats: up to 126 claims, each paying
// up to 5 steps, and an offer)
constexpr int kMaxLedger = 2048;
constexpr int kMaxLwSteps = 64;   // claim steps: the board's and the events'
constexpr int kMaxLwRules = 64;   // rules of play (Q-V) and postcard abilities (P1-P3) in force

// LegacyGame._lightning's effects, as numbered in content.EFFECTS
enum LwEffect : uint8_t { LW_GAIN_ALL, LW_GAIN_DRAWER, LW_GAIN_POOREST, LW_GAIN_RICHEST, LW_GAIN_PER_ROUTE };
// a route's colour filter (colour_matches): any, gray, the claimer's company, else a card kind
constexpr int kLwAnyColour = -3, kLwCompany = -2, kLwGray = -1;
constexpr int kIcons = 2;         // the pickaxe and the skull (content.ICONS)
constexpr int kNowhere = -100;    // a card drawn to no hand and no display slot (game.NOWHERE)
constexpr int kExtraDone = 10;   // extras.SLOTS: the offer slots (0: the event's), then DONE
constexpr int kShown = 10000;     // edition.shown holds seat * kShown + ticket id (game.SHOWN)

enum LwGives : uint8_t { LW_MONEY, LW_CARDS, LW_TICKETS };  // what an effect gives (content.GIVES)

struct LwEvent {
  bool lightning = false;
  int gives = LW_MONEY, effect = 0, amount = 0, color = kLwAnyColour;
  bool remove = false;  // removed for good once it has acted (rulebook 337, LW-P5)
  // a persistent event's action (rulebook 278, trade.py): as the whole turn, `cards` cards of
  // `trade_color` (-1: any one colour) for dollars, cards drawn and tickets (0 cards: none)
  int trade_cards = 0, trade_color = -1, trade_money = 0, trade_draw = 0, trade_tickets = 0;
};

// An action as a whole turn (rulebook 278, trade.py): `cards` cards of `color` (-1: any one colour)
// for dollars, cards drawn and tickets, money changes under ledger reason `reason` (cards 0: none)
struct LwTrade {
  int cards = 0, color = -1, money = 0, draw = 0, tickets = 0, reason = 0;
};

// A rule sticker at a place of play (Q-V, rulebook 437-447) or a postcard's ability (P1-P3, LW-X3):
// its offer slot (extras.SLOTS: 1..9), ledger reason (reasons(setup)) and action (its trade, if any)
struct LwRule {
  int slot = 1, reason = 0;
  LwTrade trade;  // (its reason: the rule's)
};

struct LwRules {
  int start_money = 5, draw_floor = 8, newspaper = 34;
  std::vector<int> seat_trains, seat_color;  // per seat: its company's trains and colour (a card kind)
  std::vector<int> office_money, office_cards, office_tickets;  // per seat: what its office holds (152)
  std::vector<LwEvent> events;               // the setup's events, in order
  std::vector<int> trains_bonus;             // L5: by trains left (the last for more)
  // step_gives per step (the board's, then each event's with one), seat and route id:
  // dollars (negative: a fee) and cards drawn
  std::vector<int> step_dollars, step_cards;  // [(step * players + seat) * n_ids + route]
  // the steps in force (steps_in_force) per current event + 1 (0: none): (step, ledger reason), in order
  std::vector<std::vector<std::pair<int, int>>> in_force;
  int n_steps = 0, n_board = 0, n_reasons = 0;  // (steps in the tables; the board's; reasons(setup))
  // card icons (LW-I1, icons.py), where a step counts them: per step its icon (-1 none), and how
  // many cards of each kind bear each icon ([icon * n_kinds + kind])
  bool icons = false;
  std::vector<int> step_icon, icon_totals;
  // for the bots (lw_bots.cpp), every step's icon (-1 none; icons in play or not) and what its icon
  // earns per card spent (its amount; a fee negative)
  std::vector<int> bot_step_icon, bot_icon_amount;
  // tickets held face up (rulebook 465, LW-P8), where the setup names borders: per ticket id, whether
  // its holder shows it once kept
  bool shown = false;
  std::vector<uint8_t> shown_on_keep;
  // the rules of play (Q-V) and postcard abilities (P1-P3) in force, in the setup's order (by place),
  // and whether each names each seat's company ([rule * players + seat])
  std::vector<LwRule> rules;
  std::vector<uint8_t> rule_names;
  // extra-card offers (rulebook 322, extras.py), where the setup has any: per offer (each event's,
  // then each rule's: offer e < events.size() the event's, else rule e - events.size()) its
  // (dollars, cards drawn, tickets; an event's all 0: none), and whether it matches each seat's claim
  // of each route ([(offer * players + seat) * n_ids + route], extra_matches; a rule's: only where it
  // names the seat's company)
  bool extras = false;
  std::vector<int> extra_gives;  // [offer * 3 + (0 dollars, 1 cards, 2 tickets)]
  std::vector<uint8_t> extra_match;
};

// One money change (LegacyGame.ledger): turn, seat, dollars, reason (an index into reasons(setup)).
struct LedgerEntry {
  int16_t turn, dollars;
  uint8_t seat, reason;
};

}  // namespace ttr
