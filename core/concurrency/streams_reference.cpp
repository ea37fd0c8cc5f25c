#include "core/concurrency/streams_reference.h"

#include <bit>
#include <cmath>

#include "core/reduction/reduction_reference.h"

namespace ws {

namespace {

// v_k = p + factor (x - p): the fixed point p and scale^k, once per run.
struct ClosedForm {
    double p = double(kChunkShift) / (1.0 - double(kChunkScale));
    double factor = 1;
    explicit ClosedForm(std::uint32_t work) : factor(std::pow(double(kChunkScale), double(work))) {}
    double at(float x) const { return p + factor * (double(x) - p); }
};

}  // namespace

double chunkReference(float x, std::uint32_t work) { return ClosedForm(work).at(x); }

double chunkTolerance(std::uint32_t work) {
    if (work == 0) return 0;  // the kernel copies: bit for bit
    return 0x1.0p-24 * 1.0 / (1.0 - double(kChunkScale));
}

Verification verifyChunks(std::span<const float> input, std::span<const float> output,
                          std::uint32_t work) {
    Verification v;
    v.checked = true;
    v.tolerance = chunkTolerance(work);
    if (input.size() != output.size()) {
        v.note = "the GPU returned " + std::to_string(output.size()) + " values for " +
                 std::to_string(input.size()) + " inputs";
        return v;
    }
    const ClosedForm reference(work);
    std::size_t worst = 0;
    double worstError = 0;
    for (std::size_t i = 0; i < input.size(); ++i) {
        const double e = std::fabs(double(output[i]) - reference.at(input[i]));
        if (!(e <= worstError)) {  // also catches NaN
            worstError = std::isnan(e) ? INFINITY : e;
            worst = i;
        }
    }
    v.absError = worstError;
    v.passed = worstError <= v.tolerance;
    if (!input.empty()) {
        v.expected = "y[" + std::to_string(worst) + "] = " + toText(reference.at(input[worst]));
        v.actual = "y[" + std::to_string(worst) + "] = " + toText(double(output[worst]));
    }
    v.note = "every element within " + toText(v.tolerance) + " of the closed form " +
             "0.5 + 2^-work (x - 0.5): each float step rounds once and earlier errors halve " +
             "(u / (1 - 0.5), values in [0, 1]); the element shown is the farthest";
    return v;
}

std::vector<float> dotVectorA(std::size_t n) {
    std::vector<float> a(n);
    for (std::size_t i = 0; i < n; ++i) a[i] = 1.0f / float(i + 1);
    return a;
}

std::vector<float> dotVectorB(std::size_t n) {
    std::vector<float> b(n);
    for (std::size_t i = 0; i < n; ++i) b[i] = float(i + 1);
    return b;
}

DotReference dotReference(std::span<const float> a, std::span<const float> b) {
    DotReference r;
    std::vector<float> products(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        // Rounded to float as the GPU's a[i] * b[i] is (no fused add there).
        products[i] = a[i] * b[i];
        r.seedFloatSum += a[i] * b[i];
    }
    const FloatReference exact = referenceSum(products);
    r.sum = exact.sum;
    r.sumOfMagnitudes = exact.sumOfMagnitudes;
    return r;
}

Verification verifyDot(double gpu, const DotReference& ref, std::uint32_t block,
                       std::uint64_t partials) {
    Verification v;
    v.checked = true;
    const std::uint64_t levels = std::bit_width(std::max<std::uint32_t>(block, 1)) - 1;
    v.tolerance = floatSumTolerance(ref.sumOfMagnitudes, levels) +
                  double(partials) * 0x1.0p-53 * ref.sumOfMagnitudes;
    v.expected = toText(ref.sum);
    v.actual = toText(gpu);
    v.absError = std::fabs(gpu - ref.sum);
    v.passed = v.absError <= v.tolerance;
    v.note = "bound: log2(block) = " + std::to_string(levels) +
             " float additions per product (the block's tree) times u = 2^-24 times sum|a*b|, "
             "plus the host's double additions of " +
             std::to_string(partials) + " partials; the seed's float loop on the CPU gives " +
             toText(double(ref.seedFloatSum));
    return v;
}

}  // namespace ws
