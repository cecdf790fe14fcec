#include "ttr/playouts.hpp"

namespace ttr {

std::string check_invariants(const Game& g) {
  const Rules& R = g.rules();
  const State& s = g.state();
  const int cards = static_cast<int>(R.deck.size() + R.deck1.size());
  if (g.card_census() != cards)
    return "cards: " + std::to_string(g.card_census()) + " in play, the decks have " + std::to_string(cards);
  int used[kMaxPlayers] = {}, used_ships[kMaxPlayers] = {}, points[kMaxPlayers] = {};
  for (int r = 0; r < R.n_ids; ++r) {
    const int o = s.owner[r];
    if (o < 0) continue;
    if (!R.r_exists[r] || o >= R.players) return "routes: route " + std::to_string(r) + " owned by a seat out of range";
    if (bit(s.avail, r)) return "routes: route " + std::to_string(r) + " is owned yet open";
    (R.r_kind[r] ? used_ships : used)[o] += R.r_len[r];
    points[o] += R.r_points[r];
    for (int t : R.r_twins[r])
      if (s.owner[t] == o || (R.r_closes[r] && s.owner[t] >= 0))
        return "routes: both lanes " + std::to_string(r) + " and " + std::to_string(t) + " held (G1)";
  }
  for (int p = 0; p < R.players; ++p) {
    if (R.rs) {  // RS1, RS6: pieces, the board and the box add up; exchanges cost a point each
      const bool chosen = s.phase != INITIAL_TICKETS && s.phase != CHOOSE_PIECES;
      if (chosen && (s.trains[p] + used[p] + s.box_t[p] != R.trains || s.ships[p] + used_ships[p] + s.box_s[p] != R.ships ||
                     s.trains[p] + s.ships[p] + used[p] + used_ships[p] != R.pieces_total))
        return "pieces: seat " + std::to_string(p) + " trains and ships do not add up";
      if (s.harbors_n[p] > R.harbors) return "harbors: seat " + std::to_string(p) + " built too many";
      for (int i = 0; i < s.harbors_n[p]; ++i)
        if (s.harbor_at[s.harbors[p][i]] != p) return "harbors: seat " + std::to_string(p) + " misplaced";
      points[p] -= s.exchanged[p];
    } else if (s.trains[p] + used[p] != (R.legacy ? R.lw.seat_trains[p] : R.trains)) {
      return "pieces: seat " + std::to_string(p) + " trains do not add up";
    }
    if (R.legacy) {  // L1: money held is the start money and the seat's ledger entries, never negative
      int money = R.lw.start_money;
      for (int i = 0; i < s.ledger_n; ++i) money += s.ledger[i].seat == p ? s.ledger[i].dollars : 0;
      if (s.score[p] != money || money < 0) return "money: seat " + std::to_string(p) + " does not match its ledger";
    } else if (s.score[p] != points[p]) {
      return "score: seat " + std::to_string(p) + " does not match its routes";
    }
    if (s.stations_n[p] > R.stations) return "stations: seat " + std::to_string(p) + " built too many";
    for (int i = 0; i < s.stations_n[p]; ++i)
      if (s.station_at[s.stations[p][i]] != p) return "stations: seat " + std::to_string(p) + " misplaced";
  }
  int seen[kMaxTicketIds] = {};
  auto count = [&](const uint8_t* t, int n) {
    for (int i = 0; i < n; ++i) ++seen[t[i]];
  };
  count(s.pile, s.pile_n);
  for (int p = 0; p < R.players; ++p) {
    count(s.tickets[p], s.tickets_n[p]);
    count(s.offer[p], s.offer_n[p]);
  }
  for (size_t t = 0; t < R.t_a.size(); ++t)
    if (seen[t] > 1) return "tickets: ticket " + std::to_string(t) + " is in play twice";
  return {};
}

void random_game(const Rules& R, int64_t seed, Outcome& out, bool check, int max_steps, Mt19937* pre, int npre) {
  out = Outcome{};
  Game g = pre ? Game(&R, seed, false, pre, npre) : Game(&R, seed, false);
  BotRng rng(static_cast<uint64_t>(seed));
  Counted c;
  Action a;
  int steps = 0;
  while (!g.over()) {
    if (steps >= max_steps) {
      out.error = "the game did not end in " + std::to_string(max_steps) + " actions";
      break;
    }
    g.count(c);
    g.pick(c, rng.below(c.total), a);
    g.apply(a);
    ++steps;
    if (check) {
      std::string e = check_invariants(g);
      if (!e.empty()) {
        out.error = "after action " + std::to_string(steps) + ": " + e;
        break;
      }
    }
  }
  out.length = steps;
  thread_local std::vector<SeatScore> sc;  // (its lists' storage kept from game to game)
  g.score(sc);
  for (int p = 0; p < R.players; ++p) {
    out.total[p] = static_cast<int16_t>(sc[p].total);
    out.done[p] = static_cast<uint8_t>(sc[p].completed.size());
    if (sc[p].rank == 1) out.winners |= static_cast<uint8_t>(1u << p);
  }
}

// About as many draws as most games use (a draw not seeded ahead is seeded alone when it comes;
// one seeded ahead and not used is wasted). Random games: USA 2 players drew 3 (2 set-up draws
// and a reshuffle) in 76 of 100 games, 4 players 4 or 5 in 99; Europe 4 players 6 or 7 in 98
// (7 ahead measured faster than 6 there).
Ahead::Ahead(const Rules& R)
    : n(std::min(Game::kAhead, R.players + (R.long_tickets.size() > 1 ? 3 : 1))),
      games(std::max(1, Lanes::kLanes / n)),
      pool(games * n),
      xs(games * n) {
  Game::ahead_draws(R, n, draws);
}

void Ahead::seed(const int64_t* seeds, size_t m) {
  for (size_t g = 0; g < m; ++g)
    for (int j = 0; j < n; ++j) xs[g * n + j] = stream_seed(seeds[g], draws[j]);
  Mt19937::seed_together(pool.data(), xs.data(), static_cast<int>(m * n));
}

void random_games(const Rules& R, const int64_t* seeds, size_t n, int threads, Outcome* out, bool check) {
  for_blocks(n, threads, [&](size_t lo, size_t hi) {
    Ahead ahead(R);
    for (size_t i = lo; i < hi; i += ahead.games) {
      const size_t m = std::min(ahead.games, hi - i);
      ahead.seed(seeds + i, m);
      for (size_t g = 0; g < m; ++g) random_game(R, seeds[i + g], out[i + g], check, kMaxSteps, ahead.of(g), ahead.n);
    }
  });
}

}  // namespace ttr
