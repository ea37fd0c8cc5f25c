#!/bin/sh
# `cmake --install` into a temporary prefix, then the installed programs run
# from there, away from the source and build trees, and find their files.
# usage: install_tree_test.sh CMAKE BUILD_DIR gui|record-only
set -eu
cmake=$1
# The configured cmake, or the one on PATH where the build tree was made elsewhere.
[ -x "$cmake" ] || cmake=$(command -v cmake) || { echo "install_tree_test: no cmake" >&2; exit 1; }
build=$2
what=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install_tree_test: $*" >&2; exit 1; }

# The recorder's component alone: what a GPU server gets, no Qt program.
"$cmake" --install "$build" --prefix "$work/record" --component record >/dev/null
[ -x "$work/record/bin/warpscope-record" ] || fail "no bin/warpscope-record in the record component"
[ ! -e "$work/record/bin/warpscope" ] || fail "the record component carries the Qt program"
[ -f "$work/record/lib/tmpfiles.d/warpscope.conf" ] || fail "no tmpfiles.d entry for /run/warpscope"
[ -f "$work/record/share/doc/warpscope-record/class-server.md" ] || fail "no class-server.md"
cd "$work"
"$work/record/bin/warpscope-record" list >/dev/null || fail "the installed recorder does not list"
[ "$what" = gui ] || exit 0

prefix=$work/all
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
for f in bin/warpscope bin/warpscope-record share/warpscope/traces/manifest.json \
    share/applications/warpscope.desktop share/icons/hicolor/scalable/apps/warpscope.svg; do
    [ -e "$prefix/$f" ] || fail "$f is not installed"
done
[ ! -e "$prefix/share/warpscope/warpscope.qrc" ] || fail "the qrc file is installed"
grep -q '^Exec=warpscope$' "$prefix/share/applications/warpscope.desktop" || fail "bad Exec line"
grep -q '^Icon=warpscope$' "$prefix/share/applications/warpscope.desktop" || fail "bad Icon line"
trace=$(ls "$prefix"/share/warpscope/traces/*.wstrace | head -n 1)
"$prefix/bin/warpscope-record" info "$trace" >/dev/null || fail "cannot read the installed $trace"

# The window, run from elsewhere, reads the installed traces (not the source tree's).
unset WARPSCOPE_RESOURCES
QT_QPA_PLATFORM=offscreen "$prefix/bin/warpscope" --experiment reduce-single-block \
    --worker /bin/false --screenshot "$work/shot.png" 2>"$work/err" || { cat "$work/err" >&2; fail "warpscope failed"; }
grep -q "bundled traces: $prefix/share/warpscope/traces/manifest.json" "$work/err" ||
    { cat "$work/err" >&2; fail "warpscope did not read the installed traces"; }
[ -s "$work/shot.png" ] || fail "no screenshot"
echo "install_tree_test: $prefix holds both programs, the traces, the .desktop file and the icon; both run from there"
