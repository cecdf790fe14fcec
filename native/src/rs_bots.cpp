// The planner's Rails & Sails parts (ttr/agents/planner.py: _pieces, _harbor, _exchange,
// _deck_value; planning.CARD_INFO), with the same loops, tie-breaks and doubles as the Python
// (compiled with -ffp-contract=off, as bots.cpp). The rest of the planner (needs per kind of card
// and colour, draws from two decks, tours) is bots.cpp's, shared with the train game.
#include <cstdlib>

#include "ttr/bots.hpp"

namespace ttr {

namespace {
void lengths(const Rules& R, const uint64_t* routes, int* out) {  // the spaces of train routes, of ship routes
  out[0] = out[1] = 0;
  for (int w = 0; w < kWords; ++w)
    for (uint64_t b = routes[w]; b; b &= b - 1) {
      const int r = w * 64 + __builtin_ctzll(b);
      out[R.r_kind[r] ? 1 : 0] += R.r_len[r];
    }
}
}  // namespace

void Board::rs_tables() {
  const Rules& R = *this->R;
  for (size_t x = 0; x < R.claim_groups.size(); ++x)  // a route's paired spaces, from its payment key
    for (const ClaimGroup& g : R.claim_groups[x])
      for (int r : R.group_routes[g.gi]) r_pairs[r] = R.pkeys[g.pkey].pairs;
  for (const RsColor& c : R.rs_colors) {  // train and anchored train cards: trains; ships; double ships: 2 spaces
    const int kinds[4] = {c.train, c.anchor, c.ship, c.twin};
    for (int i = 0; i < 4; ++i) {
      if (kinds[i] < 0 || kinds[i] >= kMaxKinds) throw RulesError("bot tables: a Rails & Sails card kind out of range");
      card_c[kinds[i]] = static_cast<int8_t>(c.color);
      card_where[kinds[i]] = static_cast<int8_t>(i < 2 ? 0 : 1);
      card_spaces[kinds[i]] = static_cast<int8_t>(i == 3 ? 2 : 1);
    }
  }
}

Action PlannerBot::pieces() {  // RS1: trains and ships in proportion to what the plan needs
  const Rules& R = R_;
  const Legal& L = *L_;
  Plan p;
  plan(v_->tickets, v_->n_tickets, p);
  int length[2];  // train, ship
  lengths(R, p.planned, length);
  const double want = static_cast<double>(R.pieces_total * (length[0] + 2)) / (length[0] + length[1] + 4);
  Action a;
  a.kind = PIECES;
  double best = 0.0;
  bool found = false;
  for (const Segment& s : L.seg) {
    if (s.kind != PIECES) continue;
    for (int q = 0; q < s.tn; ++q) {
      const int trains = L.targets[s.t0 + q];
      const double off = std::abs(trains - want);
      if (!found || off < best) {
        a.target = static_cast<int16_t>(trains);
        best = off;
        found = true;
      }
    }
  }
  return a;
}

bool PlannerBot::harbor(Action& out) {  // RS5: a harbor on a city of the seat's tickets
  const Rules& R = R_;
  const SeatView& v = *v_;
  const Legal& L = *L_;
  bool mine[kMaxCities] = {};
  for (int i = 0; i < v.n_tickets; ++i)
    for (int c : R.t_cities[v.tickets[i]]) mine[c] = true;
  for (size_t k = 0; k < L.seg.size(); ++k) {
    const Segment& s = L.seg[k];
    if (s.kind != HARBOR) continue;
    for (int q = 0; q < s.tn; ++q) {
      const int city = L.targets[s.t0 + q];
      if (!mine[city]) continue;
      const uint64_t none[kWords] = {};
      out = Action{};
      out.kind = HARBOR;
      out.target = static_cast<int16_t>(city);
      out.pay = cheapest(static_cast<int>(k), none);
      return true;
    }
  }
  return false;
}

bool PlannerBot::exchange(const uint64_t* todo, Action& out) {  // RS6: swap pieces when the plan needs the other kind
  const Rules& R = R_;
  const SeatView& v = *v_;
  const Legal& L = *L_;
  int length[2];  // train, ship
  lengths(R, todo, length);
  int want;
  if (length[0] > v.trains)
    want = -(length[0] - v.trains);  // ships for trains
  else if (length[1] > v.ships)
    want = length[1] - v.ships;
  else
    return false;
  int best = 0, best_off = 0;
  bool found = false;
  for (const Segment& s : L.seg) {
    if (s.kind != EXCHANGE) continue;
    for (int q = 0; q < s.tn; ++q) {
      const int n = L.targets[s.t0 + q];
      if ((n < 0) != (want < 0)) continue;
      if (!found || std::abs(n - want) < best_off) {
        best = n;
        best_off = std::abs(n - want);
        found = true;
      }
    }
  }
  if (!found) return false;
  out = Action{};
  out.kind = EXCHANGE;
  out.target = static_cast<int16_t>(best);
  return true;
}

double PlannerBot::deck_value(int deck) const {  // the spaces the plan still needs from the deck's kind of card
  if (deck < 0) return 0.0;
  int sum = 0;
  for (int key = 0; key < kNeedKeys; ++key)
    if (key / 9 == (deck == 0 ? 0 : 1)) sum += needs_[key];
  return sum;
}

}  // namespace ttr
