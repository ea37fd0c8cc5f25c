#pragma once
// Registers the workbench's views and those of the reduction and memory
// labs by their stable names: grid, timeline, warps, throughput, statistics
// (the workbench), stalls and counters (why any run was slow, from its
// profile), tree, divergence, arrivals, ladder (the reduction lab), banks,
// coalescing, image (the memory lab). Each created instance follows the
// window's playback model and keeps its own data current.
namespace ws {

class MainWindow;

void registerWorkbenchViews(MainWindow* window);

}  // namespace ws
