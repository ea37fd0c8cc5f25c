#include "kernels/program/driver_entry_points.h"

#include <dlfcn.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernels/program/intercept_state.h"
#include "kernels/program/launch_recorder.h"
#include "kernels/program/module_loader.h"

#undef cuGetProcAddress

namespace ws::program {

namespace {

using DlsymFunction = void* (*)(void*, const char*);

// glibc's own dlsym, under the version it has (2.34 moved it into libc).
DlsymFunction realDlsym() {
    static DlsymFunction f = [] {
        void* found = nullptr;
        for (const char* version : {"GLIBC_2.34", "GLIBC_2.2.5", "GLIBC_2.17"})
            if (!found) found = dlvsym(RTLD_NEXT, "dlsym", version);
        return reinterpret_cast<DlsymFunction>(found);
    }();
    return f;
}

void* driverLibrary() {
    static void* handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
    return handle;
}

}  // namespace

void* realDriverFunction(const char* name) {
    void* library = driverLibrary();
    if (!library || !realDlsym()) return nullptr;
    if (void* f = realDlsym()(library, name)) return f;
    // An older driver without the version cuda.h names (cuEventElapsedTime_v2
    // came with 12.8): the one before it, of the same arguments for the
    // functions the interception calls.
    const std::string versioned = name;
    const std::size_t v = versioned.rfind("_v");
    if (v == std::string::npos || v + 2 >= versioned.size()) return nullptr;
    return realDlsym()(library, versioned.substr(0, v).c_str());
}

std::string driverErrorName(CUresult result) {
    const char* name = nullptr;
    REAL_DRIVER(cuGetErrorName)(result, &name);
    return name ? name : "CUDA error " + std::to_string(int(result));
}

}  // namespace ws::program

using namespace ws::program;

namespace {

template <typename F>
F real(const char* name) {
    return reinterpret_cast<F>(realDriverFunction(name));
}

ws::Dim3 dims(unsigned x, unsigned y, unsigned z) { return {x, y, z}; }

// Module loading: each image goes through loadModuleImage.
CUresult wsLibraryLoadData(CUlibrary* library, const void* code, CUjit_option* jitOptions,
                           void** jitValues, unsigned jitCount, CUlibraryOption* options,
                           void** values, unsigned count) {
    static auto f = real<decltype(&cuLibraryLoadData)>("cuLibraryLoadData");
    return loadModuleImage(
        code,
        [&](const void* image) {
            return f(library, image, jitOptions, jitValues, jitCount, options, values, count);
        },
        [&] { return static_cast<const void*>(*library); });
}

CUresult wsModuleLoadData(CUmodule* module, const void* image) {
    static auto f = real<decltype(&cuModuleLoadData)>("cuModuleLoadData");
    return loadModuleImage(
        image, [&](const void* i) { return f(module, i); },
        [&] { return static_cast<const void*>(*module); });
}

CUresult wsModuleLoadDataEx(CUmodule* module, const void* image, unsigned count,
                            CUjit_option* options, void** values) {
    static auto f = real<decltype(&cuModuleLoadDataEx)>("cuModuleLoadDataEx");
    return loadModuleImage(
        image, [&](const void* i) { return f(module, i, count, options, values); },
        [&] { return static_cast<const void*>(*module); });
}

CUresult wsModuleLoadFatBinary(CUmodule* module, const void* image) {
    static auto f = real<decltype(&cuModuleLoadFatBinary)>("cuModuleLoadFatBinary");
    // Its probed build is PTX text, which this call does not take.
    const auto load = [&](const void* i) {
        static auto fromData = real<decltype(&cuModuleLoadData)>("cuModuleLoadData");
        return i == image ? f(module, i) : fromData(module, i);
    };
    return loadModuleImage(image, load, [&] { return static_cast<const void*>(*module); });
}

// Handles: which kernel of which module each one is.
CUresult wsLibraryGetKernel(CUkernel* kernel, CUlibrary library, const char* name) {
    static auto f = real<decltype(&cuLibraryGetKernel)>("cuLibraryGetKernel");
    const CUresult r = f(kernel, library, name);
    if (r == CUDA_SUCCESS && interceptState().settings.active) {
        std::lock_guard lock(interceptState().lock);
        interceptState().book.addKernel(*kernel, library, name);
    }
    return r;
}

CUresult wsModuleGetFunction(CUfunction* function, CUmodule module, const char* name) {
    static auto f = real<decltype(&cuModuleGetFunction)>("cuModuleGetFunction");
    const CUresult r = f(function, module, name);
    if (r == CUDA_SUCCESS && interceptState().settings.active) {
        std::lock_guard lock(interceptState().lock);
        interceptState().book.addKernel(*function, module, name);
    }
    return r;
}

CUresult wsKernelGetFunction(CUfunction* function, CUkernel kernel) {
    static auto f = real<decltype(&cuKernelGetFunction)>("cuKernelGetFunction");
    const CUresult r = f(function, kernel);
    if (r == CUDA_SUCCESS && interceptState().settings.active) {
        std::lock_guard lock(interceptState().lock);
        interceptState().book.addKernelAlias(*function, kernel);
    }
    return r;
}

CUresult wsLibraryGetModule(CUmodule* module, CUlibrary library) {
    static auto f = real<decltype(&cuLibraryGetModule)>("cuLibraryGetModule");
    const CUresult r = f(module, library);
    if (r == CUDA_SUCCESS && interceptState().settings.active) {
        std::lock_guard lock(interceptState().lock);
        interceptState().book.addModuleAlias(*module, library);
    }
    return r;
}

CUresult wsLibraryUnload(CUlibrary library) {
    static auto f = real<decltype(&cuLibraryUnload)>("cuLibraryUnload");
    {
        std::lock_guard lock(interceptState().lock);
        interceptState().book.removeModule(library);
    }
    return f(library);
}

CUresult wsModuleUnload(CUmodule module) {
    static auto f = real<decltype(&cuModuleUnload)>("cuModuleUnload");
    {
        std::lock_guard lock(interceptState().lock);
        interceptState().book.removeModule(module);
    }
    return f(module);
}

// Launches.
template <bool PerThread>
CUresult wsLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned shared, CUstream stream, void** params,
                        void** extra) {
    static auto launch =
        real<decltype(&cuLaunchKernel)>(PerThread ? "cuLaunchKernel_ptsz" : "cuLaunchKernel");
    return interceptLaunch(
        {f, dims(gx, gy, gz), dims(bx, by, bz), shared, stream, PerThread, params, extra},
        [&](void** p, void** e) {
            return launch(f, gx, gy, gz, bx, by, bz, shared, stream, p, e);
        });
}

