#include "ttr/random.hpp"

namespace ttr {

namespace {
constexpr uint32_t kUpper = 0x80000000u;
constexpr uint32_t kLower = 0x7fffffffu;
constexpr uint32_t kMatrixA = 0x9908b0dfu;

// mt after init_genrand(19650218), the start of every init_by_array (computed once)
struct Base {
  uint32_t mt[Mt19937::N];
  Base() {
    mt[0] = 19650218u;
    for (int i = 1; i < Mt19937::N; ++i) mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + static_cast<uint32_t>(i);
  }
};
const Base kBase;
}  // namespace

Mt19937::Mt19937(i128 x) {
  using u128 = unsigned __int128;
  u128 a = x < 0 ? static_cast<u128>(-x) : static_cast<u128>(x);
  uint32_t key[4];
  int len = 0;
  do {
    key[len++] = static_cast<uint32_t>(a & 0xffffffffu);
    a >>= 32;
  } while (a != 0 && len < 4);
  for (int i = 0; i < N; ++i) mt_[i] = kBase.mt[i];
  int i = 1, j = 0;
  for (int k = N > len ? N : len; k; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] + static_cast<uint32_t>(j);
    ++i;
    ++j;
    if (i >= N) {
      mt_[0] = mt_[N - 1];
      i = 1;
    }
    if (j >= len) j = 0;
  }
  for (int k = N - 1; k; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - static_cast<uint32_t>(i);
    ++i;
    if (i >= N) {
      mt_[0] = mt_[N - 1];
      i = 1;
    }
  }
  mt_[0] = 0x80000000u;
  index_ = N;
}

void Mt19937::twist() {
  int kk = 0;
  uint32_t y;
  for (; kk < N - M; ++kk) {
    y = (mt_[kk] & kUpper) | (mt_[kk + 1] & kLower);
    mt_[kk] = mt_[kk + M] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
  }
  for (; kk < N - 1; ++kk) {
    y = (mt_[kk] & kUpper) | (mt_[kk + 1] & kLower);
    mt_[kk] = mt_[kk + (M - N)] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
  }
  y = (mt_[N - 1] & kUpper) | (mt_[0] & kLower);
  mt_[N - 1] = mt_[M - 1] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
  index_ = 0;
}

uint32_t Mt19937::next() {
  if (index_ >= N) twist();
  uint32_t y = mt_[index_++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= (y >> 18);
  return y;
}

uint32_t Mt19937::below(uint32_t n) {
  const int k = 32 - __builtin_clz(n);
  uint32_t r = bits(k);
  while (r >= n) r = bits(k);
  return r;
}

}  // namespace ttr
