#include "core/catalog/catalog_additions.h"

namespace ws {

namespace {

std::vector<std::vector<ExperimentSpec> (*)()>& additions() {
    static std::vector<std::vector<ExperimentSpec> (*)()> list;
    return list;
}

}  // namespace

CatalogAddition::CatalogAddition(std::vector<ExperimentSpec> (*entries)()) {
    additions().push_back(entries);
}

const std::vector<std::vector<ExperimentSpec> (*)()>& catalogAdditions() { return additions(); }

}  // namespace ws
