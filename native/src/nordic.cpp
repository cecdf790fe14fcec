// Nordic's payments (N2, N3, N6; NordicEdition.payments in ttr/editions/nordic.py): locomotives wild
// only on tunnels and ferries. An ordinary route takes n cards of one colour; a tunnel pays as
// Europe's; a ferry's locomotive space takes a locomotive or any `ferry_any` cards, a space of
// Murmansk-Lieksa one card of the colour or any `any_four` cards. The payments of the last two
// are families of bounded multisets ("L locomotives plus t coloured cards within the hand, more
// than `low` of some colour"), counted from polynomial coefficients and indexed without listing
// them, in the Python engine's order: families as it builds them, members by ascending counts
// of the colours in kind order.
#include <algorithm>
#include <cstring>

#include "ttr/game.hpp"
#include "ttr/mutants.hpp"

namespace ttr {
namespace nordic {

namespace {

constexpr int kMaxT = 64;  // the most cards a family adds (Murmansk-Lieksa: 4 x 9)

struct Fam {
  int locos, t;       // the base (locomotives) and the coloured cards added
  const uint8_t* low;  // more than low[k] of some colour k (nullptr: no such condition)
  uint64_t n;          // members
};

// out[i] = multisets of size i (0 .. t) with at most caps[k] of kind k, k < nk: the coefficients
// of the product of (1 + z + ... + z^caps[k])
void poly(const uint8_t* caps, int nk, int t, uint64_t* out) {
  out[0] = 1;
  for (int i = 1; i <= t; ++i) out[i] = 0;
  uint64_t pre[kMaxT + 2];
  for (int k = 0; k < nk; ++k) {
    pre[0] = 0;
    for (int i = 0; i <= t; ++i) pre[i + 1] = pre[i] + out[i];
    const int c = caps[k];
    for (int i = 0; i <= t; ++i) out[i] = pre[i + 1] - (i - c > 0 ? pre[i - c] : 0);
  }
}

// The route's payment families (as _ferry_families and _any_four_families), each handed to
// `visit` (false: stop). caps: the hand's colours, capped as nordic._cap caps them.
struct Walk {
  const Rules& R;
  const PayKey& k;
  uint8_t caps[kColors];
  int hl = 0;  // locomotives held (capped)
  uint64_t pc[kMaxT + 1];  // poly(caps)
  uint8_t low[kColors];

  Walk(const Rules& r, const PayKey& key) : R(r), k(key) {}

  // at most own of the route colour (every colour if gray), other of other colours, loco locomotives
  void cap(const uint8_t* hand, int own, int other, int loco) {
    if (k.color < 0) other = own;
    for (int c = 0; c < kColors; ++c) caps[c] = static_cast<uint8_t>(std::min<int>(hand[c], c == k.color ? own : other));
    hl = std::min<int>(hand[R.wild], loco);
  }

  // low for "at least `need` of the colour" (gray: of some colour); false: no condition
  bool at_least(int need) {
    if (need <= 0) return false;
    for (int c = 0; c < kColors; ++c)
      low[c] = k.color < 0 || c == k.color ? static_cast<uint8_t>(std::min<int>(caps[c], need - 1)) : caps[c];
    return true;
  }

  uint64_t members(int t, bool has_low, const uint64_t* plow) const {
    return pc[t] - (has_low ? plow[t] : 0);
  }

