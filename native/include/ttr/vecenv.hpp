// Games played by integer action ids, many at once (ttr.adapters.vector.VecEnv): the ids, masks
// and payment layout of ttr.ActionSpace, the tensor of ttr.adapters.observation.Observer, both
// handed over from Python as tables (never typed in here), and a batch of games stepped by ids
// with automatic resets.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ttr/game.hpp"
#include "ttr/paysteps.hpp"
#include "ttr/playouts.hpp"

namespace ttr {

// The ids of one board (ttr.ActionSpace): per id its action. Every (kind, target) owns a run of
// ids, one per payment of its payment list (its "universe", in the action space's order), so an
// action's id is its run's base plus its payment's place in the universe. KEEP ids are bit sets
// over the sorted offer: keep_start - 1 + the bit set. The ids of payment steps (a stepped
// route's claim id, the steps, "done") are no action (kNoAction): StepIds reads them.
// Legacy's TRADE and EXTRA are numbered like any other kind: their target is an offer's slot in
// extras.SLOTS order (0: the event's, 1..6: Q..V, 7..9: P1..P3; EXTRA's kExtraDone: done).
constexpr uint8_t kNoAction = 255;
constexpr int kIdKinds = EXTRA + 1;  // the kinds ids number: the train game's, Rails & Sails', Legacy's

class IdTable {
 public:
  // by id: kind, target (DRAW: a card kind or kDeckTarget, CLAIM: a route, STATION: a city,
  // KEEP: the bit set, TRADE and EXTRA: a slot, 0 otherwise) and payment; throws RulesError if the ids are not runs
  void build(int n, const std::vector<Action>& actions);

  int n = 0;
  int keep_start = -1, keep_n = 0;
  std::vector<Action> actions;

  // the id of an action, or -1
  int64_t id_of(const Action& a) const;
  // the ids of the legal actions, in their order, appended to `out` (a stepped route's claim id
  // once, where it first comes); false if one has no id
  bool legal_ids(const Legal& L, std::vector<int32_t>& out, const StepIds* steps = nullptr) const;

 private:
  static constexpr int kTargetOff = 16;  // targets from -16 (kDeckTarget, Rails & Sails' exchanges of -15 .. -1)
  static constexpr int kTargets = kMaxRoutes + kTargetOff;
  int32_t base_[kIdKinds][kTargets];  // the run of (kind, target): its first id, -1 none
  int16_t uni_[kIdKinds][kTargets];   // and its universe
  // (universe, payment) -> place, open addressing
  std::vector<uint64_t> keys_;
  std::vector<int16_t> vals_;
  uint64_t mask_ = 0;
  static uint64_t pack(const Payment& p);
  int lookup(int u, const Payment& p) const;
  void insert(int u, const Payment& p, int place);
};

// Where the observer (ttr/adapters/observation.py) writes each field, and its scales: the
// Observer's own numbers: what USA, Europe, Nordic, Rails & Sails and Legacy use (no history).
// Each seat's longest trail as last computed in one game, by the trains it had then (a seat's
// routes change only when it claims, which spends trains): a vector env's slot keeps one.
struct LongestMemo {
  static_assert(kMaxPlayers == 5, "one -1 (nothing computed yet) per seat");
  int16_t trains[kMaxPlayers] = {-1, -1, -1, -1, -1};
  int16_t length[kMaxPlayers] = {};
};

struct ObsSpec {
  int size = 0, players = 2;
  bool priv = true;
  int phase = 0, to_move = 0, clock = 0, face_up = 0, piles = 0, discard = 0, seats = 0, seat_width = 0;
  int stations = -1, tunnel = -1, tunnel_cards = -1, longest = -1, pending = -1;  // -1: no such field
  int harbors = -1, pieces_choice = -1;  // (Rails & Sails, with its seat columns and two decks)
  int n_phases = 7, n_decks = 1;
  bool rs = false;
  double deck_total1 = 1, trains_total = 1, ships_total = 1, harbors_total = 1;
  int hand = -1, tickets = -1, joined = -1, offer = -1;
  int n_tunnels = 0, n_stepped = 0, n_kinds_pos = 0, ticket_width = 0, offer_max = 0;
  int final_round_turns = 1, n_stations = 0;
  double turn_scale = 200, score_scale = 200, deck_total = 1, tickets_total = 1, total_cards = 1, max_trains = 1;
  std::vector<int> route_row;   // route id -> the flat index of its row of `routes`, -1 none
  std::vector<int> tunnel_row;  // route id -> its place among the tunnels, -1 none
  std::vector<int> kind_pos;    // card kind -> its place in per-kind fields
  std::vector<int> ticket_pos;  // ticket id -> its place in ticket fields
  std::vector<int> ticket_city_start, ticket_cities;  // a ticket's cities: [start[t], start[t + 1])
  std::vector<int> stepped_row;  // route id -> its place among the stepped routes (`pending`), -1 none
  std::vector<int> harbor_row;   // city index -> its row of `harbors`, -1 none
  std::vector<float> face_sums, third_sums;
  std::vector<std::vector<float>> fractions;  // per kind place: n cards / cards of the kind
  // Legacy (one setup's): per seat its company's place in `companies` (-1 none); per current event
  // + 1 (0: none yet) the fields event, claim_steps and gifts as the Observer writes them (one
  // row from lw_event), but for the events revealed and left, at lw_revealed, / lw_events_total
  int companies = -1, n_companies = 0, lw_event = -1, lw_revealed = -1;
  double lw_events_total = 1;
  std::vector<int> lw_company;
  std::vector<std::vector<float>> lw_rows;

