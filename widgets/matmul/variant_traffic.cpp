// compareVariants: the sector counts of every transpose and axis-reduction
// variant at the run's size, modelled, for the coalescing view's table.
#include "core/catalog/catalog.h"
#include "core/memory/memory_access_model.h"
#include "widgets/memory/coalescing_view.h"

namespace ws {

namespace {

VariantTraffic traffic(const QString& name, const std::string& experiment, ParamValues params,
                       bool current) {
    VariantTraffic t{name, current, {}, {}, {}, {}};
    bool read = false, write = false;
    for (const auto& g : modelWarpAccesses(experiment, params).global) {
        if (!g.isWrite && !read) {
            t.reads = countSectors(g.address, g.activeMask, g.widthBytes);
            t.readWhat = QString::fromStdString(g.what);
            read = true;
        } else if (g.isWrite && !write) {
            t.writes = countSectors(g.address, g.activeMask, g.widthBytes);
            t.writeWhat = QString::fromStdString(g.what);
            write = true;
        }
    }
    return t;
}

ParamValues sized(const Run& run, ParamValues extra) {
    for (const char* k : {"width", "height"})
        if (auto it = run.params.find(k); it != run.params.end()) extra[k] = it->second;
    return extra;
}

}  // namespace

std::vector<VariantTraffic> compareVariants(const Run& run) {
    std::vector<VariantTraffic> out;
    const std::string& e = run.experiment;
    const auto variant = run.params.count("variant") ? run.params.at("variant") : std::string();
    if (e == "transpose-f32") {
        const std::string rows = run.params.count("rows_per_thread")
                                     ? run.params.at("rows_per_thread")
                                     : std::string("4");
        for (const char* v : {"naive", "tiled", "padded"})
            out.push_back(traffic(QStringLiteral("transpose %1").arg(v), e,
                                  sized(run, {{"variant", v}, {"rows_per_thread", rows}}),
                                  variant == v));
        return out;
    }
    if (e != "transpose-u8" && e.rfind("reduce-", 0) != 0) return out;
    for (const char* v : {"naive", "shared", "padded"})
        out.push_back(traffic(QStringLiteral("transpose %1").arg(v), "transpose-u8",
                              sized(run, {{"variant", v}}), e == "transpose-u8" && variant == v));
    const std::string block = run.params.count("block") ? run.params.at("block") : "";
    for (const auto& [id, name] : {std::pair{"reduce-columns", "ReduceHKernelSimple"},
                                   std::pair{"reduce-rows-atomic", "ReduceWKernelSimple"},
                                   std::pair{"reduce-rows-block", "row per block (512)"}}) {
        ParamValues p = sized(run, {});
        if (!block.empty() && e == id) p["block"] = block;
        out.push_back(traffic(QString::fromUtf8(name), id, p, e == id));
    }
    return out;
}

}  // namespace ws
