// Payments (edition.payments and tunnel_payments: listed, counted, the n-th) and the claims'
// count: the payments per cell for a hand and their dot product with a seat's open routes.
#include <cstring>

#include "ttr/game.hpp"
#include "ttr/mutants.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define TTR_AVX2 1
#endif

namespace ttr {

namespace {

inline Payment pay1(int k, int n) {
  Payment p;
  p.n = 1;
  p.kind[0] = static_cast<uint8_t>(k);
  p.count[0] = static_cast<uint8_t>(n);
  return p;
}

inline Payment pay2(int k1, int n1, int k2, int n2) {
  Payment p;
  p.n = 2;
  p.kind[0] = static_cast<uint8_t>(k1);
  p.kind[1] = static_cast<uint8_t>(k2);
  p.count[0] = static_cast<uint8_t>(n1);
  p.count[1] = static_cast<uint8_t>(n2);
  return p;
}

// edition._one_colour: n spaces of colour c (h held, capped at n), locomotives wild (locos held,
// capped at n), at least `ferry` of them locomotives; then the all-locomotive payment if `all_locos`.
// The mixed payments are k = lo .. hi locomotives with the rest of colour c.
struct OneColour {
  int c, n, lo, hi;  // mixed payments: hi - lo + 1 of them (none if hi < lo)
  bool all;          // then the all-locomotive one
  OneColour(int c_, int n_, int ferry, int h, int locos, bool all_locos) : c(c_), n(n_) {
#ifdef TTR_MUTANTS
    if (mutant(M_FERRY_LOCOS)) ferry = 0;
#endif
    if (h) {
      lo = ferry > n - h ? ferry : n - h;
      hi = locos < n - 1 ? locos : n - 1;
    } else {
      lo = 1;
      hi = 0;
    }
    all = all_locos && locos >= n;
  }
  int mixed() const { return hi >= lo ? hi - lo + 1 : 0; }
  int count() const { return mixed() + (all ? 1 : 0); }
  Payment nth(int r, int wild) const {
    if (r < mixed()) {
      const int k = lo + r;
      return k ? pay2(c, n - k, wild, k) : pay1(c, n);
    }
    return pay1(wild, n);
  }
};

inline int capped(int x, int n) { return x < n ? x : n; }
}  // namespace

void payments(const uint8_t* hand, const PayKey& k, int wild, std::vector<Payment>& out) {
  const int n = k.length, locos = capped(hand[wild], n);
  if (k.color >= 0) {
    OneColour oc(k.color, n, k.locos, capped(hand[k.color], n), locos, true);
    for (int r = 0, m = oc.count(); r < m; ++r) out.push_back(oc.nth(r, wild));
    return;
  }
  for (int c = 0; c < kColors; ++c) {
    if (!hand[c]) continue;
    OneColour oc(c, n, k.locos, capped(hand[c], n), locos, false);
    for (int r = 0, m = oc.count(); r < m; ++r) out.push_back(oc.nth(r, wild));
  }
  if (locos >= n) out.push_back(pay1(wild, n));
}

int payment_count(const uint8_t* hand, const PayKey& k, int wild) {
  const int n = k.length, locos = capped(hand[wild], n);
  if (k.color >= 0) return OneColour(k.color, n, k.locos, capped(hand[k.color], n), locos, true).count();
  int total = locos >= n ? 1 : 0;
  for (int c = 0; c < kColors; ++c)
    if (hand[c]) total += OneColour(c, n, k.locos, capped(hand[c], n), locos, false).count();
  return total;
}

Payment nth_payment(const uint8_t* hand, const PayKey& k, int wild, int r) {
  const int n = k.length, locos = capped(hand[wild], n);
  if (k.color >= 0) return OneColour(k.color, n, k.locos, capped(hand[k.color], n), locos, true).nth(r, wild);
  for (int c = 0; c < kColors; ++c) {
    if (!hand[c]) continue;
    OneColour oc(c, n, k.locos, capped(hand[c], n), locos, false);
    const int m = oc.count();
    if (r < m) return oc.nth(r, wild);
    r -= m;
  }
  return pay1(wild, n);
}

// edition.tunnel_payments: `extra` more cards of the paid colour or locomotives (locomotives
// only if the claim was paid with locomotives alone); k = lo .. hi locomotives
namespace {
struct TunnelPays {
  int color, extra, lo, hi;
  TunnelPays(const uint8_t* hand, int paid, int extra_, int wild) : color(paid), extra(extra_) {
    const int locos = hand[wild];
    if (paid < 0) {
      lo = extra;
      hi = locos >= extra ? extra : extra - 1;
    } else {
      const int h = hand[paid];
      lo = extra - h > 0 ? extra - h : 0;
      hi = locos < extra ? locos : extra;
    }
  }
  int count() const { return hi >= lo ? hi - lo + 1 : 0; }
  Payment nth(int r, int wild) const {
    const int k = lo + r;
    if (k == extra) return pay1(wild, extra);
    return k ? pay2(color, extra - k, wild, k) : pay1(color, extra);
  }
};
}  // namespace

void tunnel_payments(const uint8_t* hand, int paid_color, int extra, int wild, std::vector<Payment>& out) {
  TunnelPays t(hand, paid_color, extra, wild);
  for (int r = 0, m = t.count(); r < m; ++r) out.push_back(t.nth(r, wild));
}

int tunnel_payment_count(const uint8_t* hand, int paid_color, int extra, int wild) {
  return TunnelPays(hand, paid_color, extra, wild).count();
}

Payment nth_tunnel_payment(const uint8_t* hand, int paid_color, int extra, int wild, int r) {
  return TunnelPays(hand, paid_color, extra, wild).nth(r, wild);
}

namespace detail {

// Payments per cell for a hand, as edition.payments counts them: in the row of length n and
// ferry f, colour c has mixed(c) + all, gray the sum of the mixed ones + all, where
//   mixed(c) = max(0, min(locos, n - 1) + 1 - max(f, n - min(h_c, n)))
// is the number of payments of k = max(f, n - h_c) .. min(locos, n - 1) locomotives and the rest
// in colour c (none when h_c = 0), and all = (locos >= n) the all-locomotive payment. Rows longer
// than `pieces` pay nothing. claim_total: the sum over cells of the open routes times these (the
// kernels in detail, by name for the tests; claim_total runs the widest the processor has).
uint32_t claim_total_scalar(const uint8_t* hand, const PayVectors& v, int pieces, const uint8_t* open, uint8_t* pays) {
  uint32_t total = 0;
  const int locos = hand[kColors];
  for (int j = 0; j < kMaxPayRows; ++j) {
    const int n = v.n[j], f = v.f[j];
    const bool row = v.rows[j] && n <= pieces;
    const int m1 = (locos < n - 1 ? locos : n - 1) + 1, all = locos >= n;
    int gray = 0;
    for (int c = 0; c < kColors; ++c) {
      const int h = hand[c] < n ? hand[c] : n, t = f > n - h ? f : n - h, mixed = m1 > t ? m1 - t : 0;
      gray += mixed;
      pays[c * kMaxPayRows + j] = static_cast<uint8_t>(row ? mixed + all : 0);
    }
    pays[kGraySlot * kMaxPayRows + j] = static_cast<uint8_t>(row ? gray + all : 0);
  }
  for (int cell = 0; cell < kMaxCells; ++cell) total += static_cast<uint32_t>(open[cell]) * pays[cell];
  return total;
}
#if defined(__SSE2__)
// acc + open x row per byte (16 cells), in 16-bit lanes
inline __m128i add_products(__m128i acc, __m128i open, __m128i row) {
  const __m128i z = _mm_setzero_si128();
  acc = _mm_add_epi16(acc, _mm_mullo_epi16(_mm_unpacklo_epi8(open, z), _mm_unpacklo_epi8(row, z)));
  return _mm_add_epi16(acc, _mm_mullo_epi16(_mm_unpackhi_epi8(open, z), _mm_unpackhi_epi8(row, z)));
}

// the sum of the eight 16-bit lanes (as unsigned)
inline uint32_t lanes_sum(__m128i a) {
  const __m128i z = _mm_setzero_si128();
  __m128i sum = _mm_add_epi32(_mm_unpacklo_epi16(a, z), _mm_unpackhi_epi16(a, z));
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4e));
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0xb1));
  return static_cast<uint32_t>(_mm_cvtsi128_si32(sum));
}

