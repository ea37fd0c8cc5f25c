#pragma once
// The element types a kernel file's buffers and scalars may have, as its
// launch description names them (docs/your-kernel.md).
#include <cstddef>
#include <optional>
#include <string_view>

namespace ws::kernelfile {

enum class ElementType { Int8, UInt8, Int16, UInt16, Int32, UInt32, Int64, UInt64, Float, Double };

// "int32", "unsigned char", "float", ...; nullopt for a name it does not know.
std::optional<ElementType> parseElementType(std::string_view name);
const char* elementTypeName(ElementType type);  // the canonical name: "int32"
std::size_t elementSize(ElementType type);
bool isFloatingPoint(ElementType type);
bool isSigned(ElementType type);
// The smallest and largest value the type holds, as long double (exact for
// every integer type on the hosts warpscope builds on).
long double lowestValue(ElementType type);
long double highestValue(ElementType type);

// One element read from or written to raw bytes. Writing converts (integers
// truncate toward zero; the caller has checked the range).
long double readElement(ElementType type, const std::byte* at);
void writeElement(ElementType type, std::byte* at, long double value);

}  // namespace ws::kernelfile
