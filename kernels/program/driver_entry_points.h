#pragma once
// The driver's own functions, found in libcuda.so.1 by the real dlsym, and
// the interception's wrappers that stand in for some of them. The CUDA
// runtime finds every driver function through cuGetProcAddress (it dlsyms
// only that), so the interception answers dlsym for cuGetProcAddress, and
// its cuGetProcAddress hands back a wrapper where the driver's answer is a
// function it wraps (the same address as that export), the driver's answer
// otherwise. A program linked to the driver itself (-lcuda) meets the
// wrappers by their exported names.
#include <cuda.h>

#include <string>

namespace ws::program {

// The real driver export `name` ("cuMemAlloc_v2"); nullptr where the driver
// has none or cannot be opened.
void* realDriverFunction(const char* name);

// The driver's name for an error ("CUDA_ERROR_INVALID_IMAGE"), or "CUDA
// error N" where it has none.
std::string driverErrorName(CUresult result);

#define WS_DRIVER_NAME_TEXT(name) #name
#define WS_DRIVER_NAME(name) WS_DRIVER_NAME_TEXT(name)
// The real driver function as cuda.h declares it: REAL_DRIVER(cuMemAlloc)
// is the driver's cuMemAlloc_v2, the name cuda.h's macros give it.
#define REAL_DRIVER(fn)                                             \
    ([] {                                                           \
        static auto f = reinterpret_cast<decltype(&fn)>(            \
            ::ws::program::realDriverFunction(WS_DRIVER_NAME(fn))); \
        return f;                                                   \
    }())

}  // namespace ws::program
