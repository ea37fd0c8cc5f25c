#pragma once
// A C++ symbol as its author wrote it: "add(float*, int)" for "_Z3addPfi";
// the name itself where it is not mangled (an extern "C" kernel).
#include <string>
#include <string_view>

namespace ws {

std::string demangled(std::string_view mangledName);

}  // namespace ws
