// Claims paid in payment steps (ttr.ActionSpace's stepped routes; docs/action-space.md): the claim
// is the route's id, then one id per card kind of the payment ("v cards of kind k", kinds
// ascending), then "done" where some payment of the route over all hands extends the one chosen.
// A game (a vector env's slot, an environment's table) holds the partial payment (Pending); the
// legal next steps come from the position's legal payments of the route as the action space's
// _next_steps finds them (Nordic's lazy keys from their families, never listed).
#pragma once
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "ttr/game.hpp"

namespace ttr {

// A claim under way: its route (-1: none) and the payment so far, kinds ascending.
struct Pending {
  int16_t route = -1;
  Payment items;
  bool active() const { return route >= 0; }
};

// The stepped ids of one board: its stepped routes' claim ids, the payment steps, "done".
class StepIds {
 public:
  static constexpr int kMaxCount = 63;  // the most cards of one kind a step holds
  // claims: (route, its claim id); steps: (id, kind, count); done: its id or -1. RulesError if
  // they do not fit the rules or the n ids.
  void build(const Rules& R, int n, const std::vector<std::pair<int, int>>& claims,
             const std::vector<std::array<int, 3>>& steps, int done);
  bool any() const { return !route_of_.empty() && any_; }
  int claim_id(int route) const { return route >= 0 && route < kMaxRoutes ? claim_of_[route] : -1; }
  int route_of(int64_t id) const;  // the route whose claim id this is, or -1
  bool is_step(int64_t id) const;  // a payment step or "done"
  // the ids legal after p in position L, ascending, appended; false if p's route has no legal payment there
  bool next_ids(const Legal& L, const Pending& p, std::vector<int32_t>& out) const;
  // take `id` after p (p.active(), or id a claim id): -1 not legal (p unchanged); 0 the payment
  // goes on (p extended); 1 it is whole: *claim set, p cleared
  int advance(const Legal& L, Pending& p, int64_t id, Action* claim) const;

 private:
  const Rules* R_ = nullptr;
  bool any_ = false;
  int done_ = -1;
  int16_t claim_of_[kMaxRoutes] = {};
  std::vector<int16_t> route_of_;            // id -> route (claim ids), -1
  std::vector<int16_t> step_kind_, step_n_;  // id -> its step (kind, count), -1
  int32_t step_id_[kMaxKinds][kMaxCount + 1] = {};
  uint8_t universe_[kMaxKinds] = {};  // every card of the game in one hand
  std::vector<int16_t> key_of_;       // route -> its payment key (Rules::pkeys), -1
  // the steps after p as bits per kind (bit v: v cards); false: the route has no legal payment in L
  bool next(const Legal& L, const Pending& p, uint64_t* bits, bool* whole) const;
  bool needs_done(const Pending& p) const;  // some payment over all hands extends p's
};

}  // namespace ttr
