#include "core/kernelfile/kernel_file_spec.h"

#include "core/catalog/catalog_entries.h"

namespace ws::kernelfile {

const std::vector<std::string>& bundledExamples() {
    static const std::vector<std::string> examples = {"vector_add",         "matmul_naive",
                                                      "matmul_tiled",       "transpose_uint8",
                                                      "reduce_interleaved", "argmin_cas"};
    return examples;
}

namespace {

ExperimentSpec baseSpec() {
    return {
        .id = kKernelFileExperiment,
        .title = "Your own kernel",
        .group = "kernelfile",
        .seed = "a CUDA file of your own (docs/your-kernel.md)",
        .summary =
            "A CUDA file as you wrote it: compiled for this GPU, probed in its PTX (never in "
            "your source), run and checked against its reference kernel or expected outputs. Each "
            "block's start, end "
            "and SM, and each warp's.",
        .params = {},
        .records = {"blocks", "warps"},
        .views = {"grid", "timeline", "device"},
        // The file's reference kernel or the expected outputs it names
        // (the run's verification says which).
        .checkedAgainst = "the file's own check",
    };
}

}  // namespace

}  // namespace ws::kernelfile

namespace ws {

std::vector<ExperimentSpec> kernelFileExperiments() {
    using namespace kernelfile;
    ExperimentSpec spec = baseSpec();
    spec.params = {{.name = "example",
                    .type = ParamType::Choice,
                    .defaultValue = bundledExamples().front(),
                    .choices = bundledExamples(),
                    .help = "A bundled example file (examples/kernels/); warpscope-record "
                            "run-kernel and the lab's editor run a file of your own."}};
    return {spec};
}

}  // namespace ws

namespace ws::kernelfile {

ExperimentSpec kernelFileSpec(const KernelDescription& description) {
    ExperimentSpec spec = baseSpec();
    spec.title = description.title;
    spec.params = description.params;
    return spec;
}

}  // namespace ws::kernelfile

namespace ws::kernelfile {

void attachSourceToProfile(Run& run, const std::string& fileName, const std::string& source) {
    auto named = [&](std::string& path) {
        const std::size_t slash = path.find_last_of('/');
        if (path.substr(slash == std::string::npos ? 0 : slash + 1) != fileName) return false;
        path = fileName;
        return true;
    };
    bool found = false;
    for (ProfiledFunction& f : run.profile.functions) {
        named(f.sourceFile);
        for (std::string& path : f.files) found = named(path) || found;
    }
    if (found) run.profile.sources[fileName] = source;
}

}  // namespace ws::kernelfile
