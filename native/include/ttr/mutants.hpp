// Deliberately broken rules ("mutants"), to prove the differential harness catches each one
// (tests/test_native_mutants.py, docs/native.md). Compiled in only with -DTTR_MUTANTS=ON, as a
// few `#ifdef TTR_MUTANTS` lines at the exact spots in game.cpp, payments.cpp, nordic.cpp,
// rails_sails.cpp, legacy.cpp and scoring.cpp; one is switched on at a time at
// run time (ttr._native.set_mutant, in that build only). Ordinary builds hold none of this.
#pragma once

namespace ttr {

enum Mutant : int {
  M_NONE,
  M_TUNNEL_EXTRA,    // a tunnel's extra cards: revealed locomotives not counted
  M_STATION_COST,    // a station's cost: every station costs one card
  M_RESHUFFLE,       // the discard reshuffle: the discard becomes the draw pile unshuffled
  M_FERRY_LOCOS,     // a ferry's locomotives: ferries pay like plain routes
  M_DISPLAY_REFILL,  // the end-of-turn refill of the display: empty slots stay empty
  M_FERRY_SETS,      // Nordic: a ferry's locomotive space takes any 2 cards, not 3
  M_ANY_FOUR,        // Nordic: a space of Murmansk-Lieksa takes any 3 cards, not 4
  M_HARBOR_VALUE,    // Rails & Sails: a harbor scores as if one more completed ticket named its city
  M_EXCHANGE_COST,   // Rails & Sails: an exchange of pieces costs no point
  M_PAIRED_JOKERS,   // Rails & Sails: a paired route's colours of odd count need no joker
  M_STEP_DOLLARS,    // Legacy: a claim step that pays dollars pays one more
  M_RULE_OFFER,      // Legacy: a rule's (or postcard's) extra-card offer or action that pays dollars pays one more
  M_COUNT
};
inline constexpr const char* kMutantNames[M_COUNT] = {"none", "tunnel-extra", "station-cost", "discard-reshuffle",
                                                      "ferry-locos", "display-refill", "ferry-sets", "any-four",
                                                      "harbor-value", "exchange-cost", "paired-jokers",
                                                      "step-dollars", "rule-offer"};

#ifdef TTR_MUTANTS
inline int g_mutant = M_NONE;  // the rule broken now
inline bool mutant(Mutant m) { return g_mutant == m; }
#endif

}  // namespace ttr
