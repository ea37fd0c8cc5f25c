#include "core/matmul/matmul_counters.h"

#include <nlohmann/json.hpp>

#include "core/common/json_fields.h"
#include "core/matmul/matmul_variants.h"

namespace ws {

Result<MatmulCounters> parseMatmulCounters(std::string_view text) {
    const auto doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        return makeError("matmul counters: not a JSON object");
    if (json_fields::text(doc, "format") != "warpscope-matmul-counters")
        return makeError("matmul counters: format is not \"warpscope-matmul-counters\"");
    MatmulCounters c;
    const auto n = doc.find("n");
    if (n == doc.end() || !n->is_number_unsigned() || *n == 0 || *n > 100000)
        return makeError("matmul counters: \"n\" is missing or not a size in [1, 100000]");
    c.n = n->get<std::uint32_t>();
    c.device = json_fields::text(doc, "device");
    const auto list = doc.find("variants");
    if (list == doc.end() || !list->is_array())
        return makeError("matmul counters: \"variants\" is missing or not an array");
    for (std::size_t i = 0; i < list->size(); ++i) {
        const auto& v = (*list)[i];
        const std::string where = "matmul counters: variants[" + std::to_string(i) + "]";
        if (!v.is_object() || !v.contains("variant") || !v["variant"].is_string())
            return makeError(where + " has no variant name");
        const std::string id = v["variant"].get<std::string>();
        if (!parseMatmulVariant(id)) return makeError(where + ": unknown variant '" + id + "'");
        MatmulCounter m;
        for (auto [key, field] : {std::pair{"dramReadBytes", &m.dramReadBytes},
                                  {"l2ReadSectors", &m.l2ReadSectors},
                                  {"l1GlobalLoadSectors", &m.l1GlobalLoadSectors}}) {
            if (!v.contains(key) || !v[key].is_number() || v[key].get<double>() < 0)
                return makeError(where + " (" + id + "): \"" + key +
                                 "\" is missing or not a count");
            *field = v[key].get<double>();
        }
        c.variants[id] = m;
    }
    return c;
}

}  // namespace ws
