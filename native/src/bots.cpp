// The random, greedy and planner bots (ttr/agents/random_agent.py, planner.py, planning.py) in
// the core, choosing exactly what the Python bots choose: every loop below walks what the Python
// walks in the same order, every tie is broken the same way (the first of equals, or the same
// key), and every number the bots compare is a double computed by the same operations in the
// same order (this file is compiled with -ffp-contract=off: no fused multiply-adds).
#include "ttr/bots.hpp"

#include <algorithm>
#include <atomic>
#include <functional>
#include <limits>
#include <thread>

namespace ttr {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kSample = 400;  // planner.SAMPLE: payments looked at per route at most
constexpr double kUnusable = -1.0;  // a route cost of None: unusable
constexpr double kMarkWeight = 0.1;  // planner.MARK_WEIGHT
}  // namespace

Board::Board(const Rules& rules, const std::vector<int>& name_order) : R(&rules), n(rules.n_cities) {
  if (!rules.rs && !rules.legacy && (rules.n_kinds != kColors + 1 || rules.wild != kColors))
    throw RulesError("the bots in the core play boards of eight colours and the locomotive, Rails & Sails or Legacy");
  if (static_cast<int>(name_order.size()) != n) throw RulesError("bot tables: one city per place in the name order");
  node.assign(n, -1);
  city.assign(n, -1);
  for (int i = 0; i < n; ++i) {
    const int c = name_order[i];
    if (c < 0 || c >= n || node[c] >= 0) throw RulesError("bot tables: the name order is not a permutation");
    city[i] = static_cast<int16_t>(c);
    node[c] = static_cast<int16_t>(i);
  }
  adj.resize(n);
  for (int u = 0; u < n; ++u) {
    const int c = city[u];
    for (int r : rules.city_routes[c]) {  // planning.RouteGraph: each city's routes in map order
      const int other = rules.r_a[r] == c ? rules.r_b[r] : rules.r_a[r];
      adj[u].push_back(Edge{static_cast<int16_t>(r), node[other]});
    }
  }
  base_cost.assign(rules.n_ids, kUnusable);
  for (int r = 0; r < rules.n_ids; ++r)
    if (rules.r_exists[r])
      base_cost[r] = rules.r_len[r] + (rules.r_tunnel[r] ? 0.5 : 0.0) + 0.3 * rules.r_locos[r];
  r_pairs.assign(rules.n_ids, 0);
  for (int k = 0; k < kMaxKinds; ++k) {  // CARD_INFO: the train game's colours, the rest wild
    const bool color = k < kColors;
    card_c[k] = static_cast<int8_t>(color ? k : -1);
    card_where[k] = static_cast<int8_t>(color ? 0 : 2);
    card_spaces[k] = 1;
  }
  if (rules.rs) rs_tables();
}

SeatView SeatView::of(const State& s, int players) {
  SeatView v;
  const int p = s.current;
  v.seat = p;
  v.players = players;
  v.phase = s.phase;
  v.hand = s.hand[p];
  v.tickets = s.tickets[p];
  v.n_tickets = s.tickets_n[p];
  v.n_offer = s.offer_n[p];
  std::copy(s.offer[p], s.offer[p] + v.n_offer, v.offer);
  std::sort(v.offer, v.offer + v.n_offer);
  v.trains = s.trains[p];
  v.ships = s.ships[p];
  v.pieces = v.trains + v.ships;
  bool other = false;  // min(..., default=99)
  for (int q = 0; q < players; ++q)
    if (q != p && (!other || s.trains[q] + s.ships[q] < v.others_pieces)) {
      v.others_pieces = s.trains[q] + s.ships[q];
      other = true;
    }
  v.last_round = s.final_turns >= 0;
  v.owner = s.owner;
  v.lw_event = s.ev_disc_n ? s.ev_disc[s.ev_disc_n - 1] : -1;
  v.ex_route = s.ex_route;
  v.face_up = s.face_up;
  v.ic_face = s.ic_face;
  return v;
}

// ------------------------------------------------------------------ planning (planning.py)

