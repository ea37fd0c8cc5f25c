#pragma once
// What every lab's settings parser (core/<lab>/<lab>_settings.h) shares: its
// tables between names and values, the resolving of a run's strings against
// the experiment's catalog entry, and the parse of a run on show.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

// A lab's values and the names the catalog and traces use for them, both ways.
template <typename Value, std::size_t N>
class NameTable {
public:
    constexpr explicit NameTable(std::array<std::pair<Value, std::string_view>, N> entries)
        : m_entries(entries) {}

    std::optional<Value> parse(std::string_view name) const {
        for (const auto& [value, text] : m_entries)
            if (text == name) return value;
        return std::nullopt;
    }

    std::string_view name(Value value) const {
        for (const auto& [v, text] : m_entries)
            if (v == value) return text;
        return {};
    }

private:
    std::array<std::pair<Value, std::string_view>, N> m_entries;
};

// The first step of a lab's parser: `experiment` must be one of the lab's
// (`isLabs`, the lab named `lab` in the error) and in the catalog, and
// `params` (only what a user changed, or a trace's whole set) resolve
// against its entry: defaults filled, every value and rule checked.
Result<ParamValues> resolveLabParams(std::string_view experiment, bool isLabs, std::string_view lab,
                                     const ParamValues& params);

// A choice the catalog checked, as the lab's value; an error where the
// catalog lists a name the lab's table lacks (the two were edited apart).
template <typename Value, std::size_t N>
Result<Value> choiceValue(const ParamValues& resolved, const std::string& param,
                          const NameTable<Value, N>& table) {
    const std::string& name = paramChoice(resolved, param);
    if (auto value = table.parse(name)) return *value;
    return makeError("the catalog's " + param + " '" + name + "' has no value in this build");
}

// A choice among numbers ("1", "4", "16"), checked by the catalog.
inline std::uint32_t numberChoice(const ParamValues& resolved, const std::string& param) {
    return std::uint32_t(std::stoul(paramChoice(resolved, param)));
}

// A run's settings by the lab's parser, where the run is the lab's
// (`isLabs`) and its parameters are ones the catalog accepts.
template <typename Settings>
std::optional<Settings> settingsOfRun(const Run& run, bool isLabs,
                                      Result<Settings> (*parse)(std::string_view,
                                                                const ParamValues&)) {
    if (!isLabs) return std::nullopt;
    auto settings = parse(run.experiment, run.params);
    if (!settings) return std::nullopt;
    return std::move(*settings);
}

}  // namespace ws
