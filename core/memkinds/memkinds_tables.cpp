#include "core/memkinds/memkinds_tables.h"

#include <cmath>
#include <cstdio>
#include <set>

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

// The columns a reader needs, each fetched once; the first missing or
// mistyped one is the error.
struct Columns {
    const RecordTable& table;
    std::string error;

    template <typename T>
    const std::vector<T>* take(const char* column) {
        auto c = requireColumn<T>(table, column);
        if (!c) {
            if (error.empty()) error = c.error();
            return nullptr;
        }
        return *c;
    }
};

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

Status flag(const RecordTable& t, std::size_t row, const char* column, std::uint8_t v) {
    if (v <= 1) return {};
    return makeError(rowAt(t, row) + "column '" + column + "' is " + std::to_string(v) +
                     ", must be 0 or 1");
}

Status known(const RecordTable& t, std::size_t row, const char* column, std::uint8_t v,
             std::uint8_t count) {
    if (v < count) return {};
    return makeError(rowAt(t, row) + "column '" + column + "' holds " + std::to_string(v) +
                     ", not a known value (0 to " + std::to_string(count - 1) + ")");
}

template <typename T>
void fill(RecordTable& t, const char* column, std::vector<T> values) {
    // add() hands out a reference that the next add() may move: fill each at once.
    t.add<T>(column) = std::move(values);
}

template <typename Row, typename F>
auto gather(const std::vector<Row>& rows, F field) {
    std::vector<decltype(field(rows.front()))> out;
    out.reserve(rows.size());
    for (const Row& r : rows) out.push_back(field(r));
    return out;
}

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

// ---- builders

RecordTable latencyTable(const std::vector<LatencyPoint>& points) {
    RecordTable t{kLatencyTable, {}};
    fill(t, "working_set_bytes", gather(points, [](auto& p) { return p.workingSetBytes; }));
    fill(t, "stride_bytes", gather(points, [](auto& p) { return p.strideBytes; }));
    fill(t, "loads", gather(points, [](auto& p) { return p.loads; }));
    fill(t, "cycles_per_load", gather(points, [](auto& p) { return p.cyclesPerLoad; }));
    fill(t, "ns_per_load", gather(points, [](auto& p) { return p.nsPerLoad; }));
    fill(t, "final_index", gather(points, [](auto& p) { return p.finalIndex; }));
    fill(t, "expected_index", gather(points, [](auto& p) { return p.expectedIndex; }));
    return t;
}

RecordTable smLatencyTable(const std::vector<SmLatency>& points) {
    RecordTable t{kL2DistanceTable, {}};
    fill(t, "sm", gather(points, [](auto& p) { return p.sm; }));
    fill(t, "cycles_per_load", gather(points, [](auto& p) { return p.cyclesPerLoad; }));
    fill(t, "ns_per_load", gather(points, [](auto& p) { return p.nsPerLoad; }));
    fill(t, "final_index", gather(points, [](auto& p) { return p.finalIndex; }));
    fill(t, "expected_index", gather(points, [](auto& p) { return p.expectedIndex; }));
    return t;
}

RecordTable bandwidthTable(const std::vector<BandwidthPoint>& points) {
    RecordTable t{kBandwidthTable, {}};
    fill(t, "level", gather(points, [](auto& p) { return std::uint8_t(p.level); }));
    fill(t, "working_set_bytes", gather(points, [](auto& p) { return p.workingSetBytes; }));
    fill(t, "bytes_read", gather(points, [](auto& p) { return p.bytesRead; }));
    fill(t, "ms", gather(points, [](auto& p) { return p.ms; }));
    fill(t, "gb_per_s", gather(points, [](auto& p) { return p.gbPerS; }));
    fill(t, "verified", gather(points, [](auto& p) { return std::uint8_t(p.verified); }));
    return t;
}

RecordTable constantTable(const std::vector<ConstantPoint>& points) {
    RecordTable t{kConstantTable, {}};
    fill(t, "path", gather(points, [](auto& p) { return std::uint8_t(p.path); }));
    fill(t, "distinct", gather(points, [](auto& p) { return p.distinct; }));
    fill(t, "cycles_per_load", gather(points, [](auto& p) { return p.cyclesPerLoad; }));
    fill(t, "verified", gather(points, [](auto& p) { return std::uint8_t(p.verified); }));
    return t;
}