double PlannerBot::shortest(int s, int t, const double* cost, int16_t* path, int& len) {
  len = 0;
  if (s == t) return 0.0;
  const int n = B_.n;
  for (int i = 0; i < n; ++i) dist_[i] = kInf;
  dist_[s] = 0.0;
  const auto later = std::greater<std::pair<double, int>>();  // heapq: the least (distance, node) first
  heap_.clear();
  heap_.emplace_back(0.0, s);
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const auto [d, u] = heap_.back();
    heap_.pop_back();
    if (u == t) break;
    if (d > dist_[u]) continue;
    for (const Board::Edge& e : B_.adj[u]) {
      const double c = cost[e.route];
      if (c < 0) continue;
      const double nd = d + c;
      if (nd < dist_[e.to]) {
        dist_[e.to] = nd;
        back_u_[e.to] = static_cast<int16_t>(u);
        back_r_[e.to] = e.route;
        heap_.emplace_back(nd, e.to);
        std::push_heap(heap_.begin(), heap_.end(), later);
      }
    }
  }
  if (dist_[t] == kInf) return kInf;
  for (int v = t; v != s; v = back_u_[v]) path[len++] = back_r_[v];
  return dist_[t];
}

void PlannerBot::plan_routes(const uint8_t* tickets, int n, const double* costs_in, Plan& out) {
  const Rules& R = R_;
  out.n_ok = out.n_blocked = 0;
  out.needed = 0.0;
  std::fill(out.planned, out.planned + kWords, 0);
  double c[kMaxRoutes];
  std::copy(costs_in, costs_in + R.n_ids, c);
  uint8_t order[kMaxTickets];
  std::copy(tickets, tickets + n, order);
  std::stable_sort(order, order + n, [&](uint8_t a, uint8_t b) { return R.t_points[a] > R.t_points[b]; });
  int16_t path[kMaxCities];
  for (int i = 0; i < n; ++i) {
    const int t = order[i];
    const std::vector<int>& cities = R.t_cities[t];
    const bool tour = cities.size() > 2;
    double total = 0.0;
    int len;
    if (!tour) {
      total += shortest(B_.node[R.t_a[t]], B_.node[R.t_b[t]], c, path, len);
    } else {  // a tour: its legs in order, each from the same costs
      legs_.clear();
      for (size_t k = 0; k + 1 < cities.size(); ++k) {
        total += shortest(B_.node[cities[k]], B_.node[cities[k + 1]], c, path, len);
        legs_.insert(legs_.end(), path, path + len);
      }
    }
    if (total == kInf) {
      out.blocked[out.n_blocked++] = static_cast<uint8_t>(t);
      continue;
    }
    out.ok[out.n_ok++] = static_cast<uint8_t>(t);
    const int16_t* routes = tour ? legs_.data() : path;
    if (tour) len = static_cast<int>(legs_.size());
    for (int k = 0; k < len; ++k) {
      const int r = routes[k];
      if (out.has(r)) continue;
      if (c[r] != 0.0) out.needed += R.r_len[r];
      set_bit(out.planned, r);
      c[r] = 0.0;
    }
  }
}

const double* PlannerBot::costs() {  // planning.route_costs
  if (costs_ok_) return costs_;
  const Rules& R = R_;
  const int8_t* owner = v_->owner;
  const int seat = v_->seat;
  std::copy(B_.base_cost.begin(), B_.base_cost.end(), costs_);
  for (int r = 0; r < R.n_ids; ++r)
    if (owner[r] >= 0 && (owner[r] == seat || R.r_closes[r]))
      for (int t : R.r_twins[r])
        if (owner[t] < 0) costs_[t] = kUnusable;
  for (int r = 0; r < R.n_ids; ++r)
    if (owner[r] >= 0) costs_[r] = owner[r] == seat ? 0.0 : kUnusable;
  costs_ok_ = true;
  return costs_;
}

