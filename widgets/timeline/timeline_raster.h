#pragma once
// Paints the lanes of the SM timeline into an image, one pixel column at a
// time: each lane's coverage of each column (timeline_coverage.h) is merged
// into pixel rows, so a million blocks cost at most a million additions and
// a fill of the visible pixels, never a million rectangles. Only the visible
// blocks of each lane are visited (binary search), and a zoomed-out lane
// holding many blocks per column is read from its prefix sums instead.
//
// The coverage does not depend on the playback time, so it is kept until the
// visible range or the size changes. Per frame only the state colours move:
// in a lane at most one block runs at any time, so each lane splits into
// done | running | waiting columns found by one binary search, and each
// pixel row is all done left of its lanes' splits and all waiting right of
// them: only the columns between look at each pixel's lane.
#include <QImage>
#include <vector>

#include "widgets/model/prepared_run.h"
#include "widgets/model/timeline_data.h"

namespace ws {

// The timeline's colours, as the raster blends them and its legend shows
// them: the grid's state colours, waiting a shade nearer the text, odd waves
// a quarter of the way to white. They follow the colour scheme.
QColor timelineStateColour(BlockState state, bool oddWave);
QColor lighterForOddWaves(const QColor& c);

class TimelineRaster {
public:
    // `rows`: the timeline's rows drawn, top to bottom (indexes into the
    // lanes' rows); every row when empty. `coarse`: a frame while a zoom or
    // drag goes on, whose narrow blocks may be taken in groups
    // (addCoverage in timeline_coverage.h).
    void render(QImage& image, const PreparedRun& prepared, const TimelineData& data,
                double playhead, const std::vector<std::uint32_t>& rows = {}, bool coarse = false);
    double rowHeight() const { return m_rowHeight; }
    // Entries visited by the last coverage pass (blocks, or column boundaries
    // of lanes read by sums), and whether the last render needed one.
    std::size_t visitedBlocks() const { return m_visited; }
    bool lastRenderRasterized() const { return m_rasterized; }
    void invalidate() { m_key = {}; }

private:
    struct Key {
        const PreparedRun* run = nullptr;
        double start = 0, end = 0;
        int width = 0, height = 0;
        std::size_t rows = 0;
        bool coarse = false;
        bool operator==(const Key&) const = default;
    };

    // A pixel row's lanes merged, kept with the coverage: a playback frame
    // then costs one table lookup per pixel however many slots share a pixel
    // row. Low byte: colour code (tone and coverage level, 0: empty); high
    // byte: the widest lane within its SM row, whose state split applies.
    using Pixel = std::uint16_t;
    enum class RowKind : std::uint8_t { Background, Separator, Blocks };
    struct Row {
        RowKind kind = RowKind::Background;
        std::uint8_t firstLane = 0, endLane = 0;  // lanes merged, within the SM row
    };

    std::vector<Pixel> m_pixels;  // height * width
    std::vector<Row> m_rows;      // per pixel row
    Key m_key;
    double m_rowHeight = 0;
    std::size_t m_visited = 0;
    bool m_rasterized = false;
};

}  // namespace ws