RecordTable texturePathsTable(const std::vector<TexturePathTiming>& rows) {
    RecordTable t{kTexturePathsTable, {}};
    fill(t, "path", gather(rows, [](auto& r) { return std::uint8_t(r.path); }));
    fill(t, "ms", gather(rows, [](auto& r) { return r.ms; }));
    fill(t, "gb_per_s", gather(rows, [](auto& r) { return r.gbPerS; }));
    fill(t, "verified", gather(rows, [](auto& r) { return std::uint8_t(r.verified); }));
    return t;
}

RecordTable localTable(const std::vector<LocalVariantTiming>& rows) {
    RecordTable t{kLocalTable, {}};
    fill(t, "kind", gather(rows, [](auto& r) { return std::uint8_t(r.kind); }));
    fill(t, "registers_per_thread", gather(rows, [](auto& r) { return r.registersPerThread; }));
    fill(t, "local_bytes_per_thread", gather(rows, [](auto& r) { return r.localBytesPerThread; }));
    fill(t, "ms", gather(rows, [](auto& r) { return r.ms; }));
    fill(t, "verified", gather(rows, [](auto& r) { return std::uint8_t(r.verified); }));
    return t;
}

RecordTable occupancyTable(const std::vector<OccupancyPoint>& points) {
    RecordTable t{kOccupancyTable, {}};
    fill(t, "registers_per_thread", gather(points, [](auto& p) { return p.registersPerThread; }));
    fill(t, "local_bytes_per_thread",
         gather(points, [](auto& p) { return p.localBytesPerThread; }));
    fill(t, "threads_per_block", gather(points, [](auto& p) { return p.threadsPerBlock; }));
    fill(t, "shared_bytes_per_block",
         gather(points, [](auto& p) { return p.sharedBytesPerBlock; }));
    fill(t, "predicted_blocks_per_sm",
         gather(points, [](auto& p) { return p.predictedBlocksPerSm; }));
    fill(t, "measured_blocks_per_sm",
         gather(points, [](auto& p) { return p.measuredBlocksPerSm; }));
    return t;
}

// ---- readers

Result<std::vector<LatencyPoint>> readLatency(const Run& run) {
    std::vector<LatencyPoint> points;
    const RecordTable* t = findTable(run.tables, kLatencyTable);
    if (!t) return points;
    Columns c{*t, {}};
    const auto* ws = c.take<std::uint64_t>("working_set_bytes");
    const auto* stride = c.take<std::uint32_t>("stride_bytes");
    const auto* loads = c.take<std::uint32_t>("loads");
    const auto* cycles = c.take<double>("cycles_per_load");
    const auto* ns = c.take<double>("ns_per_load");
    const auto* fin = c.take<std::uint32_t>("final_index");
    const auto* expected = c.take<std::uint32_t>("expected_index");
    if (!c.error.empty()) return makeError(c.error);
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    for (std::size_t i = 0; i < t->rows(); ++i) {
        LatencyPoint p{(*ws)[i], (*stride)[i], (*loads)[i],   (*cycles)[i],
                       (*ns)[i], (*fin)[i],    (*expected)[i]};
        for (Status s : {positive(*t, i, "cycles_per_load", p.cyclesPerLoad),
                         positive(*t, i, "ns_per_load", p.nsPerLoad)})
            if (!s) return makeError(s.error());
        if (p.loads == 0) return makeError(rowAt(*t, i) + "column 'loads' is 0");
        if (p.strideBytes == 0 || p.workingSetBytes < p.strideBytes)
            return makeError(rowAt(*t, i) + "working_set_bytes " +
                             std::to_string(p.workingSetBytes) + " holds no stride of " +
                             std::to_string(p.strideBytes) + " bytes");
        if (i > 0 && p.workingSetBytes <= points.back().workingSetBytes)
            return makeError(rowAt(*t, i) + "working_set_bytes " +
                             std::to_string(p.workingSetBytes) +
                             " does not increase on the row before");
        points.push_back(p);
    }
    return points;
}

