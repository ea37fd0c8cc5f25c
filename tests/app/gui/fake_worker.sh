#!/bin/sh
# A stand-in for `warpscope-record serve` that misbehaves on purpose.
# usage: fake_worker.sh MODE TRACE STATEDIR
#   ok          answers hello with a device and every run with TRACE
#   nodevice    answers hello with device null (the CPU-only path)
#   crash-once  crashes (SIGSEGV) in the middle of its first run, then works
#   hang        never answers a run
#   hang-hello  never answers anything
#   error       answers every run with an error
#   slow        like ok, but each run takes 0.3 s
#   compile-error  answers every run with vector_add.cu's compile errors
#   hung-kernel    answers a run with a launch that did not finish, then
#                  exits with status 3 as warpscope-record serve does
# Every run request's id is appended to STATEDIR/runs, the request itself
# to STATEDIR/requests.
mode=$1
trace=$2
state=$3
[ "$mode" = hang-hello ] && exec sleep 60
while IFS= read -r line; do
    id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
    case "$line" in
    *'"type":"hello"'*)
        if [ "$mode" = nodevice ]; then
            printf '{"type":"hello","id":%s,"protocol":1,"tool":"fake","device":null,"reason":"no CUDA device: fake worker"}\n' "$id"
        else
            printf '{"type":"hello","id":%s,"protocol":1,"tool":"fake","device":{"name":"Fake GPU"}}\n' "$id"
        fi
        ;;
    *'"type":"quit"'*) exit 0 ;;
    *'"type":"run"'*)
        echo "$id" >>"$state/runs"
        printf '%s\n' "$line" >>"$state/requests"
        case "$mode" in
        crash-once)
            if [ ! -e "$state/crashed" ]; then
                : >"$state/crashed"
                printf '{"type":"progress","id":%s,"message":"launching"}\n' "$id"
                echo "fake worker: simulated fault in the kernel" >&2
                kill -SEGV $$
            fi
            ;;
        hang) exec sleep 60 ;;
        error)
            printf '{"type":"error","id":%s,"message":"block=2048 exceeds the device limit of 1024 threads per block"}\n' "$id"
            continue
            ;;
        compile-error)
            printf '{"type":"error","id":%s,"message":"vector_add.cu:30:13: error: identifier \\"x\\" is undefined\\nvector_add.cu:31:5: error: expected a \\";\\"\\nvector_add.cu:28:1: warning: the function was declared but never referenced"}\n' "$id"
            continue
            ;;
        hung-kernel)
            printf '{"type":"error","id":%s,"message":"kernel vector_add did not finish within 1 s: it may never end (a loop whose condition never changes, a barrier some threads never reach)"}\n' "$id"
            exit 3
            ;;
        slow) sleep 0.3 ;;
        esac
        printf '{"type":"progress","id":%s,"message":"verifying against the CPU"}\n' "$id"
        printf '{"type":"result","id":%s,"bytes":%s}\n' "$id" "$(wc -c <"$trace" | tr -d ' ')"
        cat "$trace"
        ;;
    esac
done