void PlannerBot::plan(const uint8_t* tickets, int n, Plan& out) {
  const double* c = costs();
  if (!greedy_) {
    plan_routes(tickets, n, c, out);
    return;
  }
  out.n_ok = out.n_blocked = 0;  // the greedy bot: each ticket on its own
  out.needed = 0.0;
  std::fill(out.planned, out.planned + kWords, 0);
  Plan one;
  for (int i = 0; i < n; ++i) {
    plan_routes(tickets + i, 1, c, one);
    for (int w = 0; w < kWords; ++w) out.planned[w] |= one.planned[w];
    out.needed += one.needed;
    for (int k = 0; k < one.n_ok; ++k) out.ok[out.n_ok++] = one.ok[k];
    for (int k = 0; k < one.n_blocked; ++k) out.blocked[out.n_blocked++] = one.blocked[k];
  }
}

const PlannerBot::Plan& PlannerBot::seat_plan() {
  const Rules& R = R_;
  const SeatView& v = *v_;
  Memo& m = memo_[v.seat];
  bool hit = m.valid && m.n == v.n_tickets && std::equal(v.tickets, v.tickets + v.n_tickets, m.tickets);
  for (int r = 0; hit && r < R.n_ids; ++r) {
    const int then = m.owner[r], now = v.owner[r];
    if (then == now) continue;
    if (then >= 0 || now == v.seat || m.plan.has(r)) {  // (routes are never given back)
      hit = false;
      break;
    }
    if (R.r_closes[r])
      for (int t : R.r_twins[r])
        if (m.plan.has(t)) hit = false;
  }
  if (hit && verify_) {
    Plan fresh;
    plan(v.tickets, v.n_tickets, fresh);
    const bool same = std::equal(fresh.planned, fresh.planned + kWords, m.plan.planned) &&
                      fresh.needed == m.plan.needed && fresh.n_ok == m.plan.n_ok &&
                      fresh.n_blocked == m.plan.n_blocked && std::equal(fresh.ok, fresh.ok + fresh.n_ok, m.plan.ok) &&
                      std::equal(fresh.blocked, fresh.blocked + fresh.n_blocked, m.plan.blocked);
    if (!same && memo_error_.empty()) memo_error_ = "a plan from the memo differs from a fresh one";
  }
  if (!hit) {
    plan(v.tickets, v.n_tickets, m.plan);
    m.valid = true;
    m.n = v.n_tickets;
    std::copy(v.tickets, v.tickets + v.n_tickets, m.tickets);
  }
  std::copy(v.owner, v.owner + R.n_ids, m.owner);
  return m.plan;
}

// ------------------------------------------------------------------ choosing (planner.py)

int PlannerBot::find_seg(uint8_t kind) const {
  for (size_t k = 0; k < L_->seg.size(); ++k)
    if (L_->seg[k].kind == kind) return static_cast<int>(k);
  return -1;
}

Action PlannerBot::choose(const SeatView& v, const Legal& L) {
  v_ = &v;
  L_ = &L;
  costs_ok_ = false;
  if (R_.legacy) lw_read();
  Action a;
  if (find_seg(KEEP) >= 0) {
    a = keep();
  } else if (find_seg(PIECES) >= 0) {
    a = pieces();
  } else if (v.phase == TUNNEL) {
    a = tunnel();
  } else if (v.phase == SECOND_CARD) {
    if (!draw(true, a)) a = L.at(0);
  } else if (v.phase == EXTRAS) {
    a = lw_extras();
  } else if (!turn(a)) {
    a = L.at(0);
  }
  v_ = nullptr;
  L_ = nullptr;
  return a;
}

