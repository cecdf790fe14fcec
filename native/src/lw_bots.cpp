// The planner's Legacy: Legends of the West parts (ttr/agents/planner.py: read_money's claim_pay,
// icon_pay and extra_pay; _extras, rulebook 322; _trade, rulebook 278), with the same loops,
// tie-breaks and doubles as the Python (compiled with -ffp-contract=off, as bots.cpp). The money a
// claim pays orders the claims in bots.cpp's turn; the icons' worth adds to a face-up card's in
// its draw. The postcards the Python planner may aim at (`goals`) are given by a campaign
// (ttr/campaign/play.py), never by a game's view: a seat the core plays holds none.
//
// Trades and extra-card offers: each in force is a slot of extras.SLOTS (0: the event's, 1..6: the
// rules of play's Q..V, 7..9: postcards P1..P3). The trades are read from the TRADE segments of the
// legal actions, in their order (trade_offers: the event's, then the rules' by place, each its
// slot as target); the offers' worth from `lw_offers`, the one place that knows which offers are
// in force.
#include "ttr/bots.hpp"

namespace ttr {

namespace {
constexpr double kCardDollars = 1.0;  // planner.CARD_DOLLARS
constexpr double kWildDollars = 2.5;  // planner.WILD_DOLLARS
}  // namespace

void PlannerBot::lw_read() {  // read_money: claim_pay and icon_pay (extra_pay: lw_offers, in the extras phase)
  const Rules& R = R_;
  const LwRules& L = R.lw;
  const SeatView& v = *v_;
  const auto& steps = L.in_force[v.lw_event + 1];
  const bool tables = !L.bot_step_icon.empty();
  for (int r = 0; r < R.n_ids; ++r) {  // claim_values: the steps in force but those counting icons
    double total = 0.0;
    for (const auto& [k, reason] : steps) {
      if (tables && L.bot_step_icon[k] >= 0) continue;  // (per marked card spent: LW-I1)
      const size_t at = (static_cast<size_t>(k) * R.players + v.seat) * R.n_ids + r;
      total += L.step_dollars[at] + L.step_cards[at] * kCardDollars;
    }
    pay_[r] = total;
  }
  for (int k = 0; k < kMaxKinds; ++k) marks_[k] = 0.0;
  if (!L.icons || !tables) return;
  double worth[kIcons] = {};  // per icon, what a card bearing it earns when spent (a fee negative)
  for (const auto& [k, reason] : steps)
    if (L.bot_step_icon[k] >= 0) worth[L.bot_step_icon[k]] += L.bot_icon_amount[k] * 1.0;  // (cards: at CARD_DOLLARS)
  bool seen[kMaxKinds] = {};
  for (int slot = 0; slot < R.face_up; ++slot) {  // the first slot showing a kind is the one a draw of it takes
    const int c = v.face_up[slot];
    if (c < 0 || seen[c]) continue;
    seen[c] = true;
    const int icon = v.ic_face[slot];
    marks_[c] = icon >= 0 ? worth[icon] : 0.0;
  }
}

// offers_in_force for the seat to move, with extra_pay's worth: the current event's offer (slot 0),
// then those of the rules of play and postcards that name its company, by place (a rule without an
// offer gives nothing: worth 0, as an offer not in force)
int PlannerBot::lw_offers(LwOffer* out) const {
  const Rules& R = R_;
  const LwRules& L = R.lw;
  const SeatView& v = *v_;
  int n = 0;
  if (!L.extras) return 0;
  const auto worth = [&](size_t offer) {
    const int* gives = &L.extra_gives[offer * 3];
    return gives[0] + gives[1] * kCardDollars;
  };
  if (v.lw_event >= 0) {
    const int* gives = &L.extra_gives[static_cast<size_t>(v.lw_event) * 3];
    if (gives[0] || gives[1] || gives[2]) out[n++] = LwOffer{0, worth(v.lw_event)};
  }
  for (size_t k = 0; k < L.rules.size() && n < kExtraDone; ++k)
    if (L.rule_names[k * R.players + v.seat]) out[n++] = LwOffer{L.rules[k].slot, worth(L.events.size() + k)};
  return n;
}

Action PlannerBot::lw_extras() {  // _extras: the open offer that gives most, if worth the wild card
  const Legal& L = *L_;
  LwOffer offers[kExtraDone];
  const int n = lw_offers(offers);
  const auto value = [&](int slot) {  // offers.get(slot, 0.0)
    for (int i = 0; i < n; ++i)
      if (offers[i].slot == slot) return offers[i].value;
    return 0.0;
  };
  const Segment& s = L.seg[find_seg(EXTRA)];
  int best = kExtraDone;
  double best_value = 0.0;
  bool found = false;
  for (int q = 0; q < s.tn; ++q) {
    const int t = L.targets[s.t0 + q];
    if (t == kExtraDone) continue;
    if (!found || value(t) > best_value) {  // max: the first of the most
      best = t;
      best_value = value(t);
      found = true;
    }
  }
  const double got = found ? best_value : 0.0;
  const bool worth = v_->last_round ? got > 0 : got >= kWildDollars;
  Action a;
  a.kind = EXTRA;
  a.target = static_cast<int16_t>(worth ? best : kExtraDone);
  return a;
}

// _trade: once the plan is done (or in the last round), the first trade offered (in the legal
// actions' order) with a payment spending only cards the plan does not need
bool PlannerBot::lw_trade(const uint64_t* todo, bool any_todo, Action& out) {
  const Rules& R = R_;
  const Board& B = B_;
  const Legal& L = *L_;
  if (any_todo && !v_->last_round) return false;  // a turn spent trading is a turn not spent on the plan
  uint32_t keep = 0;
  for (int w = 0; w < kWords; ++w)
    for (uint64_t b = todo[w]; b; b &= b - 1) {
      const int r = w * 64 + __builtin_ctzll(b);
      if (R.r_color[r] < 0) return false;  // a planned gray route may take any colour: no card is spare
      keep |= 1u << need_key(R.r_kind[r], R.r_color[r]);
    }
  for (const Segment& s : L.seg) {
    if (s.kind != TRADE) continue;
    for (uint32_t i = 0; i < s.pn; ++i) {
      const Payment& p = L.pays[s.p0 + i];
      bool spare = true;
      for (int j = 0; j < p.n && spare; ++j) {
        const int k = p.kind[j];
        spare = B.card_c[k] >= 0 && !(keep >> need_key(B.card_where[k], B.card_c[k]) & 1u);
      }
      if (spare) {
        out = Action{};
        out.kind = TRADE;
        out.target = L.targets[s.t0];
        out.pay = p;
        return true;
      }
    }
  }
  return false;
}

}  // namespace ttr
