// The game library on its own (no Python), on small boards built here (toy.hpp): payments, legal
// actions counted and picked, the integer state, scoring, invariants, the set-up's draws, and
// bad tables and states refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "toy.hpp"
#include "ttr/game.hpp"
#include "ttr/playouts.hpp"

namespace {

using ttr::Action;
using ttr::Game;
using ttr::Legal;
using ttr::Payment;
using ttr::Rules;
using ttr::State;

// (the constants of cpython_vectors.inc that test_game.cpp reads)
struct Int128 {
  int sign;
  uint64_t hi, lo;
};
struct GenVector {
  Int128 seed;
  uint32_t out[22];
};
struct StreamVector {
  int64_t seed;
  uint32_t n;
  uint32_t out[4];
};
struct BelowVector {
  Int128 seed;
  uint32_t n;
  uint32_t out[10];
  uint32_t next;
};
struct ShuffleVector {
  Int128 seed;
  int length, at;
  uint32_t next;
};
struct ToyDeal {
  int64_t seed;
  int deck[74];
};
#include "cpython_vectors.inc"

constexpr int kWild = 8;

std::string show(const Payment& p) {
  std::string s = "(";
  for (int i = 0; i < p.n; ++i) s += std::to_string(p.count[i]) + "x" + std::to_string(p.kind[i]) + " ";
  return s + ")";
}

std::string show(const Action& a) {
  return "kind " + std::to_string(a.kind) + " target " + std::to_string(a.target) + " pay " + show(a.pay);
}

bool same(const Action& a, const Action& b) { return a.kind == b.kind && a.target == b.target && a.pay == b.pay; }

Payment pay(std::initializer_list<std::pair<int, int>> parts) {
  Payment p;
  for (auto [kind, count] : parts) {
    p.kind[p.n] = static_cast<uint8_t>(kind);
    p.count[p.n++] = static_cast<uint8_t>(count);
  }
  return p;
}

// ------------------------------------------------------------------ payments

// edition.payments written the long way: every split of n spaces into one colour and k
// locomotives (at least `ferry` of them), colour by colour, then all locomotives.
std::vector<Payment> reference_payments(const uint8_t* hand, int color, int n, int ferry) {
  std::vector<Payment> out;
  const int locos = std::min<int>(hand[kWild], n);
  for (int c = 0; c < 8; ++c) {
    if (color >= 0 && c != color) continue;
    const int h = std::min<int>(hand[c], n);
    if (!h) continue;
    for (int k = 0; k < n; ++k)
      if (k >= ferry && k <= locos && n - k <= h) out.push_back(k ? pay({{c, n - k}, {kWild, k}}) : pay({{c, n}}));
  }
  if (locos >= n) out.push_back(pay({{kWild, n}}));
  return out;
}

// edition.tunnel_payments the long way
std::vector<Payment> reference_tunnel(const uint8_t* hand, int paid, int extra) {
  std::vector<Payment> out;
  if (paid < 0) {
    if (hand[kWild] >= extra) out.push_back(pay({{kWild, extra}}));
    return out;
  }
  for (int k = 0; k <= extra; ++k) {
    if (k > hand[kWild] || extra - k > hand[paid]) continue;
    out.push_back(k == extra ? pay({{kWild, extra}}) : k ? pay({{paid, extra - k}, {kWild, k}}) : pay({{paid, extra}}));
  }
  return out;
}

TEST(Payments, ListCountAndNthAreTheEditionsPayments) {
  ttr::BotRng rng(7);
  int checked = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    uint8_t hand[ttr::kMaxKinds] = {};
    for (int k = 0; k < 9; ++k) hand[k] = static_cast<uint8_t>(rng.below(trial % 3 == 0 ? 9 : 4));
    for (int color = -1; color < 8; ++color)
      for (int n = 1; n <= 8; ++n)
        for (int ferry = 0; ferry <= std::min(n, 3); ++ferry) {
          const ttr::PayKey key{color, n, ferry};
          const auto want = reference_payments(hand, color, n, ferry);
          std::vector<Payment> got;
          ttr::payments(hand, key, kWild, got);
          ASSERT_EQ(got.size(), want.size()) << "colour " << color << " length " << n << " ferry " << ferry;
          for (size_t r = 0; r < want.size(); ++r) ASSERT_EQ(show(got[r]), show(want[r])) << r;
          ASSERT_EQ(ttr::payment_count(hand, key, kWild), static_cast<int>(want.size()));
          for (size_t r = 0; r < want.size(); ++r)
            ASSERT_EQ(show(ttr::nth_payment(hand, key, kWild, static_cast<int>(r))), show(want[r])) << r;
          checked += static_cast<int>(want.size());
        }
  }
  EXPECT_GT(checked, 100000);
}

