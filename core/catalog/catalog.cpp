#include "core/catalog/catalog.h"

#include "core/catalog/catalog_additions.h"
#include "core/catalog/catalog_entries.h"

namespace ws {

const std::vector<ExperimentSpec>& catalog() {
    static const std::vector<ExperimentSpec> all = [] {
        std::vector<ExperimentSpec> list;
        // The first lecture first: the browser opens on it.
        for (auto& e : basicsExperiments()) list.push_back(std::move(e));
        for (auto& e : reductionExperiments()) list.push_back(std::move(e));
        for (auto& e : memoryExperiments()) list.push_back(std::move(e));
        for (auto& e : memoryKindsExperiments()) list.push_back(std::move(e));
        for (auto& e : atomicsExperiments()) list.push_back(std::move(e));
        for (auto& e : matmulExperiments()) list.push_back(std::move(e));
        for (auto& e : tensorCoreExperiments()) list.push_back(std::move(e));
        for (auto& e : concurrencyExperiments()) list.push_back(std::move(e));
        for (auto& e : kernelFileExperiments()) list.push_back(std::move(e));
        // Labs registered from their own files (a test build's).
        for (auto entries : catalogAdditions())
            for (auto& e : entries()) list.push_back(std::move(e));
        return list;
    }();
    return all;
}

const ExperimentSpec* findExperiment(std::string_view id) {
    for (const auto& e : catalog())
        if (e.id == id) return &e;
    return nullptr;
}

}  // namespace ws
