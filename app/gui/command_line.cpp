#include "app/gui/command_line.h"

namespace ws {

QString usageText() {
    return QStringLiteral(
        "usage: warpscope [--trace FILE] [--experiment ID [name=value ...]] [--worker \"CMD\"]\n"
        "                 [--screenshot PNG [--at STEP|--time NS]] [--worker-timeout SECONDS]\n"
        "  --trace FILE         open a recorded trace\n"
        "  --experiment ID      run an experiment of the catalog (live on a GPU through the\n"
        "                       worker, else from the bundled recorded traces)\n"
        "  --worker \"CMD\"       worker command (default: warpscope-record serve)\n"
        "  --screenshot PNG     load, render the window offscreen, write PNG and exit\n"
        "  --at STEP            playback step to show (0 = start; default: the end)\n"
        "  --time NS            playback time in ns after the first block started\n"
        "  --worker-timeout S   seconds without an answer before the worker is restarted\n"
        "                       (default 60; also WARPSCOPE_WORKER_TIMEOUT_MS)\n");
}

Result<CommandLine> parseCommandLine(const QStringList& args) {
    CommandLine c;
    auto need = [&](int& i, const QString& flag) -> Result<QString> {
        if (i + 1 >= args.size() || (args[i + 1].startsWith("--") && args[i + 1].size() > 2))
            return makeError(flag.toStdString() + " needs a value");
        return args[++i];
    };
    for (int i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        auto take = [&](QString& into) -> Status {
            auto v = need(i, a);
            if (!v) return makeError(v.error());
            into = *v;
            return {};
        };
        Status st;
        if (a == "--trace")
            st = take(c.trace);
        else if (a == "--experiment") {
            st = take(c.experiment);
            while (st && i + 1 < args.size() && !args[i + 1].startsWith("--")) {
                const QString p = args[++i];
                if (!p.contains('=') || p.startsWith('='))
                    return makeError("expected name=value after --experiment, got '" +
                                     p.toStdString() + "'");
                c.params << p;
            }
        } else if (a == "--worker")
            st = take(c.worker);
        else if (a == "--screenshot")
            st = take(c.screenshot);
        else if (a == "--lesson")
            st = take(c.lesson);
        else if (a == "--presentation")
            c.presentation = true;
        else if (a == "--help" || a == "-h")
            c.help = true;
        else if (a == "--version")
            c.version = true;
        else if (a == "--at" || a == "--time" || a == "--worker-timeout") {
            QString v;
            st = take(v);
            if (!st) return makeError(st.error());
            bool ok = false;
            if (a == "--at") {
                const int step = v.toInt(&ok);
                if (!ok || step < 0)
                    return makeError("--at needs a step number >= 0, got '" + v.toStdString() +
                                     "'");
                c.atStep = step;
            } else if (a == "--time") {
                const double t = v.toDouble(&ok);
                if (!ok || t < 0)
                    return makeError("--time needs a time in ns >= 0, got '" + v.toStdString() +
                                     "'");
                c.atTimeNs = t;
            } else {
                const double s = v.toDouble(&ok);
                if (!ok || s <= 0)
                    return makeError("--worker-timeout needs seconds > 0, got '" + v.toStdString() +
                                     "'");
                c.workerTimeoutMs = int(s * 1000);
            }
        } else {
            return makeError("unknown argument '" + a.toStdString() + "' (see warpscope --help)");
        }
        if (!st) return makeError(st.error());
    }
    if (!c.trace.isEmpty() && !c.experiment.isEmpty())
        return makeError("give either --trace or --experiment, not both");
    if ((c.atStep || c.atTimeNs) && c.screenshot.isEmpty())
        return makeError("--at and --time position the playback for --screenshot");
    if (c.atStep && c.atTimeNs) return makeError("give either --at or --time, not both");
    if (!c.screenshot.isEmpty() && c.trace.isEmpty() && c.experiment.isEmpty())
        return makeError("--screenshot needs something to show: --trace FILE or --experiment ID");
    return c;
}

}  // namespace ws