uint32_t claim_total_sse2(const uint8_t* hand, const PayVectors& v, int pieces, const uint8_t* open, uint8_t* pays) {
  static_assert(kMaxPayRows == 16 && kColors == 8, "a slot is one 16-byte vector, eight colours");
  const __m128i zero = _mm_setzero_si128();
  const __m128i nv = _mm_load_si128(reinterpret_cast<const __m128i*>(v.n));
  const __m128i fv = _mm_load_si128(reinterpret_cast<const __m128i*>(v.f));
  const __m128i lv = _mm_set1_epi8(static_cast<char>(hand[kColors]));
  const __m128i pv = _mm_set1_epi8(static_cast<char>(pieces < 255 ? pieces : 255));
  // rows within the pieces; the mixed payments' bound; the all-locomotive payment (as 1)
  const __m128i rows = _mm_and_si128(_mm_load_si128(reinterpret_cast<const __m128i*>(v.rows)),
                                     _mm_cmpeq_epi8(_mm_max_epu8(nv, pv), pv));
  const __m128i m1 = _mm_add_epi8(_mm_min_epu8(lv, _mm_load_si128(reinterpret_cast<const __m128i*>(v.n1))),
                                  _mm_set1_epi8(1));
  const __m128i all = _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(lv, nv), lv), _mm_set1_epi8(1));
  // each colour's count in every byte: the hand's 8 bytes spread to 4-byte groups, then broadcast
  const __m128i h8 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(hand));
  const __m128i h16 = _mm_unpacklo_epi8(h8, h8);
  const __m128i h03 = _mm_unpacklo_epi16(h16, h16), h47 = _mm_unpackhi_epi16(h16, h16);
  __m128i acc = zero, gray = zero;  // 16-bit lanes (Rules::derive_cells bounds the sum)
  auto slot = [&](int c, __m128i hb) {
    const __m128i t = _mm_max_epu8(_mm_sub_epi8(nv, _mm_min_epu8(hb, nv)), fv);
    const __m128i mixed = _mm_subs_epu8(m1, t);
    gray = _mm_add_epi8(gray, mixed);
    const __m128i row = _mm_and_si128(_mm_add_epi8(mixed, all), rows);
    _mm_store_si128(reinterpret_cast<__m128i*>(pays + c * kMaxPayRows), row);
    acc = add_products(acc, _mm_loadu_si128(reinterpret_cast<const __m128i*>(open + c * kMaxPayRows)), row);
  };
  slot(0, _mm_shuffle_epi32(h03, 0x00));
  slot(1, _mm_shuffle_epi32(h03, 0x55));
  slot(2, _mm_shuffle_epi32(h03, 0xaa));
  slot(3, _mm_shuffle_epi32(h03, 0xff));
  slot(4, _mm_shuffle_epi32(h47, 0x00));
  slot(5, _mm_shuffle_epi32(h47, 0x55));
  slot(6, _mm_shuffle_epi32(h47, 0xaa));
  slot(7, _mm_shuffle_epi32(h47, 0xff));
  {
    const __m128i row = _mm_and_si128(_mm_add_epi8(gray, all), rows);
    _mm_store_si128(reinterpret_cast<__m128i*>(pays + kGraySlot * kMaxPayRows), row);
    acc = add_products(acc, _mm_loadu_si128(reinterpret_cast<const __m128i*>(open + kGraySlot * kMaxPayRows)), row);
  }
  return lanes_sum(acc);
}
#if defined(TTR_AVX2)
extern const bool kAvx2 = [] {  // (set as the library loads: no guard on the claims' path)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}();

// The same, two colour slots per 32-byte vector (the gray slot, the sum of the colours' mixed
// payments, in a 16-byte one).
__attribute__((target("avx2"))) uint32_t claim_total_avx2(const uint8_t* hand, const PayVectors& v, int pieces,
                                                          const uint8_t* open, uint8_t* pays) {
  const __m256i zero = _mm256_setzero_si256();
#define TTR_BOTH(x) _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(x)))  // (a lambda is not avx2)
  const __m256i nv = TTR_BOTH(v.n), fv = TTR_BOTH(v.f);
  const __m256i lv = _mm256_set1_epi8(static_cast<char>(hand[kColors]));
  const __m256i pv = _mm256_set1_epi8(static_cast<char>(pieces < 255 ? pieces : 255));
  const __m256i rows = _mm256_and_si256(TTR_BOTH(v.rows), _mm256_cmpeq_epi8(_mm256_max_epu8(nv, pv), pv));
  const __m256i m1 = _mm256_add_epi8(_mm256_min_epu8(lv, TTR_BOTH(v.n1)), _mm256_set1_epi8(1));
  const __m256i all = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(lv, nv), lv), _mm256_set1_epi8(1));
  // colour c's count in every byte of 32-bit word c
  const __m256i h32 = _mm256_mullo_epi32(_mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(hand))),
                                         _mm256_set1_epi32(0x01010101));
  __m256i acc = zero, gray = zero;  // 16-bit lanes (Rules::derive_cells bounds the sum)
  for (int k = 0; k < kColors; k += 2) {  // slots k and k + 1: the low and the high half
    const __m256i hb = _mm256_permutevar8x32_epi32(h32, _mm256_setr_epi32(k, k, k, k, k + 1, k + 1, k + 1, k + 1));
    const __m256i t = _mm256_max_epu8(_mm256_sub_epi8(nv, _mm256_min_epu8(hb, nv)), fv);
    const __m256i mixed = _mm256_subs_epu8(m1, t);
    gray = _mm256_add_epi8(gray, mixed);
    const __m256i row = _mm256_and_si256(_mm256_add_epi8(mixed, all), rows);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(pays + k * kMaxPayRows), row);
    const __m256i o = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(open + k * kMaxPayRows));
    // open (0 .. 255) times payments (a colour's: at most a length + 1 <= 31, as signed bytes),
    // two cells summed per 16-bit lane: at most 2 * 255 * 31, never saturated
    acc = _mm256_add_epi16(acc, _mm256_maddubs_epi16(o, row));
  }
  const __m128i g = _mm_add_epi8(_mm256_castsi256_si128(gray), _mm256_extracti128_si256(gray, 1));
  const __m128i row = _mm_and_si128(_mm_add_epi8(g, _mm256_castsi256_si128(all)), _mm256_castsi256_si128(rows));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(pays + kGraySlot * kMaxPayRows), row);
  const __m128i a = _mm_add_epi16(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
  return lanes_sum(add_products(a, _mm_loadu_si128(reinterpret_cast<const __m128i*>(open + kGraySlot * kMaxPayRows)), row));
#undef TTR_BOTH
}
#endif

#endif

// The r-th payment of a gray route of key k (as nth_payment), given its row's counts per colour
// as claim_total writes them (row[c * kMaxPayRows]: colour c's mixed payments + the all-locomotive one).
Payment nth_gray_payment(const uint8_t* hand, const PayKey& k, int wild, int r, const uint8_t* row) {
  const int n = k.length, locos = capped(hand[wild], n), all = locos >= n;
  for (int c = 0; c < kColors; ++c) {
    const int m = row[c * kMaxPayRows] - all;  // (colour c's mixed payments)
    if (r < m) return OneColour(c, n, k.locos, capped(hand[c], n), locos, false).nth(r, wild);
    r -= m;
  }
  return pay1(wild, n);
}

}  // namespace detail

}  // namespace ttr
