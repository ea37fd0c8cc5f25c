#pragma once
// The traces bundled with warpscope (recorded on an H100), as listed by
// resources/traces/manifest.json: what each file holds, so the GUI offers
// recorded runs and plots their throughput without opening every file.
#include <QString>
#include <map>
#include <optional>
#include <vector>

#include "core/common/result.h"
#include "core/profile/counter_catalog.h"
#include "core/run/run.h"

namespace ws {

struct BundledTrace {
    QString file;  // absolute path
    QString experiment;
    ParamValues params;
    QString device;
    QString recordedAt;
    bool verified = false;
    double kernelMs = 0;
    double gbPerS = 0;
    // CPU against GPU (0 in manifests written before they were recorded).
    double cpuMs = 0, cpuParallelMs = 0, transferMs = 0;
    int cpuThreads = 0;
    // The bytes its counters measured per memory level, where it was
    // recorded with why it is slow (manifests before them lack it).
    std::optional<LevelBytes> counterBytes;
};

class BundledTraces {
public:
    static Result<BundledTraces> load(const QString& manifestPath);
    // These traces with `preferred`'s in front: a run recorded in both (the
    // same experiment and parameters) is `preferred`'s, so that views built
    // from the recorded runs (the reduction ladder, a probe's sweep) show a
    // lesson recorded on another GPU, not the bundled H100 runs.
    void preferTraces(const BundledTraces& preferred);
    const std::vector<BundledTrace>& all() const { return m_traces; }
    std::vector<const BundledTrace*> forExperiment(const std::string& id) const;
    // The recorded trace closest to `wanted`: most equal parameters, then the
    // nearest numbers (by ratio). Null when the experiment has none.
    const BundledTrace* bestMatch(const std::string& id, const ParamValues& wanted) const;
    // Per parameter, the values that were recorded (sliders snap to these).
    std::map<std::string, std::vector<std::string>> recordedValues(const std::string& id) const;

private:
    std::vector<BundledTrace> m_traces;
};

}  // namespace ws