TEST(Payments, EveryClaimKernelCountsTheEditionsPayments) {
  // claim_total's kernels (scalar, SSE2, AVX2 where the processor has it) give the same payments
  // per cell, each the edition's count for that colour, length and ferry, and the same total
  ttr::BotRng rng(13);
  for (int trial = 0; trial < 2000; ++trial) {
    ttr::PayVectors v;
    const int nrows = 1 + static_cast<int>(rng.below(ttr::kMaxPayRows));
    for (int j = 0; j < ttr::kMaxPayRows; ++j) {
      const bool row = j < nrows;
      const int n = 1 + static_cast<int>(rng.below(8)), f = static_cast<int>(rng.below(std::min(n, 3) + 1));
      v.n[j] = static_cast<uint8_t>(row ? n : 0xff);
      v.n1[j] = static_cast<uint8_t>(row ? n - 1 : 0xfe);
      v.f[j] = static_cast<uint8_t>(row ? f : 0);
      v.rows[j] = row ? 0xff : 0;
    }
    uint8_t hand[ttr::kMaxKinds] = {}, open[ttr::kMaxCells];
    for (int k = 0; k < 9; ++k) hand[k] = static_cast<uint8_t>(rng.below(trial % 2 ? 13 : 5));
    for (int cell = 0; cell < ttr::kMaxCells; ++cell) open[cell] = static_cast<uint8_t>(rng.below(6));
    const int pieces = static_cast<int>(rng.below(12));
    uint8_t want[ttr::kMaxCells], got[ttr::kMaxCells];
    const uint32_t total = ttr::detail::claim_total_scalar(hand, v, pieces, open, want);
    uint32_t sum = 0;
    for (int cell = 0; cell < ttr::kMaxCells; ++cell) {
      const int slot = cell / ttr::kMaxPayRows, j = cell % ttr::kMaxPayRows;
      const bool row = j < nrows && v.n[j] <= pieces;
      const int count = row ? ttr::payment_count(hand, ttr::PayKey{slot == ttr::kGraySlot ? -1 : slot, v.n[j], v.f[j]}, kWild) : 0;
      ASSERT_EQ(want[cell], count) << "slot " << slot << " row " << j;
      sum += static_cast<uint32_t>(open[cell]) * want[cell];
    }
    ASSERT_EQ(total, sum);
#if defined(__SSE2__)
    ASSERT_EQ(ttr::detail::claim_total_sse2(hand, v, pieces, open, got), total);
    ASSERT_EQ(0, std::memcmp(got, want, sizeof got));
#endif
#if defined(__GNUC__) && defined(__x86_64__)
    if (ttr::detail::kAvx2) {
      ASSERT_EQ(ttr::detail::claim_total_avx2(hand, v, pieces, open, got), total);
      ASSERT_EQ(0, std::memcmp(got, want, sizeof got));
    }
#endif
  }
}

TEST(Payments, AFerryNeedsItsLocomotives) {
  uint8_t hand[ttr::kMaxKinds] = {};
  hand[2] = 5;
  hand[kWild] = 1;
  std::vector<Payment> got;
  ttr::payments(hand, ttr::PayKey{-1, 3, 2}, kWild, got);  // two locomotives needed, one held
  EXPECT_TRUE(got.empty());
  ttr::payments(hand, ttr::PayKey{-1, 3, 1}, kWild, got);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(show(got[0]), show(pay({{2, 2}, {kWild, 1}})));
}

TEST(TunnelPayments, ListCountAndNthAreTheEditionsPayments) {
  ttr::BotRng rng(11);
  for (int trial = 0; trial < 2000; ++trial) {
    uint8_t hand[ttr::kMaxKinds] = {};
    for (int k = 0; k < 9; ++k) hand[k] = static_cast<uint8_t>(rng.below(5));
    for (int paid = -1; paid < 8; ++paid)
      for (int extra = 1; extra <= 3; ++extra) {
        const auto want = reference_tunnel(hand, paid, extra);
        std::vector<Payment> got;
        ttr::tunnel_payments(hand, paid, extra, kWild, got);
        ASSERT_EQ(got.size(), want.size()) << "paid " << paid << " extra " << extra;
        ASSERT_EQ(ttr::tunnel_payment_count(hand, paid, extra, kWild), static_cast<int>(want.size()));
        for (size_t r = 0; r < want.size(); ++r) {
          ASSERT_EQ(show(got[r]), show(want[r]));
          ASSERT_EQ(show(ttr::nth_tunnel_payment(hand, paid, extra, kWild, static_cast<int>(r))), show(want[r]));
        }
      }
  }
}

// ------------------------------------------------------------------ positions of random games