Action PlannerBot::keep() {
  const Rules& R = R_;
  const SeatView& v = *v_;
  const Legal& L = *L_;
  const int budget = v.pieces == 0 && R.rs ? R.pieces_total : v.pieces;  // before the pieces are chosen (RS1)
  Plan p;
  const double base = v.n_tickets ? (plan(v.tickets, v.n_tickets, p), p.needed) : 0.0;
  uint8_t all[kMaxTickets];
  std::copy(v.tickets, v.tickets + v.n_tickets, all);
  int best = -1;
  double best_value = -kInf;
  for (const Segment& s : L.seg) {
    if (s.kind != KEEP) continue;
    for (int q = 0; q < s.tn; ++q) {
      const int mask = L.targets[s.t0 + q];
      int k = 0;
      uint8_t* chosen = all + v.n_tickets;
      for (int i = 0; i < v.n_offer; ++i)
        if (mask >> i & 1) chosen[k++] = v.offer[i];
      double value;
      if (greedy_) {  // keep the fewest, cheapest tickets
        double sum = 0.0;
        for (int i = 0; i < k; ++i) {
          plan(chosen + i, 1, p);
          sum += p.needed;
        }
        value = -sum - 100 * k;
      } else {
        plan(all, v.n_tickets + k, p);
        value = 0.0;
        for (int i = 0; i < k; ++i) {
          const int t = chosen[i];
          const bool ok = std::find(p.ok, p.ok + p.n_ok, t) != p.ok + p.n_ok;
          value += ok ? R.t_points[t] : -1.5 * R.t_points[t];
        }
        const double over = p.needed - 0.6 * budget;
        value -= 0.25 * (p.needed - base) + (over > 0 ? 4.0 * over : 0.0);
      }
      if (value > best_value) {
        best = mask;
        best_value = value;
      }
    }
  }
  Action a;
  a.kind = KEEP;
  a.target = static_cast<int16_t>(best);
  return a;
}

Action PlannerBot::tunnel() {
  Action a;
  const int s = find_seg(PAY);
  if (s < 0) {
    a.kind = DECLINE;
    return a;
  }
  const uint64_t none[kWords] = {};
  a.kind = PAY;
  a.pay = cheapest(s, none);
  return a;
}

Payment PlannerBot::cheapest(int seg, const uint64_t* keep_for) {
  const Rules& R = R_;
  const Board& B = B_;
  uint32_t needed = 0;  // the (kind, colour) need keys of the other planned routes
  for (int w = 0; w < kWords; ++w)
    for (uint64_t b = keep_for[w]; b; b &= b - 1) {
      const int r = w * 64 + __builtin_ctzll(b);
      needed |= 1u << need_key(R.r_kind[r], R.r_color[r]);
    }
  const Segment& s = L_->seg[seg];
  // (USA and Europe offer at most 49 payments; Nordic's ferries and Murmansk-Lieksa, lazy, many more)
  const uint32_t n = s.pn, step = std::max<uint32_t>(1, n / kSample);
  const auto weight = [&](int k) {  // planner._card_cost
    return B.card_c[k] < 0 ? 2.5 : (needed >> need_key(B.card_where[k], B.card_c[k]) & 1u) ? 1.4 : 1.0;
  };
  Payment best;
  double best_cost = kInf;
  for (uint32_t i = 0; i < n; i += step) {
    const Payment p = s.lazy >= 0 ? nordic::nth(L_->hand, R.pkeys[s.lazy], R, i) : L_->pays[s.p0 + i];
    double cost = 0.0;
    for (int j = 0; j < p.n; ++j) cost += p.count[j] * weight(p.kind[j]);
    if (cost < best_cost) {
      best = p;
      best_cost = cost;
    }
  }
  if (step > 1 && s.lazy >= 0) {  // a sample may miss the cheapest: the lazy set finds it (PaymentSet.cheapest)
    double w[kMaxKinds];
    for (int k = 0; k < R.n_kinds; ++k) w[k] = weight(k);
    const Payment p = nordic::cheapest(L_->hand, R.pkeys[s.lazy], R, w);
    double cost = 0.0;
    for (int j = 0; j < p.n; ++j) cost += w[p.kind[j]] * p.count[j];
    if (cost < best_cost - 1e-9) best = p;
  }
  return best;
}