template <bool PerThread>
CUresult wsLaunchKernelEx(const CUlaunchConfig* config, CUfunction f, void** params, void** extra) {
    static auto launch =
        real<decltype(&cuLaunchKernelEx)>(PerThread ? "cuLaunchKernelEx_ptsz" : "cuLaunchKernelEx");
    return interceptLaunch({f, dims(config->gridDimX, config->gridDimY, config->gridDimZ),
                            dims(config->blockDimX, config->blockDimY, config->blockDimZ),
                            config->sharedMemBytes, config->hStream, PerThread, params, extra},
                           [&](void** p, void** e) { return launch(config, f, p, e); });
}

template <bool PerThread>
CUresult wsLaunchCooperativeKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                   unsigned by, unsigned bz, unsigned shared, CUstream stream,
                                   void** params) {
    static auto launch = real<decltype(&cuLaunchCooperativeKernel)>(
        PerThread ? "cuLaunchCooperativeKernel_ptsz" : "cuLaunchCooperativeKernel");
    return interceptLaunch(
        {f, dims(gx, gy, gz), dims(bx, by, bz), shared, stream, PerThread, params, nullptr},
        [&](void** p, void**) { return launch(f, gx, gy, gz, bx, by, bz, shared, stream, p); });
}

CUresult wsGetProcAddressV2(const char* symbol, void** pfn, int cudaVersion, cuuint64_t flags,
                            CUdriverProcAddressQueryResult* status);
CUresult wsGetProcAddress(const char* symbol, void** pfn, int cudaVersion, cuuint64_t flags);

