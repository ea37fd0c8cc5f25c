#pragma once
// Element types and operators of the reductions, shared by the CPU references,
// the host launchers and the views. Plain structs: also usable from .cu files.
#include <cstdint>

namespace ws {

// The affine map x -> a*x + b over 32-bit integers (arithmetic modulo 2^32).
// combine(f, g) = "f, then g": associative, not commutative, so a reduction
// that swaps operands gives a different answer. Odd `a` keeps every map
// invertible, so no information is lost as products grow.
struct Affine {
    std::uint32_t a = 1;
    std::uint32_t b = 0;
    bool operator==(const Affine&) const = default;
};

#if defined(__CUDACC__)
#define WS_HOST_DEVICE __host__ __device__
#else
#define WS_HOST_DEVICE
#endif

WS_HOST_DEVICE inline Affine combine(Affine f, Affine g) {
    // g(f(x)) = g.a * (f.a * x + f.b) + g.b
    return Affine{g.a * f.a, g.a * f.b + g.b};
}
WS_HOST_DEVICE inline Affine affineIdentity() { return Affine{1u, 0u}; }

}  // namespace ws