Result<std::vector<SmLatency>> readSmLatency(const Run& run) {
    std::vector<SmLatency> points;
    const RecordTable* t = findTable(run.tables, kL2DistanceTable);
    if (!t) return points;
    Columns c{*t, {}};
    const auto* sm = c.take<std::uint32_t>("sm");
    const auto* cycles = c.take<double>("cycles_per_load");
    const auto* ns = c.take<double>("ns_per_load");
    const auto* fin = c.take<std::uint32_t>("final_index");
    const auto* expected = c.take<std::uint32_t>("expected_index");
    if (!c.error.empty()) return makeError(c.error);
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    std::set<std::uint32_t> seen;
    for (std::size_t i = 0; i < t->rows(); ++i) {
        SmLatency p{(*sm)[i], (*cycles)[i], (*ns)[i], (*fin)[i], (*expected)[i]};
        for (Status s : {positive(*t, i, "cycles_per_load", p.cyclesPerLoad),
                         positive(*t, i, "ns_per_load", p.nsPerLoad)})
            if (!s) return makeError(s.error());
        if (!seen.insert(p.sm).second)
            return makeError(rowAt(*t, i) + "sm " + std::to_string(p.sm) + " measured twice");
        points.push_back(p);
    }
    return points;
}

Result<std::vector<BandwidthPoint>> readBandwidth(const Run& run) {
    std::vector<BandwidthPoint> points;
    const RecordTable* t = findTable(run.tables, kBandwidthTable);
    if (!t) return points;
    Columns c{*t, {}};
    const auto* level = c.take<std::uint8_t>("level");
    const auto* ws = c.take<std::uint64_t>("working_set_bytes");
    const auto* bytes = c.take<std::uint64_t>("bytes_read");
    const auto* ms = c.take<double>("ms");
    const auto* gbs = c.take<double>("gb_per_s");
    const auto* verified = c.take<std::uint8_t>("verified");
    if (!c.error.empty()) return makeError(c.error);
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    std::uint64_t lastSet[3] = {0, 0, 0};  // per BandwidthLevel
    for (std::size_t i = 0; i < t->rows(); ++i) {
        for (Status s :
             {known(*t, i, "level", (*level)[i], 3), flag(*t, i, "verified", (*verified)[i]),
              positive(*t, i, "ms", (*ms)[i]), positive(*t, i, "gb_per_s", (*gbs)[i])})
            if (!s) return makeError(s.error());
        BandwidthPoint p{BandwidthLevel((*level)[i]), (*ws)[i], (*bytes)[i], (*ms)[i], (*gbs)[i],
                         (*verified)[i] != 0};
        if (p.workingSetBytes == 0 || p.bytesRead == 0)
            return makeError(rowAt(*t, i) + "working_set_bytes and bytes_read must be positive");
        std::uint64_t& last = lastSet[(*level)[i]];
        if (p.workingSetBytes <= last)
            return makeError(rowAt(*t, i) + "working_set_bytes " +
                             std::to_string(p.workingSetBytes) +
                             " does not increase on the level's row before");
        last = p.workingSetBytes;
        points.push_back(p);
    }
    return points;
}

Result<std::vector<ConstantPoint>> readConstant(const Run& run) {
    std::vector<ConstantPoint> points;
    const RecordTable* t = findTable(run.tables, kConstantTable);
    if (!t) return points;
    Columns c{*t, {}};
    const auto* path = c.take<std::uint8_t>("path");
    const auto* distinct = c.take<std::uint32_t>("distinct");
    const auto* cycles = c.take<double>("cycles_per_load");
    const auto* verified = c.take<std::uint8_t>("verified");
    if (!c.error.empty()) return makeError(c.error);
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    for (std::size_t i = 0; i < t->rows(); ++i) {
        for (Status s :
             {known(*t, i, "path", (*path)[i], 3), flag(*t, i, "verified", (*verified)[i]),
              positive(*t, i, "cycles_per_load", (*cycles)[i])})
            if (!s) return makeError(s.error());
        const std::uint32_t d = (*distinct)[i];
        if (d < 1 || d > 32)
            return makeError(rowAt(*t, i) + "column 'distinct' is " + std::to_string(d) +
                             ", must be 1 to 32 (lanes of a warp)");
        points.push_back({ConstantPath((*path)[i]), d, (*cycles)[i], (*verified)[i] != 0});
    }
    return points;
}

