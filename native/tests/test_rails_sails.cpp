// Rails & Sails' payments (rails_sails.cpp) against RS3 and RS5 as docs/rules.md and
// ttr/editions/rails_sails.py state them, searched here over every card set a hand holds: the same
// payments, each once; and the reach bounds never below what a payment needs.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "ttr/game.hpp"

namespace {

using ttr::PayKey;
using ttr::Payment;

constexpr int kKinds = 34, kJoker = 33;
const int kBase[6] = {0, 3, 4, 5, 6, 7};  // RS_COLORS as colour indices: purple, white, green, yellow, black, red

ttr::Rules rs_rules() {
  ttr::Rules R;
  R.rs = true;
  R.n_kinds = kKinds;
  R.wild = kJoker;
  for (int i = 0; i < 6; ++i) R.rs_colors.push_back(ttr::RsColor{kBase[i], 9 + 4 * i, 10 + 4 * i, 11 + 4 * i, 12 + 4 * i});
  return R;
}

// RS3, RS5 in words: does this card set (counts per kind) pay for the route (or a harbor)?
enum What { TRAIN, SHIP, PAIRED, HARBOR };
bool pays(const std::vector<int>& v, What what, int color, int n) {
  const int j = v[kJoker];
  int total = j;
  for (int k = 0; k < kJoker; ++k) total += v[k];
  for (int k = 0; k < 9; ++k)
    if (v[k]) return false;
  if (what == PAIRED) {  // 2n train cards, every colour with an odd count paired with a joker
    int odd = 0;
    for (int i = 0; i < 6; ++i) {
      if (v[11 + 4 * i] || v[12 + 4 * i]) return false;
      odd += (v[9 + 4 * i] + v[10 + 4 * i]) % 2;
    }
    return total == 2 * n && odd <= j;
  }
  if (what == HARBOR) {  // 2 anchored trains and 2 ships of one colour, jokers wild (or 4 jokers)
    if (total != 4) return false;
    if (j == 4) return true;
    for (int i = 0; i < 6; ++i) {
      const int a = v[10 + 4 * i], s = v[11 + 4 * i];
      if (a + s + j == 4 && a <= 2 && s <= 2) return true;
    }
    return false;
  }
  for (int i = 0; i < 6; ++i) {  // one colour (gray: any one) and jokers
    if (color >= 0 && kBase[i] != color) continue;
    const int t = v[9 + 4 * i], a = v[10 + 4 * i], s = v[11 + 4 * i], d = v[12 + 4 * i];
    int others = total - j - t - a - s - d;
    if (others) continue;
    if (what == TRAIN) {
      if (!s && !d && t + a + j == n) return true;
      continue;
    }
    if (t || a) continue;
    const int spaces = s + 2 * d + j;  // minimal: no card could be removed while still paying
    if (spaces < n) continue;
    bool minimal = (!s || spaces - 1 < n) && (!j || spaces - 1 < n) && (!d || spaces - 2 < n);
    if (minimal) return true;
  }
  return false;
}

std::vector<int> counts(const Payment& p) {
  std::vector<int> v(kKinds, 0);
  for (int i = 0; i < p.n; ++i) v[p.kind[i]] += p.count[i];
  return v;
}

std::set<std::vector<int>> search(const uint8_t* hand, What what, int color, int n) {
  std::set<std::vector<int>> out;
  std::vector<int> v(kKinds, 0);
  const int most = what == HARBOR ? 4 : what == PAIRED ? 2 * n : n;  // (no payment holds more cards)
  auto rec = [&](auto&& self, int kind, int left) -> void {
    if (kind == kKinds) {
      if (pays(v, what, color, n)) out.insert(v);
      return;
    }
    for (v[kind] = 0; v[kind] <= hand[kind] && v[kind] <= left; ++v[kind]) self(self, kind + 1, left - v[kind]);
    v[kind] = 0;
  };
  rec(rec, 0, most);
  return out;
}

uint32_t lcg(uint32_t& s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}

void check(const ttr::Rules& R, const uint8_t* hand, What what, int color, int n) {
  std::vector<Payment> list;
  if (what == HARBOR) {
    ttr::rs::harbor_payments(hand, R, list);
  } else {
    PayKey k{color, n, 0};
    k.ship = what == SHIP;
    k.pairs = what == PAIRED ? n : 0;
    ttr::rs::payments(hand, k, R, list);
  }
  const auto want = search(hand, what, color, n);
  std::set<std::vector<int>> seen;
  for (const Payment& p : list) {
    for (int i = 1; i < p.n; ++i) ASSERT_LT(p.kind[i - 1], p.kind[i]) << "parts ascending by kind";
    for (int i = 0; i < p.n; ++i) ASSERT_GT(p.count[i], 0);
    ASSERT_TRUE(seen.insert(counts(p)).second) << "a payment listed twice (what " << what << ", colour " << color
                                               << ", length " << n << ")";
  }
  ASSERT_EQ(seen, want) << "what " << what << ", colour " << color << ", length " << n;
  if (what != HARBOR && !list.empty()) {  // the reach bound that cuts claims short never cuts a payable one
    int reach[ttr::kRsReach];
    ttr::rs::claim_reach(hand, R, reach);
    const int ri = what == PAIRED ? 18 : color + 1 + 9 * (what == SHIP);
    ASSERT_GE(reach[ri], n);
  }
}

// small random hands over the kinds a colour (and its neighbour) and jokers use
void random_hand(uint32_t& seed, uint8_t* hand, int most) {
  std::fill(hand, hand + ttr::kMaxKinds, 0);
  for (int i = 0; i < 3; ++i) {
    const int c = static_cast<int>(lcg(seed) % 6);
    for (int part = 0; part < 4; ++part) hand[9 + 4 * c + part] = static_cast<uint8_t>(lcg(seed) % (most + 1));
  }
  hand[kJoker] = static_cast<uint8_t>(lcg(seed) % (most + 1));
}

TEST(RailsSails, TrainAndShipPaymentsAreRs3) {
  const ttr::Rules R = rs_rules();
  uint32_t seed = 7;
  uint8_t hand[ttr::kMaxKinds];
  for (int round = 0; round < 60; ++round) {
    random_hand(seed, hand, 4);
    for (int n = 1; n <= 6; ++n) {
      check(R, hand, TRAIN, -1, n);
      check(R, hand, SHIP, -1, n);
      for (int i = 0; i < 6; ++i) {
        check(R, hand, TRAIN, kBase[i], n);
        check(R, hand, SHIP, kBase[i], n);
      }
    }
  }
}

TEST(RailsSails, PairedPaymentsAreRs3) {
  const ttr::Rules R = rs_rules();
  uint32_t seed = 11;
  uint8_t hand[ttr::kMaxKinds];
  for (int round = 0; round < 40; ++round) {
    random_hand(seed, hand, 3);
    for (int n = 1; n <= 3; ++n) check(R, hand, PAIRED, -1, n);
  }
}

TEST(RailsSails, HarborPaymentsAreRs5) {
  const ttr::Rules R = rs_rules();
  uint32_t seed = 5;
  uint8_t hand[ttr::kMaxKinds];
  for (int round = 0; round < 200; ++round) {
    random_hand(seed, hand, 5);
    check(R, hand, HARBOR, -1, 4);
  }
  std::fill(hand, hand + ttr::kMaxKinds, 0);
  hand[kJoker] = 3;  // three jokers and nothing of a colour: no harbor
  std::vector<Payment> none;
  ttr::rs::harbor_payments(hand, R, none);
  EXPECT_TRUE(none.empty());
}

TEST(RailsSails, DrawTargetsRoundTrip) {
  for (int card = -1; card < kKinds; ++card)
    for (int deck = -1; deck <= 1; ++deck) {
      const int t = ttr::rs::draw_target(card, deck);
      EXPECT_EQ(ttr::rs::draw_card(t), card);
      EXPECT_EQ(ttr::rs::draw_deck(t), deck);
    }
}

}  // namespace
