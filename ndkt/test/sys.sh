#!/bin/bash
# sys.sh: builds ndkt.sys (ndkt/mk/sys.mk: mingw-w64, compile and link
# only, nothing runs) and checks the image with mingw-w64's objdump and nm:
#
#   build       make -f ndkt/mk/sys.mk builds it (-Wall -Wextra -Werror)
#   pe32+       a PE32+ image (file format pei-x86-64, Magic 020b)
#   subsystem   Subsystem 1 (native): a kernel-mode image
#   entry       ImageBase + AddressOfEntryPoint is DriverEntry's address
#   imports     every imported DLL is ntoskrnl.exe, HAL.dll or NETIO.SYS
#               (WSK and the IP Helper), ntoskrnl.exe among them
#   relocs      a non-empty base relocation table (the kernel loads a
#               driver wherever it likes)
#   layout      wsk_decl.h's layout of the IP Helper's
#               MIB_UNICASTIPADDRESS_ROW/TABLE and SOCKADDR_INET (its
#               _Static_asserts) holds for mingw-w64's user-mode
#               netioapi.h too
#
# One line per check; a failing check prints what it saw. Exits 1 if any
# fails. From any directory:
#   bash ndkt/test/sys.sh
# Environment: NDKT_OUT (out/ndkt), MAKE, MINGW_PREFIX
# (x86_64-w64-mingw32-); NDKT_SYS=FILE NDKT_SYS_BUILD=0 checks FILE
# without building (how each check is shown to fail: ndkt/README.md).
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
prefix=${MINGW_PREFIX:-x86_64-w64-mingw32-}
out=${NDKT_OUT:-out/ndkt}
sys=${NDKT_SYS:-$out/ndkt.sys}
make=${MAKE:-make}
allowed="ntoskrnl.exe hal.dll netio.sys"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ndkt-sys.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() { # name, message, log
	echo "$1: FAIL, $2"
	if [ -n "${3:-}" ] && [ -s "$3" ]; then sed 's/^/    /' "$3" | head -40; fi
	failed=1
}

# build
if [ "${NDKT_SYS_BUILD:-1}" != 0 ]; then
	if ! command -v "${prefix}gcc" >/dev/null 2>&1; then
		fail build "${prefix}gcc not found"
		exit 1
	fi
	if nice -n 10 "$make" -s -f ndkt/mk/sys.mk NDKT_OUT="$out" "$out/ndkt.sys" >"$tmp/build.log" 2>&1 &&
		[ -s "$sys" ]; then
		echo "build: ok, $sys ($(wc -c <"$sys") bytes), $("${prefix}gcc" -dumpversion) -std=c11 -Wall -Wextra -Werror -pedantic"
	else
		fail build "make -f ndkt/mk/sys.mk $out/ndkt.sys" "$tmp/build.log"
		exit 1
	fi
fi
if [ ! -s "$sys" ]; then
	fail image "$sys: no such file"
	exit 1
fi
"${prefix}objdump" -p "$sys" >"$tmp/p.txt" 2>"$tmp/p.err"

field() { # NAME: the first word after NAME in objdump -p's header
	awk -v k="$1" '$1 == k { print $2; exit }' "$tmp/p.txt"
}

# pe32+
fmt=$(sed -n 's/.*file format \([^ ]*\).*/\1/p' "$tmp/p.txt" | head -1)
magic=$(field Magic)
if [ "$fmt" = pei-x86-64 ] && [ "$magic" = 020b ]; then
	echo "pe32+: ok, file format $fmt, Magic $magic (PE32+)"
else
	fail pe32+ "file format '${fmt}', Magic '${magic}' (want pei-x86-64, 020b)" "$tmp/p.err"
fi

# subsystem
sub=$(field Subsystem)
if [ -n "$sub" ] && [ $((16#$sub)) -eq 1 ]; then
	echo "subsystem: ok, $sub ($(grep -m1 '^Subsystem' "$tmp/p.txt" | sed 's/.*(\(.*\))/\1/'))"
else
	fail subsystem "Subsystem '${sub}' (want 1, native)"
fi

# entry
base=$(field ImageBase)
rva=$(field AddressOfEntryPoint)
sym=$("${prefix}nm" "$sys" 2>/dev/null | awk '$3 == "DriverEntry" && ($2 == "T" || $2 == "t") { print $1; exit }')
if [ -n "$base" ] && [ -n "$rva" ] && [ -n "$sym" ] && [ $((16#$base + 16#$rva)) -eq $((16#$sym)) ]; then
	echo "entry: ok, ImageBase $base + AddressOfEntryPoint $rva = DriverEntry ($sym)"
else
	fail entry "ImageBase '${base}' + AddressOfEntryPoint '${rva}' is not DriverEntry's address '${sym}'"
fi

# imports
awk '/DLL Name:/ { dll = $3; n[dll] = 0; order[++k] = dll; next }
	dll != "" && NF >= 3 && $1 ~ /^[0-9a-f]+$/ && $2 ~ /^[0-9]+$/ { n[dll]++ }
	/^$/ { dll = "" }
	END { for (i = 1; i <= k; i++) print order[i], n[order[i]] }' "$tmp/p.txt" >"$tmp/imports"
bad=""
list=""
has_ntos=0
while read -r dll count; do
	lc=$(echo "$dll" | tr 'A-Z' 'a-z')
	list="$list $dll ($count)"
	[ "$lc" = ntoskrnl.exe ] && has_ntos=1
	case " $allowed " in
	*" $lc "*) ;;
	*) bad="$bad $dll" ;;
	esac
done <"$tmp/imports"
if [ ! -s "$tmp/imports" ]; then
	fail imports "no import directory read"
elif [ -n "$bad" ]; then
	fail imports "imports from${bad} (allowed: $allowed); all:$list"
elif [ "$has_ntos" != 1 ]; then
	fail imports "nothing from ntoskrnl.exe; all:$list"
else
	echo "imports: ok,$list"
fi

# relocs
relsize=$(awk '/Base Relocation Directory/ { print $4; exit }' "$tmp/p.txt")
if [ -n "$relsize" ] && [ $((16#$relsize)) -gt 0 ]; then
	echo "relocs: ok, base relocation directory of $((16#$relsize)) bytes"
else
	fail relocs "no base relocation directory (size '${relsize}')"
fi

# layout: wsk_decl.h's asserts, against mingw-w64's user-mode headers.
decl=ndkt/windows/wsk_decl.h
{
	printf '#include <winsock2.h>\n#include <ws2ipdef.h>\n#include <iphlpapi.h>\n#include <stddef.h>\n'
	grep '^_Static_assert(.*\(MIB_UNICASTIPADDRESS\|SOCKADDR\)' "$decl" | sed 's/NDKT_SOCKADDR_IN6/SOCKADDR_IN6/g'
} >"$tmp/layout.c"
nasserts=$(grep -c '^_Static_assert' "$tmp/layout.c")
if [ "$nasserts" -lt 6 ]; then
	fail layout "only $nasserts _Static_asserts read from $decl"
elif "${prefix}gcc" -std=c11 -Wall -Wextra -Werror -pedantic -c "$tmp/layout.c" -o "$tmp/layout.o" >"$tmp/layout.log" 2>&1; then
	echo "layout: ok, the $nasserts layout asserts of $decl hold for mingw-w64's user-mode netioapi.h"
else
	fail layout "$decl's layout differs from mingw-w64's user-mode netioapi.h" "$tmp/layout.log"
fi

exit "$failed"