void PlannerBot::set_needs(const Plan& p) {  // _needs over the planned routes the seat lacks
  const Rules& R = R_;
  const Board& B = B_;
  const SeatView& v = *v_;
  int need[kNeedKeys] = {};  // spaces per (kind, colour)
  bool has[kNeedKeys] = {};
  for (int w = 0; w < kWords; ++w)
    for (uint64_t b = p.planned[w]; b; b &= b - 1) {
      const int r = w * 64 + __builtin_ctzll(b);
      if (v.owner[r] == v.seat) continue;
      const int key = need_key(R.r_kind[r], R.r_color[r]);
      need[key] += R.r_len[r] + B.r_pairs[r];
      has[key] = true;
    }
  int have[kNeedKeys] = {}, order[kNeedKeys], n_order = 0;  // spaces held per key, keys in order of kind
  for (int k = 0; k < R.n_kinds; ++k) {
    if (!v.hand[k] || B.card_c[k] < 0) continue;  // (a wild card pays no gray route of its own)
    const int key = need_key(B.card_where[k], B.card_c[k]);
    if (!have[key]) order[n_order++] = key;
    have[key] += v.hand[k] * B.card_spaces[k];
  }
  for (int key = 0; key < kNeedKeys; ++key) needs_[key] = key % 9 && has[key] ? std::max(0, need[key] - have[key]) : 0;
  for (int where = 0; where < 2; ++where) {
    const int gray = need_key(where, -1);
    if (!has[gray]) continue;
    int best = -1, best_key = 0;  // the colour held most (beyond its own needs) pays it
    for (int i = 0; i < n_order; ++i) {
      const int key = order[i];
      if (key / 9 != where) continue;
      if (best < 0 || have[key] - need[key] > best_key) {
        best = key;
        best_key = have[key] - need[key];
      }
    }
    if (best < 0 || best_key < need[gray]) needs_[gray] += need[gray];
  }
  needs_total_ = 0;
  for (int key = 0; key < kNeedKeys; ++key) needs_total_ += needs_[key];
}

double PlannerBot::card_value(int kind) const {
  const Board& B = B_;
  const int c = B.card_c[kind];
  if (c < 0) return needs_total_ ? 1.2 : 0.1;
  if (needs_[need_key(B.card_where[kind], c)] > 0) return 1.0 * B.card_spaces[kind];
  if (needs_[need_key(B.card_where[kind], -1)] > 0) return 0.6 * B.card_spaces[kind];  // a gray route
  return 0.05;
}

bool PlannerBot::draw(bool second, Action& out) {
  const Rules& R = R_;
  const Legal& L = *L_;
  if (find_seg(DRAW) < 0) return false;
  if (second) set_needs(seat_plan());  // the needs of this position (a first card may have changed the hand)
  int best = 0, deck_choice = 0, deck_of_choice = -1;
  bool found = false, deck = false;
  double best_value = 0.45;  // about what a blind card is worth
  for (const Segment& s : L.seg) {
    if (s.kind != DRAW) continue;
    for (int q = 0; q < s.tn; ++q) {
      const int t = L.targets[s.t0 + q];  // Rails & Sails: (card, the deck that refills) in one number
      const int card = R.rs ? rs::draw_card(t) : t, from = R.rs ? rs::draw_deck(t) : -1;
      if (card == kDeckTarget) {
        if (!deck || deck_value(from) > deck_value(deck_of_choice)) {
          deck_choice = t;
          deck_of_choice = from;
          deck = true;
        }
        continue;
      }
      double value = card_value(card) + kMarkWeight * marks_[card];  // (0 but in Legacy with icons)
      if (card == R.wild && !second && R.whole_draw) value = needs_total_ >= 3 ? 1.6 : 0.0;  // the whole draw
      if (R.rs) value += 0.01 * deck_value(from);  // refill from the deck we need more
      if (value > best_value) {
        best = t;
        best_value = value;
        found = true;
      }
    }
  }
  if (!found && !deck) return false;
  out = Action{};
  out.kind = DRAW;
  out.target = static_cast<int16_t>(found ? best : deck_choice);
  return true;
}

