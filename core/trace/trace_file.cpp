// Trace files on disk: atomic saves and bounded loads.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <system_error>

#include "core/common/output_path.h"
#include "core/trace/trace_io.h"
#include "core/trace/trace_keys.h"

namespace ws {

namespace {

// A name no concurrent save of the same target will pick.
std::filesystem::path temporaryBeside(const std::filesystem::path& target) {
    std::random_device rd;
    const auto tag = std::to_string(rd()) + std::to_string(rd());
    std::string name(1, '.');  // appended: GCC 12 warns falsely on "." + string
    name += target.filename().string();
    name += ".tmp-";
    name += tag;
    return target.parent_path() / name;
}

}  // namespace

Status writeTraceBytes(const std::vector<std::uint8_t>& bytes, const std::filesystem::path& path) {
    // Through a link, the file it points at is replaced and the link stays.
    const std::filesystem::path target = saveTarget(path);
    const auto tmp = temporaryBeside(target);
    {
        std::FILE* f = std::fopen(tmp.c_str(), "wb");
        if (!f)
            return makeError("cannot save " + quotedPath(path) + ": cannot create " +
                             quotedPath(tmp) + ": " + std::strerror(errno));
        const bool written = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
        const int writeErr = errno;
        // fflush + fclose report a full disk that fwrite's buffering hid.
        const bool flushed = std::fflush(f) == 0;
        const bool closed = std::fclose(f) == 0;
        if (!written || !flushed || !closed) {
            std::error_code ignored;
            std::filesystem::remove(tmp, ignored);
            return makeError("cannot save " + quotedPath(path) +
                             ": writing failed: " + std::strerror(written ? errno : writeErr));
        }
    }
    std::error_code ec;
    // A file replaced keeps its permissions (a shared folder of traces, say).
    const auto old = std::filesystem::status(target, ec);
    if (!ec && std::filesystem::exists(old) && !std::filesystem::is_regular_file(old)) {
        std::error_code ignored;
        std::filesystem::remove(tmp, ignored);
        return makeError("cannot save " + quotedPath(path) +
                         ": it is not a regular file (a pipe, a device or a socket)");
    }
    if (!ec && std::filesystem::is_regular_file(old))
        std::filesystem::permissions(tmp, old.permissions(), ec);
    ec.clear();
    std::filesystem::rename(tmp, target, ec);
    if (ec) {
        std::error_code ignored;
        std::filesystem::remove(tmp, ignored);
        return makeError("cannot save " + quotedPath(path) + ": " + ec.message());
    }
    return {};
}

Status saveTrace(const Run& run, const std::filesystem::path& path) {
    if (Status s = validateRun(run); !s)
        return makeError("not saving " + quotedPath(path) + ": " + s.error());
    return writeTraceBytes(encodeTrace(run), path);
}

Result<std::vector<std::uint8_t>> readTraceBytes(const std::filesystem::path& path) {
    std::error_code ec;
    // A pipe or a device has no size to check against the limit, and a folder
    // is no trace: both said in words rather than the system's.
    const auto kind = std::filesystem::status(path, ec);
    if (!ec && std::filesystem::is_directory(kind))
        return makeError("cannot open " + quotedPath(path) + ": it is a folder, not a trace file");
    if (!ec && std::filesystem::exists(kind) && !std::filesystem::is_regular_file(kind))
        return makeError("cannot open " + quotedPath(path) +
                         ": it is not a regular file (a pipe, a device or a socket)");
    ec.clear();
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return makeError("cannot open " + quotedPath(path) + ": " + ec.message());
    if (size > trace_keys::kMaxTraceBytes)
        return makeError(quotedPath(path) + " is " + std::to_string(size) +
                         " bytes, more than the limit of " +
                         std::to_string(trace_keys::kMaxTraceBytes) + " bytes for a trace");
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError("cannot open " + quotedPath(path) + ": " + std::strerror(errno));
    std::vector<std::uint8_t> bytes;
    try {
        bytes.resize(size);
    } catch (const std::bad_alloc&) {
        return makeError("cannot load " + quotedPath(path) + ": out of memory");
    }
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size));
    if (static_cast<std::uintmax_t>(in.gcount()) != size)
        return makeError("cannot read " + quotedPath(path) + ": it changed size while loading");
    return bytes;
}

Result<Run> loadTrace(const std::filesystem::path& path) {
    auto bytes = readTraceBytes(path);
    if (!bytes) return makeError(bytes.error());
    auto run = decodeTrace(*bytes);
    if (!run) return makeError(quotedPath(path) + ": " + run.error());
    return run;
}

}  // namespace ws
