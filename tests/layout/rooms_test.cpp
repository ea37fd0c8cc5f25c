// The rooms of the source tree (docs/architecture.md, "Rooms"): every source
// file lives in a room, a room lists its files in its CMakeLists.txt and
// holds at most kMaxFilesPerRoom of them, includes name the room from the
// source root, each layer includes only the layers below it, core stays free
// of Qt and CUDA, and no two rooms include each other, however indirectly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxFilesPerRoom = 30;

// The layers, top-level folders of the sources, and what each may include.
const std::map<std::string, std::set<std::string>> kMayInclude = {
    {"core", {"core"}},
    {"kernels", {"core", "kernels"}},
    {"widgets", {"core", "widgets"}},
    {"app/record", {"core", "kernels", "app/record"}},
    {"app/gui", {"core", "widgets", "app/gui"}},
};
// Files that stay at a layer's top: a program's main().
const std::set<std::string> kAtLayerTop = {"app/gui/main.cpp", "app/record/main.cpp"};

fs::path sourceRoot() {
    const char* dir = std::getenv("WARPSCOPE_SOURCE_DIR");
    return dir ? fs::path(dir) : fs::path(".");
}

bool isSource(const fs::path& p) {
    const std::string e = p.extension().string();
    return e == ".cpp" || e == ".h" || e == ".cu" || e == ".cuh";
}

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// "kernels/memory/memory_launch.h" -> "kernels"; "app/gui/x/y.h" -> "app/gui".
std::string layerOf(const std::string& path) {
    for (const auto& [layer, allowed] : kMayInclude)
        if (path.rfind(layer + "/", 0) == 0) return layer;
    return {};
}

std::string folderOf(const std::string& path) { return fs::path(path).parent_path().string(); }

struct Tree {
    std::vector<std::string> files;                           // source files, relative to the root
    std::map<std::string, std::vector<std::string>> folders;  // folder -> its files
};

Tree scanTree() {
    Tree t;
    const fs::path root = sourceRoot();
    for (const auto& [layer, allowed] : kMayInclude) {
        for (const auto& e : fs::recursive_directory_iterator(root / layer)) {
            if (!e.is_regular_file() || !isSource(e.path())) continue;
            const std::string rel = fs::relative(e.path(), root).generic_string();
            t.files.push_back(rel);
            t.folders[folderOf(rel)].push_back(e.path().filename().string());
        }
    }
    std::sort(t.files.begin(), t.files.end());
    return t;
}

struct Include {
    std::string target;  // as written
    bool quoted = false;
};

std::vector<Include> includesOf(const std::string& text) {
    static const std::regex re(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
    std::vector<Include> out;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::smatch m;
        if (std::regex_search(line, m, re)) out.push_back({m[2].str(), m[1].str() == "\""});
    }
    return out;
}

TEST(Rooms, EverySourceFileLivesInARoom) {
    const Tree t = scanTree();
    ASSERT_GT(t.files.size(), 400u) << "no sources under " << sourceRoot();
    for (const auto& f : t.files) {
        const std::string folder = folderOf(f);
        if (kMayInclude.count(folder))
            EXPECT_TRUE(kAtLayerTop.count(f)) << f << " lies at the top of its layer, in no room";
    }
}

TEST(Rooms, NoRoomHoldsMoreThanThirtyFiles) {
    for (const auto& [folder, files] : scanTree().folders)
        EXPECT_LE(files.size(), kMaxFilesPerRoom)
            << folder << " holds " << files.size() << " source files";
}

// A room's CMakeLists.txt names each of its files, or the layer's names it
// as room/file (an object library of its own, a program's main). Every
// file a CMakeLists.txt names exists.
TEST(Rooms, EachRoomListsItsFiles) {
    const fs::path root = sourceRoot();
    static const std::regex named(R"(([A-Za-z0-9_./-]+\.(cpp|h|cu|cuh))\b)");
    for (const auto& [folder, files] : scanTree().folders) {
        const fs::path lists = root / folder / "CMakeLists.txt";
        ASSERT_TRUE(fs::exists(lists)) << folder << " has no CMakeLists.txt";
        const std::string own = readFile(lists);
        const fs::path parentLists = root / folder / ".." / "CMakeLists.txt";
        const std::string parent = fs::exists(parentLists) ? readFile(parentLists) : std::string();
        const std::string room = fs::path(folder).filename().string();
        for (const auto& f : files) {
            const bool inOwn = std::regex_search(
                own, std::regex("(^|[\\s(])" + std::regex_replace(f, std::regex("\\."), "\\.") +
                                "([\\s)]|$)"));
            const bool inParent = parent.find(room + "/" + f) != std::string::npos;
            EXPECT_TRUE(inOwn || inParent) << folder << "/CMakeLists.txt does not list " << f;
        }
        for (auto it = std::sregex_iterator(own.begin(), own.end(), named);
             it != std::sregex_iterator(); ++it) {
            const std::string name = (*it)[1].str();
            // A header looked for elsewhere (find_path) or named in a message,
            // not a file of the room.
            const std::size_t lineStart = own.rfind('\n', std::size_t(it->position(1))) + 1;
            const std::string line = own.substr(lineStart, own.find('\n', lineStart) - lineStart);
            if (line.find("find_") != std::string::npos ||
                line.find("message(") != std::string::npos)
                continue;
            if (name.find('$') != std::string::npos || name.find('/') != std::string::npos)
                continue;
            EXPECT_TRUE(fs::exists(root / folder / name))
                << folder << "/CMakeLists.txt lists " << name << ", which is not there";
        }
    }
}

