#pragma once
// One list of columns per memkinds table, from which the table is written
// (buildTable) and read back (readRows): each column's name, its stored type
// and the row's member are said once. A flag is stored as 0 or 1 and an enum
// as its number; reading refuses any other value with its row and column,
// as it refuses a missing or mistyped column.
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/common/result.h"
#include "core/run/record_table.h"

namespace ws::memkinds {

template <typename Row, typename Member, typename Stored>
struct Column {
    using StoredType = Stored;
    const char* name;
    Member Row::*member;
    unsigned count;  // a flag's or an enum's values are 0 to count - 1; 0: any
};

// Stored as the member is: integers and doubles.
template <typename Row, typename Member>
constexpr Column<Row, Member, Member> column(const char* name, Member Row::*member) {
    return {name, member, 0};
}
// A flag, stored as 0 or 1.
template <typename Row>
constexpr Column<Row, bool, std::uint8_t> flagColumn(const char* name, bool Row::*member) {
    return {name, member, 2};
}
// An enum of `count` values, stored as its number.
template <typename Row, typename Enum>
constexpr Column<Row, Enum, std::uint8_t> enumColumn(const char* name, Enum Row::*member,
                                                     unsigned count) {
    return {name, member, count};
}

// "table 'bandwidth', row 3: column 'verified' is 2, must be 0 or 1", or
// "... column 'level' holds 7, not a known value (0 to 2)"; success where
// `value` is below `count` (or count is 0).
Status checkStoredValue(const RecordTable& table, std::size_t row, const char* column,
                        unsigned count, std::uint64_t value);

template <typename Row, typename... Columns>
RecordTable buildTable(const char* tableName, const std::vector<Row>& rows,
                       const std::tuple<Columns...>& columns) {
    RecordTable table{tableName, {}};
    std::apply(
        [&](const auto&... c) {
            auto add = [&](const auto& col) {
                using Stored = typename std::decay_t<decltype(col)>::StoredType;
                std::vector<Stored> values;
                values.reserve(rows.size());
                for (const Row& r : rows) values.push_back(Stored(r.*col.member));
                // add() hands out a reference the next add() may move: fill it at once.
                table.add<Stored>(col.name) = std::move(values);
            };
            (add(c), ...);
        },
        columns);
    return table;
}

namespace detail {

template <typename Row, typename Member, typename Stored>
const std::vector<Stored>* take(const RecordTable& table, const Column<Row, Member, Stored>& c,
                                std::string& error) {
    auto found = requireColumn<Stored>(table, c.name);
    if (!found) {
        if (error.empty()) error = found.error();
        return nullptr;
    }
    return *found;
}

template <typename Row, typename Member, typename Stored>
Status assign(const RecordTable& table, std::size_t i, const Column<Row, Member, Stored>& c,
              const std::vector<Stored>& values, Row& row) {
    const Stored v = values[i];
    if constexpr (std::is_integral_v<Stored>)
        if (Status s = checkStoredValue(table, i, c.name, c.count, std::uint64_t(v)); !s) return s;
    if constexpr (std::is_same_v<Member, bool>)
        row.*c.member = v != 0;
    else
        row.*c.member = Member(v);
    return {};
}

}  // namespace detail

// Every row, the columns fetched once; the first missing or mistyped column,
// or flag or enum out of its values, is the error.
template <typename Row, typename... Columns>
Result<std::vector<Row>> readRows(const RecordTable& table, const std::tuple<Columns...>& columns) {
    std::string error;
    const auto data = std::apply(
        [&](const auto&... c) { return std::make_tuple(detail::take(table, c, error)...); },
        columns);
    if (!error.empty()) return makeError(error);
    if (Status s = checkTable(table, ""); !s) return makeError(s.error());
    std::vector<Row> rows(table.rows());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        Status failed;
        [&]<std::size_t... K>(std::index_sequence<K...>) {
            ((failed.ok() ? void(failed = detail::assign(table, i, std::get<K>(columns),
                                                         *std::get<K>(data), rows[i]))
                          : void()),
             ...);
        }
        (std::index_sequence_for<Columns...>());
        if (!failed) return makeError(failed.error());
    }
    return rows;
}

}  // namespace ws::memkinds
