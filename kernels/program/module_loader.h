#pragma once
// A module the program loads, loaded probed: the PTX the image carries for
// this GPU (a fatbinary's newest not above it, decompressed), every kernel
// the --kernels filter keeps probed, and that PTX handed to the driver in
// the image's place (the driver compiles it). An image without PTX, or whose
// probed build the driver refuses, loads as it was, and the log says why its
// kernels were not probed.
#include <cuda.h>

#include <functional>

namespace ws::program {

// `load` is the driver's call with the image it is given; `handle` reads
// the handle it made (a CUlibrary or CUmodule) once it succeeded.
CUresult loadModuleImage(const void* image, const std::function<CUresult(const void*)>& load,
                         const std::function<const void*()>& handle);

}  // namespace ws::program
