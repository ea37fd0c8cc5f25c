#include "tests/labs/echo/echo_lab.h"

#include "core/catalog/catalog_additions.h"

namespace ws::echo {

std::vector<ExperimentSpec> echoExperiments() {
    return {{
        .id = kEchoExperiment,
        .title = "Echo: a lab of the test build",
        .group = "test",
        .seed = "none",
        .summary = "Sums 1 to n on the CPU; launches nothing.",
        .params = {{.name = "n",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = 1024,
                    .defaultValue = "8",
                    .unit = "terms",
                    .help = "How many terms to add."}},
        .records = {},
        .views = {"figures"},
        .launchesNoKernel = [](const ParamValues&) { return true; },
    }};
}

bool isEchoExperiment(std::string_view id) { return id == kEchoExperiment; }

Result<Run> runEcho(const ExperimentSpec& spec, const ParamValues& params, const RunOptions&,
                    const DeviceInfo& device) {
    auto resolved = resolveParams(spec, params);
    if (!resolved) return makeError(resolved.error());
    const long long n = paramInt(*resolved, "n");
    long long sum = 0;
    for (long long i = 1; i <= n; ++i) sum += i;
    Run run;
    run.experiment = spec.id;
    run.params = *resolved;
    run.device = device;
    run.figures["sum"] = double(sum);
    // Checked against the closed form.
    run.verification.checked = true;
    run.verification.passed = sum == n * (n + 1) / 2;
    run.verification.actual = std::to_string(sum);
    run.verification.expected = std::to_string(n * (n + 1) / 2);
    return run;
}

namespace {

// The lab's two registrations: nothing outside these files names it.
const CatalogAddition kCatalog(echoExperiments);
const FamilyAddition kFamily({"test-echo", isEchoExperiment, runEcho});

}  // namespace

}  // namespace ws::echo