bool PlannerBot::station(const Plan& p, Action& out) {  // E4: a station where one opponent route would complete a blocked ticket
  const Rules& R = R_;
  const SeatView& v = *v_;
  const Legal& L = *L_;
  const int seg = find_seg(STATION);
  const double* c = costs();
  double cost[kMaxRoutes];
  for (int r = 0; r < R.n_ids; ++r)
    cost[r] = c[r] >= 0 ? c[r] : v.owner[r] >= 0 && v.owner[r] != v.seat ? R.r_len[r] + 4.0 : kUnusable;
  bool free[kMaxCities] = {};
  for (const Segment& s : L.seg)
    if (s.kind == STATION)
      for (int q = 0; q < s.tn; ++q) free[L.targets[s.t0 + q]] = true;
  uint8_t order[kMaxTickets];
  std::copy(p.blocked, p.blocked + p.n_blocked, order);
  std::stable_sort(order, order + p.n_blocked, [&](uint8_t a, uint8_t b) { return R.t_points[a] > R.t_points[b]; });
  int16_t path[kMaxCities];
  for (int i = 0; i < p.n_blocked; ++i) {
    const int t = order[i];
    int len;
    shortest(B_.node[R.t_a[t]], B_.node[R.t_b[t]], cost, path, len);
    int theirs = -1, n_theirs = 0;
    for (int k = 0; k < len; ++k)
      if (v.owner[path[k]] >= 0 && v.owner[path[k]] != v.seat) {
        theirs = path[k];
        ++n_theirs;
      }
    if (n_theirs != 1) continue;
    for (int city : {R.r_a[theirs], R.r_b[theirs]})
      if (free[city]) {
        const uint64_t none[kWords] = {};
        out = Action{};
        out.kind = STATION;
        out.target = static_cast<int16_t>(city);
        out.pay = cheapest(seg, none);
        return true;
      }
  }
  return false;
}

bool PlannerBot::turn(Action& out) {
  const Rules& R = R_;
  const SeatView& v = *v_;
  const Legal& L = *L_;
  const Plan& p = seat_plan();
  uint64_t todo[kWords];
  bool any_todo = false;
  for (int w = 0; w < kWords; ++w) {
    todo[w] = p.planned[w];
    for (uint64_t b = p.planned[w]; b; b &= b - 1) {
      const int r = w * 64 + __builtin_ctzll(b);
      if (v.owner[r] == v.seat) clear_bit(todo, r);
    }
    any_todo |= todo[w] != 0;
  }
  set_needs(p);
  // the claims on offer, in the legal actions' order: the best wanted (longest, then what pays most
  // (Legacy's claim steps; else 0), then the lowest id), the best of all by what pays, length and
  // id, and the first of those that pay most and are longest
  const double* pay = pay_;
  int wanted = -1, wanted_seg = -1, top = -1, top_seg = -1, longest = -1, longest_seg = -1;
  for (size_t k = 0; k < L.seg.size(); ++k) {
    const Segment& s = L.seg[k];
    if (s.kind != CLAIM) continue;
    for (int q = 0; q < s.tn; ++q) {
      const int r = L.targets[s.t0 + q];
      const int len = R.r_len[r];
      const auto better = [&](int than) {
        if (than < 0 || len != R.r_len[than]) return than < 0 || len > R.r_len[than];
        return pay[r] != pay[than] ? pay[r] > pay[than] : r < than;
      };
      if (p.has(r) && better(wanted)) {
        wanted = r;
        wanted_seg = static_cast<int>(k);
      }
      const bool above = top < 0 || pay[r] > pay[top] ||
                         (pay[r] == pay[top] && (len > R.r_len[top] || (len == R.r_len[top] && r < top)));
      if (above) {
        top = r;
        top_seg = static_cast<int>(k);
      }
      if (longest < 0 || pay[r] > pay[longest] || (pay[r] == pay[longest] && len > R.r_len[longest])) {
        longest = r;
        longest_seg = static_cast<int>(k);
      }
    }
  }
  const auto claim = [&](int r, int seg, const uint64_t* keep_for) {
    out = Action{};
    out.kind = CLAIM;
    out.target = static_cast<int16_t>(r);
    out.pay = cheapest(seg, keep_for);
  };
  const uint64_t none[kWords] = {};
  if (wanted >= 0) {
    uint64_t rest[kWords];
    std::copy(todo, todo + kWords, rest);
    clear_bit(rest, wanted);
    claim(wanted, wanted_seg, rest);
    return true;
  }
  if (p.n_blocked && find_seg(STATION) >= 0 && station(p, out)) return true;
  if (find_seg(HARBOR) >= 0 && harbor(out)) return true;
  const bool tickets = find_seg(TICKETS) >= 0, draws = find_seg(DRAW) >= 0;
  if (!any_todo) {
    if (tickets && !v.last_round && !greedy_ && v.pieces >= 18 && v.others_pieces >= 15) {  // time left to finish new tickets
      out = Action{};
      out.kind = TICKETS;
      return true;
    }
    if (top >= 0 && (R.r_len[top] >= 3 || pay[top] > 0 || !draws)) {  // nothing left to plan: what pays most, else the longest
      claim(top, top_seg, none);
      return true;
    }
  }
  if (R.legacy && find_seg(TRADE) >= 0 && lw_trade(todo, any_todo, out)) return true;  // rather than drawing cards
  if (draw(false, out)) return true;
  if (longest >= 0) {
    claim(longest, longest_seg, none);
    return true;
  }
  if (tickets) {
    out = Action{};
    out.kind = TICKETS;
    return true;
  }
  return any_todo && find_seg(EXCHANGE) >= 0 && exchange(todo, out);
}

