#include "kernels/profile/cubin_symbols.h"

#include <cstring>
#include <string>

#include "core/device/elf_image.h"

namespace ws::profile {
namespace {

// The `.nv.info` attributes: records of a format byte, an attribute byte and
// two more bytes that are either the value or, for EIFMT_SVAL, the size of
// the value that follows. EIATTR_REGCOUNT is an SVAL of (symbol index,
// registers).
constexpr std::uint8_t kFormatSizedValue = 0x04;        // EIFMT_SVAL
constexpr std::uint8_t kAttributeRegisterCount = 0x2f;  // EIATTR_REGCOUNT

template <typename T>
T readAt(std::span<const std::uint8_t> bytes, std::size_t offset) {
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof(T));
    return value;
}

std::optional<std::uint32_t> registerCount(std::span<const std::uint8_t> info,
                                           std::uint64_t symbol) {
    for (std::size_t at = 0; at + 4 <= info.size();) {
        const std::uint8_t format = info[at], attribute = info[at + 1];
        if (format != kFormatSizedValue) {
            at += 4;
            continue;
        }
        const auto size = readAt<std::uint16_t>(info, at + 2);
        if (at + 4 + size > info.size()) return std::nullopt;
        if (attribute == kAttributeRegisterCount && size == 8 &&
            readAt<std::uint32_t>(info, at + 4) == symbol)
            return readAt<std::uint32_t>(info, at + 8);
        at += 4 + size;
    }
    return std::nullopt;
}

// From compute capability 8.0 on, each block's shared window starts with
// 1 KiB the system reserves; a cubin built so marks it with this symbol, and
// the function's `.nv.shared` section then begins with those bytes (a kernel
// with a 4,224-byte tile has a section of 5,248).
constexpr std::string_view kReservedSharedSymbol = ".nv.reservedSmem.offset0";
constexpr std::uint32_t kReservedSharedBytes = 1024;

}  // namespace

std::optional<FunctionExtent> findFunctionExtent(std::span<const std::uint8_t> cubin,
                                                 std::string_view name) {
    const auto image = ElfImage::read(cubin);
    if (!image) return std::nullopt;
    const auto function = image->functionNamed(name);
    if (!function || function->section >= image->sections().size()) return std::nullopt;
    const auto& code = image->sections()[function->section].bytes;
    if (code.empty()) return std::nullopt;
    const std::uint64_t bytes = function->size ? function->size : code.size();
    return FunctionExtent{std::uint64_t(code.data() - cubin.data()) + function->value, bytes};
}

std::optional<FunctionResources> findFunctionResources(std::span<const std::uint8_t> cubin,
                                                       std::string_view name) {
    const auto image = ElfImage::read(cubin);
    if (!image) return std::nullopt;
    const auto function = image->functionNamed(name);
    const auto info = image->sectionNamed(".nv.info");
    if (!function || !info) return std::nullopt;
    const auto registers = registerCount(image->sections()[*info].bytes, function->index);
    if (!registers) return std::nullopt;
    std::uint32_t shared = 0;
    if (const auto section = image->sectionNamed(".nv.shared." + std::string(name)))
        shared = std::uint32_t(image->sections()[*section].size);
    // The reserved kilobyte is the system's, not the kernel's: the occupancy
    // rules add it to every block (core/device/occupancy.cpp).
    if (image->hasSymbol(kReservedSharedSymbol))
        shared = shared > kReservedSharedBytes ? shared - kReservedSharedBytes : 0;
    return FunctionResources{*registers, shared};
}

}  // namespace ws::profile
