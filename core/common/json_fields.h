#pragma once
// Fields of JSON that someone else wrote (a worker request, a manifest, a
// counters file), read without exceptions. nlohmann's json::value() throws
// when a key holds another type, and what it throws would end the program or
// reach the user as "[json.exception.type_error.302] ..."; these give the
// fallback instead, as for a missing key.
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

namespace ws::json_fields {

inline std::string text(const nlohmann::json& j, const char* key, std::string fallback = "") {
    if (!j.is_object()) return fallback;
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

inline long long integer(const nlohmann::json& j, const char* key, long long fallback = 0) {
    if (!j.is_object()) return fallback;
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer()) return fallback;
    if (it->is_number_unsigned() &&
        it->get<std::uint64_t>() > std::uint64_t(std::numeric_limits<long long>::max()))
        return fallback;
    return it->get<long long>();
}

inline bool flag(const nlohmann::json& j, const char* key, bool fallback = false) {
    if (!j.is_object()) return fallback;
    const auto it = j.find(key);
    return it != j.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

}  // namespace ws::json_fields
