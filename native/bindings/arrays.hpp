// numpy arrays handed to Python: shared by the binding's files.
#pragma once
#include <nanobind/ndarray.h>

#include <initializer_list>
#include <vector>

namespace ttr {

// A numpy array that owns `v` (freed with the array).
template <typename T>
nanobind::ndarray<nanobind::numpy, T> owned(std::vector<T>&& v, std::initializer_list<size_t> shape) {
  auto* heap = new std::vector<T>(std::move(v));
  nanobind::capsule owner(heap, [](void* p) noexcept { delete static_cast<std::vector<T>*>(p); });
  return nanobind::ndarray<nanobind::numpy, T>(heap->data(), shape, owner);
}

}  // namespace ttr
