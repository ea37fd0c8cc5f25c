#include "core/trace/bounded_cbor.h"

#include <bit>
#include <cmath>

namespace ws {

using json = nlohmann::json;

std::string cborItemName(std::uint8_t b) {
    switch (b >> 5) {
        case 0:
            return "an unsigned integer";
        case 1:
            return "a negative integer";
        case 2:
            return "a byte string";
        case 3:
            return "a text string";
        case 4:
            return "an array";
        case 5:
            return "a map";
        case 6:
            return "a tag";
    }
    if (b == 0xf4 || b == 0xf5) return "true or false";
    if (b == 0xf6) return "null";
    if (b >= 0xf9 && b <= 0xfb) return "a floating-point number";
    if (b == 0xff) return "a break byte (0xff)";
    return "a simple value";
}

namespace {

std::string hexByte(std::uint8_t b) {
    static const char* digits = "0123456789abcdef";
    return {'0', 'x', digits[b >> 4], digits[b & 15]};
}

// RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF.
bool validUtf8(std::span<const std::uint8_t> s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const std::uint8_t b = s[i];
        if (b < 0x80) {
            ++i;
            continue;
        }
        std::size_t n;
        std::uint32_t cp;
        if ((b & 0xe0) == 0xc0)
            n = 1, cp = b & 0x1f;
        else if ((b & 0xf0) == 0xe0)
            n = 2, cp = b & 0x0f;
        else if ((b & 0xf8) == 0xf0)
            n = 3, cp = b & 0x07;
        else
            return false;
        if (s.size() - i - 1 < n) return false;
        for (std::size_t k = 1; k <= n; ++k) {
            if ((s[i + k] & 0xc0) != 0x80) return false;
            cp = (cp << 6) | (s[i + k] & 0x3f);
        }
        static constexpr std::uint32_t kSmallest[] = {0, 0x80, 0x800, 0x10000};
        if (cp < kSmallest[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
        i += n + 1;
    }
    return true;
}

double halfToDouble(std::uint16_t h) {
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    double v;
    if (exponent == 0)
        v = std::ldexp(mantissa, -24);
    else if (exponent == 31)
        v = mantissa == 0 ? INFINITY : NAN;
    else
        v = std::ldexp(mantissa + 1024, exponent - 25);
    return (h & 0x8000) ? -v : v;
}

class Parser {
public:
    Parser(std::span<const std::uint8_t> bytes, int maxDepth)
        : m_bytes(bytes), m_maxDepth(maxDepth) {}

    bool document(json& out) {
        if (!item(out)) return false;
        if (m_pos != m_bytes.size())
            return fail(m_pos, "the trace's data ends here, but " +
                                   std::to_string(m_bytes.size() - m_pos) +
                                   " more bytes follow it");
        return true;
    }

    const CborFailure& failure() const { return m_failure; }

private:
    bool fail(std::size_t offset, std::string problem) {
        m_failure = {offset, false, std::move(problem), m_path};
        return false;
    }

    bool endsEarly(std::string detail) {
        m_failure = {m_bytes.size(), true, std::move(detail), m_path};
        return false;
    }

    std::size_t left() const { return m_bytes.size() - m_pos; }

    // The head of the item at m_pos: its initial byte, major type and
    // argument (a value or a length), or that its length is indefinite.
    struct Head {
        std::size_t start = 0;
        std::uint8_t initial = 0;
        int major = 0;
        std::uint64_t argument = 0;
        bool indefinite = false;
    };

    bool head(Head& h) {
        if (left() == 0) return endsEarly("");
        h.start = m_pos;
        h.initial = m_bytes[m_pos++];
        h.major = h.initial >> 5;
        h.indefinite = false;
        const int info = h.initial & 31;
        if (info < 24) {
            h.argument = std::uint64_t(info);
            return true;
        }
        if (info >= 28 && info <= 30)
            return fail(h.start,
                        "byte " + hexByte(h.initial) + " starts no CBOR item (a reserved length)");
        if (info == 31) {
            if (h.major == 0 || h.major == 1 || h.major == 6)
                return fail(h.start, "byte " + hexByte(h.initial) + " starts no CBOR item");
            h.indefinite = true;
            return true;
        }
        const std::size_t size = std::size_t(1) << (info - 24);
        if (left() < size)
            return endsEarly("in the middle of " + cborItemName(h.initial) +
                             " that begins at byte " + std::to_string(h.start));
        h.argument = 0;
        for (std::size_t i = 0; i < size; ++i) h.argument = (h.argument << 8) | m_bytes[m_pos++];
        return true;
    }

    bool item(json& out) {
        Head h;
        if (!head(h)) return false;
        switch (h.major) {
            case 0:
                out = json(std::uint64_t(h.argument));
                return true;
            case 1:
                if (h.argument > std::uint64_t(INT64_MAX))
                    return fail(h.start, "a negative integer below -2^63, which no field can hold");
                out = json(std::int64_t(-1) - std::int64_t(h.argument));
                return true;
            case 2:
            case 3: {
                std::vector<std::uint8_t> data;
                if (!string(h, data)) return false;
                if (h.major == 2) {
                    out = json::binary(std::move(data));
                    return true;
                }
                if (!validUtf8(data)) return fail(h.start, "a text string that is not valid UTF-8");
                out = json(std::string(data.begin(), data.end()));
                return true;
            }
            case 4:
                return array(h, out);
            case 5:
                return map(h, out);
            case 6:
                return fail(h.start, "a CBOR tag (" + hexByte(h.initial) +
                                         "); tags are not part of the trace format");
        }
        return simple(h, out);
    }

    bool simple(const Head& h, json& out) {
        switch (h.initial) {
            case 0xf4:
                out = false;
                return true;
            case 0xf5:
                out = true;
                return true;
            case 0xf6:
                out = nullptr;
                return true;
            case 0xf9:
                out = halfToDouble(std::uint16_t(h.argument));
                return true;
            case 0xfa:
                out = double(std::bit_cast<float>(std::uint32_t(h.argument)));
                return true;
            case 0xfb:
                out = std::bit_cast<double>(h.argument);
                return true;
            case 0xff:
                return fail(h.start, "a break byte (0xff) where an item should start");
        }
        return fail(h.start,
                    "a CBOR simple value (" + hexByte(h.initial) + "), which traces do not use");
    }

    // A byte or text string, definite or made of definite chunks.
    bool string(const Head& h, std::vector<std::uint8_t>& data) {
        const std::string kind = h.major == 2 ? "byte string" : "text string";
        if (!h.indefinite) {
            if (h.argument > left())
                return endsEarly("in the middle of a " + kind + " of " +
                                 std::to_string(h.argument) + " bytes that begins at byte " +
                                 std::to_string(h.start));
            data.assign(m_bytes.begin() + m_pos, m_bytes.begin() + m_pos + h.argument);
            m_pos += h.argument;
            return true;
        }
        for (;;) {
            if (left() == 0)
                return endsEarly("in the middle of the " + kind +
                                 " in chunks that begins at byte " + std::to_string(h.start));
            if (m_bytes[m_pos] == 0xff) {
                ++m_pos;
                return true;
            }
            Head chunk;
            if (!head(chunk)) return false;
            if (chunk.major != h.major || chunk.indefinite)
                return fail(chunk.start, "a chunk of the " + kind + " that begins at byte " +
                                             std::to_string(h.start) + " is " +
                                             cborItemName(chunk.initial) + ", expected a " + kind +
                                             " of definite length");
            if (chunk.argument > left())
                return endsEarly("in the middle of a chunk of " + std::to_string(chunk.argument) +
                                 " bytes that begins at byte " + std::to_string(chunk.start));
            data.insert(data.end(), m_bytes.begin() + m_pos,
                        m_bytes.begin() + m_pos + chunk.argument);
            m_pos += chunk.argument;
        }
    }

    bool enter(std::size_t start) {
        if (++m_depth > m_maxDepth)
            return fail(start, "nesting deeper than " + std::to_string(m_maxDepth) + " levels");
        return true;
    }

    // Whether a container is complete: its count reached, or its break byte.
    bool atEnd(const Head& h, std::uint64_t done, bool& ended, const char* kind) {
        ended = false;
        if (!h.indefinite) {
            ended = done == h.argument;
            return true;
        }
        if (left() == 0)
            return endsEarly(std::string("in the middle of the ") + kind + " that begins at byte " +
                             std::to_string(h.start));
        if (m_bytes[m_pos] == 0xff) {
            ++m_pos;
            ended = true;
        }
        return true;
    }

    bool array(const Head& h, json& out) {
        // Every item takes at least one byte: a count beyond the bytes left
        // cannot be right, and is refused before anything is allocated.
        if (!h.indefinite && h.argument > left())
            return endsEarly("in the middle of an array of " + std::to_string(h.argument) +
                             " items that begins at byte " + std::to_string(h.start));
        if (!enter(h.start)) return false;
        out = json::array();
        for (std::uint64_t i = 0;; ++i) {
            bool ended;
            if (!atEnd(h, i, ended, "array")) return false;
            if (ended) break;
            m_path.push_back(std::to_string(i));
            json value;
            if (!item(value)) return false;
            m_path.pop_back();
            out.push_back(std::move(value));
        }
        --m_depth;
        return true;
    }

    bool map(const Head& h, json& out) {
        if (!h.indefinite && h.argument > left() / 2)
            return endsEarly("in the middle of a map of " + std::to_string(h.argument) +
                             " entries that begins at byte " + std::to_string(h.start));
        if (!enter(h.start)) return false;
        out = json::object();
        for (std::uint64_t i = 0;; ++i) {
            bool ended;
            if (!atEnd(h, i, ended, "map")) return false;
            if (ended) break;
            const std::size_t keyStart = m_pos;
            if (left() > 0 && (m_bytes[m_pos] >> 5) != 3)
                return fail(keyStart, "a map key is " + cborItemName(m_bytes[m_pos]) +
                                          ", expected a text string");
            json key;
            if (!item(key)) return false;
            std::string name = key.get<std::string>();
            if (out.contains(name))
                return fail(keyStart, "the key '" + name + "' appears twice in one map");
            m_path.push_back(name);
            json value;
            if (!item(value)) return false;
            m_path.pop_back();
            out[std::move(name)] = std::move(value);
        }
        --m_depth;
        return true;
    }

    std::span<const std::uint8_t> m_bytes;
    std::size_t m_pos = 0;
    int m_maxDepth;
    int m_depth = 0;
    std::vector<std::string> m_path;
    CborFailure m_failure;
};

}  // namespace

std::variant<json, CborFailure> parseBoundedCbor(std::span<const std::uint8_t> bytes,
                                                 int maxDepth) {
    Parser parser(bytes, maxDepth);
    json root;
    if (!parser.document(root)) return parser.failure();
    return root;
}

}  // namespace ws
