// A NumPy file a kernel file names must be read or refused with its name,
// never crash or ask for more memory than its bytes hold: whatever it
// accepts has exactly its shape's elements of its type.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/kernelfile/npy_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace ws::kernelfile;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    auto array = parseNpy(bytes, "fuzz.npy");
    if (!array) {
        if (array.error().rfind("fuzz.npy: ", 0) != 0) __builtin_trap();
        return 0;
    }
    std::uint64_t count = 1;
    for (std::uint64_t n : array->header.shape) count *= n;
    if (count != array->header.count) __builtin_trap();
    if (array->data.size() != array->header.count * elementSize(array->header.type))
        __builtin_trap();
    if (array->data.size() > size) __builtin_trap();
    return 0;
}