  void validate(const Rules& R) const;  // RulesError if the tables do not fit the rules
  // the tensor of seat `me` (zeroed and written); `memo`: the game's longest trails so far, if kept;
  // `pending`: me's claim under way, if any
  void encode(const Game& g, int me, float* out, LongestMemo* memo = nullptr, const Pending* pending = nullptr) const;
};

// One board's ids and tensor, with its rules.
struct EnvSpec {
  const Rules* rules = nullptr;
  IdTable ids;
  StepIds steps;
  ObsSpec obs;
};

enum RewardMode : uint8_t { REWARD_WIN, REWARD_SCORE, REWARD_MARGIN };  // (ttr.adapters.core.REWARDS)

// Where a batch writes (rows by game): observations float32[N][size], masks 1 byte[N][n],
// rewards float32[N][players], terminated and truncated 1 byte[N], the seat to move int32[N].
struct EnvOut {
  float* obs = nullptr;
  uint8_t* masks = nullptr;
  float* rewards = nullptr;
  uint8_t* terminated = nullptr;
  uint8_t* truncated = nullptr;
  int32_t* seats = nullptr;
};

// The seed of a game slot's episode k: its own seed first, then a hash of (seed, k) (>= 0).
int64_t episode_seed(int64_t seed, uint32_t k);

class VecEnv {
 public:
  VecEnv(const EnvSpec* spec, const int64_t* seeds, size_t n, RewardMode reward, bool random_first,
         int max_steps);

  size_t size() const { return slots_.size(); }
  // every game back to its seed's first episode; writes observations, masks and seats
  void reset(const EnvOut& out);
  // the first game whose action is not a legal id (nothing applied then), or -1 when all were
  // applied: games that end are reset to their next episode
  int64_t check(const int64_t* actions) const;
  void step(const int64_t* actions, const EnvOut& out);
  // one legal id per game, uniform over the legal ids (each game's own generator)
  void sample(int64_t* out);

  const Game& game(size_t i) const { return slots_[i].game; }
  int64_t seed(size_t i) const { return slots_[i].game.state().seed; }
  uint32_t episode(size_t i) const { return slots_[i].episode; }
  int steps(size_t i) const { return slots_[i].steps; }
  const std::vector<int32_t>& legal(size_t i) const { return slots_[i].ids; }
  const Pending& pending(size_t i) const { return slots_[i].pending; }  // its claim under way
  const std::string& error() const { return error_; }

  // How slot i's last episode ended (valid once one has: `ended`): its seed, number and steps,
  // whether it was cut at max_steps (or `full`: cut where the game outgrew the core, FullError), and (a game that ended) per seat its final total, rank and
  // tickets completed and failed
  struct Final {
    bool ended = false, truncated = false, full = false;
    int64_t seed = 0;
    uint32_t episode = 0;
    int steps = 0;
    int16_t total[kMaxPlayers] = {};
    uint8_t rank[kMaxPlayers] = {}, done[kMaxPlayers] = {}, failed[kMaxPlayers] = {};
  };
  const Final& final_of(size_t i) const { return slots_[i].final; }

 private:
  struct Slot {
    Game game;
    BotRng rng;
    int64_t first_seed;
    uint32_t episode = 0;
    int steps = 0;
    int16_t last[kMaxPlayers] = {};
    Legal legal;
    Pending pending;             // a claim being paid in steps
    std::vector<int32_t> ids;    // the legal ids, in the legal actions' order (or the next steps)
    std::vector<uint64_t> bits;  // the same, as bits
    Final final;                 // the last episode's end
    LongestMemo longest;         // (this episode's)
    Slot(const Rules* R, int64_t seed, bool random_first)
        : game(R, seed, random_first), rng(static_cast<uint64_t>(seed)), first_seed(seed) {}
  };
  void new_episode(Slot& s, uint32_t k);
  // legal ids (moved: the position changed), mask, observation, seat
  void observe(Slot& s, size_t i, const EnvOut& out, bool moved = true);
  void rewards(Slot& s, bool over, float* r);  // (over: the scores in sc_)
  void end_episode(Slot& s, bool over, bool full = false);  // Slot::final (over: the scores in sc_)

  const EnvSpec* spec_;
  RewardMode reward_;
  bool random_first_;
  int max_steps_;
  std::vector<Slot> slots_;
  std::vector<SeatScore> sc_;  // the scores of a game that just ended
  std::string error_;
};

}  // namespace ttr
