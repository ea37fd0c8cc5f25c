#include "app/gui/workbench/command_line.h"

#include "core/common/output_path.h"

namespace ws {

QString usageText(const QStringList& viewNames) {
    QString views;
    QString line = QStringLiteral("                       ");
    for (const QString& v : viewNames) {
        if (line.size() + v.size() > 86) {
            views += line + '\n';
            line = QStringLiteral("                       ");
        }
        line += v + QLatin1Char(' ');
    }
    views += line + '\n';
    return QStringLiteral(
               "usage: warpscope [--trace FILE | --experiment ID [name=value ...] |\n"
               "                  --kernel FILE.cu [name=value ...] |\n"
               "                  --lesson NAME|FILE [--slide N [--fragment N]]] [--presentation]\n"
               "                 [--worker "
               "\"CMD\"]\n"
               "                 [--screenshot PNG [--at STEP|--time NS] [--window-size WxH]]\n"
               "                 [--worker-timeout SECONDS]\n"
               "                 [--export-view NAME --format svg|png [--scale S] -o FILE]\n"
               "       warpscope --lesson NAME|FILE [--slide N] --print-narration [--traces DIR]\n"
               "       warpscope --check-lesson FILE [--traces DIR] [--strict]\n"
               "  --trace FILE         open a recorded trace\n"
               "  --experiment ID      run an experiment of the catalog (live on a GPU through "
               "the\n"
               "                       worker, else from the bundled recorded traces)\n"
               "  --kernel FILE.cu     open a CUDA file of your own in the kernel-file lab's\n"
               "                       editor and run it with its description's parameters\n"
               "                       (docs/your-kernel.md); a saved edit runs it again\n"
               "  --lesson NAME|FILE   open a lesson: a bundled one by name (execution-model,\n"
               "                       reduction-ladder, ...) or a lesson file (docs/lessons.md)\n"
               "  --slide N            the lesson's slide to open, numbered from 1 as on screen\n"
               "  --fragment N         that slide after its Nth fragment (0, the default: as it\n"
               "                       opens), for --screenshot and --export-view\n"
               "  --print-narration    print the slide's narration, fragments included, with its\n"
               "                       figures from its runs, as plain text, and exit\n"
               "  --check-lesson FILE  load every slide of a lesson without showing it: traces\n"
               "                       found, experiments and parameters known, figures named\n"
               "                       in the narration present, expectations held; one line\n"
               "                       per problem and exit 2, or exit 0; runs from elsewhere\n"
               "                       than --traces DIR or of another GPU than their slide's\n"
               "                       run are listed, one line each\n"
               "  --strict             --check-lesson fails (exit 2) on those runs too\n"
               "  --traces DIR         look for a lesson's traces in DIR first\n"
               "  --presentation       full screen, menus and docks hidden, scaled for projection\n"
               "                       (F11 toggles, Esc leaves)\n"
               "  --worker \"CMD\"       worker command (default: warpscope-record serve)\n"
               "  --screenshot PNG     load, render the window offscreen, write PNG and exit\n"
               "  --at STEP            playback step to show (0 = start; default: the end)\n"
               "  --time NS            playback time in ns from the time axis's 0: the first\n"
               "                       block's start, or an earlier recorded copy or call\n"
               "  --window-size WxH    the size --screenshot renders the window or the\n"
               "                       presentation at (default 1920x1080; 1280x720 is a\n"
               "                       small projector's)\n"
               "  --worker-timeout S   seconds without an answer before the worker is restarted\n"
               "                       (default 60; also WARPSCOPE_WORKER_TIMEOUT_MS)\n"
               "  --export-view NAME   render one view to -o FILE and exit; the views are:\n") +
           views +
           QStringLiteral(
               "  --format svg|png     the export's format (SVG keeps text as text)\n"
               "  --scale S            PNG pixels per view pixel (default 1; 2 gives twice the "
               "pixels)\n"
               "  -o FILE              where --export-view writes\n"
               "Without a trace, experiment or lesson, warpscope reopens what was open last;\n"
               "the first start opens the execution-model lesson.\n");
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
        auto number = [&](double& into, double min, const char* what) -> Status {
            QString v;
            if (Status s = take(v); !s) return s;
            bool ok = false;
            const double d = v.toDouble(&ok);
            if (!ok || d < min)
                return makeError(a.toStdString() + " needs " + what + ", got '" + v.toStdString() +
                                 "'");
            into = d;
            return {};
        };
        Status st;
        if (a == "--trace") {
            st = take(c.trace);
        } else if (a == "--experiment") {
            st = take(c.experiment);
            while (st && i + 1 < args.size() && !args[i + 1].startsWith("--") &&
                   args[i + 1] != "-o") {
                const QString p = args[++i];
                if (!p.contains('=') || p.startsWith('='))
                    return makeError("expected name=value after --experiment, got '" +
                                     p.toStdString() + "'");
                c.params << p;
            }
        } else if (a == "--kernel") {
            st = take(c.kernel);
            while (st && i + 1 < args.size() && !args[i + 1].startsWith("--") &&
                   args[i + 1] != "-o") {
                const QString p = args[++i];
                if (!p.contains('=') || p.startsWith('='))
                    return makeError("expected name=value after --kernel FILE, got '" +
                                     p.toStdString() + "'");
                c.params << p;
            }
        } else if (a == "--worker") {
            st = take(c.worker);
        } else if (a == "--screenshot") {
            st = take(c.screenshot);
        } else if (a == "--lesson") {
            st = take(c.lesson);
        } else if (a == "--print-narration") {
            c.printNarration = true;
        } else if (a == "--check-lesson") {
            st = take(c.checkLesson);
        } else if (a == "--strict") {
            c.strict = true;
        } else if (a == "--traces") {
            st = take(c.traces);
        } else if (a == "--slide") {
            double n = 0;
            st = number(n, 1, "a slide number from 1");
            if (st && n != int(n))
                return makeError("--slide needs a whole number, got " + std::to_string(n));
            c.slide = int(n);
        } else if (a == "--fragment") {
            double n = 0;
            st = number(n, 0, "a fragment number from 0");
            if (st && n != int(n))
                return makeError("--fragment needs a whole number, got " + std::to_string(n));
            c.fragment = int(n);
        } else if (a == "--presentation") {
            c.presentation = true;
        } else if (a == "--export-view") {
            st = take(c.exportView);
        } else if (a == "--format") {
            st = take(c.exportFormat);
        } else if (a == "--scale") {
            st = number(c.exportScale, 0.01, "a scale above 0");
        } else if (a == "-o" || a == "--output") {
            st = take(c.output);
        } else if (a == "--help" || a == "-h") {
            c.help = true;
        } else if (a == "--version") {
            c.version = true;
        } else if (a == "--at") {
            double step = 0;
            st = number(step, 0, "a step number >= 0");
            c.atStep = int(step);
        } else if (a == "--time") {
            double t = 0;
            st = number(t, 0, "a time in ns >= 0");
            c.atTimeNs = t;
        } else if (a == "--window-size") {
            QString v;
            st = take(v);
            if (st) {
                const QStringList wh = v.split(QLatin1Char('x'));
                bool okW = false, okH = false;
                const int w = wh.size() == 2 ? wh[0].toInt(&okW) : 0;
                const int h = wh.size() == 2 ? wh[1].toInt(&okH) : 0;
                if (!okW || !okH || w < 640 || h < 360 || w > 7680 || h > 4320)
                    return makeError(
                        "--window-size needs WIDTHxHEIGHT from 640x360 to 7680x4320, "
                        "got '" +
                        v.toStdString() + "'");
                c.windowSize = QSize(w, h);
            }
        } else if (a == "--worker-timeout") {
            double s = 0;
            st = number(s, 0.001, "seconds > 0");
            c.workerTimeoutMs = int(s * 1000);
        } else {
            return makeError("unknown argument '" + a.toStdString() + "' (see warpscope --help)");
        }
        if (!st) return makeError(st.error());
    }
    const int sources = int(!c.trace.isEmpty()) + int(!c.experiment.isEmpty()) +
                        int(!c.kernel.isEmpty()) + int(!c.lesson.isEmpty());
    if (sources > 1) return makeError("give one of --trace, --experiment, --kernel and --lesson");
    if (c.slide && c.lesson.isEmpty()) return makeError("--slide needs --lesson");
    if (c.fragment && (c.lesson.isEmpty() || (c.screenshot.isEmpty() && c.exportView.isEmpty())))
        return makeError(
            "--fragment picks a lesson slide's step for --screenshot or --export-view");
    if (c.printNarration && c.lesson.isEmpty())
        return makeError("--print-narration needs --lesson (and --slide N, else slide 1)");
    if (!c.checkLesson.isEmpty() &&
        (sources > 0 || !c.screenshot.isEmpty() || !c.exportView.isEmpty() || c.printNarration))
        return makeError(
            "--check-lesson FILE checks a lesson alone: give it no run, screenshot "
            "or export");
    if (c.strict && c.checkLesson.isEmpty()) return makeError("--strict belongs to --check-lesson");
    if (!c.traces.isEmpty() && c.lesson.isEmpty() && c.checkLesson.isEmpty())
        return makeError("--traces DIR belongs to --lesson or --check-lesson");
    if (c.printNarration && (!c.screenshot.isEmpty() || !c.exportView.isEmpty()))
        return makeError("give --print-narration alone, without --screenshot or --export-view");
    if ((c.atStep || c.atTimeNs) && c.screenshot.isEmpty() && c.exportView.isEmpty())
        return makeError("--at and --time position the playback for --screenshot or --export-view");
    if (c.atStep && c.atTimeNs) return makeError("give either --at or --time, not both");
    if (c.windowSize && c.screenshot.isEmpty())
        return makeError("--window-size sets the size --screenshot renders at; give --screenshot");
    if (!c.exportView.isEmpty()) {
        if (c.output.isEmpty()) return makeError("--export-view needs -o FILE");
        if (c.exportFormat.isEmpty())
            c.exportFormat =
                c.output.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive) ? "svg" : "png";
        if (c.exportFormat != "svg" && c.exportFormat != "png")
            return makeError("--format must be svg or png, got '" + c.exportFormat.toStdString() +
                             "'");
        if (!c.namesARun())
            return makeError(
                "--export-view needs something to show: --lesson, --experiment, --kernel or "
                "--trace");
        if (!c.screenshot.isEmpty())
            return makeError("give either --screenshot or --export-view, not both");
    } else if (!c.output.isEmpty() || !c.exportFormat.isEmpty()) {
        return makeError("-o and --format belong to --export-view");
    }
    // A picture written over the trace or lesson it shows would replace it.
    for (const QString& written : {c.output, c.screenshot})
        for (const QString& read : {c.trace, c.lesson, c.kernel})
            if (!written.isEmpty() && !read.isEmpty() &&
                sameFile(written.toStdString(), read.toStdString()))
                return makeError(quotedPath(written.toStdString()) +
                                 " is the file being shown; writing the picture there would "
                                 "replace it: give another name");
    return c;
}

}  // namespace ws
