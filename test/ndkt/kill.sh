#!/usr/bin/env bash
# test/ndkt/kill.sh (make test-ndkt, after run.sh): the self-test's kill
# matrix through ndkt, for a sample of sim's broken variants, one or two
# per area. Each variant runs its area's specs (completion=deferred, as
# make selftest) against sim in process and through ndkt (the C core,
# sim behind NDKPI's C ABI). It must be caught in process (a spec fails
# charged with one of its rules), and through ndkt every spec must end
# the same (test/rxe/compare-verdicts.sh, but for the differences
# test/ndkt/verdict-diffs.txt explains) and each failed spec be charged
# the same rules. Reports go to out/ndkt/kill/. NDKT_KILL_VARIANTS
# ("variant:area ...") picks others.
set -euo pipefail
cd "$(dirname "$0")/../.."
GO=${GO:-go}
out=out/ndkt/kill
mkdir -p "$out"
bin=out/ndkt/ndkconform
[ -x "$bin" ] || $GO build -o "$bin" ./cmd/ndkconform
variants=${NDKT_KILL_VARIANTS:-early-port-release:endpoints late-callback:lifetime sync-call-pending:lifetime disconnect-needs-event:disconnect flush-completes-twice:queues reinvalidate-succeeds:memory}
rc=0
for va in $variants; do
	v=${va%%:*} area=${va#*:}
	t0=$(date +%s)
	"$bin" run --driver sim --driver-opt completion=deferred --driver-opt variant="$v" --label-filter "$area" \
		--junit-report "$out/sim-$v.xml" --json-report "$out/sim-$v.json" >"$out/sim-$v.log" 2>&1 || true
	"$bin" run --driver ndkt --driver-opt device-opts=completion=deferred,variant="$v" --label-filter "$area" \
		--junit-report "$out/ndkt-$v.xml" --json-report "$out/ndkt-$v.json" >"$out/ndkt-$v.log" 2>&1 || true
	for f in "$out/sim-$v.json" "$out/ndkt-$v.json"; do
		[ -s "$f" ] || { echo "$v: no report $f:"; tail -5 "${f%.json}.log"; rc=1; continue 2; }
	done
	verdicts=$(sh test/rxe/compare-verdicts.sh -explained test/ndkt/verdict-diffs.txt "$out/sim-$v.xml" "$out/ndkt-$v.xml") || {
		echo "$verdicts"; rc=1; }
	if ! python3 - "$v" "$out/sim-$v.json" "$out/ndkt-$v.json" <<'PY'
import json, sys
variant, simf, ndktf = sys.argv[1], sys.argv[2], sys.argv[3]
def charged(path):
    r = json.load(open(path))
    out = {}
    for s in r["specs"]:
        if s.get("state") == "failed":
            out[s["name"]] = sorted({v["rule"] for v in s.get("violations") or [] if v.get("rule") and not v.get("setup")})
    return out
sim, ndkt = charged(simf), charged(ndktf)
caught = [n for n, c in sim.items() if c]
if not caught:
    print(f"{variant}: not caught in process: no spec failed charged with a rule")
    sys.exit(1)
bad = 0
for name in sorted(set(sim) & set(ndkt)):
    if sim[name] != ndkt[name]:
        print(f"{variant}: {name[:120]}: charged {sim[name]} in process, {ndkt[name]} through ndkt")
        bad += 1
print(f"{variant}: {len(caught)} specs failed in process, the same through ndkt with the same rules" if not bad else f"{variant}: {bad} failed specs charged otherwise")
sys.exit(1 if bad else 0)
PY
	then rc=1; fi
	echo "  ($(echo "$verdicts" | tail -1); $(( $(date +%s) - t0 )) s)"
done
exit $rc
