#pragma once
// The kernel-file lab in the catalog: one experiment, "kernel-file", whose
// default runs one of the bundled example files, and the spec a file's own
// description makes, whose parameters become sliders as the catalog's do.
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/kernelfile/kernel_description.h"

namespace ws::kernelfile {

inline constexpr const char* kKernelFileExperiment = "kernel-file";

// The bundled examples (examples/kernels/<name>.cu), the catalog entry's
// choices; the first is the default.
const std::vector<std::string>& bundledExamples();

// The spec of one file: the catalog entry's id and views, the description's
// title and parameters.
ExperimentSpec kernelFileSpec(const KernelDescription& description);

// Texts a kernel-file run keeps (Run::texts): its source, as it was run, and
// the file's name.
inline constexpr const char* kSourceText = "kernel.source";
inline constexpr const char* kFileNameText = "kernel.file";
inline constexpr const char* kProbedPtxText = "kernel.ptx";

// The run's profile names the file as the compiler saw it (the folder it
// was compiled in, then its name): named by its name alone here, as the
// trace's texts name it, with its text beside the stalls that point into it.
void attachSourceToProfile(Run& run, const std::string& fileName, const std::string& source);

}  // namespace ws::kernelfile
