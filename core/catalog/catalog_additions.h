#pragma once
// Labs outside the built-in lists add their catalog entries here, from a
// file of their own, at static initialisation:
//
//   static const ws::CatalogAddition added(myLabExperiments);
//
// They come after the built-in labs in catalog(). The file must be linked
// into the program itself (an object library, or a source of the
// executable): a static library's unreferenced object would be dropped. The
// built-in labs keep their one line in catalog.cpp, so their order is the
// course's whatever the link order.
#include <vector>

#include "core/catalog/catalog.h"

namespace ws {

struct CatalogAddition {
    explicit CatalogAddition(std::vector<ExperimentSpec> (*entries)());
};

// The additions so far, in the order they were made.
const std::vector<std::vector<ExperimentSpec> (*)()>& catalogAdditions();

}  // namespace ws
