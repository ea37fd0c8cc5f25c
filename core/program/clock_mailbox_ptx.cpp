#include "core/program/clock_mailbox_ptx.h"

#include "core/program/timeline_log.h"

namespace ws::program {

const std::string& clockMailboxPtx() {
    // Never destroyed: the interception reads it as the program exits.
    static const std::string* ptx =
        new std::string(std::string(R"(.version 7.0
.target sm_70
.address_size 64

.visible .entry )") + kClockKernelName +
                        R"((.param .u64 box, .param .u32 samples, .param .u64 timeout)
{
    .reg .pred %p<5>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [box];
    cvta.to.global.u64 %rd1, %rd1;
    ld.param.u32 %r1, [samples];
    ld.param.u64 %rd2, [timeout];
    mov.u32 %r2, 1;
NEXT:
    setp.gt.u32 %p1, %r2, %r1;
    @%p1 bra DONE;
    mov.u64 %rd3, %globaltimer;
    add.u64 %rd4, %rd3, %rd2;
WAIT:
    ld.volatile.global.u32 %r3, [%rd1];
    setp.eq.u32 %p2, %r3, %r2;
    @%p2 bra ANSWER;
    setp.eq.u32 %p3, %r3, 0xFFFFFFFE;
    @%p3 bra DONE;
    mov.u64 %rd5, %globaltimer;
    setp.gt.u64 %p4, %rd5, %rd4;
    @%p4 bra GAVE_UP;
    bra.uni WAIT;
ANSWER:
    mov.u64 %rd6, %globaltimer;
    st.volatile.global.u64 [%rd1+8], %rd6;
    membar.sys;
    st.volatile.global.u32 [%rd1+4], %r2;
    add.u32 %r2, %r2, 1;
    bra.uni NEXT;
GAVE_UP:
    st.volatile.global.u32 [%rd1+4], 0xFFFFFFFF;
DONE:
    ret;
}
)");
    return *ptx;
}

}  // namespace ws::program
