// Fixture of cubin_line_table_test: built with -rdc and device-linked with
// inlined.cu (make_fixtures.sh), so that linked.cubin holds two line-table
// units, each with its own file table.
#include "scale.h"

__global__ void linked(float* out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = scale(out[i], i);
}