Result<std::vector<TexturePathTiming>> readTexturePaths(const Run& run) {
    std::vector<TexturePathTiming> rows;
    const RecordTable* t = findTable(run.tables, kTexturePathsTable);
    if (!t) return rows;
    Columns c{*t, {}};
    const auto* path = c.take<std::uint8_t>("path");
    const auto* ms = c.take<double>("ms");
    const auto* gbs = c.take<double>("gb_per_s");
    const auto* verified = c.take<std::uint8_t>("verified");
    if (!c.error.empty()) return makeError(c.error);
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    std::set<std::uint8_t> seen;
    for (std::size_t i = 0; i < t->rows(); ++i) {
        for (Status s :
             {known(*t, i, "path", (*path)[i], 3), flag(*t, i, "verified", (*verified)[i]),
              positive(*t, i, "ms", (*ms)[i]), positive(*t, i, "gb_per_s", (*gbs)[i])})
            if (!s) return makeError(s.error());
        if (!seen.insert((*path)[i]).second)
            return makeError(rowAt(*t, i) + "path " + texturePathName(TexturePath((*path)[i])) +
                             " timed twice");
        rows.push_back({TexturePath((*path)[i]), (*ms)[i], (*gbs)[i], (*verified)[i] != 0});
    }
    return rows;
}

Result<std::vector<LocalVariantTiming>> readLocal(const Run& run) {
    std::vector<LocalVariantTiming> rows;
    const RecordTable* t = findTable(run.tables, kLocalTable);
    if (!t) return rows;
    Columns c{*t, {}};
    const auto* kind = c.take<std::uint8_t>("kind");
    const auto* regs = c.take<std::uint32_t>("registers_per_thread");
    const auto* local = c.take<std::uint32_t>("local_bytes_per_thread");
    const auto* ms = c.take<double>("ms");
    const auto* verified = c.take<std::uint8_t>("verified");
    if (!c.error.empty()) return makeError(c.error);
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    for (std::size_t i = 0; i < t->rows(); ++i) {
        for (Status s : {known(*t, i, "kind", (*kind)[i], 3),
                         flag(*t, i, "verified", (*verified)[i]), positive(*t, i, "ms", (*ms)[i])})
            if (!s) return makeError(s.error());
        rows.push_back(
            {LocalKind((*kind)[i]), (*regs)[i], (*local)[i], (*ms)[i], (*verified)[i] != 0});
    }
    return rows;
}

Result<std::vector<OccupancyPoint>> readOccupancy(const Run& run) {
    std::vector<OccupancyPoint> points;
    const RecordTable* t = findTable(run.tables, kOccupancyTable);
    if (!t) return points;
    Columns c{*t, {}};
    const auto* regs = c.take<std::uint32_t>("registers_per_thread");
    const auto* local = c.take<std::uint32_t>("local_bytes_per_thread");
    const auto* threads = c.take<std::uint32_t>("threads_per_block");
    const auto* shared = c.take<std::uint32_t>("shared_bytes_per_block");
    const auto* predicted = c.take<std::uint32_t>("predicted_blocks_per_sm");
    const auto* measured = c.take<std::uint32_t>("measured_blocks_per_sm");
    if (!c.error.empty()) return makeError(c.error);
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    for (std::size_t i = 0; i < t->rows(); ++i) {
        OccupancyPoint p{(*regs)[i],   (*local)[i],     (*threads)[i],
                         (*shared)[i], (*predicted)[i], (*measured)[i]};
        if (p.threadsPerBlock == 0 || p.registersPerThread == 0)
            return makeError(rowAt(*t, i) +
                             "threads_per_block and registers_per_thread must be positive");
        points.push_back(p);
    }
    return points;
}

}  // namespace ws::memkinds
