#pragma once
// Registers the views that existed before lessons, by their stable names:
// grid, timeline, warps, throughput (the workbench), tree, divergence,
// arrivals, ladder (the reduction lab), banks, coalescing, image (the memory
// lab). Each created instance follows the window's playback model and keeps
// its own data current.
namespace ws {

class MainWindow;

void registerWorkbenchViews(MainWindow* window);

}  // namespace ws
