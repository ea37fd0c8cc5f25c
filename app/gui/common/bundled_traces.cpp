#include "app/gui/common/bundled_traces.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>

namespace ws {

namespace {
std::string jsonText(const QJsonValue& v) {
    if (v.isString()) return v.toString().toStdString();
    if (v.isDouble()) {
        const double d = v.toDouble();
        return d == std::floor(d) && std::fabs(d) < 1e18 ? std::to_string((long long)d)
                                                         : QString::number(d).toStdString();
    }
    if (v.isBool()) return v.toBool() ? "true" : "false";
    return {};
}
}  // namespace

Result<BundledTraces> BundledTraces::load(const QString& manifestPath) {
    QFile f(manifestPath);
    if (!f.open(QIODevice::ReadOnly))
        return makeError("cannot open " + manifestPath.toStdString() + ": " +
                         f.errorString().toStdString());
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    if (err.error != QJsonParseError::NoError)
        return makeError(manifestPath.toStdString() + ": " + err.errorString().toStdString() +
                         " at byte " + std::to_string(err.offset));
    const QJsonArray list = doc.isArray() ? doc.array() : doc.object().value("traces").toArray();
    const QString dir = QFileInfo(manifestPath).absolutePath();
    BundledTraces out;
    for (const auto& item : list) {
        const QJsonObject o = item.toObject();
        BundledTrace t;
        t.file = dir + "/" + o.value("file").toString();
        t.experiment = o.value("experiment").toString();
        const QJsonObject params = o.value("params").toObject();
        for (auto it = params.begin(); it != params.end(); ++it)
            t.params[it.key().toStdString()] = jsonText(it.value());
        const QJsonValue device = o.value("device");
        t.device =
            device.isObject() ? device.toObject().value("name").toString() : device.toString();
        t.recordedAt = o.value("recordedAt").toString();
        t.verified = o.value("verified").toBool();
        t.kernelMs = o.value("kernelMs").toDouble();
        t.gbPerS = o.value("gbPerS").toDouble();
        t.cpuMs = o.value("cpuMs").toDouble();
        t.cpuParallelMs = o.value("cpuParallelMs").toDouble();
        t.cpuThreads = o.value("cpuThreads").toInt();
        t.transferMs = o.value("transferMs").toDouble();
        if (const QJsonObject b = o.value("counterBytes").toObject();
            b.value("dram").toDouble() > 0)
            t.counterBytes = LevelBytes{b.value("dram").toDouble(), b.value("l2").toDouble(),
                                        b.value("l1").toDouble()};
        if (!t.experiment.isEmpty() && !o.value("file").toString().isEmpty())
            out.m_traces.push_back(std::move(t));
    }
    return out;
}

std::vector<const BundledTrace*> BundledTraces::forExperiment(const std::string& id) const {
    std::vector<const BundledTrace*> out;
    for (const auto& t : m_traces)
        if (t.experiment.toStdString() == id) out.push_back(&t);
    return out;
}

void BundledTraces::preferTraces(const BundledTraces& preferred) {
    std::vector<BundledTrace> merged = preferred.m_traces;
    for (const BundledTrace& t : m_traces) {
        const bool replaced = std::any_of(merged.begin(), merged.end(), [&](const BundledTrace& p) {
            return p.experiment == t.experiment && p.params == t.params;
        });
        if (!replaced) merged.push_back(t);
    }
    m_traces = std::move(merged);
}

const BundledTrace* BundledTraces::bestMatch(const std::string& id,
                                             const ParamValues& wanted) const {
    const BundledTrace* best = nullptr;
    double bestScore = 1e300;
    for (const auto* t : forExperiment(id)) {
        double score = 0;
        for (const auto& [name, value] : wanted) {
            const auto it = t->params.find(name);
            if (it == t->params.end() || it->second == value) continue;
            // Numbers far apart cost more than numbers close by; any mismatch
            // of a choice (variant, type) costs more than any number.
            char* e1 = nullptr;
            char* e2 = nullptr;
            const double a = std::strtod(value.c_str(), &e1),
                         b = std::strtod(it->second.c_str(), &e2);
            if (*e1 == 0 && *e2 == 0 && a > 0 && b > 0)
                score += 1 + std::fabs(std::log2(a / b));
            else
                score += name == "traced_blocks" ? 0.5 : 1000;
        }
        if (score < bestScore) {
            bestScore = score;
            best = t;
        }
    }
    return best;
}

std::map<std::string, std::vector<std::string>> BundledTraces::recordedValues(
    const std::string& id) const {
    std::map<std::string, std::vector<std::string>> out;
    for (const auto* t : forExperiment(id))
        for (const auto& [name, value] : t->params) {
            auto& v = out[name];
            if (std::find(v.begin(), v.end(), value) == v.end()) v.push_back(value);
        }
    for (auto& [name, v] : out)
        std::sort(v.begin(), v.end(), [](const std::string& a, const std::string& b) {
            char* e1 = nullptr;
            char* e2 = nullptr;
            const double x = std::strtod(a.c_str(), &e1), y = std::strtod(b.c_str(), &e2);
            if (*e1 == 0 && *e2 == 0) return x < y;
            return a < b;
        });
    return out;
}

}  // namespace ws
