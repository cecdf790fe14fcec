// Claims paid in payment steps (ttr/formats/action_space.py: _walk, _next_steps, _needs_done).
#include "ttr/paysteps.hpp"

#include <algorithm>

namespace ttr {

namespace {
int fixed_counts(const Payment& p, uint8_t* fixed) {  // the counts chosen so far; the last kind (-1: none)
  std::fill(fixed, fixed + kMaxKinds, uint8_t{0});
  for (int i = 0; i < p.n; ++i) fixed[p.kind[i]] = p.count[i];
  return p.n ? p.kind[p.n - 1] : -1;
}

// the legal segment of claims that names the route, or nullptr
const Segment* claims_of(const Legal& L, int route, int* q) {
  for (const Segment& s : L.seg) {
    if (s.kind != CLAIM || !s.pn) continue;
    for (int i = 0; i < s.tn; ++i)
      if (L.targets[s.t0 + i] == route) {
        *q = i;
        return &s;
      }
  }
  return nullptr;
}
}  // namespace

void StepIds::build(const Rules& R, int n, const std::vector<std::pair<int, int>>& claims,
                    const std::vector<std::array<int, 3>>& steps, int done) {
  R_ = &R;
  any_ = !claims.empty();
  std::fill(std::begin(claim_of_), std::end(claim_of_), int16_t{-1});
  for (auto& row : step_id_) std::fill(std::begin(row), std::end(row), -1);
  route_of_.assign(static_cast<size_t>(n), -1);
  step_kind_.assign(static_cast<size_t>(n), -1);
  step_n_.assign(static_cast<size_t>(n), -1);
  auto id_ok = [&](int id) {
    if (id < 0 || id >= n || route_of_[id] >= 0 || step_kind_[id] >= 0 || id == done)
      throw RulesError("payment steps: an id out of range or named twice");
  };
  for (auto [route, id] : claims) {
    if (route < 0 || route >= R.n_ids || !R.r_exists[route] || claim_of_[route] >= 0)
      throw RulesError("payment steps: a stepped route out of range or named twice");
    id_ok(id);
    claim_of_[route] = static_cast<int16_t>(id);
    route_of_[id] = static_cast<int16_t>(route);
  }
  for (const auto& s : steps) {
    const int id = s[0], kind = s[1], count = s[2];
    if (kind < 0 || kind >= R.n_kinds || count < 1 || count > kMaxCount || step_id_[kind][count] >= 0)
      throw RulesError("payment steps: a step out of range or named twice");
    id_ok(id);
    step_id_[kind][count] = id;
    step_kind_[id] = static_cast<int16_t>(kind);
    step_n_[id] = static_cast<int16_t>(count);
  }
  if (done >= n || done < -1) throw RulesError("payment steps: the done id out of range");
  if (done >= 0 && (route_of_[done] >= 0 || step_kind_[done] >= 0)) throw RulesError("payment steps: done named twice");
  if (done >= 0 && R.locos_wild) throw RulesError("payment steps: only Nordic's payments end with done");
  done_ = done;
  std::fill(std::begin(universe_), std::end(universe_), uint8_t{0});
  for (int c : R.deck) universe_[c] = static_cast<uint8_t>(std::min(255, universe_[c] + 1));
  for (int c : R.deck1) universe_[c] = static_cast<uint8_t>(std::min(255, universe_[c] + 1));
  key_of_.assign(static_cast<size_t>(R.n_ids), -1);
  for (const FlatGroup& g : R.flat_groups)
    for (int r : R.group_routes[g.gi]) key_of_[r] = g.pkey;
}

int StepIds::route_of(int64_t id) const {
  return id >= 0 && id < static_cast<int64_t>(route_of_.size()) ? route_of_[id] : -1;
}

bool StepIds::is_step(int64_t id) const {
  return id >= 0 && id < static_cast<int64_t>(step_kind_.size()) && (step_kind_[id] >= 0 || id == done_);
}

bool StepIds::next(const Legal& L, const Pending& p, uint64_t* bits, bool* whole) const {
  std::fill(bits, bits + kMaxKinds, uint64_t{0});
  *whole = false;
  int q = 0;
  const Segment* s = claims_of(L, p.route, &q);
  if (!s) return false;
  const Payment& items = p.items;
  if (s->lazy >= 0) {  // Nordic's families
    const PayKey& key = R_->pkeys[s->lazy];
    uint8_t fixed[kMaxKinds];
    const int last = fixed_counts(items, fixed);
    nordic::next_steps(L.hand, key, *R_, fixed, last, bits);
    if (items.n) {
      const int64_t r = nordic::rank(L.hand, key, *R_, items);
      *whole = r >= 0 && r < s->pn;
    }
    return true;
  }
  for (uint32_t r = 0; r < s->pn; ++r) {  // listed: the payments that begin with items
    const Payment& pay = L.pays[s->p0 + r];
    if (pay.n < items.n) continue;
    bool same = true;
    for (int i = 0; i < items.n && same; ++i) same = pay.kind[i] == items.kind[i] && pay.count[i] == items.count[i];
    if (!same) continue;
    if (pay.n == items.n)
      *whole = items.n > 0;
    else if (pay.count[items.n] <= kMaxCount)
      bits[pay.kind[items.n]] |= uint64_t{1} << pay.count[items.n];
  }
  return true;
}

bool StepIds::needs_done(const Pending& p) const {
  if (done_ < 0 || !p.items.n) return false;
  const int k = key_of_[p.route];
  if (k < 0 || !nordic::lazy(R_->pkeys[k])) return false;
  uint8_t fixed[kMaxKinds];
  const int last = fixed_counts(p.items, fixed);
  uint64_t bits[kMaxKinds] = {};
  nordic::next_steps(universe_, R_->pkeys[k], *R_, fixed, last, bits);
  for (uint64_t b : bits)
    if (b) return true;
  return false;
}

bool StepIds::next_ids(const Legal& L, const Pending& p, std::vector<int32_t>& out) const {
  uint64_t bits[kMaxKinds];
  bool whole;
  if (!next(L, p, bits, &whole)) return false;
  const size_t from = out.size();
  for (int k = 0; k < R_->n_kinds; ++k)
    for (uint64_t b = bits[k]; b; b &= b - 1) {
      const int id = step_id_[k][__builtin_ctzll(b)];
      if (id < 0) throw RulesError("payment steps: a legal step has no id");
      out.push_back(id);
    }
  if (whole && needs_done(p)) out.push_back(done_);
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(from), out.end());
  return true;
}

