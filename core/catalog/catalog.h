#pragma once
// The experiment catalog: every experiment warpscope can run, with its
// parameters. The worker, the command line and the GUI all read this one list.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog/gpu_requirements.h"
#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

enum class ParamType { Int, Float, Choice };

// Every member has a default ({} included), so that catalog entries name only
// what they set without -Wmissing-field-initializers.
struct ParamSpec {
    std::string name{};
    ParamType type = ParamType::Int;
    double min = 0;
    double max = 0;
    std::string defaultValue{};          // canonical text
    std::vector<std::string> choices{};  // for Choice
    std::string unit{};
    std::string help{};
    bool powerOfTwo = false;   // Int only
    long long multipleOf = 1;  // Int only
    bool logScale = false;     // a slider over this steps in powers of two
    // "launch=grid-block", "variant=naive|tiled|padded": the parameter
    // matters only while that choice has one of those values (empty: always).
    std::string usedWith{};
};

struct ExperimentSpec {
    std::string id;
    std::string title;
    std::string group;    // as the seeds group them: basics, reduction, memory, ...
    std::string seed;     // where in the seed documents it comes from
    std::string summary;  // two or three sentences for the browser
    std::vector<ParamSpec> params;
    std::vector<std::string> records;  // "blocks", "steps", "arrivals", ...
    std::vector<std::string> views;    // "grid", "timeline", "warps", "tree", "throughput"
    // Rules between parameters (a variant that needs a commutative operator...).
    std::function<Status(const ParamValues&)> crossCheck{};
    // Settings whose GPU result is wrong by design (the seed's printed bug, a
    // kernel without its bounds check): verification must catch them, and
    // their traces show how. Unset: none.
    std::function<bool(const ParamValues&)> failsByDesign{};
    // Settings that launch no kernel of warpscope's own (copies, a vendor
    // library, the CPU): their traces hold timings but no launch records.
    std::function<bool(const ParamValues&)> launchesNoKernel{};
    // What the lab's model predicts the hardware counters of one timed work
    // to read (core/profile/counter_catalog.h's metrics, by name), where it
    // has a model: the counters view sets it beside what was measured.
    std::function<std::map<std::string, double>(const ParamValues&)> predictCounters{};
    // What the run's timing measures where it is no kernel of its own and
    // not the CPU ("Largest host-to-device copy"); empty: "Kernel time".
    std::string timedAs{};
    // What a passed check compared the GPU's result with, as the run panel
    // and `info` say it ("the CPU reference" where unset).
    std::string checkedAgainst{};
    // The throughput crosses PCIe (copies between host and device): its
    // yardstick is the link's bandwidth, not the device memory's.
    bool throughputOverPcie = false;
    // The GPU it needs beyond what this build runs on (clusters and TMA need
    // 9.0): listed, and refused before launch on an older GPU.
    GpuRequirement needs{};

    const ParamSpec* param(std::string_view name) const;
    // Whether the experiment shows `view` ("warps", "tree", "banks"...): labs
    // show their docks and panels by it.
    bool lists(std::string_view view) const;
};

// Whether `param` matters for these values (ParamSpec::usedWith); a value the
// condition names that is missing counts as not matching.
bool paramUsed(const ParamSpec& param, const ParamValues& values);
// The parameters of `spec` that these values leave unused, in catalog order.
std::vector<std::string> unusedParams(const ExperimentSpec& spec, const ParamValues& values);

// A run whose time is the CPU's (the matrix multiply's cpu- variants): it
// launched no kernel of its own and timed CPU threads.
bool measuredOnCpu(const Run& run);

const std::vector<ExperimentSpec>& catalog();
const ExperimentSpec* findExperiment(std::string_view id);

// Checks one value against its spec and returns it in canonical form.
Result<std::string> canonicalValue(const ParamSpec& spec, std::string_view text);

// Applies "name=value" assignments over the defaults, checks every value and
// the cross-parameter rules. Errors name the parameter and the limit broken.
Result<ParamValues> resolveParams(const ExperimentSpec& spec,
                                  const std::vector<std::string>& assignments);
Result<ParamValues> resolveParams(const ExperimentSpec& spec, const ParamValues& values);

// Typed access to resolved values (the catalog has already checked them).
long long paramInt(const ParamValues& values, const std::string& name);
double paramFloat(const ParamValues& values, const std::string& name);
const std::string& paramChoice(const ParamValues& values, const std::string& name);

}  // namespace ws
