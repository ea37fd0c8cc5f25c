#include "app/gui/kernelfile/kernel_diagnostics.h"

#include <QRegularExpression>

namespace ws {

std::vector<KernelDiagnostic> parseKernelDiagnostics(const QString& text, const QString& fileName) {
    std::vector<KernelDiagnostic> out;
    if (fileName.isEmpty()) return out;
    // The name starts the line or follows a space or a quote: "b.cu" must
    // not match inside "ab.cu".
    const QRegularExpression place(QStringLiteral(R"((?:^|[\s"'(])%1:(\d+)(?::(\d+))?: (.*)$)")
                                       .arg(QRegularExpression::escape(fileName)));
    static const QRegularExpression severity(
        QStringLiteral(R"(^(catastrophic error|error|warning)(?: #\S+)?: (.*)$)"));
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = place.match(line.trimmed());
        if (!m.hasMatch()) continue;
        KernelDiagnostic d;
        d.line = m.captured(1).toInt();
        d.column = m.captured(2).isEmpty() ? 0 : m.captured(2).toInt();
        if (d.line < 1) continue;
        const QString rest = m.captured(3).trimmed();
        if (const QRegularExpressionMatch s = severity.match(rest); s.hasMatch()) {
            d.severity = s.captured(1);
            d.message = s.captured(2).trimmed();
        } else {
            // The description's parser names no severity: its problems stop the run.
            d.severity = QStringLiteral("error");
            d.message = rest;
        }
        out.push_back(d);
    }
    return out;
}

bool hasErrors(const std::vector<KernelDiagnostic>& diagnostics) {
    for (const KernelDiagnostic& d : diagnostics)
        if (d.severity != QLatin1String("warning")) return true;
    return false;
}

}  // namespace ws