  template <typename F>
  void run(const uint8_t* hand, F&& visit) {
    if (k.any_four) {
      int per = R.any_four;
#ifdef TTR_MUTANTS
      if (mutant(M_ANY_FOUR)) per = 3;
#endif
      const int n = k.length;
      int a = k.color >= 0 ? hand[k.color] : *std::max_element(hand, hand + kColors);
      int sum = 0;
      for (int c = 0; c < R.n_kinds; ++c) sum += hand[c];
      if (a > n) a = n;
      if (a + (sum - a) / per < n) return;  // cannot pay at all
      cap(hand, per * n, per * n, per * n);
      int total = hl;
      for (int c = 0; c < kColors; ++c) total += caps[c];
      const int top = per * n;
      poly(caps, kColors, top, pc);
      uint64_t plow[kMaxT + 1];
      for (a = n; a >= 0; --a) {
        const int size = per * n - (per - 1) * a;
        if (size > total) break;
        const bool has_low = at_least(a);
        if (has_low) poly(low, kColors, size, plow);
        for (int L = 0; L <= std::min(hl, size); ++L) {
          const int t = size - L;
          const uint64_t m = members(t, has_low, plow);
          if (m && !visit(Fam{L, t, has_low ? low : nullptr, m})) return;
        }
      }
      return;
    }
    // a ferry: m coloured spaces, f locomotive spaces; x of them paid by one locomotive
    int per = R.ferry_any;
#ifdef TTR_MUTANTS
    if (mutant(M_FERRY_SETS)) per = 2;
#endif
    const int f = k.locos, m = k.length - f;
    cap(hand, k.length + (per - 1) * f, per * f, k.length + (per - 1) * f);
    const int top = m + per * f;
    poly(caps, kColors, top, pc);
    uint64_t plow[kMaxT + 1];
    for (int x = f; x >= 0; --x) {
      const int size = m + per * f - (per - 1) * x;
      for (int L = x; L <= std::min(hl, size); ++L) {
        const int t = size - L;
        const bool has_low = at_least(m + x - L);
        if (has_low) poly(low, kColors, t, plow);
        const uint64_t n = members(t, has_low, plow);
        if (n && !visit(Fam{L, t, has_low ? low : nullptr, n})) return;
      }
    }
  }
};

// Suffix counts of a family: sc[p][i] (sl[p][i]) multisets of size i over colours p .. 7 within
// the caps (the lows)
struct Suffix {
  uint64_t sc[kColors + 1][kMaxT + 1], sl[kColors + 1][kMaxT + 1];
  Suffix(const uint8_t* caps, const Fam& fam) {
    for (int p = 0; p <= kColors; ++p) {
      poly(caps + p, kColors - p, fam.t, sc[p]);
      if (fam.low) poly(fam.low + p, kColors - p, fam.t, sl[p]);
    }
  }
  // members whose colour p holds v, given the colours before it (rem cards left, sat: some colour
  // already above its low)
  uint64_t with(const Fam& fam, int p, int v, int rem, bool sat) const {
    if (rem - v < 0) return 0;
    uint64_t n = sc[p + 1][rem - v];
    if (!sat && !(v > fam.low[p])) n -= sl[p + 1][rem - v];
    return n;
  }
};

Payment member(const Rules& R, int locos, const uint8_t* v) {
  Payment p;
  for (int c = 0; c < kColors; ++c)
    if (v[c]) {
      p.kind[p.n] = static_cast<uint8_t>(c);
      p.count[p.n++] = v[c];
    }
  if (locos) {
    p.kind[p.n] = static_cast<uint8_t>(R.wild);
    p.count[p.n++] = static_cast<uint8_t>(locos);
  }
  return p;
}

// the i-th member of a family (_unrank)
Payment unrank(const Rules& R, const uint8_t* caps, const Fam& fam, uint64_t i) {
  const Suffix s(caps, fam);
  uint8_t v[kColors];
  bool sat = fam.low == nullptr;
  int rem = fam.t;
  for (int p = 0; p < kColors - 1; ++p) {
    int x = 0;
    while (true) {
      const uint64_t n = s.with(fam, p, x, rem, sat);
      if (i < n) break;
      i -= n;
      ++x;
    }
    v[p] = static_cast<uint8_t>(x);
    rem -= x;
    if (!sat && x > fam.low[p]) sat = true;
  }
  v[kColors - 1] = static_cast<uint8_t>(rem);
  return member(R, fam.locos, v);
}

// ordinary routes: n cards of the colour (gray: of one colour), never a locomotive
int plain(const uint8_t* hand, const PayKey& k, Payment* out) {
  const int n = k.length;
  int m = 0;
  for (int c = k.color < 0 ? 0 : k.color, end = k.color < 0 ? kColors : k.color + 1; c < end; ++c)
    if (hand[c] >= n) {
      if (out) {
        out[m] = Payment{};
        out[m].n = 1;
        out[m].kind[0] = static_cast<uint8_t>(c);
        out[m].count[0] = static_cast<uint8_t>(n);
      }
      ++m;
    }
  return m;
}

}  // namespace

uint64_t count(const uint8_t* hand, const PayKey& k, const Rules& R) {
  if (k.tunnel) return static_cast<uint64_t>(payment_count(hand, k, R.wild));  // as Europe (E2)
  if (!lazy(k)) return static_cast<uint64_t>(plain(hand, k, nullptr));
  uint64_t total = 0;
  Walk w(R, k);
  w.run(hand, [&](const Fam& f) {
    total += f.n;
    return true;
  });
  return total;
}

Payment nth(const uint8_t* hand, const PayKey& k, const Rules& R, uint64_t r) {
  if (k.tunnel) return nth_payment(hand, k, R.wild, static_cast<int>(r));
  if (!lazy(k)) {
    Payment out[kColors];
    plain(hand, k, out);
    return out[r];
  }
  Payment p;
  Walk w(R, k);
  w.run(hand, [&](const Fam& f) {
    if (r >= f.n) {
      r -= f.n;
      return true;
    }
    p = unrank(R, w.caps, f, r);
    return false;
  });
  return p;
}

int64_t rank(const uint8_t* hand, const PayKey& k, const Rules& R, const Payment& p) {
  if (!lazy(k)) {  // (short lists)
    std::vector<Payment> all;
    list(hand, k, R, all);
    for (size_t i = 0; i < all.size(); ++i)
      if (all[i] == p) return static_cast<int64_t>(i);
    return -1;
  }
  // the payment's counts (kinds ascending, each once, within the hand)
  uint8_t v[kColors] = {};
  int locos = 0, size = 0, last = -1;
  for (int i = 0; i < p.n; ++i) {
    const int kind = p.kind[i];
    if (kind <= last || kind >= R.n_kinds || !p.count[i] || p.count[i] > hand[kind]) return -1;
    last = kind;
    if (kind == R.wild)
      locos = p.count[i];
    else if (kind < kColors)
      v[kind] = p.count[i];
    else
      return -1;
    size += p.count[i];
  }
  int64_t base = 0, found = -1;
  Walk w(R, k);
  w.run(hand, [&](const Fam& f) {
    if (f.locos != locos || f.t != size - locos) {
      base += static_cast<int64_t>(f.n);
      return true;
    }
    for (int c = 0; c < kColors; ++c)
      if (v[c] > w.caps[c]) return false;
    const Suffix s(w.caps, f);
    uint64_t r = 0;
    bool sat = f.low == nullptr;
    int rem = f.t;
    for (int c = 0; c < kColors - 1; ++c) {
      for (int x = 0; x < v[c]; ++x) r += s.with(f, c, x, rem, sat);
      rem -= v[c];
      if (!sat && v[c] > f.low[c]) sat = true;
    }
    if (r < f.n) found = base + static_cast<int64_t>(r);
    return false;
  });
  if (found < 0 || !(nth(hand, k, R, static_cast<uint64_t>(found)) == p)) return -1;  // (not a member)
  return found;
}

void list(const uint8_t* hand, const PayKey& k, const Rules& R, std::vector<Payment>& out) {
  if (k.tunnel) return payments(hand, k, R.wild, out);
  if (!lazy(k)) {
    Payment buf[kColors];
    const int m = plain(hand, k, buf);
    out.insert(out.end(), buf, buf + m);
    return;
  }
  const uint64_t n = count(hand, k, R);
  for (uint64_t r = 0; r < n; ++r) out.push_back(nth(hand, k, R, r));
}

namespace {
// _cheapest_member: the cheapest colours filled first; with a low, each colour that may exceed its
// low tried as the one that does (caps and low as the family holds them: at most t)
void cheapest_member(const double* w, const uint8_t* caps_in, const uint8_t* low_in, int t, uint8_t* out) {
  int caps[kColors], low[kColors], order[kColors];
  for (int i = 0; i < kColors; ++i) {
    caps[i] = std::min<int>(caps_in[i], t);
    if (low_in) low[i] = std::min<int>(low_in[i], t);
    order[i] = i;
  }
  std::stable_sort(order, order + kColors, [&](int a, int b) { return w[a] < w[b]; });
  const auto fill = [&](int* counts) {
    int rest = t;
    for (int i = 0; i < kColors; ++i) rest -= counts[i];
    for (int i : order) {
      const int take = std::min(caps[i] - counts[i], rest);
      counts[i] += take;
      rest -= take;
    }
    return rest == 0;
  };
  int best[kColors] = {};
  if (!low_in) {
    fill(best);
  } else {
    bool found = false;
    double best_w = 0.0;
    for (int i = 0; i < kColors; ++i) {
      if (!(low[i] < caps[i] && low[i] < t)) continue;
      int cand[kColors] = {};
      cand[i] = low[i] + 1;
      if (!fill(cand)) continue;
      double cw = 0.0;
      for (int k = 0; k < kColors; ++k) cw += w[k] * cand[k];
      if (!found || cw < best_w - 1e-9) {
        found = true;
        best_w = cw;
        std::copy(cand, cand + kColors, best);
      }
    }
  }
  for (int k = 0; k < kColors; ++k) out[k] = static_cast<uint8_t>(best[k]);
}
}  // namespace

Payment cheapest(const uint8_t* hand, const PayKey& k, const Rules& R, const double* weights) {
  Payment best;
  bool found = false;
  double best_w = 0.0;
  Walk walk(R, k);
  walk.run(hand, [&](const Fam& f) {
    double w = f.locos ? weights[R.wild] * f.locos : 0.0;
    uint8_t v[kColors] = {};
    if (f.t) cheapest_member(weights, walk.caps, f.low, f.t, v);
    double s = 0.0;
    for (int c = 0; c < kColors; ++c) s += weights[c] * v[c];
    w += s;
    if (!found || w < best_w - 1e-9) {
      found = true;
      best_w = w;
      best = member(R, f.locos, v);
    }
    return true;
  });
  return best;
}

void next_steps(const uint8_t* hand, const PayKey& k, const Rules& R, const uint8_t* fixed, int last,
                uint64_t* out) {
  Walk w(R, k);
  w.run(hand, [&](const Fam& f) {  // (the action space's _family_next: one part, locomotives as the base)
    int used = 0;
    bool sat = f.low == nullptr;
    for (int c = 0; c < kColors && c <= last; ++c) {
      if (fixed[c] > w.caps[c]) return true;
      used += fixed[c];
      if (!sat && fixed[c] > f.low[c]) sat = true;
    }
    for (int c = kColors; c < R.n_kinds && c <= last; ++c)
      if (fixed[c] != (c == R.wild ? f.locos : 0)) return true;
    const int rem = f.t - used;
    if (rem < 0) return true;
    int room[kColors + 1], need[kColors + 1];  // over colours c..: the most cards, the fewest to pass a low
    room[kColors] = 0;
    need[kColors] = 1 << 30;
    for (int c = kColors - 1; c >= 0; --c) {
      room[c] = room[c + 1] + w.caps[c];
      need[c] = need[c + 1];
      if (f.low && w.caps[c] > f.low[c]) need[c] = std::min(need[c], f.low[c] + 1);
    }
    for (int c = last + 1; c < kColors; ++c)
      for (int x = 1; x <= std::min<int>(w.caps[c], rem); ++x) {
        const int r = rem - x;
        if (r <= room[c + 1] && (sat || r >= need[c + 1] || x > f.low[c])) out[c] |= uint64_t{1} << x;
      }
    if (f.locos && R.wild > last && rem == 0 && sat) out[R.wild] |= uint64_t{1} << f.locos;
    return true;
  });
}

void claim_reach(const uint8_t* hand, const Rules& R, int* reach) {
  const int locos = hand[R.wild];
  int total = 0, m = 0, ferry = 0;
  for (int c = 0; c < R.n_kinds; ++c) total += hand[c];
  for (int c = 0; c < kColors; ++c) m = std::max<int>(m, hand[c]);
  const int rest = total - locos;
  reach[0] = m;
  reach[kReachTunnel] = m + locos;
  for (int c = 0; c < kColors; ++c) {
    const int h = hand[c], sets = std::min(R.max_ferry_spaces, (rest - h) / 3);
    reach[1 + c] = h;
    reach[kReachTunnel + 1 + c] = h + locos;
    reach[kReachFerry + 1 + c] = h + locos + sets;
    ferry = std::max(ferry, reach[kReachFerry + 1 + c]);
  }
  reach[kReachFerry] = ferry;
  reach[kReachAnyFour] = m + (total - m) / R.any_four;
}

}  // namespace nordic

uint64_t claim_payment_count(const uint8_t* hand, const PayKey& k, const Rules& R) {
  if (R.locos_wild) return static_cast<uint64_t>(payment_count(hand, k, R.wild));
  return nordic::count(hand, k, R);
}

Payment nth_claim_payment(const uint8_t* hand, const PayKey& k, const Rules& R, uint64_t r) {
  if (R.locos_wild) return nth_payment(hand, k, R.wild, static_cast<int>(r));
  return nordic::nth(hand, k, R, r);
}

}  // namespace ttr
