#include "core/memkinds/memkinds_tables.h"

#include <cmath>
#include <cstdio>
#include <set>

#include "core/memkinds/memkinds_columns.h"

namespace ws::memkinds {

const char* bandwidthLevelName(BandwidthLevel level) {
    switch (level) {
        case BandwidthLevel::Global:
            return "global";
        case BandwidthLevel::Shared:
            return "shared";
        case BandwidthLevel::L2Only:
            return "cg";
    }
    return "?";
}

namespace {

std::string rowAt(const RecordTable& t, std::size_t row) {
    return "table '" + t.name + "', row " + std::to_string(row) + ": ";
}

std::string number(double v) {
    char text[64];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

Status positive(const RecordTable& t, std::size_t row, const char* column, double v) {
    if (std::isfinite(v) && v > 0) return {};
    return makeError(rowAt(t, row) + "column '" + column + "' is " + number(v) +
                     ", must be positive and finite");
}

// Each table's columns, in the order they are written.
const auto kLatencyColumns = std::make_tuple(
    column("working_set_bytes", &LatencyPoint::workingSetBytes),
    column("stride_bytes", &LatencyPoint::strideBytes), column("loads", &LatencyPoint::loads),
    column("cycles_per_load", &LatencyPoint::cyclesPerLoad),
    column("ns_per_load", &LatencyPoint::nsPerLoad),
    column("final_index", &LatencyPoint::finalIndex),
    column("expected_index", &LatencyPoint::expectedIndex));

const auto kSmLatencyColumns = std::make_tuple(
    column("sm", &SmLatency::sm), column("cycles_per_load", &SmLatency::cyclesPerLoad),
    column("ns_per_load", &SmLatency::nsPerLoad), column("final_index", &SmLatency::finalIndex),
    column("expected_index", &SmLatency::expectedIndex));

const auto kBandwidthColumns = std::make_tuple(
    enumColumn("level", &BandwidthPoint::level, 3),
    column("working_set_bytes", &BandwidthPoint::workingSetBytes),
    column("bytes_read", &BandwidthPoint::bytesRead), column("ms", &BandwidthPoint::ms),
    column("gb_per_s", &BandwidthPoint::gbPerS), flagColumn("verified", &BandwidthPoint::verified));

const auto kConstantColumns = std::make_tuple(
    enumColumn("path", &ConstantPoint::path, 3), column("distinct", &ConstantPoint::distinct),
    column("cycles_per_load", &ConstantPoint::cyclesPerLoad),
    flagColumn("verified", &ConstantPoint::verified));

const auto kTexturePathColumns = std::make_tuple(
    enumColumn("path", &TexturePathTiming::path, 3), column("ms", &TexturePathTiming::ms),
    column("gb_per_s", &TexturePathTiming::gbPerS),
    flagColumn("verified", &TexturePathTiming::verified));

const auto kLocalColumns = std::make_tuple(
    enumColumn("kind", &LocalVariantTiming::kind, 3),
    column("registers_per_thread", &LocalVariantTiming::registersPerThread),
    column("local_bytes_per_thread", &LocalVariantTiming::localBytesPerThread),
    column("ms", &LocalVariantTiming::ms), flagColumn("verified", &LocalVariantTiming::verified));

const auto kOccupancyColumns =
    std::make_tuple(column("registers_per_thread", &OccupancyPoint::registersPerThread),
                    column("local_bytes_per_thread", &OccupancyPoint::localBytesPerThread),
                    column("threads_per_block", &OccupancyPoint::threadsPerBlock),
                    column("shared_bytes_per_block", &OccupancyPoint::sharedBytesPerBlock),
                    column("predicted_blocks_per_sm", &OccupancyPoint::predictedBlocksPerSm),
                    column("measured_blocks_per_sm", &OccupancyPoint::measuredBlocksPerSm));

}  // namespace

const char* loadPathName(LoadPath path) {
    switch (path) {
        case LoadPath::Global:
            return "global";
        case LoadPath::ReadOnly:
            return "ldg";
        case LoadPath::L2Only:
            return "cg";
        case LoadPath::Shared:
            return "shared";
        case LoadPath::Constant:
            return "constant";
        case LoadPath::Texture:
            return "texture";
    }
    return "?";
}

Result<LoadPath> loadPathFromName(const std::string& name) {
    for (std::uint8_t i = 0; i <= std::uint8_t(LoadPath::Texture); ++i)
        if (name == loadPathName(LoadPath(i))) return LoadPath(i);
    return makeError("unknown load path '" + name +
                     "' (global, ldg, cg, shared, constant or texture)");
}

const char* constantPathName(ConstantPath path) {
    switch (path) {
        case ConstantPath::Constant:
            return "constant";
        case ConstantPath::Global:
            return "global";
        case ConstantPath::ReadOnly:
            return "ldg";
    }
    return "?";
}

const char* texturePathName(TexturePath path) {
    switch (path) {
        case TexturePath::Texture:
            return "texture";
        case TexturePath::Global:
            return "global";
        case TexturePath::ReadOnly:
            return "ldg";
    }
    return "?";
}

const char* localKindName(LocalKind kind) {
    switch (kind) {
        case LocalKind::Registers:
            return "registers";
        case LocalKind::LocalIndexed:
            return "local-indexed";
        case LocalKind::Spilled:
            return "spilled";
    }
    return "?";
}

Status checkStoredValue(const RecordTable& table, std::size_t row, const char* column,
                        unsigned count, std::uint64_t value) {
    if (count == 0 || value < count) return {};
    if (count == 2)
        return makeError(rowAt(table, row) + "column '" + column + "' is " + std::to_string(value) +
                         ", must be 0 or 1");
    return makeError(rowAt(table, row) + "column '" + column + "' holds " + std::to_string(value) +
                     ", not a known value (0 to " + std::to_string(count - 1) + ")");
}

// ---- builders

RecordTable latencyTable(const std::vector<LatencyPoint>& points) {
    return buildTable(kLatencyTable, points, kLatencyColumns);
}

RecordTable smLatencyTable(const std::vector<SmLatency>& points) {
    return buildTable(kL2DistanceTable, points, kSmLatencyColumns);
}

RecordTable bandwidthTable(const std::vector<BandwidthPoint>& points) {
    return buildTable(kBandwidthTable, points, kBandwidthColumns);
}

RecordTable constantTable(const std::vector<ConstantPoint>& points) {
    return buildTable(kConstantTable, points, kConstantColumns);
}

RecordTable texturePathsTable(const std::vector<TexturePathTiming>& rows) {
    return buildTable(kTexturePathsTable, rows, kTexturePathColumns);
}

RecordTable localTable(const std::vector<LocalVariantTiming>& rows) {
    return buildTable(kLocalTable, rows, kLocalColumns);
}

RecordTable occupancyTable(const std::vector<OccupancyPoint>& points) {
    return buildTable(kOccupancyTable, points, kOccupancyColumns);
}

// ---- readers: the columns as written, then what each table's rows must be

Result<std::vector<LatencyPoint>> readLatency(const Run& run) {
    const RecordTable* table = findTable(run.tables, kLatencyTable);
    if (!table) return std::vector<LatencyPoint>{};
    const RecordTable& t = *table;
    auto points = readRows<LatencyPoint>(t, kLatencyColumns);
    if (!points) return points;
    for (std::size_t i = 0; i < points->size(); ++i) {
        const LatencyPoint& p = (*points)[i];
        for (Status s : {positive(t, i, "cycles_per_load", p.cyclesPerLoad),
                         positive(t, i, "ns_per_load", p.nsPerLoad)})
            if (!s) return makeError(s.error());
        if (p.loads == 0) return makeError(rowAt(t, i) + "column 'loads' is 0");
        if (p.strideBytes == 0 || p.workingSetBytes < p.strideBytes)
            return makeError(rowAt(t, i) + "working_set_bytes " +
                             std::to_string(p.workingSetBytes) + " holds no stride of " +
                             std::to_string(p.strideBytes) + " bytes");
        if (i > 0 && p.workingSetBytes <= (*points)[i - 1].workingSetBytes)
            return makeError(rowAt(t, i) + "working_set_bytes " +
                             std::to_string(p.workingSetBytes) +
                             " does not increase on the row before");
    }
    return points;
}

Result<std::vector<SmLatency>> readSmLatency(const Run& run) {
    const RecordTable* table = findTable(run.tables, kL2DistanceTable);
    if (!table) return std::vector<SmLatency>{};
    const RecordTable& t = *table;
    auto points = readRows<SmLatency>(t, kSmLatencyColumns);
    if (!points) return points;
    std::set<std::uint32_t> seen;
    for (std::size_t i = 0; i < points->size(); ++i) {
        const SmLatency& p = (*points)[i];
        for (Status s : {positive(t, i, "cycles_per_load", p.cyclesPerLoad),
                         positive(t, i, "ns_per_load", p.nsPerLoad)})
            if (!s) return makeError(s.error());
        if (!seen.insert(p.sm).second)
            return makeError(rowAt(t, i) + "sm " + std::to_string(p.sm) + " measured twice");
    }
    return points;
}

Result<std::vector<BandwidthPoint>> readBandwidth(const Run& run) {
    const RecordTable* table = findTable(run.tables, kBandwidthTable);
    if (!table) return std::vector<BandwidthPoint>{};
    const RecordTable& t = *table;
    auto points = readRows<BandwidthPoint>(t, kBandwidthColumns);
    if (!points) return points;
    std::uint64_t lastSet[3] = {0, 0, 0};  // per BandwidthLevel
    for (std::size_t i = 0; i < points->size(); ++i) {
        const BandwidthPoint& p = (*points)[i];
        for (Status s : {positive(t, i, "ms", p.ms), positive(t, i, "gb_per_s", p.gbPerS)})
            if (!s) return makeError(s.error());
        if (p.workingSetBytes == 0 || p.bytesRead == 0)
            return makeError(rowAt(t, i) + "working_set_bytes and bytes_read must be positive");
        // gb_per_s is bytes_read over ms: a row where they disagree was edited
        // or written by something else, and its plot would not be its data.
        const double expected = double(p.bytesRead) / (p.ms * 1e6);
        if (std::abs(p.gbPerS - expected) > 1e-6 * expected)
            return makeError(rowAt(t, i) + "gb_per_s " + std::to_string(p.gbPerS) +
                             " is not bytes_read / ms = " + std::to_string(expected));
        std::uint64_t& last = lastSet[std::size_t(p.level)];
        if (p.workingSetBytes <= last)
            return makeError(rowAt(t, i) + "working_set_bytes " +
                             std::to_string(p.workingSetBytes) +
                             " does not increase on the level's row before");
        last = p.workingSetBytes;
    }
    return points;
}

Result<std::vector<ConstantPoint>> readConstant(const Run& run) {
    const RecordTable* table = findTable(run.tables, kConstantTable);
    if (!table) return std::vector<ConstantPoint>{};
    const RecordTable& t = *table;
    auto points = readRows<ConstantPoint>(t, kConstantColumns);
    if (!points) return points;
    std::set<std::pair<ConstantPath, std::uint32_t>> seen;
    for (std::size_t i = 0; i < points->size(); ++i) {
        const ConstantPoint& p = (*points)[i];
        if (!seen.insert({p.path, p.distinct}).second)
            return makeError(rowAt(t, i) + "path " + constantPathName(p.path) + " with distinct " +
                             std::to_string(p.distinct) + " measured twice");
        if (Status s = positive(t, i, "cycles_per_load", p.cyclesPerLoad); !s)
            return makeError(s.error());
        if (p.distinct < 1 || p.distinct > 32)
            return makeError(rowAt(t, i) + "column 'distinct' is " + std::to_string(p.distinct) +
                             ", must be 1 to 32 (lanes of a warp)");
    }
    return points;
}

Result<std::vector<TexturePathTiming>> readTexturePaths(const Run& run) {
    const RecordTable* table = findTable(run.tables, kTexturePathsTable);
    if (!table) return std::vector<TexturePathTiming>{};
    const RecordTable& t = *table;
    auto rows = readRows<TexturePathTiming>(t, kTexturePathColumns);
    if (!rows) return rows;
    std::set<TexturePath> seen;
    for (std::size_t i = 0; i < rows->size(); ++i) {
        const TexturePathTiming& r = (*rows)[i];
        for (Status s : {positive(t, i, "ms", r.ms), positive(t, i, "gb_per_s", r.gbPerS)})
            if (!s) return makeError(s.error());
        if (!seen.insert(r.path).second)
            return makeError(rowAt(t, i) + "path " + texturePathName(r.path) + " timed twice");
    }
    return rows;
}

Result<std::vector<LocalVariantTiming>> readLocal(const Run& run) {
    const RecordTable* table = findTable(run.tables, kLocalTable);
    if (!table) return std::vector<LocalVariantTiming>{};
    const RecordTable& t = *table;
    auto rows = readRows<LocalVariantTiming>(t, kLocalColumns);
    if (!rows) return rows;
    std::set<LocalKind> seen;
    for (std::size_t i = 0; i < rows->size(); ++i) {
        const LocalVariantTiming& r = (*rows)[i];
        if (Status s = positive(t, i, "ms", r.ms); !s) return makeError(s.error());
        if (!seen.insert(r.kind).second)
            return makeError(rowAt(t, i) + "kind " + localKindName(r.kind) + " timed twice");
    }
    return rows;
}

Result<std::vector<OccupancyPoint>> readOccupancy(const Run& run) {
    const RecordTable* table = findTable(run.tables, kOccupancyTable);
    if (!table) return std::vector<OccupancyPoint>{};
    const RecordTable& t = *table;
    auto points = readRows<OccupancyPoint>(t, kOccupancyColumns);
    if (!points) return points;
    for (std::size_t i = 0; i < points->size(); ++i) {
        const OccupancyPoint& p = (*points)[i];
        if (p.threadsPerBlock == 0 || p.registersPerThread == 0)
            return makeError(rowAt(t, i) +
                             "threads_per_block and registers_per_thread must be positive");
    }
    return points;
}

}  // namespace ws::memkinds
