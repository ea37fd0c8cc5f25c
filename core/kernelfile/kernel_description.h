#pragma once
// A kernel file's launch description: the `/* warpscope ... */` comment block
// that says which kernel to run, on which grid, with which arguments, and how
// to check it (docs/your-kernel.md). Parsed once; the launch plan
// (kernel_launch_plan.h) evaluates its expressions for one run's parameters.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/kernelfile/element_type.h"

namespace ws::kernelfile {

// Up to three expressions (x, y, z) of the parameters; missing ones are 1.
struct LaunchShape {
    std::vector<std::string> grid, block;
    std::string sharedBytes = "0";
};

enum class FillKind { Zeros, Iota, Random, Constant, File };

struct BufferArgument {
    ElementType type = ElementType::Float;
    std::string length;  // an expression: the element count
    FillKind fill = FillKind::Zeros;
    double constant = 0;  // FillKind::Constant
    std::string file;     // FillKind::File: a .npy file, beside the kernel file
    std::uint64_t seed = 1;
    bool hasRange = false;  // Random: [low, high); else the type's default range
    double low = 0, high = 1;
    bool output = false;
};

struct ScalarArgument {
    ElementType type = ElementType::Int32;
    std::string value;  // an expression
};

struct KernelArgument {
    std::string name;
    bool isBuffer = true;
    BufferArgument buffer;
    ScalarArgument scalar;
    int line = 0;  // in the file, for messages
};

// An output compared with a .npy file instead of a reference's output.
struct ExpectedOutput {
    std::string buffer;  // an output buffer's name
    std::string file;    // beside the kernel file
    int line = 0;
};

// One of the two, or neither (not checked).
struct KernelCheck {
    std::string reference;  // a kernel of the file
    std::vector<ExpectedOutput> expected;
    LaunchShape launch;    // its own; an empty grid or block means the kernel's
    double tolerance = 0;  // |got - want| <= tolerance * max(1, |want|)
};

struct KernelDescription {
    std::string kernel;  // the name expression NVRTC lowers: "tiled<16>" or "add"
    std::string title;   // what the views call it (the kernel's name by default)
    // The oldest GPU it runs on, `requires: 9.0` (compute capability); 0: any.
    int requiresMajor = 0, requiresMinor = 0;
    std::vector<ParamSpec> params;
    LaunchShape launch;
    std::vector<KernelArgument> args;
    KernelCheck check;
    int firstLine = 0;  // the line of `/* warpscope` in the file
    bool checked() const { return !check.reference.empty() || !check.expected.empty(); }
};

// Finds the description in a kernel file's source and parses it. Errors say
// where: "vector_add.cu:4: args[1]: unknown fill 'ones' (zeros, iota, random
// or a number)". `fileName` only names the file in messages.
Result<KernelDescription> parseKernelDescription(std::string_view source,
                                                 const std::string& fileName);

// The buffers marked as outputs, in argument order.
std::vector<const KernelArgument*> outputBuffers(const KernelDescription& description);

// The .npy files the description reads, inputs and expected outputs, as
// it names them.
std::vector<std::string> dataFilesOf(const KernelDescription& description);

}  // namespace ws::kernelfile
