// A game held by Python (ttr._native.Game): the core's Game, the Rules it plays (kept alive), and
// its legal actions, listed once per position when first asked.
#pragma once
#include <nanobind/nanobind.h>

#include <memory>
#include <vector>

#include "ttr/game.hpp"

struct Handle {
  nanobind::object rules_ref;  // keeps the Rules alive
  const ttr::Rules* rules;
  std::unique_ptr<ttr::Game> game;
  ttr::Legal legal;
  bool legal_ok = false;
  std::vector<ttr::Event> events;

  const ttr::Legal& L() {
    if (!legal_ok) {
      game->legal(legal);
      legal_ok = true;
    }
    return legal;
  }
};
