#pragma once
// Reading one CBOR map of a trace file with every value checked: its type,
// its range, whole elements in packed arrays. Shared by the readers of the
// run (trace_decode.cpp) and of its profile (trace_profile_codec.cpp); a
// problem is thrown as a DecodeFailure naming the place, which decodeTrace
// turns into an error value.
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "core/run/run.h"
#include "core/trace/column_encoding.h"
#include "core/trace/packed_arrays.h"

namespace ws::trace_reading {

using json = nlohmann::json;

// Thrown only by the trace's readers; decodeTrace turns it into an Error.
struct DecodeFailure {
    std::string message;
};

[[noreturn]] inline void fail(const std::string& where, const std::string& what) {
    throw DecodeFailure{where.empty() ? what : where + ": " + what};
}

inline std::string typeName(const json& v) {
    switch (v.type()) {
        case json::value_t::binary:
            return "a byte string";
        case json::value_t::object:
            return "a map";
        case json::value_t::array:
            return "an array";
        case json::value_t::string:
            return "a text string";
        case json::value_t::boolean:
            return "true or false";
        case json::value_t::null:
            return "null";
        case json::value_t::number_float:
            return "a floating-point number";
        case json::value_t::number_integer:
            return "a negative integer";
        case json::value_t::number_unsigned:
            return "an unsigned integer";
        default:
            return "an unknown value";
    }
}

template <typename T>
const char* elementName() {
    if constexpr (std::is_same_v<T, float>)
        return "f32";
    else if constexpr (std::is_same_v<T, double>)
        return "f64";
    else
        return "integer";
}

// Reads the members of one CBOR map of a file of format `version`; `where`
// prefixes every message.
class MapReader {
public:
    MapReader(const json& value, std::string where, int version)
        : m_where(std::move(where)), m_version(version) {
        if (!value.is_object()) fail(m_where, "expected a map, found " + typeName(value));
        m_map = &value;
    }

    const json* find(const char* key) const {
        auto it = m_map->find(key);
        return it == m_map->end() ? nullptr : &*it;
    }

    const json& require(const char* key) const {
        const json* v = find(key);
        if (!v) fail(m_where, std::string("missing key '") + key + "'");
        return *v;
    }

    std::string name(const char* key) const { return m_where.empty() ? key : m_where + "." + key; }

    // Integer keys are optional: a missing key keeps the model's default.
    template <typename T>
    void integer(const char* key, T& out) const {
        if (const json* v = find(key)) out = toInteger<T>(*v, name(key));
    }