// ------------------------------------------------------------------ seats, games, playouts

Seats::Seats(const Board& board, const uint8_t* kinds, int players, int64_t seed)
    : B_(board), planner_(board, false), greedy_(board, true) {
  for (int p = 0; p < players; ++p) {
    kinds_[p] = kinds[p];
    rng_.emplace_back(kinds[p] == BOT_RANDOM ? bot_seed(seed, p) : 0);
  }
}

Action Seats::act(const Game& g) {
  const State& s = g.state();
  const int p = s.current;
  if (kinds_[p] == BOT_RANDOM) {
    g.count(C_);
    return g.pick(C_, static_cast<uint32_t>(rng_[p].random() * C_.total));
  }
  g.legal(L_);
  const SeatView v = SeatView::of(s, B_.R->players);
  return (kinds_[p] == BOT_GREEDY ? greedy_ : planner_).choose(v, L_);
}

void bot_game(const Board& B, int64_t seed, const uint8_t* kinds, BotOutcome& out, bool check, int max_steps) {
  const Rules& R = *B.R;
  out = BotOutcome{};
  Game g(&R, seed, false);
  Seats seats(B, kinds, R.players, seed);
  seats.verify_memo(check);
  int steps = 0;
  while (!g.over()) {
    if (steps >= max_steps) {
      out.error = "the game did not end in " + std::to_string(max_steps) + " actions";
      break;
    }
    try {
      g.apply(seats.act(g));
    } catch (const FullError& e) {  // (Legacy: a game past the core's ledger, its planners trading on)
      out.error = "after action " + std::to_string(steps + 1) + ": " + e.what();
      break;
    }
    ++steps;
    if (check) {
      std::string e = check_invariants(g);
      if (e.empty()) e = seats.memo_error();
      if (!e.empty()) {
        out.error = "after action " + std::to_string(steps) + ": " + e;
        break;
      }
    }
  }
  out.length = steps;
  out.turns = g.state().turns;
  std::vector<SeatScore> sc;
  g.score(sc);
  for (int p = 0; p < R.players; ++p) {
    out.total[p] = static_cast<int16_t>(sc[p].total);
    out.done[p] = static_cast<uint8_t>(sc[p].completed.size());
    out.kept[p] = static_cast<uint8_t>(sc[p].completed.size() + sc[p].failed.size());
    if (sc[p].rank == 1) out.winners |= static_cast<uint8_t>(1u << p);
  }
}

void bot_games(const Board& B, const int64_t* seeds, size_t n, const uint8_t* kinds, int threads, BotOutcome* out,
               bool check) {
  for_games(n, threads, [&](size_t i) { bot_game(B, seeds[i], kinds, out[i], check); });
}

int planner_playout(const Board& B, PlannerBot& bot, Legal& L, Game& g, int max_moves) {
  const int players = B.R->players;
  int moves = 0;
  for (; moves < max_moves && !g.over(); ++moves) {
    g.legal(L);
    const SeatView v = SeatView::of(g.state(), players);
    try {
      g.apply(bot.choose(v, L));
    } catch (const FullError&) {  // Legacy: past the core's ledger the playout stops, scored as it stands
      break;
    }
  }
  return moves;
}

}  // namespace ttr
