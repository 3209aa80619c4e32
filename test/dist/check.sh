#!/usr/bin/env bash
# make dist-check: the release build is reproducible and complete. Builds
# make dist twice, into two directories, and compares them byte for byte
# (the binaries, their SBOMs, SHA256SUMS); then checks SHA256SUMS, that
# every target has its binary and SBOM, that each SBOM is CycloneDX JSON
# naming the module at VERSION and the modules the binary links (grpc,
# protobuf), and that the linux/amd64 binary says VERSION (--version).
# Prints each build's wall time and the binaries' sizes. Env: GO, MAKE,
# VERSION (as make passes them); DIST_CHECK_COLD=1: the second build with
# an empty build cache of its own, so that every package is compiled
# again, not taken from the first build's cache (about twice the time: not
# in CI, whose first build is cold already).
set -euo pipefail
cd "$(dirname "$0")/../.."
GO=${GO:-go}
MAKE=${MAKE:-make}
VERSION=${VERSION:?set by make dist-check}
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

for d in a b; do
	start=$(date +%s%N)
	if [ "$d" = b ] && [ "${DIST_CHECK_COLD:-}" = 1 ]; then
		export GOCACHE=$work/gocache
	fi
	"$MAKE" -s dist DIST="$work/$d" VERSION="$VERSION" GO="$GO" >"$work/$d.log" 2>&1 || { cat "$work/$d.log"; exit 1; }
	now=$(date +%s%N)
	ms=$(((now - start) / 1000000))
	printf 'dist-check: make dist into %s: %d.%03d s\n' "$d" $((ms / 1000)) $((ms % 1000))
done

fail=0
bad() { echo "dist-check: FAIL: $*"; fail=1; }

# the same bytes
(cd "$work/a" && find . -type f | LC_ALL=C sort) >"$work/a.files"
(cd "$work/b" && find . -type f | LC_ALL=C sort) >"$work/b.files"
cmp -s "$work/a.files" "$work/b.files" || bad "the two builds made different files: $(diff "$work/a.files" "$work/b.files" | tr '\n' ' ')"
while read -r f; do
	cmp -s "$work/a/$f" "$work/b/$f" || bad "$f differs between the two builds (not reproducible)"
done <"$work/a.files"

# every target, its SBOM, the checksums
want=7
for t in linux_amd64 linux_arm64 windows_amd64.exe; do
	bin=$work/a/ndkconform_${VERSION}_$t
	[ -s "$bin" ] || bad "no binary ndkconform_${VERSION}_$t"
	[ -s "$bin.cdx.json" ] || bad "no SBOM ndkconform_${VERSION}_$t.cdx.json"
	python3 - "$bin.cdx.json" "$VERSION" <<'PY' || bad "SBOM of $t"
import json, sys
b = json.load(open(sys.argv[1]))
assert b["bomFormat"] == "CycloneDX", b.get("bomFormat")
main = b["metadata"]["component"]
assert main["name"] == "github.com/ndkconform/ndkconform", main["name"]
assert main["version"] == sys.argv[2], (main["version"], sys.argv[2])
names = {c["name"] for c in b.get("components", [])}
for m in ("google.golang.org/grpc", "google.golang.org/protobuf"):
    assert m in names, f"{m} not among the SBOM's components"
assert "serialNumber" not in b and "timestamp" not in b["metadata"], "serial number or timestamp: not reproducible"
PY
done
n=$(find "$work/a" -type f | wc -l)
[ "$n" -eq "$want" ] || bad "$n files in dist, want $want (3 binaries, 3 SBOMs, SHA256SUMS)"
[ "$(wc -l <"$work/a/SHA256SUMS")" -eq 6 ] || bad "SHA256SUMS does not list the 6 files"
(cd "$work/a" && sha256sum --quiet -c SHA256SUMS) || bad "SHA256SUMS does not match"

# the version it says, where it runs
if [ "$($GO env GOOS)/$($GO env GOARCH)" = linux/amd64 ]; then
	got=$("$work/a/ndkconform_${VERSION}_linux_amd64" --version)
	case "$got" in
	"ndkconform $VERSION ("*) ;;
	*) bad "--version says '$got', want ndkconform $VERSION" ;;
	esac
fi

ls -l "$work/a" | awk 'NR > 1 { printf "dist-check: %10d %s\n", $5, $9 }'
if [ "$fail" -ne 0 ]; then
	exit 1
fi
echo "dist-check: reproducible: $n files, the same bytes in both builds"
