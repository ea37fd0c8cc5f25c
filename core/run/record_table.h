#pragma once
// Named tables of typed columns: the records a lab keeps beside the block
// records (work items taken from a queue, CAS attempts per thread, the tile
// phases of a matrix product, greetings from the device ...), stored in the
// trace without a format change per lab. Every column of a table has the same
// number of rows (checkTable). docs/trace-format.md, "Tables", says how they
// are stored; each lab documents its own tables there.
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/common/result.h"

namespace ws {

using ColumnData = std::variant<std::vector<std::uint8_t>, std::vector<std::uint32_t>,
                                std::vector<std::int32_t>, std::vector<std::uint64_t>,
                                std::vector<std::int64_t>, std::vector<float>, std::vector<double>>;

// The element type names used in the file: "u8", "u32", "i32", "u64", "i64", "f32", "f64".
const char* columnTypeName(const ColumnData& data);

struct Column {
    std::string name;
    ColumnData data;
    std::size_t size() const;
};

struct RecordTable {
    std::string name;
    std::vector<Column> columns;

    // Rows of the first column (checkTable holds the others to it).
    std::size_t rows() const { return columns.empty() ? 0 : columns.front().size(); }
    const Column* find(std::string_view column) const;

    // The column's values, or nullptr when it is missing or of another type.
    template <typename T>
    const std::vector<T>* get(std::string_view column) const {
        const Column* c = find(column);
        return c ? std::get_if<std::vector<T>>(&c->data) : nullptr;
    }

    // Adds a column of type T (replacing one of the same name) and returns it.
    template <typename T>
    std::vector<T>& add(std::string column) {
        for (auto& c : columns)
            if (c.name == column) {
                c.data = std::vector<T>{};
                return std::get<std::vector<T>>(c.data);
            }
        columns.push_back({std::move(column), std::vector<T>{}});
        return std::get<std::vector<T>>(columns.back().data);
    }
};

const RecordTable* findTable(const std::vector<RecordTable>& tables, std::string_view name);
// Adds an empty table (replacing one of the same name) and returns it.
RecordTable& addTable(std::vector<RecordTable>& tables, std::string name);

// For readers of a lab's table: the column, or an error naming the table,
// the column and the type that was expected and found.
template <typename T>
Result<const std::vector<T>*> requireColumn(const RecordTable& table, std::string_view column);

// Names unique and non-empty, every column as long as the first. `where`
// prefixes the message ("launch 2: table 'items'").
Status checkTable(const RecordTable& table, const std::string& where);
Status checkTables(const std::vector<RecordTable>& tables, const std::string& where);

}  // namespace ws
