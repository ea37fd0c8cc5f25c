#include "core/common/demangle.h"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace ws {

std::string demangled(std::string_view mangledName) {
    int status = 0;
    const std::string name(mangledName);
    std::unique_ptr<char, void (*)(void*)> text(
        abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
    return status == 0 && text ? std::string(text.get()) : name;
}

}  // namespace ws