// The driver exports the interception stands in for, by name. A function's
// own static, so a dlsym during another library's constructor finds it made.
struct Wrapped {
    const char* name;
    void* wrapper;
};
const std::vector<Wrapped>& wrappedFunctions() {
    static const std::vector<Wrapped> list = {
        {"cuGetProcAddress_v2", reinterpret_cast<void*>(&wsGetProcAddressV2)},
        {"cuGetProcAddress", reinterpret_cast<void*>(&wsGetProcAddress)},
        {"cuLibraryLoadData", reinterpret_cast<void*>(&wsLibraryLoadData)},
        {"cuModuleLoadData", reinterpret_cast<void*>(&wsModuleLoadData)},
        {"cuModuleLoadDataEx", reinterpret_cast<void*>(&wsModuleLoadDataEx)},
        {"cuModuleLoadFatBinary", reinterpret_cast<void*>(&wsModuleLoadFatBinary)},
        {"cuLibraryGetKernel", reinterpret_cast<void*>(&wsLibraryGetKernel)},
        {"cuModuleGetFunction", reinterpret_cast<void*>(&wsModuleGetFunction)},
        {"cuKernelGetFunction", reinterpret_cast<void*>(&wsKernelGetFunction)},
        {"cuLibraryGetModule", reinterpret_cast<void*>(&wsLibraryGetModule)},
        {"cuLibraryUnload", reinterpret_cast<void*>(&wsLibraryUnload)},
        {"cuModuleUnload", reinterpret_cast<void*>(&wsModuleUnload)},
        {"cuLaunchKernel", reinterpret_cast<void*>(&wsLaunchKernel<false>)},
        {"cuLaunchKernel_ptsz", reinterpret_cast<void*>(&wsLaunchKernel<true>)},
        {"cuLaunchKernelEx", reinterpret_cast<void*>(&wsLaunchKernelEx<false>)},
        {"cuLaunchKernelEx_ptsz", reinterpret_cast<void*>(&wsLaunchKernelEx<true>)},
        {"cuLaunchCooperativeKernel", reinterpret_cast<void*>(&wsLaunchCooperativeKernel<false>)},
        {"cuLaunchCooperativeKernel_ptsz",
         reinterpret_cast<void*>(&wsLaunchCooperativeKernel<true>)},
    };
    return list;
}

// The wrapper for the driver's answer `pointer`: the one whose export has
// that address (a different version of a function under the same name is
// left alone, its arguments may differ).
// The driver's own cuGetProcAddress_v2.
using GetProcAddressV2 = CUresult (*)(const char*, void**, int, cuuint64_t,
                                      CUdriverProcAddressQueryResult*);
GetProcAddressV2 realGetProcAddressV2() {
    static auto f = real<GetProcAddressV2>("cuGetProcAddress_v2");
    return f;
}

void* wrapperOfAnswer(void* pointer) {
    // Each wrapped function's addresses: its export, and what the driver's
    // cuGetProcAddress answers for it at this driver's version, with the
    // legacy and the per-thread default stream (a _ptsz name is its base
    // name asked with the per-thread flag).
    static const auto exports = [] {
        std::vector<std::pair<void*, void*>> list;
        int version = 0;
        REAL_DRIVER(cuDriverGetVersion)(&version);
        for (const Wrapped& w : wrappedFunctions()) {
            if (void* p = realDriverFunction(w.name)) list.emplace_back(p, w.wrapper);
            std::string base = w.name;
            const bool perThread = base.ends_with("_ptsz");
            if (perThread) base.resize(base.size() - 5);
            const cuuint64_t flags = perThread ? CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM
                                               : CU_GET_PROC_ADDRESS_LEGACY_STREAM;
            void* answer = nullptr;
            CUdriverProcAddressQueryResult found{};
            if (realGetProcAddressV2() &&
                realGetProcAddressV2()(base.c_str(), &answer, version, flags, &found) ==
                    CUDA_SUCCESS &&
                answer)
                list.emplace_back(answer, w.wrapper);
        }
        return list;
    }();
    for (const auto& [exported, wrapper] : exports)
        if (exported == pointer) return wrapper;
    return nullptr;
}

bool isWrappedName(const char* symbol) {
    for (const Wrapped& w : wrappedFunctions())
        if (std::strcmp(w.name, symbol) == 0) return true;
    return false;
}

CUresult wsGetProcAddressV2(const char* symbol, void** pfn, int cudaVersion, cuuint64_t flags,
                            CUdriverProcAddressQueryResult* status) {
    const CUresult r = realGetProcAddressV2()(symbol, pfn, cudaVersion, flags, status);
    if (r != CUDA_SUCCESS || !pfn || !*pfn || !interceptState().settings.active) return r;
    if (void* mine = wrapperOfAnswer(*pfn)) {
        sayVerbose(std::string("cuGetProcAddress answers ") + symbol + " with its wrapper");
        *pfn = mine;
    } else if (isWrappedName(symbol)) {
        // A version of a function the interception must see that it does not
        // know: launches could then pass it by, so nothing is probed.
        disableProbes(std::string("the runtime asked for ") + symbol + " at CUDA " +
                      std::to_string(cudaVersion) +
                      " and was given a version warpscope does not wrap");
    }
    return r;
}

CUresult wsGetProcAddress(const char* symbol, void** pfn, int cudaVersion, cuuint64_t flags) {
    static auto f = real<CUresult (*)(const char*, void**, int, cuuint64_t)>("cuGetProcAddress");
    const CUresult r = f(symbol, pfn, cudaVersion, flags);
    if (r == CUDA_SUCCESS && pfn && *pfn && interceptState().settings.active)
        if (void* mine = wrapperOfAnswer(*pfn)) *pfn = mine;
    return r;
}

