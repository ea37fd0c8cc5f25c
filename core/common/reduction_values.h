#pragma once
// Element types and operators of the reductions, shared by the CPU references,
// the host launchers and the views. Plain structs: also usable from .cu files.
#include <cstdint>

namespace ws {

// The affine map x -> a*x + b. combine(f, g) = "f, then g": associative, not
// commutative, so a reduction that swaps operands gives a different answer.
//
// Every run since the readable inputs computes modulo the prime 97: each
// number a student sees has two digits, one combine is two products and a
// sum (g.a*f.a, g.a*f.b + g.b) that can be done by hand, and a != 0 keeps
// every map invertible. Invertible matters for the check: in a chain
// L (g f) R = L (f g) R holds only if g f = f g, so swapping two neighbouring
// operands anywhere in the reduction changes the result unless those two
// operands commute. docs/reduction-operators.md works out how often that is.
//
// Traces recorded before kept the coefficients modulo 2^32 (AffineScheme::
// Wrap32): correct but unreadable after a few combines (3553652339*x + ...).
// The CPU model keeps that arithmetic to reproduce those traces.
struct Affine {
    std::uint32_t a = 1;
    std::uint32_t b = 0;
    bool operator==(const Affine&) const = default;
};

inline constexpr std::uint32_t kAffineModulus = 97;

// How a trace's affine maps were made and composed (core/reduction/reduction_shapes.h
// reads it from the run): Mod97 for runs with the readable inputs, Wrap32 for
// traces recorded before them.
enum class AffineScheme : std::uint8_t { Wrap32, Mod97 };

#if defined(__CUDACC__)
#define WS_HOST_DEVICE __host__ __device__
#else
#define WS_HOST_DEVICE
#endif

// Modulo 97, what the kernels compute. Operands below 97 keep every product
// below 2^14: exact in 32-bit integers, and % by a constant compiles to a
// multiply and a shift.
WS_HOST_DEVICE inline Affine combine(Affine f, Affine g) {
    // g(f(x)) = g.a * (f.a * x + f.b) + g.b
    return Affine{g.a * f.a % kAffineModulus, (g.a * f.b + g.b) % kAffineModulus};
}
// Modulo 2^32 (unsigned wrap-around), the arithmetic of the older traces.
WS_HOST_DEVICE inline Affine combineWrap32(Affine f, Affine g) {
    return Affine{g.a * f.a, g.a * f.b + g.b};
}
WS_HOST_DEVICE inline Affine combine(Affine f, Affine g, AffineScheme scheme) {
    return scheme == AffineScheme::Mod97 ? combine(f, g) : combineWrap32(f, g);
}
WS_HOST_DEVICE inline Affine affineIdentity() { return Affine{1u, 0u}; }

}  // namespace ws
