#include "core/bounded_cbor.h"

#include <new>
#include <string>

namespace ws {

namespace {

using json = nlohmann::json;

// Forwards every event to nlohmann's DOM builder, refusing to open a container
// beyond the depth limit (returning false makes the reader stop at once).
class DepthLimitedSax {
public:
    DepthLimitedSax(json& root, int maxDepth) : m_dom(root, false), m_maxDepth(maxDepth) {}

    bool null() { return m_dom.null(); }
    bool boolean(bool v) { return m_dom.boolean(v); }
    bool number_integer(json::number_integer_t v) { return m_dom.number_integer(v); }
    bool number_unsigned(json::number_unsigned_t v) { return m_dom.number_unsigned(v); }
    bool number_float(json::number_float_t v, const json::string_t& s) {
        return m_dom.number_float(v, s);
    }
    bool string(json::string_t& v) { return m_dom.string(v); }
    bool binary(json::binary_t& v) { return m_dom.binary(v); }
    bool key(json::string_t& v) { return m_dom.key(v); }
    bool start_object(std::size_t n) { return enter() && m_dom.start_object(n); }
    bool end_object() {
        --m_depth;
        return m_dom.end_object();
    }
    bool start_array(std::size_t n) { return enter() && m_dom.start_array(n); }
    bool end_array() {
        --m_depth;
        return m_dom.end_array();
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
        if (m_error.empty()) m_error = e.what();
        return false;
    }

    const std::string& error() const { return m_error; }

private:
    bool enter() {
        if (++m_depth > m_maxDepth) {
            m_error = "nesting deeper than " + std::to_string(m_maxDepth) + " levels";
            return false;
        }
        return true;
    }

    nlohmann::detail::json_sax_dom_parser<json> m_dom;
    int m_maxDepth;
    int m_depth = 0;
    std::string m_error;
};

}  // namespace

Result<json> parseBoundedCbor(std::span<const std::uint8_t> bytes, int maxDepth) {
    json root;
    DepthLimitedSax sax(root, maxDepth);
    try {
        const bool ok = json::sax_parse(bytes.data(), bytes.data() + bytes.size(), &sax,
                                        json::input_format_t::cbor, true);
        if (!ok || !sax.error().empty())
            return makeError("not valid CBOR: " +
                             (sax.error().empty() ? std::string("parse failed") : sax.error()));
    } catch (const std::bad_alloc&) {
        return makeError("not valid CBOR: out of memory while parsing");
    } catch (const std::exception& e) {
        return makeError(std::string("not valid CBOR: ") + e.what());
    }
    return root;
}

}  // namespace ws
