#include "core/kernelfile/element_type.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

namespace ws::kernelfile {

namespace {

struct TypeName {
    std::string_view name;
    ElementType type;
};

// Canonical names first: elementTypeName returns the first match.
constexpr TypeName kNames[] = {
    {"int8", ElementType::Int8},
    {"uint8", ElementType::UInt8},
    {"int16", ElementType::Int16},
    {"uint16", ElementType::UInt16},
    {"int32", ElementType::Int32},
    {"uint32", ElementType::UInt32},
    {"int64", ElementType::Int64},
    {"uint64", ElementType::UInt64},
    {"float", ElementType::Float},
    {"double", ElementType::Double},
    {"char", ElementType::Int8},
    {"signed char", ElementType::Int8},
    {"unsigned char", ElementType::UInt8},
    {"uchar", ElementType::UInt8},
    {"short", ElementType::Int16},
    {"unsigned short", ElementType::UInt16},
    {"int", ElementType::Int32},
    {"unsigned", ElementType::UInt32},
    {"unsigned int", ElementType::UInt32},
    {"long long", ElementType::Int64},
    {"unsigned long long", ElementType::UInt64},
    {"float32", ElementType::Float},
    {"float64", ElementType::Double},
};

template <typename T>
long double readAs(const std::byte* at) {
    T value;
    std::memcpy(&value, at, sizeof value);
    return static_cast<long double>(value);
}

template <typename T>
void writeAs(std::byte* at, long double value) {
    const T typed = static_cast<T>(value);
    std::memcpy(at, &typed, sizeof typed);
}

}  // namespace

std::optional<ElementType> parseElementType(std::string_view name) {
    for (const TypeName& n : kNames)
        if (n.name == name) return n.type;
    return std::nullopt;
}

const char* elementTypeName(ElementType type) {
    for (const TypeName& n : kNames)
        if (n.type == type) return n.name.data();
    return "?";
}

std::size_t elementSize(ElementType type) {
    switch (type) {
        case ElementType::Int8:
        case ElementType::UInt8:
            return 1;
        case ElementType::Int16:
        case ElementType::UInt16:
            return 2;
        case ElementType::Int32:
        case ElementType::UInt32:
        case ElementType::Float:
            return 4;
        case ElementType::Int64:
        case ElementType::UInt64:
        case ElementType::Double:
            return 8;
    }
    return 0;
}

bool isFloatingPoint(ElementType type) {
    return type == ElementType::Float || type == ElementType::Double;
}

bool isSigned(ElementType type) {
    switch (type) {
        case ElementType::UInt8:
        case ElementType::UInt16:
        case ElementType::UInt32:
        case ElementType::UInt64:
            return false;
        default:
            return true;
    }
}

#define WS_ELEMENT_DISPATCH(type, F) \
    switch (type) {                  \
        case ElementType::Int8:      \
            F(std::int8_t);          \
        case ElementType::UInt8:     \
            F(std::uint8_t);         \
        case ElementType::Int16:     \
            F(std::int16_t);         \
        case ElementType::UInt16:    \
            F(std::uint16_t);        \
        case ElementType::Int32:     \
            F(std::int32_t);         \
        case ElementType::UInt32:    \
            F(std::uint32_t);        \
        case ElementType::Int64:     \
            F(std::int64_t);         \
        case ElementType::UInt64:    \
            F(std::uint64_t);        \
        case ElementType::Float:     \
            F(float);                \
        case ElementType::Double:    \
            F(double);               \
    }

long double lowestValue(ElementType type) {
#define WS_LOWEST(T) return static_cast<long double>(std::numeric_limits<T>::lowest());
    WS_ELEMENT_DISPATCH(type, WS_LOWEST)
#undef WS_LOWEST
    return 0;
}

long double highestValue(ElementType type) {
#define WS_HIGHEST(T) return static_cast<long double>(std::numeric_limits<T>::max());
    WS_ELEMENT_DISPATCH(type, WS_HIGHEST)
#undef WS_HIGHEST
    return 0;
}

long double readElement(ElementType type, const std::byte* at) {
#define WS_READ(T) return readAs<T>(at);
    WS_ELEMENT_DISPATCH(type, WS_READ)
#undef WS_READ
    return 0;
}

void writeElement(ElementType type, std::byte* at, long double value) {
#define WS_WRITE(T)        \
    writeAs<T>(at, value); \
    return;
    WS_ELEMENT_DISPATCH(type, WS_WRITE)
#undef WS_WRITE
}

#undef WS_ELEMENT_DISPATCH

}  // namespace ws::kernelfile
