// The bots in the core: the random, greedy and planner bots of ttr/agents (random_agent.py,
// planner.py, planning.py), choosing exactly what the Python bots choose in every position (the
// same tie-breaks, payments and ticket keeps), from their seat's view alone; whole games between
// them in batches, and the search bot's playouts (planners playing every seat to the end).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ttr/game.hpp"
#include "ttr/playouts.hpp"

namespace ttr {

// A card's or a route's place in the planner's needs (planner._needs: (kind of card, colour)):
// where * 9 + colour + 1, where 0: train, 1: ship; colour -1: gray (a route) or wild (a card).
constexpr int kNeedKeys = 18;
inline int need_key(int where, int color) { return where * 9 + color + 1; }

// The bots' static tables of a board: the planner's RouteGraph (planning.py). Its Dijkstra
// numbers the cities in name order (the heap breaks ties by name) and walks each city's routes
// in map order (Rules::city_routes).
struct Board {
  const Rules* R = nullptr;
  int n = 0;                     // cities
  std::vector<int16_t> node;     // city index -> node (its place among the cities sorted by name)
  std::vector<int16_t> city;     // node -> city index
  struct Edge {
    int16_t route, to;           // to: a node
  };
  std::vector<std::vector<Edge>> adj;  // node -> its routes, in map order
  std::vector<double> base_cost;       // route id -> length + 0.5 (tunnel) + 0.3 per locomotive
  std::vector<int> r_pairs;            // route id -> its paired spaces (Rails & Sails; else 0)
  // planning.CARD_INFO by card kind: its colour (-1: wild), where it pays (0 train, 1 ship, 2
  // any) and the spaces it covers (a double ship: 2)
  int8_t card_c[kMaxKinds], card_where[kMaxKinds], card_spaces[kMaxKinds];
  // `name_order`: the city indices sorted by name (the Python side sorts the names)
  Board(const Rules& rules, const std::vector<int>& name_order);

 private:
  void rs_tables();  // r_pairs and the card info of Rails & Sails' kinds (rs_bots.cpp)
};

// What a seat sees, and all a bot reads (Position.of in planning.py): its own hand, tickets and
// ticket offer; the public board (owners), pieces and the last round. Built from a state by
// `of`, which copies nothing hidden from the seat to move.
struct SeatView {
  int seat = 0, players = 0, phase = 0;
  const uint8_t* hand = nullptr;     // by card kind
  const uint8_t* tickets = nullptr;  // kept, in the order held
  int n_tickets = 0;
  uint8_t offer[kMaxOffer] = {};     // offered now, sorted (the KEEP targets' bits are over this)
  int n_offer = 0;
  int trains = 0, ships = 0;         // pieces left (ships: Rails & Sails)
  int pieces = 0;                    // trains + ships
  int others_pieces = 99;            // the fewest pieces (trains + ships) another seat has left
  bool last_round = false;
  const int8_t* owner = nullptr;     // route id -> seat, -1: nobody
  // Legacy (public): the current event (-1: none), the display and its icons (LW-I1), the route
  // whose claim opened the extras phase
  int lw_event = -1, ex_route = -1;
  const int8_t* face_up = nullptr;
  const int8_t* ic_face = nullptr;
  static SeatView of(const State& s, int players);
};

// Bot kinds, by name in Python (ttr.native.BOTS).
enum BotKind : uint8_t { BOT_RANDOM, BOT_GREEDY, BOT_PLANNER, N_BOTS };

// The planner (greedy = false) or the greedy bot (greedy = true): PlannerAgent.choose.
// Holds only scratch space between calls; one per thread.
class PlannerBot {
 public:
  PlannerBot(const Board& board, bool greedy) : B_(board), R_(*board.R), greedy_(greedy) {}
  // The move of the seat of `v` (v built from the position whose legal actions are `L`).
  Action choose(const SeatView& v, const Legal& L);
  // Check every plan taken from the memo against a fresh one (a mismatch goes to memo_error()).
  void verify_memo(bool on) { verify_ = on; }
  const std::string& memo_error() const { return memo_error_; }

  struct Plan {
    uint64_t planned[kWords] = {};
    double needed = 0.0;
    int n_ok = 0, n_blocked = 0;
    uint8_t ok[kMaxTickets], blocked[kMaxTickets];
    bool has(int r) const { return bit(planned, r); }
  };
  // plan_routes: the routes joining `tickets` (higher points first; a tour: its legs in order),
  // from route costs (< 0: unusable)
  void plan_routes(const uint8_t* tickets, int n, const double* costs, Plan& out);
  // The cheapest path from node s to node t (route costs: < 0 unusable): its cost (infinite if
  // none) and its routes, written to `path` (their number to `len`).
  double shortest(int s, int t, const double* cost, int16_t* path, int& len);