// Every position of `games` random games on `R` (actions taken from the listed legal actions).
void each_position(const Rules& R, int games, const std::function<void(Game&, int)>& visit) {
  for (int seed = 0; seed < games; ++seed) {
    Game g(&R, seed * 7919 - 40, seed % 3 == 0);
    ttr::BotRng rng(static_cast<uint64_t>(seed));
    Legal L;
    for (int step = 0; !g.over(); ++step) {
      ASSERT_LT(step, 5000) << "seed " << seed << ": the game does not end";
      visit(g, step);
      g.legal(L);
      ASSERT_GT(L.size(), 0u);
      g.apply(L.at(rng.below(L.size())));
    }
    visit(g, -1);
  }
}

std::vector<Rules> toy_boards() {
  std::vector<Rules> out;
  for (int players = 2; players <= 5; ++players) {
    out.push_back(toy::toy(players, false));
    out.push_back(toy::toy(players, true));
  }
  return out;
}

TEST(Legal, CountAndPickEqualTheListForEveryIndex) {
  long positions = 0, actions = 0;
  int phases[ttr::OVER + 1] = {};
  for (const Rules& R : toy_boards())
    each_position(R, 60, [&](Game& g, int) {
      Legal L;
      g.legal(L);
      ttr::Counted c;
      g.count(c);
      ASSERT_EQ(c.total, L.size());
      ASSERT_EQ(g.count_legal(), L.size());
      for (uint32_t i = 0; i < L.size(); ++i) {
        const Action want = L.at(i);
        const Action got = g.pick(c, i);
        ASSERT_TRUE(same(got, want)) << "index " << i << ": picked " << show(got) << ", listed " << show(want);
        ASSERT_EQ(L.find(want), static_cast<int64_t>(i));
      }
      if (L.size()) ASSERT_TRUE(same(g.nth_legal(L.size() - 1), L.at(L.size() - 1)));
      ++positions;
      actions += L.size();
      ++phases[g.state().phase];
    });
  EXPECT_GT(positions, 10000);
  EXPECT_GT(actions, 200000);
  for (int ph = 0; ph <= ttr::OVER; ++ph)
    if (ph != ttr::CHOOSE_PIECES) EXPECT_GT(phases[ph], 0) << "no position in phase " << ph;
}

TEST(Legal, FindRefusesActionsNotListed) {
  const Rules R = toy::toy(3);
  each_position(R, 10, [&](Game& g, int) {
    Legal L;
    g.legal(L);
    for (uint32_t i = 0; i < L.size(); ++i) {
      Action a = L.at(i);
      a.target = static_cast<int16_t>(a.target + 1000);
      ASSERT_EQ(L.find(a), -1);
      a = L.at(i);
      a.pay.n = 3;
      a.pay.kind[2] = 7;
      a.pay.count[2] = 9;
      ASSERT_EQ(L.find(a), -1);
    }
  });
}

TEST(Codec, EncodeDecodeRoundTripsEveryPosition) {
  for (const Rules& R : toy_boards())
    each_position(R, 15, [&](Game& g, int) {
      std::vector<int64_t> enc;
      g.encode(enc);
      const State s = Game::decode(R, enc.data(), enc.size());
      Game back(&R, s);
      std::vector<int64_t> again;
      back.encode(again);
      ASSERT_EQ(again, enc);
      ASSERT_EQ(0, std::memcmp(s.avail, g.state().avail, sizeof s.avail)) << "the open lanes differ";
      ASSERT_EQ(0, std::memcmp(s.blocked, g.state().blocked, sizeof s.blocked)) << "the blocked lanes differ";
      for (int c = 0; c < R.n_cities; ++c) ASSERT_EQ(s.station_at[c], g.state().station_at[c]);
      Legal a, b;
      g.legal(a);
      back.legal(b);
      ASSERT_EQ(a.size(), b.size());
      for (uint32_t i = 0; i < a.size(); ++i) ASSERT_TRUE(same(a.at(i), b.at(i)));
      if (a.size()) {  // and both play on alike (the draw counter is in the state)
        Game x(&R, g.state()), y(&R, s);
        x.apply(a.at(a.size() / 2));
        y.apply(a.at(a.size() / 2));
        std::vector<int64_t> ex, ey;
        x.encode(ex);
        y.encode(ey);
        ASSERT_EQ(ex, ey);
      }
    });
}

TEST(Codec, TheLayoutHasAFixedSize) {
  const Rules R = toy::toy(4);
  size_t size = 0;
  each_position(R, 3, [&](Game& g, int) {
    std::vector<int64_t> enc;
    g.encode(enc);
    if (!size) size = enc.size();
    ASSERT_EQ(enc.size(), size);
  });
}