TEST(Rooms, IncludesNameTheirRoomFromTheRootAndGoDownTheLayers) {
    const fs::path root = sourceRoot();
    for (const auto& f : scanTree().files) {
        const std::string layer = layerOf(f);
        for (const auto& inc : includesOf(readFile(root / f))) {
            if (!inc.quoted) {
                if (layer == "core") {
                    const std::string& t = inc.target;
                    const bool forbidden = (t.size() > 1 && t[0] == 'Q' &&
                                            std::isupper(static_cast<unsigned char>(t[1]))) ||
                                           t.rfind("cuda", 0) == 0 || t.rfind("cupti", 0) == 0 ||
                                           t.rfind("nvml", 0) == 0 || t.rfind("cublas", 0) == 0 ||
                                           t.rfind("cub/", 0) == 0 ||
                                           t.rfind("qcustomplot", 0) == 0;
                    EXPECT_FALSE(forbidden)
                        << f << " includes <" << t << ">: core stays free of Qt and CUDA";
                }
                if (layer == "widgets" || layer == "app/gui")
                    EXPECT_NE(inc.target.rfind("cuda", 0), 0u)
                        << f << " includes <" << inc.target << ">: the GUI never calls CUDA";
                continue;
            }
            const std::string target = inc.target;
            const std::string targetLayer = layerOf(target);
            if (targetLayer.empty()) {
                EXPECT_TRUE(false)
                    << f << " includes \"" << target
                    << "\": name the file from the source root (\"layer/room/file.h\")";
                continue;
            }
            EXPECT_TRUE(fs::exists(root / target))
                << f << " includes \"" << target << "\", which is not there";
            EXPECT_TRUE(kMayInclude.at(layer).count(targetLayer))
                << f << " (" << layer << ") includes " << target << " (" << targetLayer
                << "): an arrow up the layers";
        }
    }
}

// Rooms that include each other, directly or around a loop, are one room in
// all but name; each loop found is printed with one include per arrow.
TEST(Rooms, NoCircleBetweenRooms) {
    const fs::path root = sourceRoot();
    std::map<std::string, std::map<std::string, std::string>> arrows;  // from -> to -> an example
    for (const auto& f : scanTree().files) {
        for (const auto& inc : includesOf(readFile(root / f))) {
            if (!inc.quoted || layerOf(inc.target).empty()) continue;
            const std::string from = folderOf(f), to = folderOf(inc.target);
            if (from != to) arrows[from].emplace(to, f + " -> " + inc.target);
        }
    }
    // Depth-first search keeping the path: a grey room met again closes a loop.
    std::map<std::string, int> colour;  // 0 white, 1 grey, 2 black
    std::vector<std::string> path;
    std::vector<std::string> loops;
    std::function<void(const std::string&)> visit = [&](const std::string& room) {
        colour[room] = 1;
        path.push_back(room);
        for (const auto& [next, example] : arrows[room]) {
            if (colour[next] == 1) {
                std::string loop;
                auto start = std::find(path.begin(), path.end(), next);
                for (auto it = start; it != path.end(); ++it) {
                    const std::string& to = (it + 1 == path.end()) ? next : *(it + 1);
                    loop += "\n  " + arrows[*it][to];
                }
                loops.push_back(loop);
            } else if (colour[next] == 0) {
                visit(next);
            }
        }
        path.pop_back();
        colour[room] = 2;
    };
    std::vector<std::string> rooms;
    for (const auto& [from, to] : arrows) rooms.push_back(from);
    for (const auto& r : rooms)
        if (colour[r] == 0) visit(r);
    for (const auto& loop : loops) ADD_FAILURE() << "rooms in a circle:" << loop;
}

// Room -> the other rooms its files include (quoted includes from the root).
std::map<std::string, std::set<std::string>> roomArrows() {
    const fs::path root = sourceRoot();
    std::map<std::string, std::set<std::string>> arrows;
    for (const auto& f : scanTree().files) {
        arrows[folderOf(f)];
        for (const auto& inc : includesOf(readFile(root / f))) {
            if (!inc.quoted || layerOf(inc.target).empty()) continue;
            const std::string to = folderOf(inc.target);
            if (to != folderOf(f)) arrows[folderOf(f)].insert(to);
        }
    }
    return arrows;
}

std::string architecturePage() { return readFile(sourceRoot() / "docs/architecture.md"); }

