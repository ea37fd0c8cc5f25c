#include "core/kernelfile/kernel_data_files.h"

#include <algorithm>
#include <filesystem>

#include "core/kernelfile/npy_file.h"

namespace ws::kernelfile {

namespace {

Result<HostBuffer> readFor(const PlannedArgument& arg, const std::string& file,
                           const std::string& fileName, const std::string& directory,
                           const std::string& role) {
    if (directory.empty())
        return makeError(fileName + " reads " + file +
                         ", and a kernel file run without its folder (a bundled example, or "
                         "one sent to a class server) reads no files");
    const std::filesystem::path path = std::filesystem::path(directory) / file;
    // The name was held to the folder when parsed; a link beside the file
    // could still lead out of it, so where it leads is held too.
    std::error_code error;
    const std::filesystem::path folder = std::filesystem::weakly_canonical(directory, error);
    const std::filesystem::path target = std::filesystem::weakly_canonical(path, error);
    const auto [folderEnd, targetAt] =
        std::mismatch(folder.begin(), folder.end(), target.begin(), target.end());
    if (error || folderEnd != folder.end())
        return makeError(file + " leads out of the kernel file's folder (" + target.string() +
                         "); a .npy file must lie in it or below it");
    auto header = readNpyHeader(path);
    if (!header)
        return makeError(header.error() +
                         " (the files are read where the run happens: a worker on another "
                         "machine reads its own disk)");
    const BufferArgument& buffer = arg.source->buffer;
    if (header->type != buffer.type)
        return makeError(file + " holds " + numpyTypeName(header->type) + " elements, and " + role +
                         " " + arg.source->name + " is " + numpyTypeName(buffer.type) +
                         ": save it with .astype('" + numpyTypeName(buffer.type) + "')");
    if (header->count != arg.count)
        return makeError(file + " holds " + std::to_string(header->count) + " elements, and " +
                         role + " " + arg.source->name + " has " + std::to_string(arg.count) +
                         " (its length '" + buffer.length + "')");
    // Only now, its size held to the buffer's, is the data read.
    return readNpyData(path, *header);
}

}  // namespace

Result<KernelDataFiles> readDataFiles(const KernelDescription& description,
                                      const KernelLaunchPlan& plan, const std::string& fileName,
                                      const std::string& directory) {
    KernelDataFiles files;
    files.inputs.resize(plan.args.size());
    files.expected.resize(plan.args.size());
    for (std::size_t i = 0; i < plan.args.size(); ++i) {
        const KernelArgument& arg = *plan.args[i].source;
        if (!arg.isBuffer) continue;
        if (arg.buffer.fill == FillKind::File) {
            auto data = readFor(plan.args[i], arg.buffer.file, fileName, directory, "the buffer");
            if (!data) return makeError(data.error());
            files.inputs[i] = std::move(*data);
        }
        for (const ExpectedOutput& e : description.check.expected)
            if (e.buffer == arg.name) {
                auto data = readFor(plan.args[i], e.file, fileName, directory, "the output");
                if (!data) return makeError(data.error());
                files.expected[i] = std::move(*data);
            }
    }
    return files;
}

}  // namespace ws::kernelfile
