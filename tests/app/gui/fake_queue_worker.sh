#!/bin/bash
# A stand-in for a protocol 2 `warpscope-record serve` whose runs wait for the
# GPU behind other users' runs.
# usage: fake_queue_worker.sh TRACE STATEDIR
# A run request waits with 2 runs ahead. Each time the test creates
# STATEDIR/advance the queue moves by one; at 0 the run answers with TRACE.
# A newer run replaces the waiting one and keeps its place; `cancel` ends it.
# Every request is logged to STATEDIR/log ("run ID supersede=0|1", "cancel ID").
trace=$1
state=$2
pending=""
ahead=0
queued() { printf '{"type":"queued","id":%s,"ahead":%s}\n' "$pending" "$ahead"; }
while true; do
    if IFS= read -r -t 0.05 line; then
        id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
        case "$line" in
        *'"type":"hello"'*)
            printf '{"type":"hello","id":%s,"protocol":2,"tool":"fake","device":{"name":"Fake GPU"}}\n' "$id"
            ;;
        *'"type":"quit"'*) exit 0 ;;
        *'"type":"cancel"'*)
            echo "cancel $id" >>"$state/log"
            if [ "$id" = "$pending" ]; then
                printf '{"type":"cancelled","id":%s,"reason":"cancelled"}\n' "$id"
                pending=""
            fi
            ;;
        *'"type":"run"'*)
            case "$line" in *'"supersede":true'*) sup=1 ;; *) sup=0 ;; esac
            echo "run $id supersede=$sup" >>"$state/log"
            if [ -n "$pending" ]; then
                printf '{"type":"cancelled","id":%s,"reason":"replaced by a newer request"}\n' "$pending"
            else
                ahead=2
            fi
            pending=$id
            queued
            ;;
        esac
    elif [ $? -gt 128 ]; then # no request for 50 ms
        if [ -n "$pending" ] && [ -e "$state/advance" ]; then
            rm -f "$state/advance"
            ahead=$((ahead - 1))
            if [ "$ahead" -gt 0 ]; then
                queued
            else
                printf '{"type":"progress","id":%s,"message":"running"}\n' "$pending"
                printf '{"type":"result","id":%s,"bytes":%s}\n' "$pending" "$(wc -c <"$trace" | tr -d ' ')"
                cat "$trace"
                pending=""
            fi
        fi
    else
        exit 0 # stdin closed
    fi
done
