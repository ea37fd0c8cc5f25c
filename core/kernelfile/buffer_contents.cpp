#include "core/kernelfile/buffer_contents.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>

namespace ws::kernelfile {

HostBuffer filledBuffer(const BufferArgument& buffer, std::uint64_t count) {
    const std::size_t size = elementSize(buffer.type);
    HostBuffer bytes(count * size);
    switch (buffer.fill) {
        case FillKind::Zeros:
        case FillKind::File:
            break;
        case FillKind::Constant:
            for (std::uint64_t i = 0; i < count; ++i)
                writeElement(buffer.type, bytes.data() + i * size, buffer.constant);
            break;
        case FillKind::Iota: {
            // Integers wrap as the type does (an uint8 iota counts 0..255 again).
            const bool wraps = !isFloatingPoint(buffer.type);
            const long double span = highestValue(buffer.type) - lowestValue(buffer.type) + 1;
            for (std::uint64_t i = 0; i < count; ++i) {
                long double v = static_cast<long double>(i);
                if (wraps && v > highestValue(buffer.type)) v = std::fmod(v, span);
                writeElement(buffer.type, bytes.data() + i * size, v);
            }
            break;
        }
        case FillKind::Random: {
            std::mt19937_64 generator(buffer.seed);
            const bool floating = isFloatingPoint(buffer.type);
            const double low = buffer.hasRange ? buffer.low : 0;
            const double high = buffer.hasRange ? buffer.high : (floating ? 1 : 100);
            for (std::uint64_t i = 0; i < count; ++i) {
                const std::uint64_t r = generator();
                long double v;
                if (floating) {
                    // 53 random bits in [0, 1): the same on every library.
                    const double unit = double(r >> 11) * 0x1.0p-53;
                    v = low + (high - low) * unit;
                } else {
                    const auto lo = static_cast<long double>(std::ceil(low));
                    const auto span = static_cast<std::uint64_t>(std::ceil(high) - std::ceil(low));
                    v = lo + static_cast<long double>(span ? r % span : 0);
                }
                writeElement(buffer.type, bytes.data() + i * size, v);
            }
            break;
        }
    }
    return bytes;
}

BufferComparison compareBuffers(ElementType type, const HostBuffer& got, const HostBuffer& want,
                                double tolerance) {
    BufferComparison c;
    const std::size_t size = elementSize(type);
    c.elements = std::min(got.size(), want.size()) / size;
    for (std::uint64_t i = 0; i < c.elements; ++i) {
        const long double g = readElement(type, got.data() + i * size);
        const long double w = readElement(type, want.data() + i * size);
        bool match;
        if (std::isnan(g) || std::isnan(w)) {
            match = std::isnan(g) && std::isnan(w);
        } else {
            const long double error = std::fabs(g - w);
            c.maxAbsError = std::max(c.maxAbsError, static_cast<double>(error));
            match = error <=
                    static_cast<long double>(tolerance) * std::max<long double>(1, std::fabs(w));
        }
        if (!match) {
            if (c.mismatches == 0) {
                c.firstMismatch = i;
                c.got = g;
                c.want = w;
            }
            ++c.mismatches;
        }
    }
    if (got.size() != want.size()) ++c.mismatches;  // never expected: the sizes come from one plan
    return c;
}

std::string describeComparison(const std::string& name, const BufferComparison& c) {
    std::ostringstream out;
    out.precision(9);
    if (c.passed()) {
        out << name << ": all " << c.elements << " elements match";
    } else {
        out << name << ": " << c.mismatches << " of " << c.elements
            << " elements differ; the first, [" << c.firstMismatch << "], is " << double(c.got)
            << " where the reference has " << double(c.want);
    }
    return out.str();
}

}  // namespace ws::kernelfile