// ------------------------------------------------------------------ set-up

TEST(Setup, TheDeckIsShuffledByDrawZeroAsCPythonDoes) {
  for (int players = 2; players <= 5; ++players) {
    const Rules R = toy::toy(players);
    for (const ToyDeal& d : kToyDeals) {
      ASSERT_EQ(R.deck.size(), std::size(d.deck));
      for (size_t i = 0; i < R.deck.size(); ++i) ASSERT_EQ(R.deck[i], kToyDeck[i]);
      Game g(&R, d.seed, false);
      const State& s = g.state();
      int next = static_cast<int>(std::size(d.deck));  // cards are dealt from the end
      uint8_t hands[ttr::kMaxPlayers][ttr::kMaxKinds] = {};
      for (int round = 0; round < R.hand_size; ++round)
        for (int p = 0; p < players; ++p) ++hands[p][d.deck[--next]];
      for (int p = 0; p < players; ++p)
        for (int k = 0; k < R.n_kinds; ++k) EXPECT_EQ(s.hand[p][k], hands[p][k]) << "seed " << d.seed << " seat " << p;
      int shown = 0;
      for (int i = 0; i < R.face_up; ++i) shown += s.face_up[i] >= 0;
      EXPECT_EQ(shown, R.face_up);
      ASSERT_LE(s.deck_n, next - R.face_up);
      for (int i = 0; i < s.deck_n; ++i) EXPECT_EQ(s.deck[i], d.deck[i]) << "seed " << d.seed << " card " << i;
      EXPECT_EQ(s.phase, ttr::INITIAL_TICKETS);
      EXPECT_EQ(s.shuffles, 3u);  // the deck, the regular tickets, the long ones
      EXPECT_EQ(ttr::check_invariants(g), "");
    }
  }
}

TEST(Setup, ARandomFirstPlayerIsDrawThree) {
  const Rules R = toy::toy(5);
  for (int64_t seed : {0, 1, 2, 3, 4, 5, -9}) {
    Game g(&R, seed, true);
    ttr::Mt19937 rng(ttr::stream_seed(seed, 3));
    EXPECT_EQ(g.state().first_player, rng.below(5));
    EXPECT_EQ(g.state().current, g.state().first_player);
    EXPECT_EQ(g.state().shuffles, 4u);
  }
}

// ------------------------------------------------------------------ whole games and invariants

TEST(Playouts, RandomGamesEndWithTheInvariantsKept) {
  for (const Rules& R : toy_boards()) {
    std::vector<int64_t> seeds(400);
    std::iota(seeds.begin(), seeds.end(), -200);
    std::vector<ttr::Outcome> one(seeds.size()), two(seeds.size());
    ttr::random_games(R, seeds.data(), seeds.size(), 1, one.data(), true);
    ttr::random_games(R, seeds.data(), seeds.size(), 2, two.data(), true);
    for (size_t i = 0; i < seeds.size(); ++i) {
      ASSERT_EQ(one[i].error, "") << "seed " << seeds[i];
      ASSERT_GT(one[i].length, 0);
      ASSERT_NE(one[i].winners, 0);
      ASSERT_EQ(one[i].length, two[i].length) << "the thread count changed a game";
      for (int p = 0; p < R.players; ++p) ASSERT_EQ(one[i].total[p], two[i].total[p]);
    }
  }
}

TEST(Playouts, AGameThatDoesNotEndIsReported) {
  const Rules R = toy::toy(2);
  ttr::Outcome out;
  ttr::random_game(R, 3, out, false, 10);
  EXPECT_NE(out.error.find("did not end"), std::string::npos) << out.error;
}

TEST(Invariants, HoldAtEveryStep) {
  for (const Rules& R : toy_boards())
    each_position(R, 20, [&](Game& g, int) {
      ASSERT_EQ(ttr::check_invariants(g), "");
      ASSERT_EQ(g.card_census(), static_cast<int>(R.deck.size()));
    });
}

// a position some way into a game, with routes claimed and (Europe-like) stations built
Game midgame(const Rules& R, int64_t seed) {
  Game g(&R, seed, false);
  ttr::BotRng rng(static_cast<uint64_t>(seed));
  Legal L;
  int claimed = 0;
  for (int step = 0; step < 3000 && !g.over(); ++step) {
    g.legal(L);
    Action pick = L.at(rng.below(L.size()));
    for (uint32_t i = 0; i < L.size(); ++i)  // prefer claims, to get routes on the board
      if (L.at(i).kind == ttr::CLAIM && rng.below(2)) {
        pick = L.at(i);
        break;
      }
    g.apply(pick);
    claimed = 0;
    for (int r = 0; r < R.n_ids; ++r) claimed += g.state().owner[r] >= 0;
    if (claimed >= 4 && g.state().phase == ttr::TURN) break;
  }
  EXPECT_GE(claimed, 4);
  return g;
}

