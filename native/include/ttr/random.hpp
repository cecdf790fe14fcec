// The random procedure of docs/randomness.md ("ttr-random/1"): a game's n-th draw seeds a fresh
// CPython random.Random (MT19937, init_by_array from the 32-bit words of |seed * 1000003 + n|)
// and makes one call on it. Everything here reproduces CPython 3.11 bit for bit.
#pragma once
#include <cstdint>
#include <cstddef>

namespace ttr {

using i128 = __int128;

class Mt19937 {
 public:
  static constexpr int N = 624;
  static constexpr int M = 397;

  // random.Random(x) for an integer x (its absolute value's 32-bit words, least significant first).
  explicit Mt19937(i128 x);
  Mt19937() : index_(N) {}  // unseeded: for seed_together
  // random.Random(xs[g]) for k <= 6 generators at once (the seeding chains overlap: cheaper than k)
  static void seed_together(Mt19937* gens, const i128* xs, int k);

  uint32_t next();  // genrand_uint32
  // getrandbits(k) for 1 <= k <= 32
  uint32_t bits(int k) { return next() >> (32 - k); }
  // _randbelow(n) for n >= 1: getrandbits(n.bit_length()) until below n
  uint32_t below(uint32_t n);

 private:
  uint32_t mt_[N];
  int index_;
};

// Stream seed of a game's n-th draw.
inline i128 stream_seed(int64_t seed, uint32_t n) { return static_cast<i128>(seed) * 1000003 + n; }

// rng.shuffle(x) exactly: Fisher-Yates from the end, each index drawn by getrandbits rejection.
template <typename T>
void shuffle(Mt19937& rng, T* x, int n) {
  for (int i = n - 1; i > 0; --i) {
    const uint32_t bound = static_cast<uint32_t>(i) + 1;
    const int k = 32 - __builtin_clz(bound);
    uint32_t j = rng.bits(k);
    while (j > static_cast<uint32_t>(i)) j = rng.bits(k);
    T t = x[i];
    x[i] = x[j];
    x[j] = t;
  }
}

}  // namespace ttr