 private:
  void plan(const uint8_t* tickets, int n, Plan& out);  // _plan: the greedy bot plans each ticket alone
  const Plan& seat_plan();  // the plan of the seat's own tickets, through the memo
  const double* costs();                                // route_costs of this position (once)
  Action keep();
  Action tunnel();
  // Rails & Sails (rs_bots.cpp): the pieces (RS1), a harbor (RS5), an exchange (RS6), a deck's worth
  Action pieces();
  bool harbor(Action& out);
  bool exchange(const uint64_t* todo, Action& out);
  double deck_value(int deck) const;
  bool turn(Action& out);
  // Legacy (lw_bots.cpp): what claims pay and what the display's icons earn (read_money), the
  // extra-card offers in force (one accessor: the event's, then the rules' by place), the extras
  // phase (322) and the trades (278)
  void lw_read();
  struct LwOffer {
    int slot;
    double value;  // dollars + cards drawn * CARD_DOLLARS
  };
  int lw_offers(LwOffer* out) const;
  Action lw_extras();
  bool lw_trade(const uint64_t* todo, bool any_todo, Action& out);
  double pay_[kMaxRoutes] = {};   // route id -> what its claim pays (claim_pay; 0 elsewhere)
  double marks_[kMaxKinds] = {};  // card kind -> what the icon of the face-up card a draw takes earns
  bool draw(bool second, Action& out);
  bool station(const Plan& p, Action& out);
  void set_needs(const Plan& p);
  double card_value(int kind) const;
  Payment cheapest(int seg, const uint64_t* keep_for);
  int find_seg(uint8_t kind) const;  // the first segment of a kind, -1: none

  const Board& B_;
  const Rules& R_;
  bool greedy_;
  // the position being decided
  const SeatView* v_ = nullptr;
  const Legal* L_ = nullptr;
  bool costs_ok_ = false;
  double costs_[kMaxRoutes];
  int needs_[kNeedKeys];  // the plan's deficit per need_key, in spaces
  int needs_total_ = 0;
  // The latest plan of each seat's tickets (rollout.RolloutPlanner's memo): it stays the plan
  // while the only new claims are the other seats', off the plan and closing no planned lane
  // (a route taken away off the cheapest paths leaves every one of them found first, ties too).
  struct Memo {
    bool valid = false;
    int n = 0;
    uint8_t tickets[kMaxTickets];
    int8_t owner[kMaxRoutes];
    Plan plan;
  };
  Memo memo_[kMaxPlayers];
  bool verify_ = false;
  std::string memo_error_;
  // Dijkstra's scratch
  double dist_[kMaxCities];
  int16_t back_u_[kMaxCities], back_r_[kMaxCities];
  std::vector<std::pair<double, int>> heap_;
  std::vector<int16_t> legs_;  // a ticket's paths, leg after leg
};

// CPython's random.Random(seed).random(), for the random bot (RandomAgent: legal[int(random() * n)]).
struct PyRandom {
  Mt19937 mt;
  explicit PyRandom(i128 seed) : mt(seed) {}
  double random() {
    const uint32_t a = mt.next() >> 5, b = mt.next() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }
};

// The seat of a bot of a game of seed `seed` (ttr.runtime.sim.play_game's: seed * 7919 + seat).
inline i128 bot_seed(int64_t seed, int seat) { return static_cast<i128>(seed) * 7919 + seat; }

struct BotOutcome : Outcome {
  int16_t turns = 0;
  uint8_t kept[kMaxPlayers] = {};  // tickets kept (done + failed)
};

// The bots of one game, by seat, and their scratch: one per thread.
class Seats {
 public:
  Seats(const Board& board, const uint8_t* kinds, int players, int64_t seed);
  Action act(const Game& g);  // the move of the seat to move, from its view
  void verify_memo(bool on) {
    planner_.verify_memo(on);
    greedy_.verify_memo(on);
  }
  std::string memo_error() const {
    return !planner_.memo_error().empty() ? planner_.memo_error() : greedy_.memo_error();
  }
 private:
  const Board& B_;
  uint8_t kinds_[kMaxPlayers];
  std::vector<PyRandom> rng_;
  PlannerBot planner_, greedy_;
  Legal L_;
  Counted C_;
};

// One game of seed `seed`, `kinds[seat]` in each seat; many over `threads` threads (by index). A
// game that does not end in `max_steps` actions, or (Legacy) passes the core's ledger, is the
// game's error (the batch goes on).
void bot_game(const Board& B, int64_t seed, const uint8_t* kinds, BotOutcome& out, bool check,
              int max_steps = 20000);
void bot_games(const Board& B, const int64_t* seeds, size_t n, const uint8_t* kinds, int threads, BotOutcome* out,
               bool check);

// The search bot's playout (rollout.playout): planners play every seat of `g` (changed in place)
// for at most `max_moves` actions; the actions played. (Legacy: an action that would pass the
// core's ledger ends the playout there, unlike the Python playout, which plays on: only in games of
// over a thousand money changes, where planners trade on and nobody claims.)
int planner_playout(const Board& B, PlannerBot& bot, Legal& scratch, Game& g, int max_moves);

}  // namespace ttr
