#include "ttr/random.hpp"

#include <cstring>
#include <memory>

namespace ttr {

namespace {
constexpr int N = Mt19937::N;
constexpr int kPeriod = 12;  // init_by_array's key index repeats every 12 steps for keys of 1 to 4 words
constexpr int kWidth = Lanes::kWidth;
constexpr int kLanes = Lanes::kLanes;

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
// K chains of dependent multiplies overlap in the processor. The first loop reads the shared
// init_genrand state (each word is read once before it is written) and adds key[j] + j, where
// j = step mod len: a period of 12 for any key of 1 to 4 words.
template <int K>
void seed_many(uint32_t* const* mt, const uint32_t (*key)[4], const int* len) {
  constexpr int P = kPeriod;
  uint32_t add[P][K];
  for (int g = 0; g < K; ++g)
    for (int u = 0; u < P; ++u) add[u][g] = key[g][u % len[g]] + static_cast<uint32_t>(u % len[g]);
  uint32_t prev[K];
  for (int g = 0; g < K; ++g) prev[g] = kBase.mt[0];
  // first loop: N steps from i = 1 (step s = i - 1), wrapping once (mt[0] = mt[N - 1], i = 1)
  int i = 1;
  for (; i + P <= N; i += P) {
#pragma GCC unroll 12
    for (int u = 0; u < P; ++u) {
      const uint32_t base = kBase.mt[i + u];
      for (int g = 0; g < K; ++g) mt[g][i + u] = prev[g] = (base ^ ((prev[g] ^ (prev[g] >> 30)) * 1664525u)) + add[u][g];
    }
  }
  for (int u = 0; i < N; ++i, ++u)
    for (int g = 0; g < K; ++g) mt[g][i] = prev[g] = (kBase.mt[i] ^ ((prev[g] ^ (prev[g] >> 30)) * 1664525u)) + add[u][g];
  static_assert((N - 1) % P == P - 1, "the wrapping step's key index");
  for (int g = 0; g < K; ++g) {
    mt[g][0] = prev[g];
    mt[g][1] = prev[g] = (mt[g][1] ^ ((prev[g] ^ (prev[g] >> 30)) * 1664525u)) + add[P - 1][g];
  }
  // second loop: N - 1 steps from i = 2 (wrapping once)
  for (i = 2; i < N; ++i) {
    const uint32_t sub = static_cast<uint32_t>(i);
    for (int g = 0; g < K; ++g) mt[g][i] = prev[g] = (mt[g][i] ^ ((prev[g] ^ (prev[g] >> 30)) * 1566083941u)) - sub;
  }
  for (int g = 0; g < K; ++g) {
    mt[g][1] = (mt[g][1] ^ ((prev[g] ^ (prev[g] >> 30)) * 1566083941u)) - 1u;
    mt[g][0] = 0x80000000u;
  }
}

// init_by_array in lanes: kLanes generators as kVectors vectors of kWidth words, side by side (the
// same steps as seed_many), where the processor multiplies 8 words at once (AVX2).
#if defined(__GNUC__) && defined(__x86_64__)
#define TTR_VECTOR_CLONES __attribute__((target("avx2")))
bool vector_lanes() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#else
#define TTR_VECTOR_CLONES
bool vector_lanes() { return false; }  // (scalar chains: not measured elsewhere)
#endif
TTR_VECTOR_CLONES void seed_lanes_kernel(Lanes* soa, const Lanes* add, uint32_t* const* mts) {
  static_assert(Lanes::kVectors == 4 && kWidth == 8, "four chains of 8 lanes, each in its own register");
  using V = Lanes::V;
  V a = V{} + kBase.mt[0], b = a, c = a, d = a;
  auto step1 = [&](int i, const Lanes& k) {  // mt[i] from the base word and mt[i - 1]
    const uint32_t base = kBase.mt[i];
    soa[i].w[0] = a = (base ^ ((a ^ (a >> 30)) * 1664525u)) + k.w[0];
    soa[i].w[1] = b = (base ^ ((b ^ (b >> 30)) * 1664525u)) + k.w[1];
    soa[i].w[2] = c = (base ^ ((c ^ (c >> 30)) * 1664525u)) + k.w[2];
    soa[i].w[3] = d = (base ^ ((d ^ (d >> 30)) * 1664525u)) + k.w[3];
  };
  int i = 1;
  for (; i + kPeriod <= N; i += kPeriod)
#pragma GCC unroll 12
    for (int u = 0; u < kPeriod; ++u) step1(i + u, add[u]);
  for (int u = 0; i < N; ++i, ++u) step1(i, add[u]);
  {  // the wrapping step, at i = 1 (mt[0] = mt[N - 1])
    const Lanes& k = add[kPeriod - 1];
    Lanes& m = soa[1];
    m.w[0] = a = (m.w[0] ^ ((a ^ (a >> 30)) * 1664525u)) + k.w[0];
    m.w[1] = b = (m.w[1] ^ ((b ^ (b >> 30)) * 1664525u)) + k.w[1];
    m.w[2] = c = (m.w[2] ^ ((c ^ (c >> 30)) * 1664525u)) + k.w[2];
    m.w[3] = d = (m.w[3] ^ ((d ^ (d >> 30)) * 1664525u)) + k.w[3];
  }
  // the second loop writes each generator's final words, 8 steps at a time: the 8 x 8 block of a
  // chain turned so that each lane's 8 consecutive words are stored together
  Lanes out[8];
  auto flush = [&](int q) {  // words 8q .. 8q + 7
    for (int v = 0; v < 4; ++v) {
      const V t0 = __builtin_shuffle(out[0].w[v], out[1].w[v], V{0, 8, 1, 9, 4, 12, 5, 13});
      const V t1 = __builtin_shuffle(out[0].w[v], out[1].w[v], V{2, 10, 3, 11, 6, 14, 7, 15});
      const V t2 = __builtin_shuffle(out[2].w[v], out[3].w[v], V{0, 8, 1, 9, 4, 12, 5, 13});
      const V t3 = __builtin_shuffle(out[2].w[v], out[3].w[v], V{2, 10, 3, 11, 6, 14, 7, 15});
      const V t4 = __builtin_shuffle(out[4].w[v], out[5].w[v], V{0, 8, 1, 9, 4, 12, 5, 13});
      const V t5 = __builtin_shuffle(out[4].w[v], out[5].w[v], V{2, 10, 3, 11, 6, 14, 7, 15});
      const V t6 = __builtin_shuffle(out[6].w[v], out[7].w[v], V{0, 8, 1, 9, 4, 12, 5, 13});
      const V t7 = __builtin_shuffle(out[6].w[v], out[7].w[v], V{2, 10, 3, 11, 6, 14, 7, 15});
      const V u0 = __builtin_shuffle(t0, t2, V{0, 1, 8, 9, 4, 5, 12, 13});
      const V u1 = __builtin_shuffle(t0, t2, V{2, 3, 10, 11, 6, 7, 14, 15});
      const V u2 = __builtin_shuffle(t1, t3, V{0, 1, 8, 9, 4, 5, 12, 13});
      const V u3 = __builtin_shuffle(t1, t3, V{2, 3, 10, 11, 6, 7, 14, 15});
      const V u4 = __builtin_shuffle(t4, t6, V{0, 1, 8, 9, 4, 5, 12, 13});
      const V u5 = __builtin_shuffle(t4, t6, V{2, 3, 10, 11, 6, 7, 14, 15});
      const V u6 = __builtin_shuffle(t5, t7, V{0, 1, 8, 9, 4, 5, 12, 13});
      const V u7 = __builtin_shuffle(t5, t7, V{2, 3, 10, 11, 6, 7, 14, 15});
      const V lo{0, 1, 2, 3, 8, 9, 10, 11}, hi{4, 5, 6, 7, 12, 13, 14, 15};
      const V rows[8] = {__builtin_shuffle(u0, u4, lo), __builtin_shuffle(u1, u5, lo),
                         __builtin_shuffle(u2, u6, lo), __builtin_shuffle(u3, u7, lo),
                         __builtin_shuffle(u0, u4, hi), __builtin_shuffle(u1, u5, hi),
                         __builtin_shuffle(u2, u6, hi), __builtin_shuffle(u3, u7, hi)};
      for (int j = 0; j < 8; ++j) std::memcpy(mts[v * 8 + j] + 8 * q, &rows[j], sizeof(V));
    }
  };
  auto step2 = [&](int i, Lanes& o) {
    const uint32_t sub = static_cast<uint32_t>(i);
    const Lanes& m = soa[i];
    o.w[0] = a = (m.w[0] ^ ((a ^ (a >> 30)) * 1566083941u)) - sub;
    o.w[1] = b = (m.w[1] ^ ((b ^ (b >> 30)) * 1566083941u)) - sub;
    o.w[2] = c = (m.w[2] ^ ((c ^ (c >> 30)) * 1566083941u)) - sub;
    o.w[3] = d = (m.w[3] ^ ((d ^ (d >> 30)) * 1566083941u)) - sub;
  };
  static_assert(N % 8 == 0, "whole blocks of 8 words");
  step2(2, out[2]);
  for (i = 3; i < 8; ++i) step2(i, out[i]);
  flush(0);  // (words 0 and 1 are set below)
  for (int q = 1; q < N / 8; ++q) {
#pragma GCC unroll 8
    for (int u = 0; u < 8; ++u) step2(8 * q + u, out[u]);
    flush(q);
  }
  Lanes w1;
  step2(1, w1);  // the wrapping step (mt[0] = mt[N - 1]: the chain's last value)
  for (int g = 0; g < kLanes; ++g) {
    mts[g][1] = w1.w[g / kWidth][g % kWidth];
    mts[g][0] = 0x80000000u;
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

void Mt19937::seed_few(Mt19937* gens, const i128* xs, int k) {
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

void Mt19937::seed_lanes(Mt19937* gens, const i128* xs, int k) {
  std::unique_ptr<Lanes[]> soa(new Lanes[N]);
  Lanes add[kPeriod];
  for (int g = 0; g < kLanes; ++g) {
    uint32_t key[4];
    const int len = key_of(xs[g < k ? g : 0], key);
    for (int u = 0; u < kPeriod; ++u) add[u].w[g / kWidth][g % kWidth] = key[u % len] + static_cast<uint32_t>(u % len);
  }
  uint32_t* mts[kLanes];
  std::unique_ptr<uint32_t[]> spare;  // where the unused lanes go
  for (int g = 0; g < kLanes; ++g) {
    if (g < k) {
      mts[g] = gens[g].mt_;
      gens[g].index_ = N;
    } else {
      if (!spare) spare.reset(new uint32_t[N]);
      mts[g] = spare.get();
    }
  }
  seed_lanes_kernel(soa.get(), add, mts);
}

void Mt19937::seed_together(Mt19937* gens, const i128* xs, int k) {
  // lanes of vectors where there are enough generators to fill half of them or more (each then
  // costs about 0.4 of one in the scalar chains), else up to six scalar chains side by side
  while (k >= kLanes / 2 && vector_lanes()) {
    const int m = k < kLanes ? k : kLanes;
    seed_lanes(gens, xs, m);
    gens += m, xs += m, k -= m;
  }
  while (k > 0) {
    const int m = k < 6 ? k : (k < 12 ? (k + 1) / 2 : 6);
    seed_few(gens, xs, m);
    gens += m, xs += m, k -= m;
  }
}

// The twist of words k .. k + 7, in place, and their tempered outputs: as next() makes them one by
// one (word k from words k and k + 1 as seeded and word k + M, itself twisted already once k + M
// wraps), eight at a time where the eight words' sources lie in one run of memory.
void Mt19937::twist8(int k, uint32_t* out) {
  typedef uint32_t V __attribute__((vector_size(32)));
  if (k + 8 < N && (k + M + 8 <= N || k + M >= N)) {
    V a, b, c;
    std::memcpy(&a, mt_ + k, sizeof a);
    std::memcpy(&b, mt_ + k + 1, sizeof b);
    std::memcpy(&c, mt_ + (k + M < N ? k + M : k + M - N), sizeof c);
    const V y = (a & 0x80000000u) | (b & 0x7fffffffu);
    V v = c ^ (y >> 1) ^ (-(y & 1u) & 0x9908b0dfu);
    std::memcpy(mt_ + k, &v, sizeof v);
    v ^= v >> 11;
    v ^= (v << 7) & 0x9d2c5680u;
    v ^= (v << 15) & 0xefc60000u;
    v ^= v >> 18;
    std::memcpy(out, &v, sizeof v);
    return;
  }
  int at = k;
  for (int j = 0; j < 8; ++j) {
    index_ = at++;
    out[j] = next();
  }
}

void Mt19937::shuffle_spent(uint8_t* x, int n) {
  if (index_ != N) {
    ttr::shuffle(*this, x, n);
    return;
  }
  uint32_t buf[8];
  int have = 0, k = 0;  // outputs left in buf; the next word to twist
  auto word = [&]() -> uint32_t {
    if (!have) {
      if (k >= N) {  // all 624 twisted once, in place: next() goes on from the stream's state
        if (k == N) index_ = N, k = N + 1;
        return next();
      }
      twist8(k, buf);
      k += 8;
      have = 8;
    }
    return buf[8 - have--];
  };
  shuffle_words(word, x, n);
}

uint32_t Mt19937::below(uint32_t n) {
  const int k = 32 - __builtin_clz(n);
  uint32_t r = bits(k);
  while (r >= n) r = bits(k);
  return r;
}

}  // namespace ttr
