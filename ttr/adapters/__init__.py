"""Research interfaces: the game as PettingZoo, Gymnasium and OpenSpiel environments (each
imported on its own, with the `ttr[rl]` extra), the one observer that builds their tensors, and
Ray as a backend for simulate and arena (`ttr[ray]`). docs/research.md describes them."""
