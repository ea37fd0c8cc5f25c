#pragma once
// What a view's measured geometry depends on: its size, its font and which
// layout of its data it shows. A view keeps the last key beside what it
// measured and measures again only when the key changes, so paths asked many
// times a frame (a node's rectangle, a row's height) measure once.
#include <QFont>
#include <QSize>
#include <cstdint>

namespace ws {

struct MeasureKey {
    QSize size;
    QFont font;
    std::uint64_t layout = ~std::uint64_t(0);  // the view's count of data layouts
    bool operator==(const MeasureKey&) const = default;
};

}  // namespace ws