TEST(Invariants, BrokenStatesAreNamed) {
  const Rules R = toy::toy(3);
  const Game base = midgame(R, 12);
  ASSERT_EQ(ttr::check_invariants(base), "");
  int owned = -1;
  for (int r = 0; r < R.n_ids; ++r)
    if (base.state().owner[r] >= 0) owned = r;
  ASSERT_GE(owned, 0);
  const int seat = base.state().owner[owned];
  auto broken = [&](const std::function<void(State&)>& f) {
    Game g = base;
    f(g.state());
    return ttr::check_invariants(g);
  };
  auto starts = [](const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; };
  EXPECT_TRUE(starts(broken([](State& s) { s.hand[0][1] += 1; }), "cards:"));
  EXPECT_TRUE(starts(broken([](State& s) { --s.deck_n; }), "cards:"));
  EXPECT_TRUE(starts(broken([&](State& s) { s.trains[seat] -= 1; }), "pieces:"));
  EXPECT_TRUE(starts(broken([&](State& s) { s.score[seat] += 1; }), "score:"));
  EXPECT_TRUE(starts(broken([&](State& s) { ttr::set_bit(s.avail, owned); }), "routes:"));
  EXPECT_TRUE(starts(broken([&](State& s) { s.owner[owned] = 7; }), "routes:"));
  EXPECT_TRUE(starts(broken([](State& s) {  // a ticket in two hands
                       s.tickets[1][s.tickets_n[1]++] = s.tickets[0][0];
                     }),
                     "tickets:"));
  EXPECT_TRUE(starts(broken([](State& s) {  // a station its city does not know
                       s.stations[2][s.stations_n[2]++] = 5;
                       s.station_at[5] = 0;
                     }),
                     "stations:"));
  const std::string both = broken([&](State& s) {
    for (int r : {0, 1}) {
      if (s.owner[r] >= 0) {
        s.trains[s.owner[r]] += R.r_len[r];
        s.score[s.owner[r]] -= R.r_points[r];
      }
      s.owner[r] = 0;
      ttr::clear_bit(s.avail, r);
      s.trains[0] -= R.r_len[r];
      s.score[0] += R.r_points[r];
    }
  });
  EXPECT_TRUE(starts(both, "routes: both lanes")) << both;
}

// ------------------------------------------------------------------ scoring

// A board of `n` cities with one route per (a, b, length), route ids in order, colour by index.
Rules graph(int n, const std::vector<std::tuple<int, int, int>>& edges, const std::vector<toy::Ticket>& tickets = {},
            int players = 3) {
  std::vector<toy::Route> routes;
  for (size_t i = 0; i < edges.size(); ++i) {
    const auto [a, b, len] = edges[i];
    routes.push_back(toy::Route{static_cast<int>(i), a, b, static_cast<int>(i % 8), len});
  }
  std::vector<toy::Ticket> t = tickets;
  if (t.empty())
    for (int i = 0; i < 12; ++i) t.push_back(toy::Ticket{i, i % n, (i + 1) % n, 1, i >= 9});
  toy::Edition ed;
  ed.players = players;
  return toy::build(ed, n, routes, t);
}

std::vector<ttr::SeatScore> score_with(const Rules& R, const std::vector<int>& owners,
                                       const std::function<void(State&)>& more = {}) {
  Game g(&R, 1, false);
  State& s = g.state();
  for (size_t r = 0; r < owners.size(); ++r) {
    s.owner[r] = static_cast<int8_t>(owners[r]);
    if (owners[r] >= 0) {
      ttr::clear_bit(s.avail, static_cast<int>(r));
      s.trains[owners[r]] -= R.r_len[r];
      s.score[owners[r]] += R.r_points[r];
    }
  }
  for (int p = 0; p < R.players; ++p) s.tickets_n[p] = 0;
  if (more) more(s);
  std::vector<ttr::SeatScore> out;
  g.score(out);
  return out;
}

int longest(int n, const std::vector<std::tuple<int, int, int>>& edges, std::vector<int> owners = {}) {
  const Rules R = graph(n, edges);
  if (owners.empty()) owners.assign(edges.size(), 0);
  return score_with(R, owners)[0].longest;
}

