#pragma once
// Paints the lanes of the SM timeline into an image, one pixel column at a
// time: each block adds its share of a column to that column's coverage, so a
// million blocks cost a million additions and a fill of the visible pixels,
// never a million rectangles. Only the visible blocks of each lane are
// visited (binary search), so zooming in makes it cheaper still.
//
// The coverage does not depend on the playback time, so it is kept until the
// visible range or the width changes. Per frame only the state colours move:
// in a lane at most one block runs at any time, so each lane splits into
// done | running | waiting columns found by one binary search.
#include <QImage>
#include <vector>

#include "widgets/prepared_run.h"
#include "widgets/timeline_data.h"

namespace ws {

class TimelineRaster {
public:
    void render(QImage& image, const PreparedRun& prepared, const TimelineData& data,
                double playhead);
    double rowHeight() const { return m_rowHeight; }
    // Blocks visited by the last coverage pass, and whether the last render needed one.
    std::size_t visitedBlocks() const { return m_visited; }
    bool lastRenderRasterized() const { return m_rasterized; }
    void invalidate() { m_key = {}; }

private:
    // 4 bytes a column: a million-block view at full HD keeps ~6 MB of these.
    struct Column {
        std::uint16_t coverage;  // share of the column covered, in 1/kUnit (saturates at 8)
        std::uint8_t flags;      // bit 0: wave parity of the widest block; bit 7: a bar starts here
    };
    static constexpr float kUnit = 8192;
    struct Key {
        const PreparedRun* run = nullptr;
        double start = 0, end = 0;
        int width = 0, height = 0;
        bool operator==(const Key&) const = default;
    };
    // Adds the lane's visible blocks to its columns; returns how many it visited.
    static std::size_t rasterLane(const TimelineLane& lane, const TimelineData& data, Column* out,
                                  int width);

    // A pixel row's lanes merged, kept with the coverage: a playback frame
    // then costs one lookup per pixel however many slots share a pixel row.
    struct Pixel {
        std::uint8_t level;  // colour-table coverage level, 0: empty
        std::uint8_t flags;  // as Column::flags, of the widest lane
        std::uint8_t lane;   // that lane, within its SM row (its state split)
        std::uint8_t unused;
    };
    enum class RowKind : std::uint8_t { Background, Separator, Blocks };

    std::vector<Column> m_columns;   // lanes * width
    std::vector<Pixel> m_pixels;     // height * width
    std::vector<RowKind> m_rowKind;  // per pixel row
    Key m_key;
    double m_rowHeight = 0;
    std::size_t m_visited = 0;
    bool m_rasterized = false;
};

}  // namespace ws
