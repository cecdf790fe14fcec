// The static facts of one setup (board, edition, player count): the Python engine's compiled
// tables (ttr.engine.Ruleset), handed over as flat integer arrays, never typed in here.
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "ttr/legacy.hpp"

namespace ttr {

// Fixed sizes, with room for every edition of the family (the demo pack's Legacy board grown by all
// its frontiers: 63 cities, route ids to 228, 64 tickets with ids to 131; Rails & Sails has 35 card
// kinds and decks of up to 250 cards).
constexpr int kMaxPlayers = 5;
constexpr int kMaxRoutes = 256;    // route ids (n_ids): the owner and bit-set arrays are by id
constexpr int kMaxCities = 64;     // cities (a city set is one 64-bit word: scoring.cpp)
constexpr int kMaxTickets = 128;   // tickets on a board (tickets_cap): the pile, hands and shown lists
constexpr int kMaxTicketIds = 256;  // ticket ids (t_a.size()): a ticket id is a uint8_t in the state
constexpr int kMaxKinds = 36;
constexpr int kMaxDeck = 256;
constexpr int kMaxFaceUp = 6;
constexpr int kMaxOffer = 8;
constexpr int kMaxStations = 4;
constexpr int kMaxPayParts = 9;  // (kind, count) pairs in one payment (Nordic: every kind of the train game)
constexpr int kMaxReveal = 4;
constexpr int kMaxFlatGroups = 96;  // claim groups of a board (Rules::flat_groups)

// Claims are counted by payment cell: a slot per colour of the train game (0 .. 7) and one for
// gray (kGraySlot), each a row of the board's (length, ferry locomotives) pairs, by length.
constexpr int kColors = 8;
constexpr int kGraySlot = kColors;
constexpr int kSlots = kColors + 1;
constexpr int kMaxPayRows = 16;  // (one 16-byte vector per slot)
constexpr int kMaxCells = kSlots * kMaxPayRows;

constexpr int kDeckTarget = -1;  // draw target: the top of the draw pile (actions.DECK)
constexpr int kNone = -1;

// Action kinds, in the order of ttr.engine's kind words.
enum Kind : uint8_t { DRAW, STOP, CLAIM, TICKETS, KEEP, STATION, PAY, DECLINE, PASS, N_KIND };
// Rails & Sails' own kinds (after the train game's)
enum RsKind : uint8_t { PIECES = N_KIND, EXCHANGE, HARBOR, N_ALL_KINDS };
// Legacy's event action (its target: none) and extra-card offer (its target: the offer's slot, extras.SLOTS)
enum LwKind : uint8_t { TRADE = N_ALL_KINDS, EXTRA };
// Phases, in the order of ttr.engine.phases.PHASES.
enum Phase : uint8_t { INITIAL_TICKETS, CHOOSE_PIECES, TURN, SECOND_CARD, TUNNEL, KEEP_TICKETS, OVER, EXTRAS };
// Tie breaks (scoring.TIE_BREAKS), larger is better.
enum TieBreak : uint8_t { TB_TICKETS_COMPLETED, TB_LONGEST_PATH, TB_LONGEST_PATH_BONUS, TB_FEWEST_STATIONS, TB_EXPRESS };

struct ClaimGroup {
  int length, gi, kind, pkey;  // pkey: index in Rules::pkeys
  bool twins;
};

struct FlatGroup {  // a claim group, with the reach index it is bounded by
  int16_t length, gi, pkey, reach;
  uint8_t kind;
  int16_t cell = -1;  // its payment key's cell (set by derive_cells)
};

struct PayKey {
  int color, length, locos;  // colour (-1 gray), spaces, ferry locomotives
  bool tunnel = false, any_four = false;  // (read where locomotives are not wild everywhere: Nordic)
  bool ship = false;  // Rails & Sails: a ship route
  int pairs = 0;      // Rails & Sails: paired spaces
};

// Rails & Sails (rails_sails.cpp): the ship deck's room, harbors per seat, reach indices
constexpr int kMaxShipDeck = 128;
constexpr int kMaxHarbors = 4;
constexpr int kRsColors = 6;
constexpr int kRsReach = 19;  // RailsSailsEdition.claim_reach: trains by colour + 1, ships 9 + ..., paired 18
struct RsColor {
  int color, train, anchor, ship, twin;  // the base colour index; its train, anchored train, ship, double-ship kinds
};

// Nordic's reach indices (NordicEdition.reach_index): ordinary routes, tunnels, ferries by
// colour + 1 (0 gray) from these bases, and Murmansk-Lieksa's
constexpr int kReachTunnel = 9, kReachFerry = 18, kReachAnyFour = 27, kMaxReach = 28;

struct PayRow {
  int length, ferry;
};

// The payment rows as vectors, a byte per row (claim counting): the length (0xff past the last
// row), the length less one, the ferry locomotives, and 0xff for each row.
struct PayVectors {
  alignas(16) uint8_t n[kMaxPayRows], n1[kMaxPayRows], f[kMaxPayRows], rows[kMaxPayRows];
};

class RulesError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
// A game that outgrows one of the core's fixed sizes as it is played (Legacy's ledger: a game of
// hundreds of trades): the game cannot go on in the core (the vector environment truncates it).
class FullError : public RulesError {
 public:
  using RulesError::RulesError;
};

struct Rules {
  // edition parameters
  int players = 2, n_kinds = 9, wild = 8, face_up = 5, hand_size = 4;
  int reset_at = 1 << 30, reset_cap = 10;
  bool whole_draw = true;
  int end_pieces = 2, final_round_turns = 2, trains = 45;
  int stations = 0, station_points = 4;
  int initial_long = 0, initial_regular = 3, initial_keep = 2, short_initial_keep = 1;
  int later_draw = 3, later_keep = 1;
  bool initial_unkept_to_box = false, later_unkept_to_box = false;
  int tunnel_reveal = 3;
  int longest_bonus = 0;
  int globetrotter_bonus = 0;  // N4: to every seat with the most completed tickets (0: none)
  std::vector<int> tie_breaks;
  // Nordic (N2, N3): locomotives wild only on ferries and tunnels; a ferry's locomotive space also
  // takes any `ferry_any` cards, a space of Murmansk-Lieksa any `any_four` cards (nordic.cpp)
  bool locos_wild = true;
  int ferry_any = 0, any_four = 0, max_ferry_spaces = 0;
  // routes, by id
  int n_ids = 0;
  std::vector<uint8_t> r_exists, r_tunnel, r_closes, r_kind;
  std::vector<int> r_len, r_color, r_locos, r_points, r_group, r_a, r_b;
  std::vector<std::vector<int>> r_twins;
  std::vector<std::vector<int>> group_routes;
  std::vector<std::array<uint64_t, kMaxRoutes / 64>> group_bits;  // the same, as bits (set by validate)
  std::vector<std::vector<ClaimGroup>> claim_groups;  // by reach index (base editions: colour + 1)
  std::vector<int> claim_reach_index;                 // the reach index of each claim_groups entry
  std::vector<FlatGroup> flat_groups;                 // every claim group, in order (set by validate)
  std::vector<uint64_t> flat_bits;                    // their routes as bit sets, `words` words each (validate)
  std::vector<PayRow> pay_rows;                       // by length (set by validate)
  PayVectors pay_vectors;                             // the same, as vectors
  std::vector<int16_t> pkey_cell;                     // per payment key: slot * kMaxPayRows + row
  std::vector<int16_t> r_cell;                        // per route id: its cell (-1: never claimed with trains)
  std::array<uint8_t, kMaxCells> open_at_start{};      // a seat's open routes per cell at the set-up (derive_cells)
  bool groups_ascending = false;                      // each group's routes by ascending id (set by validate)
  // The groups claimed with trains, in order (derive_cells): their cells, their index in
  // flat_groups, and whether the group has its cell to itself (then a seat's open routes in the
  // cell are the group's)
  std::vector<int16_t> train_cells, train_flat;
  std::vector<uint8_t> train_alone;
  int words = 1;                                      // 64-bit words a route bit set of this board needs
  std::vector<PayKey> pkeys;
  // cities
  int n_cities = 0;
  std::vector<std::vector<int>> city_routes;
  // tickets, by id
  int tickets_cap = 0, offer_cap = 3;
  std::vector<int> t_a, t_b, t_points;
  std::vector<int> regular_tickets, long_tickets;
  // the deck, before shuffling
  std::vector<int> deck;
  // Rails & Sails (RS1-RS7, rails_sails.cpp): a ship deck, pieces chosen at set-up, harbors,
  // exchanges, tours
  bool rs = false;
  std::vector<int> deck1;                 // the ship deck, before shuffling
  std::vector<uint8_t> deck_of;           // per card kind: its deck
  int hand_per_deck[2] = {0, 0}, face_up_per_deck[2] = {0, 0};
  bool may_stop = false;
  int pieces_total = 0, ships = 0, harbors = 0, harbor_penalty = 0;
  std::vector<int> harbor_points;         // by completed tickets naming the city: 1, 2, 3+
  std::vector<int> harbor_ids;            // the harbor cities, in the order harbors are offered
  std::vector<RsColor> rs_colors;         // RS_COLORS, in order
  std::vector<std::vector<int>> t_cities;  // per ticket id: its cities (a tour: more than two)
  std::vector<int> t_tour, t_points_any, t_penalty;  // per ticket id: a tour; its points in any order; its penalty
  // Legacy (legacy.cpp): money, newspapers and events, claim steps, dollar scoring
  bool legacy = false;
  LwRules lw;

  void validate();  // RulesError naming what does not fit the fixed sizes; derives the bit sets

 private:
  void derive_cells();
  void validate_rs();  // (rails_sails.cpp)
  void validate_lw();  // (legacy.cpp)
  int lw_claim_changes() const;
};

}  // namespace ttr