int StepIds::advance(const Legal& L, Pending& p, int64_t id, Action* claim) const {
  if (!p.active()) {  // a claim id: legal if the route has a legal payment
    const int route = route_of(id);
    int q;
    if (route < 0 || !claims_of(L, route, &q)) return -1;
    p = Pending{};
    p.route = static_cast<int16_t>(route);
    return 0;
  }
  if (!is_step(id)) return -1;
  uint64_t bits[kMaxKinds];
  bool whole;
  if (!next(L, p, bits, &whole)) return -1;
  if (id == done_) {
    if (!(whole && needs_done(p))) return -1;
  } else {
    const int k = step_kind_[id], v = step_n_[id];
    if (!((bits[k] >> v) & 1u) || p.items.n >= kMaxPayParts) return -1;
    Pending after = p;
    after.items.kind[after.items.n] = static_cast<uint8_t>(k);
    after.items.count[after.items.n++] = static_cast<uint8_t>(v);
    uint64_t more[kMaxKinds];
    if (!next(L, after, more, &whole)) return -1;
    if (!whole || needs_done(after)) {  // goes on
      p = after;
      return 0;
    }
    p = after;
  }
  claim->kind = CLAIM;
  claim->target = p.route;
  claim->pay = p.items;
  p = Pending{};
  return 1;
}

}  // namespace ttr