TEST(Scoring, LongestTrailOnSmallGraphs) {
  EXPECT_EQ(longest(4, {{0, 1, 2}}, {-1}), 0);                                       // nothing owned
  EXPECT_EQ(longest(4, {{0, 1, 2}, {1, 2, 3}}), 5);                                  // a path
  EXPECT_EQ(longest(4, {{0, 1, 1}, {0, 2, 2}, {0, 3, 3}}), 5);                       // a star: two spokes
  EXPECT_EQ(longest(4, {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}, {2, 3, 4}}), 7);            // a triangle with a tail
  EXPECT_EQ(longest(4, {{0, 1, 1}, {1, 2, 2}, {2, 3, 3}, {3, 0, 4}}), 10);           // a cycle: all of it
  EXPECT_EQ(longest(5, {{0, 1, 2}, {2, 3, 3}, {3, 4, 3}}), 6);                       // two components
  EXPECT_EQ(longest(3, {{0, 1, 2}, {0, 1, 3}, {1, 2, 1}}), 6);                       // parallel routes
  EXPECT_EQ(longest(5, {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}, {0, 3, 1}, {3, 4, 1}, {4, 0, 1}}), 6);  // a figure eight
  // a city may be passed twice, a route only once: two triangles joined by a long route
  EXPECT_EQ(longest(6, {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}, {2, 3, 5}, {3, 4, 1}, {4, 5, 1}, {5, 3, 1}}), 11);
  EXPECT_EQ(longest(4, {{0, 1, 2}, {1, 2, 3}, {2, 3, 4}}, {0, 1, 0}), 4);            // only the seat's routes
}

// Every trail from every city, each route used at most once (the definition, exhaustively).
int longest_by_search(int n, const std::vector<std::tuple<int, int, int>>& edges) {
  std::vector<bool> used(edges.size(), false);
  std::function<int(int)> walk = [&](int u) {
    int best = 0;
    for (size_t i = 0; i < edges.size(); ++i) {
      const auto [a, b, len] = edges[i];
      if (used[i] || (a != u && b != u)) continue;
      used[i] = true;
      best = std::max(best, len + walk(a == u ? b : a));
      used[i] = false;
    }
    return best;
  };
  int best = 0;
  for (int u = 0; u < n; ++u) best = std::max(best, walk(u));
  return best;
}

TEST(Scoring, LongestTrailEqualsAnExhaustiveSearch) {
  // random boards of up to 7 cities and 10 routes (parallel routes, several components, trees,
  // cycles, any number of odd cities): the shortcuts (a whole component with at most two odd
  // cities, a tree's two sweeps, chains walked whole, the search from all odd cities but one and
  // its bound) against the definition
  std::mt19937 rng(20261127);
  for (int trial = 0; trial < 600; ++trial) {
    const int n = 2 + static_cast<int>(rng() % 6), m = 1 + static_cast<int>(rng() % 10);
    std::vector<std::tuple<int, int, int>> edges;
    while (static_cast<int>(edges.size()) < m) {
      const int a = static_cast<int>(rng() % n), b = static_cast<int>(rng() % n);
      if (a != b) edges.emplace_back(a, b, 1 + static_cast<int>(rng() % 6));
    }
    ASSERT_EQ(longest(n, edges), longest_by_search(n, edges)) << "trial " << trial;
  }
}

TEST(Scoring, TheLongestBonusGoesToEverySeatTiedForIt) {
  const Rules R = graph(6, {{0, 1, 3}, {2, 3, 3}, {4, 5, 2}});
  const auto sc = score_with(R, {0, 1, 2});
  EXPECT_EQ(sc[0].longest_bonus, 10);
  EXPECT_EQ(sc[1].longest_bonus, 10);
  EXPECT_EQ(sc[2].longest_bonus, 0);
  EXPECT_EQ(sc[0].total, 4 + 10 + 12);  // route, bonus, three stations unbuilt
  EXPECT_EQ(sc[0].rank, 1);
  EXPECT_EQ(sc[1].rank, 1);
  EXPECT_EQ(sc[2].rank, 3);
}

