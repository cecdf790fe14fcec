// Nordic's payments (nordic.cpp) against the N6 rule as docs/rules.md and ttr/editions/nordic.py
// state it, searched here over every card set a hand holds: the same payments, each once, fewest
// cards first, every index found back from its payment and nothing else found.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "ttr/game.hpp"

namespace {

using ttr::PayKey;
using ttr::Payment;

ttr::Rules nordic_rules() {
  ttr::Rules R;
  R.n_kinds = 9;
  R.wild = 8;
  R.locos_wild = false;
  R.ferry_any = 3;
  R.any_four = 4;
  R.max_ferry_spaces = 2;
  return R;
}

// N6, in closed form: a ferry (m coloured spaces, f locomotive spaces, x of them paid by one
// locomotive, the others by 3 cards of any kinds); Murmansk-Lieksa (a spaces by one card of the
// colour, the others by 4 cards of any kinds). Gray: some colour.
bool legal(const int* v, const PayKey& k) {
  int size = 0, best = 0;
  for (int c = 0; c < 9; ++c) size += v[c];
  for (int c = 0; c < 8; ++c) best = std::max(best, v[c]);
  const int own = k.color >= 0 ? v[k.color] : best;
  if (k.any_four) {
    for (int a = 0; a <= k.length; ++a)
      if (size == 4 * k.length - 3 * a && own >= a) return true;
    return false;
  }
  const int m = k.length - k.locos;
  for (int x = 0; x <= k.locos; ++x)
    if (size == m + 3 * k.locos - 2 * x && v[8] >= x && v[8] + own >= m + x) return true;
  return false;
}

std::vector<int> counts(const Payment& p) {
  std::vector<int> v(9, 0);
  for (int i = 0; i < p.n; ++i) v[p.kind[i]] += p.count[i];
  return v;
}

// every card set within the hand that pays, found by search
std::set<std::vector<int>> search(const uint8_t* hand, const PayKey& k) {
  std::set<std::vector<int>> out;
  int v[9] = {};
  auto rec = [&](auto&& self, int kind) -> void {
    if (kind == 9) {
      if (legal(v, k)) out.insert(std::vector<int>(v, v + 9));
      return;
    }
    for (v[kind] = 0; v[kind] <= hand[kind]; ++v[kind]) self(self, kind + 1);
    v[kind] = 0;
  };
  rec(rec, 0);
  return out;
}

uint32_t lcg(uint32_t& s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}

// a random hand of least .. least + spread - 1 cards
void deal(uint8_t* hand, uint32_t& s, int least, int spread) {
  const int size = least + static_cast<int>(lcg(s) % static_cast<uint32_t>(spread));
  for (int i = 0; i < size; ++i) ++hand[lcg(s) % 9];
}

void check(const ttr::Rules& R, const uint8_t* hand, const PayKey& k) {
  std::vector<Payment> list;
  ttr::nordic::list(hand, k, R, list);
  const auto want = search(hand, k);
  ASSERT_EQ(ttr::nordic::count(hand, k, R), list.size());
  ASSERT_EQ(list.size(), want.size()) << "colour " << k.color << " length " << k.length << " ferry " << k.locos;
  std::set<std::vector<int>> seen;
  int last = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    const Payment& p = list[i];
    for (int j = 1; j < p.n; ++j) ASSERT_LT(p.kind[j - 1], p.kind[j]);  // kinds ascending, each once
    const auto v = counts(p);
    int size = 0;
    for (int x : v) size += x;
    ASSERT_GE(size, last);  // fewest cards first
    last = size;
    ASSERT_TRUE(want.count(v));
    ASSERT_TRUE(seen.insert(v).second);  // each once
    ASSERT_EQ(ttr::nordic::rank(hand, k, R, p), static_cast<int64_t>(i));
  }
  // a card more or less is never a payment of the same index
  for (size_t i = 0; i < list.size(); i += 7) {
    Payment p = list[i];
    p.count[0] += 1;
    const auto v = counts(p);
    const bool held = v[p.kind[0]] <= hand[p.kind[0]];
    EXPECT_EQ(ttr::nordic::rank(hand, k, R, p) >= 0, held && want.count(v) > 0);
  }
}

TEST(Nordic, FerryPaymentsAreEveryExactAssignment) {
  const ttr::Rules R = nordic_rules();
  uint32_t s = 7;
  for (int trial = 0; trial < 60; ++trial) {
    uint8_t hand[ttr::kMaxKinds] = {};
    deal(hand, s, 3, 12);
    for (int color : {-1, 0, 5})
      for (int n = 1; n <= 6; ++n)
        for (int f = 1; f <= std::min(2, n); ++f) check(R, hand, PayKey{color, n, f});
  }
}