// The room table of docs/architecture.md ("| `room/` | what | `a`, `b` |"):
// room -> the rooms its last column names (a note in brackets after a name
// is the reader's, not a room). A room listed twice is reported.
std::map<std::string, std::set<std::string>> documentedRooms(std::vector<std::string>& twice) {
    static const std::regex row(R"(^\| `([a-z/]+)/` \| .* \| (.*) \|$)");
    static const std::regex name(R"(`([a-z/]+)`)");
    std::map<std::string, std::set<std::string>> rooms;
    std::istringstream lines(architecturePage());
    std::string line;
    // The table that starts at its header and ends at the first line that
    // is no row (the layers' table above it has rows of its own).
    while (std::getline(lines, line) && line.rfind("| room | what lives there |", 0) != 0) {
    }
    while (std::getline(lines, line) && line.rfind("|", 0) == 0) {
        std::smatch m;
        if (!std::regex_match(line, m, row)) continue;
        const std::string room = m[1].str(), includes = m[2].str();
        if (rooms.count(room)) twice.push_back(room);
        auto& set = rooms[room];
        for (auto it = std::sregex_iterator(includes.begin(), includes.end(), name);
             it != std::sregex_iterator(); ++it)
            set.insert((*it)[1].str());
    }
    return rooms;
}

std::string joined(const std::set<std::string>& rooms) {
    std::string out;
    for (const auto& r : rooms) out += (out.empty() ? "`" : ", `") + r + "`";
    return out.empty() ? "nothing" : out;
}

TEST(Rooms, TheArchitecturePagesRoomTableIsTheIncludes) {
    std::vector<std::string> twice;
    const auto documented = documentedRooms(twice);
    ASSERT_GT(documented.size(), 40u) << "no room table in docs/architecture.md";
    for (const auto& room : twice) ADD_FAILURE() << "`" << room << "/` is listed twice";
    const auto arrows = roomArrows();
    for (const auto& [room, includes] : arrows) {
        const auto row = documented.find(room);
        if (row == documented.end()) {
            ADD_FAILURE() << "docs/architecture.md has no row for `" << room << "/`";
            continue;
        }
        EXPECT_EQ(row->second, includes) << "`" << room << "/` includes " << joined(includes)
                                         << "; the page says " << joined(row->second);
    }
    for (const auto& [room, includes] : documented)
        EXPECT_TRUE(arrows.count(room))
            << "docs/architecture.md lists `" << room << "/`, which holds no source file";
}

// The labs, as cmake/WarpscopeLabs.cmake lists them for every layer.
std::set<std::string> labNames() {
    static const std::regex list(R"(set\(WS_LABS ([a-z ]+)\))");
    const std::string text = readFile(sourceRoot() / "cmake/WarpscopeLabs.cmake");
    std::smatch m;
    std::set<std::string> labs;
    if (!std::regex_search(text, m, list)) return labs;
    std::istringstream names(m[1].str());
    for (std::string name; names >> name;) labs.insert(name);
    return labs;
}

// The lab a room belongs to ("kernels/memory" -> "memory"), "" for the
// shared rooms.
std::string labOf(const std::string& room) {
    static const std::set<std::string> labs = labNames();
    std::istringstream parts(room);
    std::string part;
    std::getline(parts, part, '/');  // the layer's first folder
    while (std::getline(parts, part, '/'))
        if (labs.count(part)) return part;
    return {};
}

// The allow-list under "Arrows between labs": "- `from` → `to`: why".
std::set<std::pair<std::string, std::string>> allowedLabArrows() {
    static const std::regex item(R"(^- `([a-z/]+)` → `([a-z/]+)`:)");
    std::set<std::pair<std::string, std::string>> allowed;
    std::istringstream lines(architecturePage());
    std::string line;
    while (std::getline(lines, line)) {
        std::smatch m;
        if (std::regex_search(line, m, item)) allowed.insert({m[1].str(), m[2].str()});
    }
    return allowed;
}

TEST(Rooms, ArrowsBetweenLabsAreTheOnesThePageAllows) {
    const auto allowed = allowedLabArrows();
    ASSERT_FALSE(allowed.empty()) << "no \"Arrows between labs\" in docs/architecture.md";
    ASSERT_TRUE(labNames().count("kernelfile")) << "the labs were not read from cmake/WarpscopeLabs.cmake";
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& [room, includes] : roomArrows())
        for (const auto& to : includes) {
            const std::string a = labOf(room), b = labOf(to);
            if (a.empty() || b.empty() || a == b) continue;
            seen.insert({room, to});
            EXPECT_TRUE(allowed.count({room, to}))
                << "`" << room << "` (" << a << ") includes `" << to << "` (" << b
                << "): not under \"Arrows between labs\" in docs/architecture.md";
        }
    for (const auto& [from, to] : allowed)
        EXPECT_TRUE(seen.count({from, to})) << "docs/architecture.md allows `" << from << "` → `"
                                            << to << "`, which no include makes";
}

}  // namespace
