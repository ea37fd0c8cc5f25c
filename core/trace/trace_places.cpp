#include "core/trace/trace_places.h"

#include <charconv>
#include <map>

#include "core/run/launch_label.h"

namespace ws {

namespace {

const std::map<std::string, std::string>& launchGroups() {
    static const std::map<std::string, std::string> names = {
        {"blocks", "the block records"},
        {"steps", "the step records"},
        {"sharedAccesses", "the shared-memory access records"},
        {"globalAccesses", "the global-memory access records"},
        {"arrivals", "the arrival records"},
        {"tables", "the tables"},
    };
    return names;
}

const std::map<std::string, std::string>& runGroups() {
    static const std::map<std::string, std::string> names = {
        {"params", "the parameters"},
        {"device", "the device description"},
        {"verification", "the verification"},
        {"timing", "the timings"},
        {"launches", "the list of launches"},
        {"tables", "the run's tables"},
        {"texts", "the texts"},
        {"figures", "the figures"},
        {"environment", "the GPU environment"},
        {"operations", "the device operations"},
        {"hostCalls", "the host calls"},
        {"clocks", "the clock alignment"},
        {"profile", "the profile"},
    };
    return names;
}

bool isIndex(const std::string& s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

// The rest of a path as the format document writes it: columns[3].data.
std::string detail(const std::vector<std::string>& path, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < path.size(); ++i) {
        if (isIndex(path[i]))
            out += "[" + path[i] + "]";
        else
            out += (out.empty() ? "" : ".") + path[i];
    }
    return out;
}

std::string withDetail(std::string place, const std::vector<std::string>& path, std::size_t from) {
    const std::string rest = detail(path, from);
    return rest.empty() ? place : place + " (" + rest + ")";
}

// Packed arrays of version 3 are [encoding, bytes] pairs; an index into one
// means nothing to the reader of a message, so the place stops at the array.
bool isPackedArray(const std::vector<std::string>& path, std::size_t key) {
    if (key == 0) return false;
    const std::string& group = path[key - 1];
    const std::string& name = path[key];
    if (name == "data") return true;  // a table column
    if (group == "hostCalls") return name != "names";
    if (group == "timing") return name == "kernelSamplesMs";
    if (group == "operations") return true;
    if (path[0] == "profile")  // the stall columns and a function's offsets and lines
        return group == "stalls" || (key == 3 && path[1] == "functions" && name != "sass");
    return key == 3 && path[0] == "launches" && group != "tables" && launchGroups().contains(group);
}

std::vector<std::string> withoutPairIndex(const std::vector<std::string>& path) {
    if (path.size() >= 2 && isIndex(path.back()) && isPackedArray(path, path.size() - 2))
        return {path.begin(), path.end() - 1};
    return path;
}

}  // namespace

std::string tracePlace(const std::vector<std::string>& fullPath) {
    const std::vector<std::string> path = withoutPairIndex(fullPath);
    if (path.empty()) return "";
    if (path[0] == "launches" && path.size() >= 2) {
        // The path holds the file's index; people read launches from 1.
        std::size_t index = 0;
        const auto [end, error] =
            std::from_chars(path[1].data(), path[1].data() + path[1].size(), index);
        const bool numbered = error == std::errc() && end == path[1].data() + path[1].size();
        const std::string launch = numbered ? launchLabel(index) : "launch " + path[1];
        if (path.size() == 2) return launch;
        if (path[2] == "tables" && path.size() >= 4)
            return withDetail("table " + path[3] + " of " + launch, path, 4);
        if (auto it = launchGroups().find(path[2]); it != launchGroups().end())
            return withDetail(it->second + " of " + launch, path, 3);
        return withDetail(launch, path, 2);
    }
    if (path[0] == "tables" && path.size() >= 2)
        return withDetail("the run's table " + path[1], path, 2);
    if (auto it = runGroups().find(path[0]); it != runGroups().end())
        return withDetail(it->second, path, 1);
    return withDetail("the top level", path, 0);
}

std::string cborFailureText(const CborFailure& f) {
    const std::string place = tracePlace(f.path);
    const std::string inside = place.empty() ? "" : " inside " + place;
    if (f.endsEarly)
        return "the file ends at byte " + std::to_string(f.offset) + inside +
               (f.problem.empty() ? "" : ", " + f.problem);
    return "byte " + std::to_string(f.offset) + inside + ": " + f.problem;
}

}  // namespace ws
