// A game as the binding holds it (ttr._native.Game): shared by the binding's files.
#pragma once
#include <nanobind/nanobind.h>

#include <memory>
#include <vector>

#include "ttr/game.hpp"

namespace ttr {

struct Handle {
  nanobind::object rules_ref;  // keeps the Rules alive
  const Rules* rules;
  std::unique_ptr<Game> game;
  Legal legal;
  bool legal_ok = false;
  std::vector<Event> events;

  const Legal& L() {
    if (!legal_ok) {
      game->legal(legal);
      legal_ok = true;
    }
    return legal;
  }
};

}  // namespace ttr
