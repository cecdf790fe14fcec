// The random procedure (random.hpp) against CPython 3.11's random.Random: outputs, seeding from
// |x| (negative seeds and seeds of 2, 3 and 4 words), _randbelow, shuffle, seed_together.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "ttr/game.hpp"
#include "ttr/random.hpp"

namespace {

using ttr::i128;

struct Int128 {
  int sign;
  uint64_t hi, lo;
  i128 value() const {
    const unsigned __int128 a = (static_cast<unsigned __int128>(hi) << 64) | lo;
    return sign < 0 ? -static_cast<i128>(a) : static_cast<i128>(a);
  }
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
  uint32_t next;  // the 32-bit output after them (the words consumed)
};
struct ShuffleVector {
  Int128 seed;
  int length, at;  // at: where its result starts in kShuffled
  uint32_t next;
};
struct ToyDeal {
  int64_t seed;
  int deck[74];
};

#include "cpython_vectors.inc"

TEST(Mt19937, OutputsEqualCPythonForSeedsOfEveryWidthAndSign) {
  for (const GenVector& v : kGenerator) {
    ttr::Mt19937 g(v.seed.value());
    int at = 0;
    for (int i = 0; i <= kPicks[std::size(kPicks) - 1]; ++i) {
      const uint32_t x = g.next();
      if (i == kPicks[at]) {
        EXPECT_EQ(x, v.out[at]) << "seed sign " << v.seed.sign << " hi " << v.seed.hi << " lo " << v.seed.lo
                                << ", output " << i;
        ++at;
      }
    }
    EXPECT_EQ(at, static_cast<int>(std::size(kPicks)));
  }
}

TEST(Mt19937, NegativeSeedsSeedFromTheAbsoluteValue) {
  for (i128 x : {i128{1}, i128{1000003}, i128{1} << 40, (i128{1} << 64) + 11, (i128{1} << 100) + 3}) {
    ttr::Mt19937 a(x), b(-x);
    for (int i = 0; i < 1300; ++i) ASSERT_EQ(a.next(), b.next()) << i;
  }
}

TEST(Mt19937, GameStreamsSeedFromSeedTimesStridePlusN) {
  for (const StreamVector& v : kStreams) {
    EXPECT_EQ(ttr::stream_seed(v.seed, v.n), static_cast<i128>(v.seed) * 1000003 + v.n);
    ttr::Mt19937 g(ttr::stream_seed(v.seed, v.n));
    for (int i = 0; i < 4; ++i) EXPECT_EQ(g.next(), v.out[i]) << "seed " << v.seed << " n " << v.n << " output " << i;
  }
}

TEST(Mt19937, BelowIsCPythonsRandbelowAndConsumesTheSameWords) {
  for (const BelowVector& v : kBelow) {
    ttr::Mt19937 g(v.seed.value());
    for (int i = 0; i < 10; ++i) EXPECT_EQ(g.below(v.n), v.out[i]) << "n " << v.n << " call " << i;
    EXPECT_EQ(g.next(), v.next) << "n " << v.n << ": a different number of words consumed";
  }
}

TEST(Mt19937, BitsTakesTheTopBitsOfOneWord) {
  ttr::Mt19937 a(i128{99}), b(i128{99});
  for (int k = 1; k <= 32; ++k) EXPECT_EQ(a.bits(k), b.next() >> (32 - k)) << k;
}

TEST(Shuffle, IsCPythonsShuffle) {
  for (const ShuffleVector& v : kShuffles) {
    std::vector<int> x(v.length);
    std::iota(x.begin(), x.end(), 0);
    ttr::Mt19937 g(v.seed.value());
    ttr::shuffle(g, x.data(), v.length);
    for (int i = 0; i < v.length; ++i) EXPECT_EQ(x[i], kShuffled[v.at + i]) << "length " << v.length << " index " << i;
    EXPECT_EQ(g.next(), v.next) << "length " << v.length << ": a different number of words consumed";
  }
}

TEST(Shuffle, WorksOnBytes) {  // the core shuffles uint8_t decks
  std::vector<uint8_t> x(74);
  std::vector<int> y(74);
  for (int i = 0; i < 74; ++i) x[i] = static_cast<uint8_t>(y[i] = kToyDeck[i]);
  ttr::Mt19937 a(i128{5}), b(i128{5});
  ttr::shuffle(a, x.data(), 74);
  ttr::shuffle(b, y.data(), 74);
  for (int i = 0; i < 74; ++i) EXPECT_EQ(x[i], y[i]);
}

TEST(Shuffle, OfAFreshGeneratorEightWordsAtATimeIsTheSame) {
  // shuffle_spent twists a fresh generator's words eight at a time (and past all 624 goes on one
  // by one): the same permutation as shuffle, for short decks and for ones that need more than
  // 624 words; the CPython vectors too
  for (int n : {2, 3, 7, 30, 110, 226, 227, 228, 300, 445, 600, 1000})
    for (int64_t seed = 0; seed < 40; ++seed) {
      std::vector<uint8_t> x(n), y(n);
      for (int i = 0; i < n; ++i) x[i] = y[i] = static_cast<uint8_t>(i * 7 + seed);
      ttr::Mt19937 a(ttr::stream_seed(seed, 3)), b(ttr::stream_seed(seed, 3));
      ttr::shuffle(a, x.data(), n);
      b.shuffle_spent(y.data(), n);
      ASSERT_EQ(x, y) << "length " << n << " seed " << seed;
    }
  for (const ShuffleVector& v : kShuffles) {
    std::vector<uint8_t> x(v.length);
    std::iota(x.begin(), x.end(), 0);
    ttr::Mt19937 g(v.seed.value());
    g.shuffle_spent(x.data(), v.length);
    for (int i = 0; i < v.length; ++i) EXPECT_EQ(x[i], kShuffled[v.at + i] & 0xff) << "length " << v.length;
  }
}

TEST(SeedTogether, EqualsSeparateSeeding) {
  const i128 seeds[] = {0, 1, -1, 1000003, (i128{1} << 32) + 7, -(i128{1} << 63) * 1000003 + 2,
                        (i128{1} << 64) + 11, (i128{1} << 96) + 5, static_cast<i128>(INT64_MAX) * 1000003 + 1};
  const int n = static_cast<int>(std::size(seeds));
  for (int k = 1; k <= 3; ++k)
    for (int first = 0; first < n; ++first) {
      i128 xs[3];
      for (int g = 0; g < k; ++g) xs[g] = seeds[(first + 3 * g + g * g) % n];  // keys of mixed lengths
      ttr::Mt19937 together[3];
      ttr::Mt19937::seed_together(together, xs, k);
      for (int g = 0; g < k; ++g) {
        ttr::Mt19937 alone(xs[g]);
        for (int i = 0; i < 1300; ++i) ASSERT_EQ(together[g].next(), alone.next()) << "k " << k << " gen " << g << " i " << i;
      }
    }
}

}  // namespace
