#pragma once
// The pieces of the Chrome trace writer (core/trace/chrome_trace.cpp) that the
// exporters of launches and of operations share: events appended as text,
// not built as a JSON tree (a million blocks make a million events).
#include <charconv>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/run/run.h"

namespace ws {

// Names come from trace files: invalid UTF-8 is replaced, not thrown on.
inline std::string safeDump(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Chrome trace timestamps are microseconds. Absolute %globaltimer values
// (~1.7e18 ns) would lose their low digits in a double, so every time is
// relative to the run's earliest timestamp.
class EventWriter {
public:
    explicit EventWriter(std::string& out) : m_out(out) {}

    void begin() {
        m_out += m_first ? "\n" : ",\n";
        m_first = false;
    }
    void raw(std::string_view s) { m_out += s; }
    void text(const std::string& s) { m_out += safeDump(nlohmann::json(s)); }
    void number(std::uint64_t v) { appendChars(v); }
    void number(std::int64_t v) { appendChars(v); }
    void micros(std::uint64_t ns) {
        // ns / 1000 with the remainder as exactly three decimals.
        appendChars(ns / 1000);
        char frac[5] = {'.', char('0' + ns % 1000 / 100), char('0' + ns % 100 / 10),
                        char('0' + ns % 10), 0};
        m_out += frac;
    }

private:
    template <typename T>
    void appendChars(T v) {
        char buf[32];
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
        m_out.append(buf, end);
    }

    std::string& m_out;
    bool m_first = true;
};

inline void metadata(EventWriter& w, const char* name, std::uint64_t pid, std::int64_t tid,
                     const std::string& value, bool sortIndex = false, std::int64_t index = 0) {
    w.begin();
    w.raw("{\"name\":\"");
    w.raw(name);
    w.raw("\",\"ph\":\"M\",\"pid\":");
    w.number(pid);
    if (tid >= 0) {
        w.raw(",\"tid\":");
        w.number(tid);
    }
    w.raw(",\"args\":{");
    if (sortIndex) {
        w.raw("\"sort_index\":");
        w.number(index);
    } else {
        w.raw("\"name\":");
        w.text(value);
    }
    w.raw("}}");
}

// One process of tracks: a host thread per row, a stream per row, a copy
// engine per row, and the managed-memory migrations, each operation a slice,
// with flow arrows from every host call to the operations it caused
// (core/trace/chrome_operations.cpp).
void writeOperationTracks(EventWriter& w, const Run& run, std::uint64_t t0, std::uint64_t pid);

}  // namespace ws
