#pragma once
// A kernel's name as a student wrote it, from the demangled signature the
// profile keeps: "void ws::memory::(anonymous namespace)::transposeNaive<
// (ws::memory::Recording)0, 4>(float const*, float*, int, int)" reads
// "transposeNaive". The return type, the namespaces (the anonymous one
// included), the template arguments and the parameters go; an operator keeps
// its class ("Functor::operator()"), the class without its arguments.
#include <string>
#include <string_view>

namespace ws {

// The name itself where nothing is left to strip (a mangled name the
// demangler did not read, a C name), and never an empty one from a non-empty.
std::string shortKernelName(std::string_view demangled);

}  // namespace ws
