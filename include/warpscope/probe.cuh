// warpscope's marks for a kernel file of your own (docs/your-kernel.md,
// "Marks"). WS_MARK(id) notes when each warp passes that line: warpscope's
// probes turn it into a record of the block, the warp, the mark and the
// time, and the SM timeline draws it on the block's bar. Built without
// warpscope's probes (the plain build, or nvcc), a mark is a PTX comment and
// costs nothing. id: a whole number from 0 to 255, written as a literal.
#pragma once

#define WS_MARK_TEXT(id) "// warpscope-mark " #id ";"
#define WS_MARK(id) asm volatile(WS_MARK_TEXT(id)::: "memory")