TEST(Scoring, TicketsAndStationBorrowing) {
  // 0 -r0- 1 -r1- 2, 1 -r2- 3, 2 -r3- 4; ticket 0: 0-2 (8), ticket 1: 0-3 (5)
  std::vector<toy::Ticket> tickets = {{0, 0, 2, 8}, {1, 0, 3, 5}};
  for (int i = 2; i < 12; ++i) tickets.push_back(toy::Ticket{i, 2, 4, 1, i >= 9});
  const Rules R = graph(5, {{0, 1, 2}, {1, 2, 3}, {1, 3, 1}, {2, 4, 4}}, tickets);
  auto give = [](State& s, int seat, std::initializer_list<int> t, std::initializer_list<int> stations) {
    for (int x : t) s.tickets[seat][s.tickets_n[seat]++] = static_cast<uint8_t>(x);
    for (int c : stations) {
      s.stations[seat][s.stations_n[seat]++] = static_cast<uint8_t>(c);
      s.station_at[c] = static_cast<int8_t>(seat);
    }
  };
  // no station: both tickets fail
  auto sc = score_with(R, {0, 1, 1, -1}, [&](State& s) { give(s, 0, {0, 1}, {}); });
  EXPECT_EQ(sc[0].ticket_points, -13);
  EXPECT_EQ(sc[0].failed, (std::vector<int>{0, 1}));
  EXPECT_TRUE(sc[0].borrowed.empty());
  EXPECT_EQ(sc[0].station_points, 12);
  // a station at city 1 borrows the better of r1 (ticket 0: +8 - 5) and r2 (ticket 1: -8 + 5)
  sc = score_with(R, {0, 1, 1, -1}, [&](State& s) { give(s, 0, {0, 1}, {1}); });
  EXPECT_EQ(sc[0].ticket_points, 3);
  EXPECT_EQ(sc[0].completed, (std::vector<int>{0}));
  EXPECT_EQ(sc[0].failed, (std::vector<int>{1}));
  EXPECT_EQ(sc[0].borrowed, (std::vector<std::pair<int, int>>{{1, 1}}));
  EXPECT_EQ(sc[0].stations_built, 1);
  EXPECT_EQ(sc[0].station_points, 8);
  // two stations, each borrowing one route: city 1 takes r2, city 2 takes r1: both tickets
  sc = score_with(R, {0, 1, 1, -1}, [&](State& s) { give(s, 0, {0, 1}, {1, 2}); });
  EXPECT_EQ(sc[0].ticket_points, 13);
  EXPECT_EQ(sc[0].borrowed, (std::vector<std::pair<int, int>>{{1, 2}, {2, 1}}));
  EXPECT_EQ(sc[0].station_points, 4);
  // a station borrows only other seats' routes, and one on a city without any borrows nothing
  sc = score_with(R, {0, -1, -1, 1}, [&](State& s) { give(s, 0, {0}, {1, 4}); });
  EXPECT_EQ(sc[0].ticket_points, -8);
  EXPECT_TRUE(sc[0].borrowed.empty());
  // the seat's own routes complete a ticket without help
  sc = score_with(R, {0, 0, -1, -1}, [&](State& s) { give(s, 0, {0, 1}, {1}); });
  EXPECT_EQ(sc[0].ticket_points, 8 - 5);  // ticket 1 failed; city 1's only other route (r2) is unowned
}

TEST(Scoring, TiesAreBrokenByTicketsCompleted) {
  // tickets: 0: 0-1 (2), 1: 2-3 (4), 2: 0-1 (1), 3: 0-5 (1)
  std::vector<toy::Ticket> tickets = {{0, 0, 1, 2}, {1, 2, 3, 4}, {2, 0, 1, 1}, {3, 0, 5, 1}};
  for (int i = 4; i < 12; ++i) tickets.push_back(toy::Ticket{i, 4, 5, 1, i >= 9});
  const Rules R = graph(6, {{0, 1, 1}, {2, 3, 1}, {4, 5, 1}}, tickets);
  auto with = [&](std::vector<int> t0, std::vector<int> t1) {
    return score_with(R, {0, 1, 2}, [&](State& s) {
      for (int t : t0) s.tickets[0][s.tickets_n[0]++] = static_cast<uint8_t>(t);
      for (int t : t1) s.tickets[1][s.tickets_n[1]++] = static_cast<uint8_t>(t);
    });
  };
  // seat 0: tickets 0 and 2 (+3, two completed); seat 1: ticket 1 and a failed 3 (+3, one completed)
  auto sc = with({0, 2}, {1, 3});
  EXPECT_EQ(sc[0].total, sc[1].total);
  EXPECT_EQ(sc[0].total, 1 + 3 + 10 + 12);  // route, tickets, the longest (all tied at 1), stations
  EXPECT_EQ(sc[0].rank, 1);
  EXPECT_EQ(sc[1].rank, 2);
  EXPECT_EQ(sc[2].rank, 3);
  // one completed each, the same total: the next tie breaks (stations, the express) tie too
  sc = with({0}, {1, 2});  // +2; +4 - 1... ticket 2 (0-1) fails for seat 1: 4 - 1 = 3
  EXPECT_EQ(sc[0].total + 1, sc[1].total);
  EXPECT_EQ(sc[1].rank, 1);
  EXPECT_EQ(sc[0].rank, 2);
  sc = with({0}, {});
  EXPECT_EQ(sc[0].rank, 1);
  EXPECT_EQ(sc[1].rank, 2);
  EXPECT_EQ(sc[2].rank, 2);
}

// ------------------------------------------------------------------ bad tables and states