TEST(Nordic, MurmanskLieksaTakesAnyFourCardsForOne) {
  const ttr::Rules R = nordic_rules();
  uint32_t s = 11;
  for (int trial = 0; trial < 40; ++trial) {
    uint8_t hand[ttr::kMaxKinds] = {};
    deal(hand, s, 4, 13);
    for (int n : {2, 3, 9}) {
      PayKey k{-1, n, 0};
      k.any_four = true;
      check(R, hand, k);
      k.color = 3;
      check(R, hand, k);
    }
  }
}

TEST(Nordic, APaymentMayHoldEveryKind) {
  const ttr::Rules R = nordic_rules();
  PayKey k{-1, 9, 0};
  k.any_four = true;  // 9 spaces of 4 cards: some payments hold all nine kinds
  bool nine = false;
  uint8_t big[ttr::kMaxKinds] = {5, 5, 5, 5, 5, 5, 5, 5, 5};
  const uint64_t n = ttr::nordic::count(big, k, R);
  ASSERT_GT(n, 0u);
  for (uint64_t r = 0; r < n; r += n / 97 + 1) {
    const Payment p = ttr::nordic::nth(big, k, R, r);
    nine |= p.n == 9;
    ASSERT_EQ(ttr::nordic::rank(big, k, R, p), static_cast<int64_t>(r));
  }
  EXPECT_TRUE(nine);
}

TEST(Nordic, OrdinaryRoutesTakeNoLocomotiveAndTunnelsPayAsEuropes) {
  const ttr::Rules R = nordic_rules();
  const uint8_t hand[ttr::kMaxKinds] = {3, 0, 4, 0, 0, 0, 0, 1, 5};
  std::vector<Payment> out;
  ttr::nordic::list(hand, PayKey{-1, 3, 0}, R, out);  // gray: 3 of one colour
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].kind[0], 0);
  EXPECT_EQ(out[1].kind[0], 2);
  EXPECT_EQ(ttr::nordic::count(hand, PayKey{7, 2, 0}, R), 0u);  // 1 red and 5 locomotives: no
  PayKey tunnel{7, 2, 0};
  tunnel.tunnel = true;
  EXPECT_EQ(ttr::nordic::count(hand, tunnel, R), static_cast<uint64_t>(ttr::payment_count(hand, tunnel, 8)));
  EXPECT_EQ(ttr::nordic::count(hand, tunnel, R), 2u);  // 1 red + 1 locomotive, 2 locomotives
}

}  // namespace

// next_steps against the listed payments: after every prefix of every payment (and the empty
// one), the steps are exactly the next (kind, count) of the payments that begin with it.
void check_steps(const ttr::Rules& R, const uint8_t* hand, const PayKey& k) {
  std::vector<Payment> list;
  ttr::nordic::list(hand, k, R, list);
  std::set<std::vector<std::pair<int, int>>> prefixes{{}};
  for (const Payment& p : list)
    for (int n = 1; n < p.n; ++n) {
      std::vector<std::pair<int, int>> pre;
      for (int i = 0; i < n; ++i) pre.emplace_back(p.kind[i], p.count[i]);
      prefixes.insert(pre);
    }
  for (const auto& pre : prefixes) {
    uint64_t want[ttr::kMaxKinds] = {}, got[ttr::kMaxKinds] = {};
    for (const Payment& p : list) {
      if (p.n <= static_cast<int>(pre.size())) continue;
      bool same = true;
      for (size_t i = 0; i < pre.size() && same; ++i) same = p.kind[i] == pre[i].first && p.count[i] == pre[i].second;
      if (same) want[p.kind[pre.size()]] |= uint64_t{1} << p.count[pre.size()];
    }
    uint8_t fixed[ttr::kMaxKinds] = {};
    for (auto [kind, count] : pre) fixed[kind] = static_cast<uint8_t>(count);
    ttr::nordic::next_steps(hand, k, R, fixed, pre.empty() ? -1 : pre.back().first, got);
    for (int c = 0; c < 9; ++c)
      ASSERT_EQ(got[c], want[c]) << "kind " << c << " after " << pre.size() << " steps, colour " << k.color
                                 << " length " << k.length << " ferry " << k.locos << " any four " << k.any_four;
  }
}

TEST(Nordic, PaymentStepsAreThePrefixesOfThePayments) {
  const ttr::Rules R = nordic_rules();
  uint32_t s = 13;
  for (int trial = 0; trial < 30; ++trial) {
    uint8_t hand[ttr::kMaxKinds] = {};
    deal(hand, s, 4, 12);
    for (int color : {-1, 2})
      for (int n = 1; n <= 5; ++n)
        for (int f = 1; f <= std::min(2, n); ++f) check_steps(R, hand, PayKey{color, n, f});
    for (int n : {2, 3, 9}) {
      PayKey k{-1, n, 0};
      k.any_four = true;
      check_steps(R, hand, k);
      k.color = 6;
      check_steps(R, hand, k);
    }
  }
}