void* exportedWrapper(const char* symbol) {
    for (const Wrapped& w : wrappedFunctions())
        if (std::strcmp(w.name, symbol) == 0) return w.wrapper;
    return nullptr;
}

}  // namespace

// What the program's dlsym finds: the wrappers for the driver functions the
// interception stands in for, whatever the handle (the runtime asks
// libcuda's own), everything else as glibc's dlsym finds it.
extern "C" __attribute__((visibility("default"))) void* dlsym(
    void* __restrict handle, const char* __restrict symbol) noexcept {
    if (symbol[0] == 'c' && symbol[1] == 'u' && interceptState().settings.active)
        if (void* mine = exportedWrapper(symbol)) return mine;
    const DlsymFunction f = realDlsym();
    return f ? f(handle, symbol) : nullptr;
}

// The same names for a program linked to the driver itself (-lcuda).
#define WS_EXPORT extern "C" __attribute__((visibility("default")))
WS_EXPORT CUresult cuGetProcAddress_v2(const char* s, void** p, int v, cuuint64_t f,
                                       CUdriverProcAddressQueryResult* q) {
    return wsGetProcAddressV2(s, p, v, f, q);
}
WS_EXPORT CUresult cuLibraryLoadData(CUlibrary* l, const void* c, CUjit_option* jo, void** jv,
                                     unsigned jn, CUlibraryOption* lo, void** lv, unsigned ln) {
    return wsLibraryLoadData(l, c, jo, jv, jn, lo, lv, ln);
}
WS_EXPORT CUresult cuModuleLoadData(CUmodule* m, const void* i) { return wsModuleLoadData(m, i); }
WS_EXPORT CUresult cuModuleLoadDataEx(CUmodule* m, const void* i, unsigned n, CUjit_option* o,
                                      void** v) {
    return wsModuleLoadDataEx(m, i, n, o, v);
}
WS_EXPORT CUresult cuModuleLoadFatBinary(CUmodule* m, const void* i) {
    return wsModuleLoadFatBinary(m, i);
}
WS_EXPORT CUresult cuLibraryGetKernel(CUkernel* k, CUlibrary l, const char* n) {
    return wsLibraryGetKernel(k, l, n);
}
WS_EXPORT CUresult cuModuleGetFunction(CUfunction* f, CUmodule m, const char* n) {
    return wsModuleGetFunction(f, m, n);
}
WS_EXPORT CUresult cuKernelGetFunction(CUfunction* f, CUkernel k) {
    return wsKernelGetFunction(f, k);
}
WS_EXPORT CUresult cuLibraryGetModule(CUmodule* m, CUlibrary l) { return wsLibraryGetModule(m, l); }
WS_EXPORT CUresult cuLibraryUnload(CUlibrary l) { return wsLibraryUnload(l); }
WS_EXPORT CUresult cuModuleUnload(CUmodule m) { return wsModuleUnload(m); }
WS_EXPORT CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                  unsigned by, unsigned bz, unsigned s, CUstream st, void** p,
                                  void** e) {
    return wsLaunchKernel<false>(f, gx, gy, gz, bx, by, bz, s, st, p, e);
}
WS_EXPORT CUresult cuLaunchKernelEx(const CUlaunchConfig* c, CUfunction f, void** p, void** e) {
    return wsLaunchKernelEx<false>(c, f, p, e);
}
WS_EXPORT CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                                             unsigned bx, unsigned by, unsigned bz, unsigned s,
                                             CUstream st, void** p) {
    return wsLaunchCooperativeKernel<false>(f, gx, gy, gz, bx, by, bz, s, st, p);
}
// A program built with --default-stream per-thread calls these names.
WS_EXPORT CUresult cuLaunchKernel_ptsz(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                                       unsigned bx, unsigned by, unsigned bz, unsigned s,
                                       CUstream st, void** p, void** e) {
    return wsLaunchKernel<true>(f, gx, gy, gz, bx, by, bz, s, st, p, e);
}
WS_EXPORT CUresult cuLaunchKernelEx_ptsz(const CUlaunchConfig* c, CUfunction f, void** p,
                                         void** e) {
    return wsLaunchKernelEx<true>(c, f, p, e);
}
WS_EXPORT CUresult cuLaunchCooperativeKernel_ptsz(CUfunction f, unsigned gx, unsigned gy,
                                                  unsigned gz, unsigned bx, unsigned by,
                                                  unsigned bz, unsigned s, CUstream st, void** p) {
    return wsLaunchCooperativeKernel<true>(f, gx, gy, gz, bx, by, bz, s, st, p);
}
