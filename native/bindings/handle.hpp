// A game as the binding holds it (ttr._native.Game): shared by the binding's files.
#pragma once
#include <nanobind/nanobind.h>

#include <memory>
#include <vector>

#include "ttr/game.hpp"
#include "ttr/vecenv.hpp"

namespace ttr {

struct Handle {
  nanobind::object rules_ref;  // keeps the Rules alive
  const Rules* rules;
  std::unique_ptr<Game> game;
  Legal legal;      // the legal actions listed (segments, find)
  bool legal_ok = false;
  Counted counted;  // ... counted (len, indexing, apply)
  bool counted_ok = false;
  std::vector<Event> events;
  LongestMemo longest;  // the seats' longest trails for its tensors (games only move on)

  const Legal& L() {
    if (!legal_ok) {
      game->legal(legal);
      legal_ok = true;
    }
    return legal;
  }
  // the index-th legal action (Rails & Sails: read from the list, which its count builds anyway)
  Action at(uint32_t index) {
    if (rules->rs) return L().at(index);
    return game->pick(C(), index);
  }
  const Counted& C() {
    if (!counted_ok) {
      game->count(counted);
      counted_ok = true;
    }
    return counted;
  }
  void changed() { legal_ok = counted_ok = false; }
};

}  // namespace ttr
