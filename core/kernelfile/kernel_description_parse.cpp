// Reads the launch description out of a kernel file: the comment block
// `/* warpscope ... */`, whose body is YAML (docs/your-kernel.md).
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <set>

#include "core/common/yaml_nesting_guard.h"
#include "core/kernelfile/kernel_description.h"

namespace ws::kernelfile {

namespace {

constexpr std::string_view kOpening = "/* warpscope";
// Far more than any launch needs; a bound before yaml-cpp reads it.
constexpr std::size_t kMaxDescriptionBytes = 64 * 1024;

// An error at a place: the caller's file and the line in it.
struct Place {
    const std::string& fileName;
    int firstLine;  // the file's line of the description's first YAML line
    Error at(const YAML::Node& node, const std::string& message) const {
        return makeError(fileName + ":" + std::to_string(lineOf(node)) + ": " + message);
    }
    int lineOf(const YAML::Node& node) const {
        return node.Mark().line >= 0 ? firstLine + node.Mark().line : firstLine;
    }
};

// A .npy file's name, relative to the kernel file's folder; no way out of
// it by '..', so a file shared with a class names only its own neighbours.
bool isNpyName(const std::string& text) {
    if (text.size() <= 4 || text.compare(text.size() - 4, 4, ".npy") != 0) return false;
    return true;
}

Status checkNpyName(const Place& place, const YAML::Node& node, const std::string& name,
                    const std::string& what) {
    const std::filesystem::path path(name);
    if (path.is_absolute())
        return place.at(
            node, what + ": '" + name + "' must be a path relative to the kernel file's folder");
    for (const auto& part : path)
        if (part == "..")
            return place.at(node,
                            what + ": '" + name + "' must not leave the kernel file's folder");
    return {};
}

bool isIdentifier(const std::string& text) {
    if (text.empty() || !(std::isalpha(static_cast<unsigned char>(text[0])) || text[0] == '_'))
        return false;
    return std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
}

// A scalar's text, or an error naming what was expected.
Result<std::string> scalarText(const Place& place, const YAML::Node& node,
                               const std::string& what) {
    if (!node.IsScalar()) return place.at(node, what + " must be a single value");
    return node.Scalar();
}

Result<double> numberOf(const Place& place, const YAML::Node& node, const std::string& what) {
    auto text = scalarText(place, node, what);
    if (!text) return makeError(text.error());
    char* end = nullptr;
    const double value = std::strtod(text->c_str(), &end);
    if (end == text->c_str() || *end != '\0' || !std::isfinite(value))
        return place.at(node, what + " must be a number, not '" + *text + "'");
    return value;
}

Status checkKeys(const Place& place, const YAML::Node& map, const std::string& what,
                 const std::set<std::string>& known) {
    for (const auto& entry : map) {
        const std::string key = entry.first.as<std::string>();
        if (!known.count(key)) {
            std::string list;
            for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
            return place.at(entry.first,
                            what + ": unknown key '" + key + "' (known: " + list + ")");
        }
    }
    return {};
}

// grid/block: one expression or a list of one to three.
Result<std::vector<std::string>> shapeOf(const Place& place, const YAML::Node& node,
                                         const std::string& what) {
    std::vector<std::string> parts;
    if (node.IsScalar()) {
        parts.push_back(node.Scalar());
    } else if (node.IsSequence()) {
        for (const auto& item : node) {
            auto text = scalarText(place, item, what + " entries");
            if (!text) return makeError(text.error());
            parts.push_back(*text);
        }
    } else {
        return place.at(node, what + " must be an expression or a list of up to three");
    }
    if (parts.empty() || parts.size() > 3)
        return place.at(node, what + " has " + std::to_string(parts.size()) +
                                  " sizes: give one to three (x, y, z)");
    return parts;
}

Status parseShape(const Place& place, const YAML::Node& map, LaunchShape& shape, bool required,
                  const std::string& prefix) {
    for (const char* key : {"grid", "block"}) {
        const YAML::Node node = map[key];
        if (!node) {
            if (required) return place.at(map, prefix + "'" + key + "' is missing");
            continue;
        }
        auto parts = shapeOf(place, node, prefix + key);
        if (!parts) return makeError(parts.error());
        (std::string(key) == "grid" ? shape.grid : shape.block) = *parts;
    }
    if (const YAML::Node shared = map["shared"]) {
        auto text = scalarText(place, shared, prefix + "shared");
        if (!text) return makeError(text.error());
        shape.sharedBytes = *text;
    }
    return {};
}

Result<ParamSpec> parseParam(const Place& place, const std::string& name, const YAML::Node& node) {
    const std::string what = "params." + name;
    if (!isIdentifier(name))
        return place.at(node, what + ": a parameter's name must be a C identifier");
    if (!node.IsMap())
        return place.at(node, what + " must be a map: {default: ..., min: ..., max: ...}");
    if (Status s = checkKeys(place, node, what,
                             {"type", "default", "min", "max", "multiple_of", "power_of_two",
                              "unit", "help", "log_scale"});
        !s)
        return makeError(s.error());
    ParamSpec spec;
    spec.name = name;
    if (const YAML::Node type = node["type"]) {
        auto text = scalarText(place, type, what + ".type");
        if (!text) return makeError(text.error());
        if (*text == "float")
            spec.type = ParamType::Float;
        else if (*text != "int")
            return place.at(type, what + ".type is '" + *text + "': int or float");
    }
    for (const char* key : {"default", "min", "max"})
        if (!node[key]) return place.at(node, what + ": '" + key + "' is missing");
    auto low = numberOf(place, node["min"], what + ".min");
    auto high = numberOf(place, node["max"], what + ".max");
    auto fallback = scalarText(place, node["default"], what + ".default");
    if (!low) return makeError(low.error());
    if (!high) return makeError(high.error());
    if (!fallback) return makeError(fallback.error());
    if (*low > *high)
        return place.at(
            node, what + ": min " + node["min"].Scalar() + " is above max " + node["max"].Scalar());
    spec.min = *low;
    spec.max = *high;
    if (const YAML::Node m = node["multiple_of"]) {
        auto v = numberOf(place, m, what + ".multiple_of");
        if (!v) return makeError(v.error());
        if (*v < 1 || *v > 0x1p40 || *v != std::floor(*v))
            return place.at(m, what + ".multiple_of must be a whole number from 1 to 2^40");
        spec.multipleOf = static_cast<long long>(*v);
    }
    if (const YAML::Node p = node["power_of_two"]) spec.powerOfTwo = p.as<bool>(false);
    if (const YAML::Node l = node["log_scale"]) spec.logScale = l.as<bool>(false);
    if (const YAML::Node u = node["unit"]) spec.unit = u.as<std::string>("");
    if (const YAML::Node h = node["help"]) spec.help = h.as<std::string>("");
    auto canonical = canonicalValue(spec, *fallback);
    if (!canonical) return place.at(node["default"], what + ".default: " + canonical.error());
    spec.defaultValue = *canonical;
    return spec;
}

Result<KernelArgument> parseArgument(const Place& place, const YAML::Node& item,
                                     std::size_t index) {
    const std::string where = "args[" + std::to_string(index) + "]";
    if (!item.IsMap() || item.size() != 1)
        return place.at(item, where + " must be one 'name: {...}' entry");
    const auto entry = *item.begin();
    KernelArgument arg;
    arg.name = entry.first.as<std::string>();
    arg.line = place.lineOf(item);
    const std::string what = "args." + arg.name;
    const YAML::Node body = entry.second;
    if (!body.IsMap())
        return place.at(item, what +
                                  " must be a map: {buffer: float, length: n} or {scalar: int, "
                                  "value: n}");
    const bool buffer = bool(body["buffer"]), scalar = bool(body["scalar"]);
    if (buffer == scalar)
        return place.at(item, what + " must have one of 'buffer:' (its element type) or 'scalar:'");
    arg.isBuffer = buffer;
    const YAML::Node typeNode = buffer ? body["buffer"] : body["scalar"];
    auto typeText = scalarText(place, typeNode, what + " type");
    if (!typeText) return makeError(typeText.error());
    const auto type = parseElementType(*typeText);
    if (!type)
        return place.at(typeNode, what + ": unknown type '" + *typeText +
                                      "' (int8 ... uint64, float, double, or their C names)");
    if (scalar) {
        if (Status s = checkKeys(place, body, what, {"scalar", "value"}); !s)
            return makeError(s.error());
        arg.scalar.type = *type;
        if (!body["value"]) return place.at(item, what + ": 'value' is missing");
        auto value = scalarText(place, body["value"], what + ".value");
        if (!value) return makeError(value.error());
        arg.scalar.value = *value;
        return arg;
    }
    if (Status s =
            checkKeys(place, body, what, {"buffer", "length", "fill", "seed", "range", "output"});
        !s)
        return makeError(s.error());
    BufferArgument& b = arg.buffer;
    b.type = *type;
    if (!body["length"]) return place.at(item, what + ": 'length' is missing");
    auto length = scalarText(place, body["length"], what + ".length");
    if (!length) return makeError(length.error());
    b.length = *length;
    if (const YAML::Node fill = body["fill"]) {
        auto text = scalarText(place, fill, what + ".fill");
        if (!text) return makeError(text.error());
        if (*text == "zeros")
            b.fill = FillKind::Zeros;
        else if (*text == "iota")
            b.fill = FillKind::Iota;
        else if (*text == "random")
            b.fill = FillKind::Random;
        else if (isNpyName(*text)) {
            if (Status s = checkNpyName(place, fill, *text, what + ".fill"); !s)
                return makeError(s.error());
            b.fill = FillKind::File;
            b.file = *text;
        } else {
            char* end = nullptr;
            const long double v = std::strtold(text->c_str(), &end);
            if (end == text->c_str() || *end != '\0')
                return place.at(fill, what + ": unknown fill '" + *text +
                                          "' (zeros, iota, random, a number or a .npy file)");
            if (v < lowestValue(b.type) || v > highestValue(b.type))
                return place.at(
                    fill, what + ".fill " + *text + " does not fit in " + elementTypeName(b.type));
            b.fill = FillKind::Constant;
            b.constant = static_cast<double>(v);
        }
    }
    if (const YAML::Node seed = body["seed"]) {
        auto v = numberOf(place, seed, what + ".seed");
        if (!v) return makeError(v.error());
        if (*v < 0 || *v >= 0x1p63 || *v != std::floor(*v))
            return place.at(seed, what + ".seed must be a whole number below 2^63");
        b.seed = static_cast<std::uint64_t>(*v);
    }
    if (const YAML::Node range = body["range"]) {
        if (!range.IsSequence() || range.size() != 2)
            return place.at(range, what + ".range must be [low, high]");
        auto lo = numberOf(place, range[0], what + ".range's low");
        auto hi = numberOf(place, range[1], what + ".range's high");
        if (!lo) return makeError(lo.error());
        if (!hi) return makeError(hi.error());
        if (!(*lo < *hi)) return place.at(range, what + ".range: low must be below high");
        if (*lo < double(lowestValue(b.type)) ||
            *hi - (isFloatingPoint(b.type) ? 0 : 1) > double(highestValue(b.type)))
            return place.at(
                range, what + ".range does not fit in " + std::string(elementTypeName(b.type)));
        b.hasRange = true;
        b.low = *lo;
        b.high = *hi;
    }
    if (const YAML::Node output = body["output"]) b.output = output.as<bool>(false);
    return arg;
}

Result<KernelDescription> parseRoot(const Place& place, const YAML::Node& root) {
    const std::string& fileName = place.fileName;
    const int openLine = place.firstLine;
    if (!root.IsMap())
        return makeError(fileName + ":" + std::to_string(openLine) +
                         ": the launch description must be YAML keys (kernel:, grid:, ...)");
    if (Status s = checkKeys(
            place, root, "the description",
            {"kernel", "title", "requires", "params", "grid", "block", "shared", "args", "check"});
        !s)
        return makeError(s.error());

    KernelDescription d;
    d.firstLine = openLine;
    if (!root["kernel"])
        return place.at(root, "'kernel:' is missing: the __global__ function to run");
    auto kernel = scalarText(place, root["kernel"], "kernel");
    if (!kernel) return makeError(kernel.error());
    d.kernel = *kernel;
    d.title = root["title"] ? root["title"].as<std::string>("") : d.kernel;
    if (const YAML::Node needs = root["requires"]) {
        // "9.0", or the compiler's "sm_90" (or "sm_90a", whose features
        // are the 9.0 GPU's)
        auto text = scalarText(place, needs, "requires");
        if (!text) return makeError(text.error());
        const auto whole = [](const std::string& t) {
            return !t.empty() && t.size() <= 3 && std::all_of(t.begin(), t.end(), [](char c) {
                return std::isdigit(static_cast<unsigned char>(c));
            });
        };
        std::string digits = *text;
        if (digits.rfind("sm_", 0) == 0 && digits.back() == 'a') digits.pop_back();
        if (digits.rfind("sm_", 0) == 0 && digits.size() >= 5 && whole(digits.substr(3)))
            digits = digits.substr(3, digits.size() - 4) + "." + digits.substr(digits.size() - 1);
        if (digits.find('.') == std::string::npos) digits += ".0";  // "9" is 9.0
        const std::size_t dot = digits.find('.');
        if (!whole(digits.substr(0, dot)) || !whole(digits.substr(dot + 1)))
            return place.at(
                needs, "requires: '" + *text + "' is not a compute capability (9.0, or sm_90)");
        d.requiresMajor = std::stoi(digits.substr(0, dot));
        d.requiresMinor = std::stoi(digits.substr(dot + 1));
    }

    if (const YAML::Node params = root["params"]) {
        if (!params.IsMap()) return place.at(params, "params must be a map of name: {...}");
        for (const auto& entry : params) {
            auto spec = parseParam(place, entry.first.as<std::string>(), entry.second);
            if (!spec) return makeError(spec.error());
            d.params.push_back(std::move(*spec));
        }
    }
    if (Status s = parseShape(place, root, d.launch, true, ""); !s) return makeError(s.error());

    if (!root["args"]) return place.at(root, "'args:' is missing: the kernel's arguments in order");
    const YAML::Node args = root["args"];
    if (!args.IsSequence())
        return place.at(args, "args must be a list, one entry per kernel argument");
    std::set<std::string> names;
    for (std::size_t i = 0; i < args.size(); ++i) {
        auto arg = parseArgument(place, args[i], i);
        if (!arg) return makeError(arg.error());
        if (!names.insert(arg->name).second)
            return place.at(args[i], "args: '" + arg->name + "' is named twice");
        d.args.push_back(std::move(*arg));
    }

    if (const YAML::Node check = root["check"]) {
        if (!check.IsMap())
            return place.at(check, "check must be a map: {reference: ..., tolerance: ...}");
        if (Status s = checkKeys(place, check, "check",
                                 {"reference", "expected", "grid", "block", "shared", "tolerance"});
            !s)
            return makeError(s.error());
        if (!check["reference"] == !check["expected"])
            return place.at(check,
                            "check: give one of 'reference:' (a kernel of the file) or "
                            "'expected:' (an output's .npy file)");
        if (const YAML::Node reference = check["reference"]) {
            auto name = scalarText(place, reference, "check.reference");
            if (!name) return makeError(name.error());
            d.check.reference = *name;
        }
        if (const YAML::Node expected = check["expected"]) {
            if (!expected.IsMap() || expected.size() == 0)
                return place.at(expected, "check.expected must be a map: {output: file.npy}");
            for (const auto& entry : expected) {
                const std::string buffer = entry.first.as<std::string>();
                const std::string what = "check.expected." + buffer;
                auto file = scalarText(place, entry.second, what);
                if (!file) return makeError(file.error());
                if (!isNpyName(*file))
                    return place.at(entry.second, what + ": '" + *file + "' is not a .npy file");
                if (Status s = checkNpyName(place, entry.second, *file, what); !s)
                    return makeError(s.error());
                const auto arg = std::find_if(d.args.begin(), d.args.end(),
                                              [&](const auto& a) { return a.name == buffer; });
                if (arg == d.args.end() || !arg->isBuffer || !arg->buffer.output)
                    return place.at(entry.first, what + ": '" + buffer +
                                                     "' is not a buffer marked 'output: true'");
                d.check.expected.push_back({buffer, *file, place.lineOf(entry.second)});
            }
        }
        if (Status s = parseShape(place, check, d.check.launch, false, "check."); !s)
            return makeError(s.error());
        if (!d.check.expected.empty() && (check["grid"] || check["block"] || check["shared"]))
            return place.at(check,
                            "check: grid, block and shared are the reference kernel's; "
                            "with 'expected:' there is none");
        if (const YAML::Node tolerance = check["tolerance"]) {
            auto v = numberOf(place, tolerance, "check.tolerance");
            if (!v) return makeError(v.error());
            if (*v < 0) return place.at(tolerance, "check.tolerance must not be negative");
            d.check.tolerance = *v;
        }
        if (outputBuffers(d).empty())
            return place.at(check,
                            "check: no buffer is marked 'output: true', so nothing is compared");
    }
    return d;
}

}  // namespace

Result<KernelDescription> parseKernelDescription(std::string_view source,
                                                 const std::string& fileName) {
    const std::size_t open = source.find(kOpening);
    if (open == std::string_view::npos)
        return makeError(fileName +
                         ": no launch description: add a comment block that begins with "
                         "'/* warpscope' (docs/your-kernel.md)");
    const std::size_t bodyStart = open + kOpening.size();
    const std::size_t close = source.find("*/", bodyStart);
    const int openLine = 1 + int(std::count(source.begin(), source.begin() + open, '\n'));
    if (close == std::string_view::npos)
        return makeError(fileName + ":" + std::to_string(openLine) +
                         ": the launch description's comment is never closed with */");
    const std::string body(source.substr(bodyStart, close - bodyStart));
    if (body.size() > kMaxDescriptionBytes)
        return makeError(fileName + ":" + std::to_string(openLine) +
                         ": the launch description is " + std::to_string(body.size()) +
                         " bytes; at most " + std::to_string(kMaxDescriptionBytes) + " are read");
    if (Status s = yamlNestingGuard(body, fileName, "a launch description"); !s)
        return makeError(s.error());
    // The YAML's line 0 is the rest of the opening line.
    const Place place{fileName, openLine};
    YAML::Node root;
    try {
        root = YAML::Load(body);
    } catch (const YAML::Exception& e) {
        return makeError(fileName + ":" + std::to_string(openLine + std::max(0, e.mark.line)) +
                         ": the launch description is not valid YAML: " + e.msg);
    }
    // yaml-cpp throws on a value of the wrong shape (a map where a key's
    // text is read): refused with its place like any other mistake.
    try {
        return parseRoot(place, root);
    } catch (const YAML::Exception& e) {
        return makeError(fileName + ":" + std::to_string(openLine + std::max(0, e.mark.line)) +
                         ": the launch description has a value of the wrong kind: " + e.msg);
    }
}

std::vector<const KernelArgument*> outputBuffers(const KernelDescription& description) {
    std::vector<const KernelArgument*> outputs;
    for (const KernelArgument& arg : description.args)
        if (arg.isBuffer && arg.buffer.output) outputs.push_back(&arg);
    return outputs;
}

std::vector<std::string> dataFilesOf(const KernelDescription& description) {
    std::vector<std::string> files;
    for (const KernelArgument& arg : description.args)
        if (arg.isBuffer && arg.buffer.fill == FillKind::File) files.push_back(arg.buffer.file);
    for (const ExpectedOutput& e : description.check.expected) files.push_back(e.file);
    return files;
}

}  // namespace ws::kernelfile
