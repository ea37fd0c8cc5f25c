// Measures what a user feels with a large trace:
//  - painting the SM timeline offscreen with 1,000,000 blocks, zoomed out and
//    zoomed in, at full HD and 4K, and the same blocks on few SMs where many
//    share a pixel column (median and 95th percentile frame time; goal <= 16 ms);
//  - opening the largest trace file given on the command line, or a synthetic
//    1M-block trace saved to a temporary file (goal <= 200 ms), and building
//    the indexes the views need.
// Usage: render_bench [--blocks N] [--frames F] [TRACE ...]
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <vector>

#include "core/run/synthetic_run.h"
#include "core/trace/trace_io.h"
#include "widgets/model/playback_model.h"
#include "widgets/timeline/grid_view.h"
#include "widgets/timeline/timeline_raster.h"
#include "widgets/timeline/timeline_view.h"

namespace {

struct Stats {
    double median, p95, max;
    double cpuMedian = 0;  // thread CPU time: what the frame costs without other processes
};

double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

Stats stats(std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms[std::min(ms.size() - 1, ms.size() * 95 / 100)], ms.back()};
}

// Paints the view into an image `frames` times. Playback frames move the
// playhead (block states change, coverage is reused); interaction frames
// zoom a little each time, so every frame recomputes the coverage of every
// visible block, as during a zoom or a drag.
Stats paintFrames(ws::TimelineView& view, ws::PlaybackModel& model, int frames, bool interact) {
    QImage target(view.size(), QImage::Format_ARGB32_Premultiplied);
    std::vector<double> ms, cpu;
    int rasterized = 0;
    QElapsedTimer t;
    for (int i = 0; i < frames; ++i) {
        model.setTime(model.duration() * (i + 1) / (frames + 1));
        // A tiny zoom in and out about the centre: the visible range changes
        // every frame (a pan would be clamped when everything is in view).
        if (interact) view.zoomAt(i % 2 ? 1.0 / 1.002 : 1.002, view.lanesRect().center().x());
        t.start();
        const double c0 = threadCpuMs();
        QPainter p(&target);
        view.render(&p);
        p.end();
        cpu.push_back(threadCpuMs() - c0);
        rasterized += view.lastPaintRasterized() ? 1 : 0;
        ms.push_back(t.nsecsElapsed() / 1e6);
    }
    if ((!interact && rasterized > 1) || (interact && rasterized < frames))
        std::printf("  (note: %d of %d frames recomputed coverage)\n", rasterized, frames);
    Stats s = stats(ms);
    s.cpuMedian = stats(cpu).median;
    return s;
}

