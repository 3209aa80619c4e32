#!/bin/sh
# header.sh: builds ndkt/test/header_test.c against ndkt/include/ndkpi.h in
# both environments ndkpi.h supports, checks ndkpi.h's guard against
# mingw-w64's ndkinfo.h, and checks ndkt_wintypes.h's NTSTATUS values against
# mingw-w64's ntstatus.h.
#
#   gcc   -std=c11 -Wall -Wextra -Werror -pedantic   ndkt_wintypes.h, then run
#   clang -std=c11 -Wall -Wextra -Werror -pedantic   ndkt_wintypes.h, then run
#   x86_64-w64-mingw32-gcc -std=c11 -Wall -Wextra -Werror -pedantic -c
#         -DNDKT_HAVE_WDK_TYPES                      mingw-w64 kernel headers,
#                                                    compile only (a Windows object)
#
# One line per step; a failing step prints its compiler or test output after
# its line. Exits 1 if any step fails; a missing compiler is a failure, not a
# skip. Override the compilers with GCC=, CLANG=, MINGW=.
set -u

here=$(cd "$(dirname "$0")" && pwd)
inc="$here/../include"
src="$here/header_test.c"
GCC=${GCC:-gcc}
CLANG=${CLANG:-clang}
MINGW=${MINGW:-x86_64-w64-mingw32-gcc}
flags="-std=c11 -Wall -Wextra -Werror -pedantic"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ndkt-header.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0

version() { "$1" -dumpfullversion 2>/dev/null || "$1" -dumpversion 2>/dev/null || echo "?"; }

fail() { # name, message, log
    echo "$1: FAIL, $2"
    if [ -s "$3" ]; then sed 's/^/    /' "$3"; fi
    failed=1
}

# compile_and_run NAME COMPILER: compile on the shim, run the program.
compile_and_run() {
    name=$1 cc=$2
    if ! command -v "$cc" >/dev/null 2>&1; then
        echo "$name: FAIL, $cc not found"
        failed=1
        return
    fi
    # shellcheck disable=SC2086
    if ! "$cc" $flags -I"$inc" "$src" -o "$tmp/$name" >"$tmp/$name.log" 2>&1; then
        fail "$name" "$cc $(version "$cc") does not compile header_test.c ($flags)" "$tmp/$name.log"
        return
    fi
    "$tmp/$name" >"$tmp/$name.run" 2>&1
    rc=$?
    if [ "$rc" -ne 0 ]; then
        fail "$name" "header_test (built with $cc $(version "$cc")) exited $rc" "$tmp/$name.run"
        return
    fi
    echo "$name: ok, $cc $(version "$cc") $flags, ndkt_wintypes.h; header_test ran, exit 0"
}

compile_and_run gcc "$GCC"
compile_and_run clang "$CLANG"

# mingw-w64: kernel headers, compile only.
if ! command -v "$MINGW" >/dev/null 2>&1; then
    echo "mingw: FAIL, $MINGW not found"
    failed=1
else
    # shellcheck disable=SC2086
    if "$MINGW" $flags -DNDKT_HAVE_WDK_TYPES -I"$inc" -c "$src" -o "$tmp/header_test.o" >"$tmp/mingw.log" 2>&1; then
        echo "mingw: ok, $MINGW $(version "$MINGW") $flags -c -DNDKT_HAVE_WDK_TYPES, <ddk/wdm.h>; compiled only"
    else
        fail mingw "$MINGW $(version "$MINGW") does not compile header_test.c (-DNDKT_HAVE_WDK_TYPES)" "$tmp/mingw.log"
    fi

    # mingw-w64's ndkinfo.h (no RdmaTechnology): a later #include is a
    # no-op, an earlier one is refused with #error.
    printf '#include "ndkpi.h"\n#include <ndkinfo.h>\nint f(NDK_ADAPTER_INFO *i);\nint f(NDK_ADAPTER_INFO *i) { return (int)i->RdmaTechnology; }\n' >"$tmp/after.c"
    printf '#include <ddk/wdm.h>\n#include <ndkinfo.h>\n#include "ndkpi.h"\n' >"$tmp/before.c"
    # shellcheck disable=SC2086
    if ! "$MINGW" $flags -DNDKT_HAVE_WDK_TYPES -I"$inc" -c "$tmp/after.c" -o "$tmp/after.o" >"$tmp/after.log" 2>&1; then
        fail ndkinfo "<ndkinfo.h> after ndkpi.h does not compile" "$tmp/after.log"
    elif "$MINGW" $flags -DNDKT_HAVE_WDK_TYPES -I"$inc" -c "$tmp/before.c" -o "$tmp/before.o" >"$tmp/before.log" 2>&1 ||
        ! grep -q 'an ndkinfo.h is already included' "$tmp/before.log"; then
        fail ndkinfo "<ndkinfo.h> before ndkpi.h is not refused by its #error" "$tmp/before.log"
    else
        echo "ndkinfo: ok, mingw-w64's <ndkinfo.h> after ndkpi.h is a no-op, before it is refused"
    fi

    # ndkt_wintypes.h's STATUS_* values against mingw-w64's ntstatus.h.
    printf '#include <ntstatus.h>\n' | "$MINGW" -E -dM -x c - 2>"$tmp/ntstatus.log" |
        sed -n 's/^#define \(STATUS_[A-Z0-9_]*\) ((NTSTATUS)\(0x[0-9A-Fa-f]*\)).*/\1 \2/p' |
        tr 'a-f' 'A-F' | sed 's/^\(STATUS_[A-Z0-9_]*\) 0X/\1 0x/' | sort >"$tmp/mingw.codes"
    sed -n 's/^#define \(STATUS_[A-Z0-9_]*\) ((NTSTATUS)\(0x[0-9A-Fa-f]*\)).*/\1 \2/p' "$inc/ndkt_wintypes.h" |
        tr 'a-f' 'A-F' | sed 's/^\(STATUS_[A-Z0-9_]*\) 0X/\1 0x/' | sort >"$tmp/shim.codes"
    n=$(wc -l <"$tmp/shim.codes")
    if [ ! -s "$tmp/mingw.codes" ] || [ "$n" -eq 0 ]; then
        fail ntstatus "no STATUS_ codes read (mingw-w64's ntstatus.h: $(wc -l <"$tmp/mingw.codes"), ndkt_wintypes.h: $n)" "$tmp/ntstatus.log"
    else
        comm -23 "$tmp/shim.codes" "$tmp/mingw.codes" >"$tmp/ntstatus.diff"
        if [ -s "$tmp/ntstatus.diff" ]; then
            fail ntstatus "ndkt_wintypes.h codes absent from or different in mingw-w64's ntstatus.h" "$tmp/ntstatus.diff"
        else
            echo "ntstatus: ok, all $n STATUS_ codes of ndkt_wintypes.h equal mingw-w64's ntstatus.h"
        fi
    fi
fi

exit "$failed"
