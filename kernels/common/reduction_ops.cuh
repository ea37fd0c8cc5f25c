#pragma once
// The element types of the reductions on the device and their operator:
// int32 sums as unsigned (wrapping modulo 2^32, so every order of additions
// gives the same bits), float sums, and affine maps composed in order
// (associative, not commutative). Kernels are written once against these.
// The affine combine is core/common/reduction_values.h's, modulo 97: the host's
// reference and CPU model call the same function, so the two cannot drift.
#include <cstdint>

#include "core/common/reduction_values.h"

namespace ws::dev {

template <typename T>
__host__ __device__ inline T identityOf();
template <>
__host__ __device__ inline std::uint32_t identityOf<std::uint32_t>() {
    return 0u;
}
template <>
__host__ __device__ inline float identityOf<float>() {
    return 0.0f;
}
template <>
__host__ __device__ inline Affine identityOf<Affine>() {
    return affineIdentity();
}

// reduceOp(left, right): the left operand comes first in the input.
__device__ inline std::uint32_t reduceOp(std::uint32_t a, std::uint32_t b) { return a + b; }
__device__ inline float reduceOp(float a, float b) { return a + b; }
__device__ inline Affine reduceOp(Affine a, Affine b) { return combine(a, b); }

__device__ inline std::uint32_t shuffleDown(std::uint32_t v, unsigned delta) {
    return __shfl_down_sync(0xffffffffu, v, delta);
}
__device__ inline float shuffleDown(float v, unsigned delta) {
    return __shfl_down_sync(0xffffffffu, v, delta);
}
__device__ inline Affine shuffleDown(Affine v, unsigned delta) {
    return Affine{__shfl_down_sync(0xffffffffu, v.a, delta),
                  __shfl_down_sync(0xffffffffu, v.b, delta)};
}

// Loads that bypass L1: partial results written by other blocks of the same
// grid are read from L2, where the writers' __threadfence made them visible.
__device__ inline std::uint32_t loadFromL2(const std::uint32_t* p) { return __ldcg(p); }
__device__ inline float loadFromL2(const float* p) { return __ldcg(p); }
__device__ inline Affine loadFromL2(const Affine* p) {
    const auto* words = reinterpret_cast<const std::uint32_t*>(p);
    return Affine{__ldcg(words), __ldcg(words + 1)};
}

// Values as the 32-bit words of a step record.
template <typename T>
inline constexpr std::uint32_t kComponents = 1;
template <>
inline constexpr std::uint32_t kComponents<Affine> = 2;

__device__ inline void toWords(std::uint32_t v, std::uint32_t* out) { out[0] = v; }
__device__ inline void toWords(float v, std::uint32_t* out) { out[0] = __float_as_uint(v); }
__device__ inline void toWords(Affine v, std::uint32_t* out) {
    out[0] = v.a;
    out[1] = v.b;
}

}  // namespace ws::dev
