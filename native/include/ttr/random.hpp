// The random procedure of docs/randomness.md ("ttr-random/1"): a game's n-th draw seeds a fresh
// CPython random.Random (MT19937, init_by_array from the 32-bit words of |seed * 1000003 + n|)
// and makes one call on it. Everything here reproduces CPython 3.11 bit for bit.
#pragma once
#include <cstdint>
#include <cstddef>

namespace ttr {

using i128 = __int128;

// kLanes words side by side, as vectors (one step of kLanes generators seeded together)
struct Lanes {
  static constexpr int kWidth = 8, kVectors = 4, kLanes = kWidth * kVectors;
  typedef uint32_t V __attribute__((vector_size(4 * kWidth)));
  V w[kVectors];
};

class Mt19937 {
 public:
  static constexpr int N = 624;
  static constexpr int M = 397;

  // random.Random(x) for an integer x (its absolute value's 32-bit words, least significant first).
  explicit Mt19937(i128 x);
  Mt19937() : index_(N) {}  // unseeded: for seed_together
  // random.Random(xs[g]) for k generators at once: their seeding chains side by side, in vector
  // lanes for a dozen or more (each then costs a small fraction of one seeded alone)
  static void seed_together(Mt19937* gens, const i128* xs, int k);

  // genrand_uint32. Each word is twisted when it is drawn (the same in-place twist, in the same
  // order, done lazily: a shuffle draws a few hundred of the 624).
  uint32_t next() {
    if (index_ >= N) index_ = 0;
    const int k = index_++;
    const uint32_t y = (mt_[k] & 0x80000000u) | (mt_[k + 1 < N ? k + 1 : 0] & 0x7fffffffu);
    uint32_t v = mt_[k + M < N ? k + M : k + M - N] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    mt_[k] = v;
    v ^= (v >> 11);
    v ^= (v << 7) & 0x9d2c5680u;
    v ^= (v << 15) & 0xefc60000u;
    v ^= (v >> 18);
    return v;
  }
  // random.shuffle(x) on a generator fresh from its seeding (else as shuffle()), its words twisted
  // eight at a time. Spends the generator: draw nothing more from it.
  void shuffle_spent(uint8_t* x, int n);
  // getrandbits(k) for 1 <= k <= 32
  uint32_t bits(int k) { return next() >> (32 - k); }
  // _randbelow(n) for n >= 1: getrandbits(n.bit_length()) until below n
  uint32_t below(uint32_t n);

 private:
  static void seed_few(Mt19937* gens, const i128* xs, int k);    // k <= 6, scalar chains
  static void seed_lanes(Mt19937* gens, const i128* xs, int k);  // k <= Lanes::kLanes, vectors
  void twist8(int k, uint32_t* out);  // words k .. k + 7 twisted in place; their outputs
  uint32_t mt_[N];
  int index_;
};

// Stream seed of a game's n-th draw.
inline i128 stream_seed(int64_t seed, uint32_t n) { return static_cast<i128>(seed) * 1000003 + n; }

// random.shuffle's loop over the generator's 32-bit words `word()`: for i from n - 1 down to 1,
// swap x[i] with x[_randbelow(i + 1)], drawn as getrandbits(bit_length(i + 1)) by rejection. A
// rejected draw swaps x[i] with itself and keeps i (no branch to mispredict: a third of the draws).
template <typename T, typename Word>
void shuffle_words(Word&& word, T* x, int n) {
  for (int i = n - 1; i > 0;) {
    const uint32_t j = word() >> __builtin_clz(static_cast<uint32_t>(i) + 1);
    const bool ok = j <= static_cast<uint32_t>(i);
    const uint32_t at = ok ? j : static_cast<uint32_t>(i);
    const T t = x[i];
    x[i] = x[at];
    x[at] = t;
    i -= ok;
  }
}

// rng.shuffle(x) exactly.
template <typename T>
void shuffle(Mt19937& rng, T* x, int n) {
  shuffle_words([&rng] { return rng.next(); }, x, n);
}

}  // namespace ttr
