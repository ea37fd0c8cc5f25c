// texture on the host: the image made by makeImage, uploaded once as rows
// (the global and __ldg paths) and into a cudaArray behind a point-sampled
// texture object; each path timed (the median of its launches) and its
// window checked bit for bit against rotatedReference. The `path`
// parameter's kernel is the run's timed kernel, through timePlainRuns, and
// its recording build gives the block records.
#include <cstring>

#include "core/memkinds/memkinds_tables.h"
#include "core/memkinds/rotated_window.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memkinds/memkinds_experiments.h"
#include "kernels/memkinds/memkinds_launch.h"
#include "kernels/memkinds/texture_kernels.h"

namespace ws::memkinds {

namespace {

constexpr int kPathRepetitions = 7;

Status checkTexture2D(std::uint32_t side, int ordinal) {
    int width = 0, height = 0;
    WS_CUDA_TRY(cudaDeviceGetAttribute(&width, cudaDevAttrMaxTexture2DWidth, ordinal));
    WS_CUDA_TRY(cudaDeviceGetAttribute(&height, cudaDevAttrMaxTexture2DHeight, ordinal));
    if (side > std::uint32_t(width) || side > std::uint32_t(height))
        return makeError("size=" + std::to_string(side) + ": a 2D texture holds at most " +
                         std::to_string(width) + " x " + std::to_string(height) +
                         " texels on this device");
    return {};
}

// "" when the window equals the reference bit for bit, else the first pixel
// that does not.
std::string compareWindow(const std::vector<float>& got, const std::vector<float>& want,
                          std::uint32_t side, TexturePath path) {
    if (std::memcmp(got.data(), want.data(), want.size() * sizeof(float)) == 0) return {};
    std::size_t wrong = 0, first = 0;
    for (std::size_t i = 0; i < want.size(); ++i)
        if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0 && wrong++ == 0) first = i;
    return std::string(texturePathName(path)) + ": " + std::to_string(wrong) +
           " pixels differ, first (" + std::to_string(first % side) + ", " +
           std::to_string(first / side) + ") = " + std::to_string(got[first]) + ", expected " +
           std::to_string(want[first]);
}

}  // namespace

Result<Run> runTexture(const MemkindsSettings& settings, const RunOptions& options,
                       const DeviceInfo& device) {
    const TextureSettings& asked = settings.texture;
    const std::uint32_t side = asked.size;
    const double angle = asked.angleDegrees;
    const TexturePath chosen = asked.path;
    const dim3 block = windowBlock(asked.block);
    const dim3 grid = windowGrid(side, block);
    const std::uint64_t blockCount = std::uint64_t(grid.x) * grid.y;

    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    if (Status s = memory::checkShape(limits, "rotateWindow", grid, block, 0); !s)
        return makeError(s.error());
    if (Status s = checkTexture2D(side, options.device); !s) return makeError(s.error());
    const std::uint64_t imageBytes = std::uint64_t(side) * side * sizeof(float);
    if (Status s = memory::checkFreeMemory(
            "size=" + std::to_string(side),
            3 * imageBytes + blockCount * atomics::BlockRecordStorage::kBytesPerBlock);
        !s)
        return makeError(s.error());

    const RotatedWindow window = rotatedWindow(side, angle);
    const std::vector<float> image = makeImage(side);
    const std::vector<float> reference = rotatedReference(window, image);

    DeviceBuffer<float> rows, out;
    atomics::BlockRecordStorage blocks;
    FloatArray2D array;
    TextureObject texture;
    if (Status s = atomics::toDevice(rows, image); !s) return makeError(s.error());
    for (Status s :
         {out.allocate(image.size()), blocks.allocate(blockCount), array.allocate(side, side)})
        if (!s) return makeError(s.error());
    if (Status s = array.copyFromDevice(rows.get()); !s) return makeError(s.error());
    if (Status s = texture.pointSampled(array.get()); !s) return makeError(s.error());

    WindowArgs args;
    args.window = window;
    args.texture = texture.get();
    args.image = rows.get();
    args.out = out.get();
    const double bytesMoved = 2.0 * double(imageBytes);

    Run run;
    memory::fillRunHeader(run, "texture", settings.resolved, device);
    Checks checks;
    std::vector<TexturePathTiming> timings;
    for (TexturePath path : {TexturePath::Texture, TexturePath::Global, TexturePath::ReadOnly}) {
        // NaN in every pixel first: a path that wrote nothing cannot pass on
        // the window the path before left.
        // And before every timed launch: the recording build is checked on
        // its own output, not on the plain build's.
        auto clearOut = [&]() -> Status { return out.fill(0xff); };
        if (Status s = clearOut(); !s) return makeError(s.error());
        auto launch = [&, path](bool record) {
            return launchWindow(path, record, grid, block, args, blocks.pointers(), nullptr);
        };
        int failed = 0;
        auto check = [&, path]() -> Result<std::string> {
            std::vector<float> got;
            if (Status s = atomics::toHost(out, got); !s) return makeError(s.error());
            std::string wrong = compareWindow(got, reference, side, path);
            if (!wrong.empty()) ++failed;
            return wrong;
        };
        TexturePathTiming row;
        row.path = path;
        if (path == chosen) {
            Launch recorded = memory::makeLaunch(
                std::string("rotateWindow (") + texturePathName(path) + ")", grid, block, 0);
            if (Status s = timeAndRecord(options, {launch, clearOut, check}, blocks, bytesMoved,
                                         recorded, run, checks);
                !s)
                return makeError(s.error());
            run.launches.push_back(std::move(recorded));
            row.ms = run.timing.kernelMs;
        } else {
            auto ms = timeRuns(kPathRepetitions, nullptr, [&] { return launch(false); });
            if (!ms) return makeError(ms.error());
            auto wrong = check();
            if (!wrong) return makeError(wrong.error());
            checks.add(wrong->empty(), *wrong);
            row.ms = medianOf(*ms);
        }
        row.verified = failed == 0;
        row.gbPerS = row.ms > 0 ? bytesMoved / (row.ms * 1e6) : 0;
        run.figures[std::string(texturePathName(path)) + "_ms"] = row.ms;
        run.figures[std::string(texturePathName(path)) + "_gbs"] = row.gbPerS;
        timings.push_back(row);
    }

    run.verification = checks.verification(
        "every path's window equals rotatedReference bit for bit (" + std::to_string(side) + " x " +
            std::to_string(side) + ", " + std::to_string(angle) + " degrees)",
        "exact: every pixel of the three paths' windows");
    run.tables.push_back(texturePathsTable(timings));
    const double textureMs = run.figures["texture_ms"];
    if (textureMs > 0) {
        run.figures["global_over_texture"] = run.figures["global_ms"] / textureMs;
        run.figures["ldg_over_texture"] = run.figures["ldg_ms"] / textureMs;
    }
    return run;
}

}  // namespace ws::memkinds