void print(const char* what, const Stats& s) {
    std::printf("%-46s median %6.2f ms  p95 %6.2f ms  max %6.2f ms  cpu %6.2f ms  %s\n", what,
                s.median, s.p95, s.max, s.cpuMedian,
                s.median <= 16 ? "ok (<= 16 ms)" : "OVER 16 ms");
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    std::size_t blocks = 1'000'000;
    int frames = 60;
    QString saveFrames;  // a folder: the 4K view's last coarse frame and the settled one, as PNG
    std::vector<std::filesystem::path> traces;
    const QStringList args = app.arguments();
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == "--blocks" && i + 1 < args.size())
            blocks = args[++i].toULongLong();
        else if (args[i] == "--frames" && i + 1 < args.size())
            frames = args[++i].toInt();
        else if (args[i] == "--save-frames" && i + 1 < args.size())
            saveFrames = args[++i];
        else
            traces.push_back(args[i].toStdString());
    }

    QElapsedTimer t;
    t.start();
    auto run = std::make_shared<const ws::Run>(ws::makeSyntheticRun(blocks, 132, 7));
    const double makeMs = t.nsecsElapsed() / 1e6;
    t.start();
    auto prepared = ws::prepareRun(run);
    const double prepareMs = t.nsecsElapsed() / 1e6;
    std::printf(
        "synthetic run: %zu blocks on 132 SMs, %u slots per SM, %zu waves "
        "(made in %.0f ms, indexed in %.0f ms)\n",
        prepared->lanes.blockCount, prepared->lanes.maxSlots, prepared->lanes.waveCount(), makeMs,
        prepareMs);

    // The raster alone (no widget, no text): where a frame's time goes. The
    // second size is a 4K view's coarse frame while zooming (half and half).
    for (const QSize size : {QSize(1500, 760), QSize(1920, 1000)}) {
        const bool coarse = size.width() == 1920;
        ws::TimelineRaster raster;
        ws::TimelineData data;
        data.setFullRange(0, prepared->spanEnd);
        data.width = size.width();
        QImage image(size, QImage::Format_RGB32);
        std::vector<double> cold, warm, coldCpu;
        QElapsedTimer wall;
        for (int i = 0; i < 20; ++i) {
            raster.invalidate();
            double c0 = threadCpuMs();
            wall.start();
            raster.render(image, *prepared, data, prepared->spanEnd * i / 20, {}, coarse);
            cold.push_back(wall.nsecsElapsed() / 1e6);
            coldCpu.push_back(threadCpuMs() - c0);
            wall.start();
            raster.render(image, *prepared, data, prepared->spanEnd * (i + 0.5) / 20, {}, coarse);
            warm.push_back(wall.nsecsElapsed() / 1e6);
        }
        std::printf(
            "raster only %dx%d%s, all blocks: coverage + colours %.2f ms (%.2f ms cpu on this "
            "thread), colours only %.2f ms\n",
            size.width(), size.height(), coarse ? " (a 4K coarse frame)" : "", stats(cold).median,
            stats(coldCpu).median, stats(warm).median);
    }

    ws::PlaybackModel model;
    model.setRun(prepared);
    ws::TimelineView view(&model);
    view.resize(1600, 900);
    print("1600x900, all blocks, playback", paintFrames(view, model, frames, false));
    print("1600x900, all blocks, zoom/pan (re-raster)", paintFrames(view, model, frames, true));
    std::printf("  entries visited per re-raster: %zu\n", view.lastVisitedBlocks());
    view.zoomAt(20, 800);
    print("1600x900, zoomed in 20x, playback", paintFrames(view, model, frames, false));
    print("1600x900, zoomed in 20x, zoom/pan", paintFrames(view, model, frames, true));
    std::printf("  entries visited per re-raster: %zu\n", view.lastVisitedBlocks());
    view.zoomAt(50, 800);
    print("1600x900, zoomed in 1000x, zoom/pan", paintFrames(view, model, frames, true));
    std::printf("  entries visited per re-raster: %zu\n", view.lastVisitedBlocks());
    view.resize(3840, 2000);
    view.zoomAt(0.001, 100);
    print("3840x2000 (4K projector), all, playback",
          paintFrames(view, model, std::max(10, frames / 3), false));
    print("3840x2000 (4K projector), all, zoom/pan",
          paintFrames(view, model, std::max(10, frames / 3), true));
    if (!saveFrames.isEmpty()) {
        // What a zoom looks like while it goes on, and once it settles.
        QImage frame(view.size(), QImage::Format_ARGB32_Premultiplied);
        auto save = [&](const QString& name) {
            QPainter p(&frame);
            view.render(&p);
            p.end();
            frame.save(saveFrames + "/" + name);
        };
        save("timeline-4k-coarse.png");
        const bool wasCoarse = view.lastPaintCoarse();
        QElapsedTimer settle;
        settle.start();
        while (settle.elapsed() < 400) app.processEvents(QEventLoop::AllEvents, 50);
        save("timeline-4k-settled.png");
        std::printf("frames saved in %s (the first coarse: %s, the second: %s)\n",
                    qPrintable(saveFrames), wasCoarse ? "yes" : "no",
                    view.lastPaintCoarse() ? "yes" : "no");
    }

    {
        // A kernel file's marks (WS_MARK) on every block, twice: two million
        // ticks to choose from, a bounded number drawn a frame.
        ws::Run marked = ws::makeSyntheticRun(blocks, 132, 7);
        ws::Launch& l = marked.launches.front();
        std::vector<std::pair<std::uint64_t, std::uint32_t>> at;  // time, block
        for (std::size_t b = 0; b < l.blocks.size(); ++b) {
            const std::uint64_t s = l.blocks.startNs[b], e = l.blocks.endNs[b];
            at.push_back({s + (e - s) / 3, std::uint32_t(b)});
            at.push_back({s + 2 * (e - s) / 3, std::uint32_t(b)});
        }
        std::sort(at.begin(), at.end());
        std::vector<std::uint32_t> blockColumn, warpColumn, markColumn;
        std::vector<std::uint64_t> timeColumn;
        for (std::size_t i = 0; i < at.size(); ++i) {
            timeColumn.push_back(at[i].first);
            blockColumn.push_back(at[i].second);
            warpColumn.push_back(0);
            markColumn.push_back(std::uint32_t(i % 2 + 1));
        }
        ws::RecordTable marks;
        marks.name = "marks";
        marks.add<std::uint32_t>("block") = std::move(blockColumn);
        marks.add<std::uint32_t>("warp") = std::move(warpColumn);
        marks.add<std::uint32_t>("mark") = std::move(markColumn);
        marks.add<std::uint64_t>("timeNs") = std::move(timeColumn);
        l.tables.push_back(std::move(marks));
        ws::PlaybackModel marksModel;
        marksModel.setRun(ws::prepareRun(std::make_shared<const ws::Run>(std::move(marked))));
        ws::TimelineView marksView(&marksModel);
        marksView.resize(1600, 900);
        print("1600x900, all blocks and 2 marks a block, playback",
              paintFrames(marksView, marksModel, frames, false));
        print("1600x900, all blocks and 2 marks a block, zoom/pan",
              paintFrames(marksView, marksModel, frames, true));
        std::printf("  marks drawn in the last frame: %zu\n", marksView.marksDrawn());
        marksView.zoomAt(20, 800);
        print("1600x900, zoomed in 20x, 2 marks a block, zoom/pan",
              paintFrames(marksView, marksModel, frames, true));
        std::printf("  marks drawn in the last frame: %zu\n", marksView.marksDrawn());
    }

    {
        // The same blocks on 8 SMs: a lane holds ten blocks per pixel column
        // zoomed out, so its coverage is read from its prefix sums.
        auto dense =
            ws::prepareRun(std::make_shared<const ws::Run>(ws::makeSyntheticRun(blocks, 8, 7)));
        ws::PlaybackModel denseModel;
        denseModel.setRun(dense);
        ws::TimelineView denseView(&denseModel);
        denseView.resize(1600, 900);
        print("1600x900, same blocks on 8 SMs, zoom/pan",
              paintFrames(denseView, denseModel, frames, true));
        std::printf("  entries visited per re-raster: %zu (%zu lanes)\n",
                    denseView.lastVisitedBlocks(), dense->lanes.lanes.size());
    }

    {
        // The grid view repaints on every playback frame too: 1M blocks in bins.
        ws::GridView grid(&model);
        grid.resize(600, 400);
        QImage target(grid.size(), QImage::Format_ARGB32_Premultiplied);
        std::vector<double> ms;
        QElapsedTimer g;
        for (int i = 0; i < std::max(10, frames / 3); ++i) {
            model.setTime(model.duration() * (i + 1) / (frames + 1));
            g.start();
            QPainter p(&target);
            grid.render(&p);
            p.end();
            ms.push_back(g.nsecsElapsed() / 1e6);
        }
        const Stats gs = stats(ms);
        std::printf("%-46s median %6.2f ms  p95 %6.2f ms  (1 tile = %llu blocks)\n",
                    "grid view 600x400, 1M blocks binned", gs.median, gs.p95,
                    (unsigned long long)grid.layout().blocksPerTile());
    }

    // Trace open: the largest file given, else the synthetic run saved to disk.
    QTemporaryDir dir;
    std::filesystem::path file;
    for (const auto& p : traces)
        if (std::filesystem::exists(p) &&
            (file.empty() || std::filesystem::file_size(p) > std::filesystem::file_size(file)))
            file = p;
    if (file.empty()) {
        file = std::filesystem::path(dir.path().toStdString()) / "synthetic-1m.wstrace";
        const auto saved = ws::saveTrace(*run, file);
        if (!saved) {
            std::fprintf(stderr, "render_bench: %s\n", saved.error().c_str());
            return 1;
        }
    }
    std::vector<double> loadMs, indexMs;
    std::size_t loadedBlocks = 0;
    for (int i = 0; i < 5; ++i) {
        t.start();
        auto loaded = ws::loadTrace(file);
        loadMs.push_back(t.nsecsElapsed() / 1e6);
        if (!loaded) {
            std::fprintf(stderr, "render_bench: %s: %s\n", file.c_str(), loaded.error().c_str());
            return 1;
        }
        t.start();
        auto p = ws::prepareRun(std::make_shared<const ws::Run>(std::move(loaded).value()));
        indexMs.push_back(t.nsecsElapsed() / 1e6);
        loadedBlocks = p->lanes.blockCount;
    }
    const Stats l = stats(loadMs), ix = stats(indexMs);
    std::printf(
        "trace open %s (%.1f MB, %zu blocks): load median %.0f ms (%s), + view indexes "
        "%.0f ms off the UI thread\n",
        file.filename().c_str(), std::filesystem::file_size(file) / 1e6, loadedBlocks, l.median,
        l.median <= 200 ? "ok (<= 200 ms)" : "OVER 200 ms", ix.median);
    return 0;
}
