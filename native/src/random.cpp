#include "ttr/random.hpp"

#include <cstring>

namespace ttr {

namespace {
constexpr int N = Mt19937::N;
constexpr uint32_t kUpper = 0x80000000u;
constexpr uint32_t kLower = 0x7fffffffu;
constexpr uint32_t kMatrixA = 0x9908b0dfu;

// mt after init_genrand(19650218), the start of every init_by_array (computed once)
struct Base {
  uint32_t mt[N];
  Base() {
    mt[0] = 19650218u;
    for (int i = 1; i < N; ++i) mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + static_cast<uint32_t>(i);
  }
};
const Base kBase;

// The 32-bit words of |x|, least significant first (CPython's random_seed for an int).
int key_of(i128 x, uint32_t* key) {
  using u128 = unsigned __int128;
  u128 a = x < 0 ? static_cast<u128>(-x) : static_cast<u128>(x);
  int len = 0;
  do {
    key[len++] = static_cast<uint32_t>(a & 0xffffffffu);
    a >>= 32;
  } while (a != 0 && len < 4);
  return len;
}

// init_by_array on K generators at once: the same steps as CPython's, interleaved, so that the
// K chains of dependent multiplies overlap in the processor.
template <int K>
void seed_many(uint32_t* const* mt, const uint32_t (*key)[4], const int* len) {
  for (int g = 0; g < K; ++g) std::memcpy(mt[g], kBase.mt, sizeof kBase.mt);
  uint32_t add[K][4];  // key[j] + j, by j
  int j[K];
  for (int g = 0; g < K; ++g) {
    for (int q = 0; q < len[g]; ++q) add[g][q] = key[g][q] + static_cast<uint32_t>(q);
    j[g] = 0;
  }
  // first loop: N steps from i = 1 (wrapping once: mt[0] = mt[N - 1], i = 1)
  uint32_t prev[K];
  for (int g = 0; g < K; ++g) prev[g] = mt[g][0];
  for (int i = 1; i < N; ++i)
    for (int g = 0; g < K; ++g) {
      const uint32_t v = (mt[g][i] ^ ((prev[g] ^ (prev[g] >> 30)) * 1664525u)) + add[g][j[g]];
      mt[g][i] = prev[g] = v;
      if (++j[g] >= len[g]) j[g] = 0;
    }
  for (int g = 0; g < K; ++g) {
    mt[g][0] = prev[g];
    const uint32_t v = (mt[g][1] ^ ((prev[g] ^ (prev[g] >> 30)) * 1664525u)) + add[g][j[g]];
    mt[g][1] = prev[g] = v;
  }
  // second loop: N - 1 steps from i = 2 (wrapping once)
  for (int i = 2; i < N; ++i)
    for (int g = 0; g < K; ++g) {
      const uint32_t v = (mt[g][i] ^ ((prev[g] ^ (prev[g] >> 30)) * 1566083941u)) - static_cast<uint32_t>(i);
      mt[g][i] = prev[g] = v;
    }
  for (int g = 0; g < K; ++g) {
    mt[g][0] = prev[g];
    mt[g][1] = (mt[g][1] ^ ((prev[g] ^ (prev[g] >> 30)) * 1566083941u)) - 1u;
    mt[g][0] = 0x80000000u;
  }
}
}  // namespace

Mt19937::Mt19937(i128 x) {
  uint32_t key[1][4];
  int len = key_of(x, key[0]);
  uint32_t* mt = mt_;
  seed_many<1>(&mt, key, &len);
  index_ = N;
}

void Mt19937::seed_together(Mt19937* gens, const i128* xs, int k) {
  uint32_t keys[6][4];
  int lens[6];
  uint32_t* mts[6];
  for (int g = 0; g < k; ++g) {
    lens[g] = key_of(xs[g], keys[g]);
    mts[g] = gens[g].mt_;
    gens[g].index_ = N;
  }
  switch (k) {
    case 6: seed_many<6>(mts, keys, lens); break;
    case 5: seed_many<5>(mts, keys, lens); break;
    case 4: seed_many<4>(mts, keys, lens); break;
    case 3: seed_many<3>(mts, keys, lens); break;
    case 2: seed_many<2>(mts, keys, lens); break;
    case 1: seed_many<1>(mts, keys, lens); break;
    default: break;
  }
}

uint32_t Mt19937::next() {
  // Each word is twisted when it is drawn (the same in-place twist, in the same order, done
  // lazily: a shuffle draws a few hundred of the 624).
  if (index_ >= N) index_ = 0;
  const int k = index_++;
  const uint32_t y = (mt_[k] & kUpper) | (mt_[k + 1 < N ? k + 1 : 0] & kLower);
  uint32_t v = mt_[k + M < N ? k + M : k + M - N] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
  mt_[k] = v;
  v ^= (v >> 11);
  v ^= (v << 7) & 0x9d2c5680u;
  v ^= (v << 15) & 0xefc60000u;
  v ^= (v >> 18);
  return v;
}

uint32_t Mt19937::below(uint32_t n) {
  const int k = 32 - __builtin_clz(n);
  uint32_t r = bits(k);
  while (r >= n) r = bits(k);
  return r;
}

}  // namespace ttr
