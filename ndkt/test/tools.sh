#!/usr/bin/env bash
# ndkt/test/tools.sh: the C tool chain ndkt's tests need (make ndkt-test,
# make ndkt-fuzz): gcc with AddressSanitizer, UBSan and ThreadSanitizer,
# clang with libFuzzer, and mingw-w64's x86_64 cross compiler with its DDK
# headers. A missing one is installed from Debian's packages when this runs
# as root with apt-get (as CI does); otherwise it says what to install and
# fails.
set -euo pipefail

pkgs=()
command -v gcc >/dev/null || pkgs+=(gcc libc6-dev)
command -v clang >/dev/null || pkgs+=(clang)
command -v x86_64-w64-mingw32-gcc >/dev/null || pkgs+=(gcc-mingw-w64-x86-64)
# libFuzzer and clang's sanitizer runtimes (Debian 12: libclang-rt-14-dev)
if command -v clang >/dev/null; then
	printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"${TMPDIR:-/tmp}/ndkt-fuzz-probe.c"
	clang -fsanitize=fuzzer "${TMPDIR:-/tmp}/ndkt-fuzz-probe.c" -o "${TMPDIR:-/tmp}/ndkt-fuzz-probe" 2>/dev/null ||
		pkgs+=("libclang-rt-$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)-dev")
	rm -f "${TMPDIR:-/tmp}/ndkt-fuzz-probe.c" "${TMPDIR:-/tmp}/ndkt-fuzz-probe"
else
	pkgs+=(libclang-rt-14-dev)
fi
[ ${#pkgs[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	echo "ndkt: installing ${pkgs[*]}"
	apt-get install -y --no-install-recommends "${pkgs[@]}" >/dev/null 2>&1 ||
		{ apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends "${pkgs[@]}" >/dev/null 2>&1; } ||
		{ echo "ndkt: apt-get install ${pkgs[*]} failed" >&2; exit 1; }
	exit 0
fi
echo "ndkt: the C tests need ${pkgs[*]} (Debian: apt-get install ${pkgs[*]})" >&2
exit 1
