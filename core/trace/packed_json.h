#pragma once
// A packed array as the trace file writes it (docs/trace-format.md, "Packed
// arrays"), shared by the writers of the run and of its profile.
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "core/trace/column_encoding.h"
#include "core/trace/packed_arrays.h"

namespace ws::trace_writing {

// Integer arrays in the smallest of their three forms (core/trace/column_encoding.h):
// a byte string when raw, else [encoding, byte string]. Floats stay raw: their
// low bits vary from one value to the next, so varints would not shrink them.
template <typename T>
nlohmann::json packed(const std::vector<T>& values) {
    using json = nlohmann::json;
    if constexpr (kEncodableColumn<T>) {
        EncodedColumn column = encodeColumn(values);
        if (column.encoding != ColumnEncoding::Raw)
            return json::array({int(column.encoding), json::binary(std::move(column.bytes))});
        return json::binary(std::move(column.bytes));
    } else {
        return json::binary(packLittleEndian(values));
    }
}

}  // namespace ws::trace_writing
