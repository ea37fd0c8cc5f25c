#pragma once
// A kernel file's buffers on the host: their contents before the launch, as
// the description fills them, and the check of an output against the
// reference's.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/kernelfile/kernel_description.h"

namespace ws::kernelfile {

using HostBuffer = std::vector<std::byte>;

// `count` elements filled as `buffer` says. Random contents come from
// mt19937_64 with the buffer's seed: the same seed gives the same contents on
// every machine. A file's contents are the caller's to read
// (kernel_data_files.h): zeros here.
HostBuffer filledBuffer(const BufferArgument& buffer, std::uint64_t count);

struct BufferComparison {
    std::uint64_t elements = 0;
    std::uint64_t mismatches = 0;
    std::uint64_t firstMismatch = 0;  // its index, where there is one
    long double got = 0, want = 0;    // at the first mismatch
    double maxAbsError = 0;
    bool passed() const { return mismatches == 0; }
};

// Element by element: |got - want| <= tolerance * max(1, |want|). NaN matches
// only NaN.
BufferComparison compareBuffers(ElementType type, const HostBuffer& got, const HostBuffer& want,
                                double tolerance);

// "out: 3 of 1048576 elements differ; the first, [17], is 4 where the
// reference has 5", or "out: all 1048576 elements match".
std::string describeComparison(const std::string& name, const BufferComparison& comparison);

}  // namespace ws::kernelfile
