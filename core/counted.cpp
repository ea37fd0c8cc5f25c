#include "core/counted.h"

namespace ws {

std::string counted(long long n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 || n == -1 ? one : many);
}

}  // namespace ws