    template <typename T>
    static T toInteger(const json& v, const std::string& where) {
        if (v.is_number_unsigned()) {
            auto u = v.get<std::uint64_t>();
            if (u > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
                fail(where, std::to_string(u) + " is out of range");
            return static_cast<T>(u);
        }
        if (v.is_number_integer()) {
            auto i = v.get<std::int64_t>();
            if constexpr (std::is_unsigned_v<T>) {
                fail(where, std::to_string(i) + " is negative");
            } else {
                if (i < std::numeric_limits<T>::min() || i > std::numeric_limits<T>::max())
                    fail(where, std::to_string(i) + " is out of range");
            }
            return static_cast<T>(i);
        }
        fail(where, "expected an integer, found " + typeName(v));
    }

    void number(const char* key, double& out) const {
        if (const json* v = find(key)) {
            if (!v->is_number()) fail(name(key), "expected a number, found " + typeName(*v));
            out = v->get<double>();
        }
    }

    void text(const char* key, std::string& out) const {
        if (const json* v = find(key)) {
            if (!v->is_string()) fail(name(key), "expected a text string, found " + typeName(*v));
            out = v->get<std::string>();
        }
    }

    void boolean(const char* key, bool& out) const {
        if (const json* v = find(key)) {
            if (!v->is_boolean()) fail(name(key), "expected true or false, found " + typeName(*v));
            out = v->get<bool>();
        }
    }

    template <typename T>
    void array(const char* key, std::vector<T>& out) const {
        const json* v = find(key);
        if (!v) return;
        if (m_version >= 3 && v->is_array()) return encoded(key, *v, out);
        if (!v->is_binary())
            fail(name(key), std::string("expected a byte string of packed values") +
                                (m_version >= 3 ? " or an [encoding, byte string] pair" : "") +
                                ", found " + typeName(*v));
        if (!unpackLittleEndian(v->get_binary(), out))
            fail(name(key), std::to_string(v->get_binary().size()) +
                                " bytes is not a whole number of " + std::to_string(sizeof(T)) +
                                "-byte values");
    }

    // Version 3: [encoding, byte string], an integer array in varints.
    template <typename T>
    void encoded(const char* key, const json& v, std::vector<T>& out) const {
        if (v.size() != 2)
            fail(name(key), "expected an [encoding, byte string] pair, found an array of " +
                                std::to_string(v.size()) + " items");
        if (!v[0].is_number_unsigned() || !v[1].is_binary())
            fail(name(key), "expected an [encoding, byte string] pair, found [" + typeName(v[0]) +
                                ", " + typeName(v[1]) + "]");
        const auto encoding = v[0].get<std::uint64_t>();
        if constexpr (!kEncodableColumn<T>) {
            fail(name(key), "encoding " + std::to_string(encoding) + " is for integers, and " +
                                elementName<T>() + " values are stored as they are");
        } else {
            if (encoding != 1 && encoding != 2)
                fail(name(key),
                     "encoding " + std::to_string(encoding) + " is not 1 (varint) or 2 (delta)");
            std::string error;
            if (!decodeColumn(ColumnEncoding(encoding), v[1].get_binary(), out, error))
                fail(name(key), error);
        }
    }

    // Step values: packed in the type `valueType` names (version 1: f64).
    void stepValues(const char* key, const std::string& type, std::vector<double>& out) const {
        if (type == "f64") return array(key, out);
        if (type == "u32") return widened<std::uint32_t>(key, out);
        if (type == "i32") return widened<std::int32_t>(key, out);
        if (type == "f32") return widened<float>(key, out);
        fail(name("valueType"), "'" + type + "' is not one of u32, i32, f32, f64");
    }

    template <typename T>
    void widened(const char* key, std::vector<double>& out) const {
        std::vector<T> narrow;
        array(key, narrow);
        out.assign(narrow.begin(), narrow.end());
    }

    void texts(const char* key, std::vector<std::string>& out) const {
        const json* v = find(key);
        if (!v) return;
        if (!v->is_array())
            fail(name(key), "expected an array of text strings, found " + typeName(*v));
        out.clear();
        for (std::size_t i = 0; i < v->size(); ++i) {
            if (!(*v)[i].is_string())
                fail(name(key) + "[" + std::to_string(i) + "]",
                     "expected a text string, found " + typeName((*v)[i]));
            out.push_back((*v)[i].get<std::string>());
        }
    }

    template <typename T>
    void integers(const char* key, std::vector<T>& out) const {
        const json* v = find(key);
        if (!v) return;
        if (!v->is_array()) fail(name(key), "expected an array of integers, found " + typeName(*v));
        out.clear();
        for (std::size_t i = 0; i < v->size(); ++i)
            out.push_back(toInteger<T>((*v)[i], name(key) + "[" + std::to_string(i) + "]"));
    }

    void dim(const char* key, Dim3& out) const {
        const json* v = find(key);
        if (!v) return;
        if (!v->is_array() || v->size() != 3)
            fail(name(key), "expected an array of 3 unsigned integers");
        out.x = toInteger<std::uint32_t>((*v)[0], name(key) + "[0]");
        out.y = toInteger<std::uint32_t>((*v)[1], name(key) + "[1]");
        out.z = toInteger<std::uint32_t>((*v)[2], name(key) + "[2]");
    }

    const std::string& where() const { return m_where; }
    int version() const { return m_version; }

private:
    const json* m_map = nullptr;
    std::string m_where;
    int m_version;
};

}  // namespace ws::trace_reading
