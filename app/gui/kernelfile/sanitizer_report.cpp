#include "app/gui/kernelfile/sanitizer_report.h"

#include <QRegularExpression>

namespace ws {

std::vector<KernelDiagnostic> sanitizerDiagnostics(const QString& report, const QString& fileName) {
    std::vector<KernelDiagnostic> out;
    if (fileName.isEmpty()) return out;
    static const QRegularExpression prefix(QStringLiteral(R"(^=========(\s*)(.*)$)"));
    const QRegularExpression place(
        QStringLiteral(R"((?:^|[\s/])%1:(\d+))").arg(QRegularExpression::escape(fileName)));
    QString error;        // the message of the error being read
    bool placed = false;  // its place found already
    for (const QString& raw : report.split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = prefix.match(raw);
        if (!m.hasMatch()) continue;
        const QString text = m.captured(2).trimmed();
        // An error starts at the margin; its stack and details are indented.
        if (m.captured(1).size() <= 1 && !text.isEmpty() &&
            !text.startsWith(QLatin1String("ERROR SUMMARY")) &&
            !text.startsWith(QLatin1String("COMPUTE-SANITIZER")) &&
            !text.startsWith(QLatin1String("Program hit")) &&
            !text.startsWith(QLatin1String("Saved host backtrace")) &&
            !text.startsWith(QLatin1String("Target application"))) {
            error = text;
            placed = false;
        }
        if (error.isEmpty() || placed) continue;
        for (auto it = place.globalMatch(text); it.hasNext();) {
            const int line = it.next().captured(1).toInt();
            if (line < 1) continue;
            out.push_back({line, 0, QStringLiteral("error"), error});
            placed = true;
            break;
        }
    }
    return out;
}

QString sanitizerVerdict(const QString& report) {
    static const QRegularExpression summary(QStringLiteral(R"(ERROR SUMMARY: (\d+) error)"));
    const QRegularExpressionMatch m = summary.match(report);
    if (!m.hasMatch()) return {};
    const int n = m.captured(1).toInt();
    return n == 0 ? QStringLiteral("no errors")
                  : QStringLiteral("found %1 error%2").arg(n).arg(n == 1 ? "" : "s");
}

}  // namespace ws
