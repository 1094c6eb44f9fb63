#!/bin/sh
# Builds the element data-path fuzzer (fuzz/FuzzElements.swift) standalone with swiftc and clang,
# not through SwiftPM (so it stays out of `swift build` and `make test`):
#
#   fuzz/build-elements.sh            -> $FUZZ_WORK/fuzz-elements   (default .build/fuzz-elements)
#
# Modules are compiled in dependency order (TimeWarpMap, CWarpSIMD (C), TimeWarpAudioCore, CShims (C), SpillStore,
# GstTimeWarp, then the fuzzer) with libFuzzer coverage and AddressSanitizer, in Swift 6 mode as
# in Package.swift. Set FUZZ_SANITIZE=fuzzer to build without AddressSanitizer (about 2x faster,
# but out-of-bounds reads and writes are then not reported).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
# The sources under test: this checkout, or another one (FUZZ_SOURCE_ROOT=/path/to/checkout) to
# replay findings against newer code with the same fuzzer.
src=${FUZZ_SOURCE_ROOT:-$root}/Sources
work=${FUZZ_WORK:-$root/.build/fuzz-elements}
sanitize=${FUZZ_SANITIZE:-fuzzer,address}
toolchain=/opt/swift/usr/bin
swiftc=${SWIFTC:-$(command -v swiftc 2>/dev/null || echo $toolchain/swiftc)}
clang=${CLANG:-$(dirname "$swiftc")/clang}
[ -x "$clang" ] || clang=$(command -v clang)
nice=${FUZZ_NICE:-nice -n 10}
csanitize=$(echo "$sanitize" | sed 's/fuzzer/fuzzer-no-link/')

pkgs="gstreamer-1.0 gstreamer-base-1.0 gstreamer-video-1.0 gstreamer-audio-1.0 gstreamer-check-1.0 gstreamer-app-1.0 gstreamer-controller-1.0"
cflags=$(pkg-config --cflags $pkgs)
libs=$(pkg-config --libs $pkgs)
xcc=""
for f in $cflags; do xcc="$xcc -Xcc $f"; done

mkdir -p "$work/obj" "$work/mod/CShims" "$work/mod/CFuzzGst" "$work/mod/CWarpSIMD" "$work/mod/CWarpFlowAPI"
# frame-mode=flow's types and function table only: the flow module (OpenCV) is loaded at run time.
cat > "$work/mod/CWarpFlowAPI/module.modulemap" <<MAP
module CWarpFlowAPI {
    header "$src/CWarpFlowAPI/include/CWarpFlowAPI.h"
    export *
}
MAP
cat > "$work/mod/CWarpSIMD/module.modulemap" <<MAP
module CWarpSIMD {
    header "$src/CWarpSIMD/include/warp_simd.h"
    header "$src/CWarpSIMD/include/warp_blend.h"
    export *
}
MAP
cat > "$work/mod/CShims/module.modulemap" <<MAP
module CShims {
    header "$src/CShims/include/CShims.h"
    export *
}
MAP
cat > "$work/mod/CFuzzGst/module.modulemap" <<MAP
module CFuzzGst [system] {
    header "$here/elements/shim.h"
    link "gstcontroller-1.0"
    export *
}
MAP

common="-swift-version 6 -parse-as-library -O -g -wmo -num-threads 0 -package-name gst_timewarp
    -sanitize=$sanitize -I $work/mod -I $work/mod/CShims -I $work/mod/CFuzzGst -I $work/mod/CWarpSIMD -I $work/mod/CWarpFlowAPI
    -I $src/CGStreamer -I $src/CGStreamerCheck $xcc"

# module NAME SOURCES...: one object file and one .swiftmodule per module.
module() {
    name=$1; shift
    if [ -f "$work/obj/$name.o" ] && [ -z "$(find "$@" "$0" -newer "$work/obj/$name.o" | head -1)" ]; then
        return 0   # up to date
    fi
    echo "swiftc $name" >&2
    # shellcheck disable=SC2086
    $nice "$swiftc" $common -module-name "$name" -emit-module \
        -emit-module-path "$work/mod/$name.swiftmodule" -c "$@" -o "$work/obj/$name.o"
}

module TimeWarpMap $(find "$src/TimeWarpMap" -name '*.swift' | sort)
for c in "$src"/CWarpSIMD/*.c; do
    o="$work/obj/CWarpSIMD_$(basename "$c" .c).o"
    [ -f "$o" ] && [ -z "$(find "$c" "$src"/CWarpSIMD/*.h "$src"/CWarpSIMD/include/*.h "$0" -newer "$o" | head -1)" ] && continue
    echo "clang $(basename "$c")" >&2
    # shellcheck disable=SC2086
    $nice "$clang" -O2 -g -fPIC -fsanitize=$csanitize -I "$src/CWarpSIMD/include" -c "$c" -o "$o"
done
module TimeWarpAudioCore $(find "$src/TimeWarpAudioCore" -name '*.swift' | sort)
for c in "$src"/CShims/*.c; do
    o="$work/obj/CShims_$(basename "$c" .c).o"
    [ -f "$o" ] && [ -z "$(find "$c" "$src"/CShims/*.h "$src"/CShims/include/*.h "$0" -newer "$o" | head -1)" ] && continue
    echo "clang $(basename "$c")" >&2
    # shellcheck disable=SC2086
    $nice "$clang" -O1 -g -fPIC -fsanitize=$csanitize \
        -I "$src/CShims/include" $cflags -c "$c" -o "$work/obj/CShims_$(basename "$c" .c).o"
done
for c in "$here"/elements/*.c; do
    # shellcheck disable=SC2086
    $nice "$clang" -O1 -g -fPIC -c "$c" -o "$work/obj/fuzz_$(basename "$c" .c).o"
done
module SpillStore $(find "$src/SpillStore" -name '*.swift' | sort)
module GStreamerBinding $(find "$src/GStreamerBinding" -name '*.swift' | sort)
module GstTimeWarp $(find "$src/GstTimeWarp" -name '*.swift' | sort)

echo "swiftc fuzz-elements" >&2
# shellcheck disable=SC2086
$nice "$swiftc" $common -module-name FuzzElements "$here/FuzzElements.swift" "$work/obj/"*.o \
    $libs -use-ld=lld -o "$work/fuzz-elements"
echo "$work/fuzz-elements"
