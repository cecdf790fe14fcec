// Whole games in the core, in batches over threads: each game a pure function of its seed, so the
// results are the same for any number of threads.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ttr/game.hpp"

namespace ttr {

// The random bot's generator (splitmix64), seeded from the game's seed: not the game's procedure,
// only the bot's choices.
struct BotRng {
  uint64_t x;
  explicit BotRng(uint64_t seed) : x(seed * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull) {}
  uint64_t next() {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(((next() >> 32) * n) >> 32); }
};

struct Outcome {
  int32_t length = 0;                  // actions played
  int16_t total[kMaxPlayers] = {};     // final scores
  uint8_t winners = 0;                 // bit per seat
  uint8_t done[kMaxPlayers] = {};      // tickets completed
  std::string error;                   // a broken invariant (check mode), or a game that did not end
};

// What must hold after every action: cards, pieces and tickets conserved, owners consistent.
std::string check_invariants(const Game& g);

// The first draws of several games at a time, seeded together (vector lanes: each a fraction of
// one seeded alone): `games` games of `n` draws each (Game::ahead_draws).
struct Ahead {
  explicit Ahead(const Rules& R);
  void seed(const int64_t* seeds, size_t m);  // the draws of the games of these seeds (m <= games)
  Mt19937* of(size_t g) { return pool.data() + g * n; }
  int n;
  size_t games;
  uint32_t draws[Game::kAhead];
  std::vector<Mt19937> pool;
  std::vector<i128> xs;
};

// work(lo, hi) over [0, n) in blocks, on `threads` threads taking blocks in turn (every thread busy
// to the end; one thread: work(0, n)). Each game must depend on its index alone, so the results do
// not depend on `threads`. An error in a worker stops the others and is thrown here, after the join
// (never std::terminate).
template <typename F>
void for_blocks(size_t n, int threads, F&& work) {
  if (threads < 1) threads = 1;
  if (static_cast<size_t>(threads) > n) threads = n ? static_cast<int>(n) : 1;
  if (threads == 1) {
    work(size_t{0}, n);
    return;
  }
  std::atomic<size_t> next{0};
  constexpr size_t kBlock = 32;
  std::exception_ptr error;
  std::mutex error_lock;
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      try {
        for (size_t lo; (lo = next.fetch_add(kBlock)) < n;) work(lo, std::min(n, lo + kBlock));
      } catch (...) {
        const std::lock_guard<std::mutex> hold(error_lock);
        if (!error) error = std::current_exception();
        next.store(n);  // the other workers stop after their block
      }
    });
  for (auto& th : pool) th.join();
  if (error) std::rethrow_exception(error);
}

// game(i) for i in [0, n), as for_blocks.
template <typename F>
void for_games(size_t n, int threads, F&& game) {
  for_blocks(n, threads, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) game(i);
  });
}

constexpr int kMaxSteps = 20000;  // a game longer than this is reported as not ending

// One game of seed `seed` between uniformly random bots (its first draws in `pre` if given).
void random_game(const Rules& R, int64_t seed, Outcome& out, bool check, int max_steps = kMaxSteps,
                 Mt19937* pre = nullptr, int npre = 0);
// Many, on `threads` threads (results by index: the same for any number of threads).
void random_games(const Rules& R, const int64_t* seeds, size_t n, int threads, Outcome* out, bool check);

}  // namespace ttr
