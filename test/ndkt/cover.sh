#!/usr/bin/env bash
# test/ndkt/cover.sh (make ndkt-cover): which lines of ndkt's portable C
# (ndkt/core/*.c, the posix platform layer) the Linux tests execute, by
# gcov, two ways:
#   1. the core's C unit tests (ndkt/test/*_test.c, as ndkt-core-test
#      builds them, here without sanitizers and with --coverage);
#   2. the whole suite through the ndkt driver (cgo: the C core in process,
#      sim behind NDKPI's C ABI), completion=deferred, the default run.
# Prints, per file and in total, the executable lines and the fraction
# executed by each and by either. Reports (the .gcov files) go to
# $OUT (default out/ndkt-cover). Not part of make test: a measurement.
set -euo pipefail
cd "$(dirname "$0")/../.."
GO=${GO:-go}
root=$PWD
out=$(realpath -m "${OUT:-out/ndkt-cover}")
rm -rf "$out"
mkdir -p "$out/unit" "$out/suite"

core="ndkt/core/rc.c ndkt/core/handles.c ndkt/core/ring.c ndkt/core/held.c ndkt/core/cleanup.c ndkt/platform/posix.c"
session="ndkt/core/decode.c ndkt/core/session.c ndkt/core/ops.c ndkt/core/ops_objects.c ndkt/core/ops_connect.c ndkt/core/ops_memory.c ndkt/platform/posix_mem.c ndkt/test/fake_provider.c"
cflags="-std=c11 -O0 -g --coverage -pthread -Indkt/include"

# 1. The unit tests: one object directory per test binary, so that each
# writes its own .gcda files.
for t in platform handles ring held cleanup session; do
	d=$out/unit/$t
	mkdir -p "$d"
	srcs=$core
	[ "$t" = session ] && srcs="$core $session"
	(cd "$d" && gcc $cflags -I"$root/ndkt/include" -o "${t}_test" "$root/ndkt/test/${t}_test.c" $(for s in $srcs; do echo "$root/$s"; done)) >/dev/null
	(cd "$d" && "./${t}_test" >/dev/null)
done

# 2. The suite through ndkt: cgo objects with --coverage in a kept work
# directory, every package rebuilt (-a: from the build cache no object
# and no .gcno would be in it; their .gcda files are written next to them, at each session's
# end: ndkt/inproc/inproc.c with NDKT_GCOV).
work=$(CGO_CFLAGS="-O0 -g --coverage -DNDKT_GCOV" CGO_LDFLAGS="--coverage" $GO build -a -work -o "$out/suite/ndkconform" ./cmd/ndkconform 2>&1 | sed -n 's/^WORK=//p')
"$out/suite/ndkconform" run --driver ndkt --driver-opt device-opts=completion=deferred >"$out/suite/run.log" 2>&1 || true
tail -1 "$out/suite/run.log"

# gcov's per-line counts, as "file:line 0|1" for every executable line.
# gcov reads the sources by the path the compiler was given: absolute for
# the unit tests, relative to ndkt/inproc for cgo (../core/ops.c), so it
# runs there and its .gcov files are moved to $out/gcov-<what>.
lines() { # what objdir [dir gcov runs in; default: each .gcda's own]
	local g d=$out/gcov-$1 at
	mkdir -p "$d"
	find "$2" -name '*.gcda' | while read -r g; do
		at=${3:-$(dirname "$g")}
		mkdir -p "$d/$(basename "$(dirname "$g")")"
		(cd "$at" && gcov -p -o "$(dirname "$g")" "$g" >/dev/null 2>&1 || true
			mv -- *.gcov "$d/$(basename "$(dirname "$g")")/" 2>/dev/null || true)
	done
	find "$d" -name '*.gcov' | while read -r f; do
		src=$(sed -n '1s/^ *-: *0:Source://p' "$f")
		case "$src" in
		*core/*.c | *platform/posix*.c) ;;
		*) continue ;;
		esac
		case "$src" in
		*/ndkt/*) name=ndkt/${src##*/ndkt/} ;;
		../*) name=ndkt/${src#../} ;;
		*) continue ;;
		esac
		awk -F: -v n="$name" 'NF >= 3 && $1 !~ /-/ { c=$1; gsub(/ /,"",c); l=$2; gsub(/ /,"",l); print n ":" l, (c ~ /^#/ ? 0 : 1) }' "$f"
	done
}
lines unit "$out/unit" | sort -u >"$out/unit.lines"
lines suite "$work" "$root/ndkt/inproc" | sort -u >"$out/suite.lines"
rm -rf "$work"
# A line executed by any binary counts once: max over them.
awk '{ k=$1; if (!(k in m) || $2 > m[k]) m[k]=$2 } END { for (k in m) print k, m[k] }' "$out/unit.lines" | sort >"$out/unit.max"
awk '{ k=$1; if (!(k in m) || $2 > m[k]) m[k]=$2 } END { for (k in m) print k, m[k] }' "$out/suite.lines" | sort >"$out/suite.max"
join -a1 -a2 -e0 -o 0,1.2,2.2 "$out/unit.max" "$out/suite.max" | awk '
	{ split($1, a, ":"); f=a[1]; n[f]++; u[f]+=$2; s[f]+=$3; e[f]+=($2||$3); N++; U+=$2; S+=$3; E+=($2||$3) }
	END {
		printf "%-28s %6s %7s %7s %7s\n", "file", "lines", "unit", "suite", "either"
		for (f in n) printf "%-28s %6d %6.1f%% %6.1f%% %6.1f%%\n", f, n[f], 100*u[f]/n[f], 100*s[f]/n[f], 100*e[f]/n[f] | "sort"
		close("sort")
		printf "%-28s %6d %6.1f%% %6.1f%% %6.1f%%\n", "total", N, 100*U/N, 100*S/N, 100*E/N
	}'