TEST(Rules, TablesThatDoNotFitAreRefused) {
  auto refused = [](const std::function<void(Rules&)>& f) {
    Rules R = toy::toy(3);
    f(R);
    try {
      R.validate();
    } catch (const ttr::RulesError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(refused([](Rules&) {}), "");
  EXPECT_NE(refused([](Rules& R) { R.players = 6; }), "");
  EXPECT_NE(refused([](Rules& R) { R.players = 0; }), "");
  EXPECT_NE(refused([](Rules& R) { R.n_kinds = 40; }), "");
  EXPECT_NE(refused([](Rules& R) { R.face_up = 7; }), "");
  EXPECT_NE(refused([](Rules& R) { R.deck.assign(300, 1); }), "");
  EXPECT_NE(refused([](Rules& R) { R.group_routes[0].push_back(99); }), "");
  EXPECT_NE(refused([](Rules& R) { R.claim_groups[0][0].pkey = 1000; }), "");
  EXPECT_NE(refused([](Rules& R) { R.r_len.pop_back(); }), "");            // a table shorter than the routes
  EXPECT_NE(refused([](Rules& R) { R.r_twins[0] = {500}; }), "");          // a twin out of range
  EXPECT_NE(refused([](Rules& R) { R.r_a[2] = 64; }), "");                 // a city out of range
  EXPECT_NE(refused([](Rules& R) { R.city_routes[0].push_back(300); }), "");
  EXPECT_NE(refused([](Rules& R) { R.deck[0] = 9; }), "");                 // a card kind out of range
  EXPECT_NE(refused([](Rules& R) { R.wild = 12; }), "");
  EXPECT_NE(refused([](Rules& R) { R.regular_tickets.push_back(70); }), "");  // no such ticket
  EXPECT_NE(refused([](Rules& R) { R.t_a[0] = -3; }), "");
  EXPECT_NE(refused([](Rules& R) { R.long_tickets.resize(1); }), "");      // fewer long tickets than seats
  EXPECT_NE(refused([](Rules& R) { R.deck.resize(12); }), "");             // too few cards to deal
  EXPECT_NE(refused([](Rules& R) { R.claim_reach_index[0] = 12; }), "");
  EXPECT_NE(refused([](Rules& R) { R.pkeys[0].color = 20; }), "");
  EXPECT_NE(refused([](Rules& R) { R.later_draw = 9; }), "");
  EXPECT_NE(refused([](Rules& R) { R.tie_breaks.push_back(17); }), "");
}

TEST(Codec, BadStatesAreRefusedNotRead) {
  const Rules R = toy::toy(3);
  const Game g = midgame(R, 5);
  std::vector<int64_t> good;
  g.encode(good);
  auto refused = [&](const std::vector<int64_t>& st) {
    try {
      Game::decode(R, st.data(), st.size());
    } catch (const ttr::RulesError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(refused(good), "");
  EXPECT_NE(refused({}), "");
  EXPECT_NE(refused(std::vector<int64_t>(good.begin(), good.end() - 1)), "");  // short
  auto longer = good;
  longer.push_back(0);
  EXPECT_NE(refused(longer), "");
  // every single integer changed to values out of range is refused or still decodes to a state
  // that keeps the invariants the core relies on (it never reads or writes out of bounds: see
  // the sanitizer build)
  int refusals = 0;
  for (size_t i = 0; i < good.size(); ++i)
    for (int64_t v : {int64_t{-2}, int64_t{-1}, int64_t{200}, int64_t{1} << 40, INT64_MIN}) {
      auto st = good;
      st[i] = v;
      const std::string why = refused(st);
      if (!why.empty()) {
        ++refusals;
        continue;
      }
      Game back(&R, Game::decode(R, st.data(), st.size()));
      ASSERT_EQ(back.card_census(), static_cast<int>(R.deck.size())) << "index " << i << " value " << v;
      Legal L;
      back.legal(L);  // and it can be listed and played
      if (L.size()) back.apply(L.at(L.size() - 1));
    }
  EXPECT_GT(refusals, static_cast<int>(good.size()));
}

TEST(Batches, AnErrorInAWorkerIsThrownToTheCallerAfterEveryThreadStops) {
  for (int threads : {1, 2, 4}) {
    std::atomic<int> done{0};
    EXPECT_THROW(ttr::for_games(1000, threads, [&](size_t i) {
                   if (i == 500) throw ttr::RulesError("game 500 went wrong");
                   done.fetch_add(1);
                 }),
                 ttr::RulesError);
    EXPECT_LT(done.load(), 1000);  // (the game that failed never counts)
  }
  std::atomic<int> all{0};
  ttr::for_games(1000, 2, [&](size_t) { all.fetch_add(1); });  // no error: every game, once
  EXPECT_EQ(all.load(), 1000);
}

}  // namespace
