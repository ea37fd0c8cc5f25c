#include "core/run/record_table.h"

#include <set>

namespace ws {

namespace {

template <typename T>
constexpr const char* typeNameOf() {
    if constexpr (std::is_same_v<T, std::uint8_t>) return "u8";
    if constexpr (std::is_same_v<T, std::uint32_t>) return "u32";
    if constexpr (std::is_same_v<T, std::int32_t>) return "i32";
    if constexpr (std::is_same_v<T, std::uint64_t>) return "u64";
    if constexpr (std::is_same_v<T, std::int64_t>) return "i64";
    if constexpr (std::is_same_v<T, float>) return "f32";
    if constexpr (std::is_same_v<T, double>) return "f64";
}

}  // namespace

const char* columnTypeName(const ColumnData& data) {
    return std::visit(
        [](const auto& v) { return typeNameOf<typename std::decay_t<decltype(v)>::value_type>(); },
        data);
}

std::size_t Column::size() const {
    return std::visit([](const auto& v) { return v.size(); }, data);
}

const Column* RecordTable::find(std::string_view column) const {
    for (const auto& c : columns)
        if (c.name == column) return &c;
    return nullptr;
}

const RecordTable* findTable(const std::vector<RecordTable>& tables, std::string_view name) {
    for (const auto& t : tables)
        if (t.name == name) return &t;
    return nullptr;
}

RecordTable& addTable(std::vector<RecordTable>& tables, std::string name) {
    for (auto& t : tables)
        if (t.name == name) {
            t.columns.clear();
            return t;
        }
    tables.push_back({std::move(name), {}});
    return tables.back();
}

template <typename T>
Result<const std::vector<T>*> requireColumn(const RecordTable& table, std::string_view column) {
    const Column* c = table.find(column);
    if (!c)
        return makeError("table '" + table.name + "' has no column '" + std::string(column) + "'");
    if (const auto* v = std::get_if<std::vector<T>>(&c->data)) return v;
    return makeError("table '" + table.name + "': column '" + std::string(column) + "' holds " +
                     columnTypeName(c->data) + " values, expected " + typeNameOf<T>());
}

template Result<const std::vector<std::uint8_t>*> requireColumn(const RecordTable&,
                                                                std::string_view);
template Result<const std::vector<std::uint32_t>*> requireColumn(const RecordTable&,
                                                                 std::string_view);
template Result<const std::vector<std::int32_t>*> requireColumn(const RecordTable&,
                                                                std::string_view);
template Result<const std::vector<std::uint64_t>*> requireColumn(const RecordTable&,
                                                                 std::string_view);
template Result<const std::vector<std::int64_t>*> requireColumn(const RecordTable&,
                                                                std::string_view);
template Result<const std::vector<float>*> requireColumn(const RecordTable&, std::string_view);
template Result<const std::vector<double>*> requireColumn(const RecordTable&, std::string_view);

Status checkTable(const RecordTable& table, const std::string& where) {
    const std::string at = where + "table '" + table.name + "': ";
    if (table.name.empty()) return makeError(where + "a table has an empty name");
    std::set<std::string> seen;
    const std::size_t rows = table.rows();
    for (const auto& c : table.columns) {
        if (c.name.empty()) return makeError(at + "a column has an empty name");
        if (!seen.insert(c.name).second) return makeError(at + "column '" + c.name + "' twice");
        if (c.size() != rows)
            return makeError(at + "column '" + c.name + "' has " + std::to_string(c.size()) +
                             " rows, column '" + table.columns.front().name + "' has " +
                             std::to_string(rows));
    }
    return {};
}

Status checkTables(const std::vector<RecordTable>& tables, const std::string& where) {
    std::set<std::string> seen;
    for (const auto& t : tables) {
        if (Status s = checkTable(t, where); !s) return s;
        if (!seen.insert(t.name).second) return makeError(where + "table '" + t.name + "' twice");
    }
    return {};
}

}  // namespace ws
