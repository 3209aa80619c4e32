#!/usr/bin/env bash
# test/ndkt/kill.sh (make test-ndkt, after run.sh): the self-test's kill
# matrix through ndkt, for a sample of sim's broken variants, one or two
# per area. Each variant runs its area's specs (completion=deferred, as
# make selftest) against sim in process and through an agent serving the
# ndkt driver (run --driver remote -> gRPC -> agent --driver ndkt -> the
# C core -> sim behind NDKPI's C ABI), an agent per variant. It must be
# caught in process (a spec fails charged with a rule), and through the
# agent the specs must charge the same set of rules; spec by spec
# differences (a late callback that lands in the next spec) are printed
# with test/rxe/compare-verdicts.sh's count. Reports go to
# out/ndkt/kill/. NDKT_KILL_VARIANTS ("variant:area ...") picks others.
#
# Both legs leave out the endpoint model's two specs (NDKT_KILL_SKIP, a
# --skip regex; empty: none): through the agent each takes 2 to 3.5
# minutes under a variant (its exhaust move makes about 100,000 calls, each
# a round trip with its callbacks), 5 of the sample's 7 minutes, and each
# variant of the sample is caught without them (the same rules but LC-6
# and CR-9, which only the model charges). The models run through the
# agent in run.sh, against the conforming provider.
set -euo pipefail
cd "$(dirname "$0")/../.."
GO=${GO:-go}
out=out/ndkt/kill
mkdir -p "$out"
bin=out/ndkt/ndkconform
[ -x "$bin" ] || $GO build -o "$bin" ./cmd/ndkconform
. test/ndkt/agent.sh
skip=${NDKT_KILL_SKIP-Model of the endpoint}
variants=${NDKT_KILL_VARIANTS:-early-port-release:endpoints late-callback:lifetime sync-call-pending:lifetime disconnect-needs-event:disconnect flush-completes-twice:queues reinvalidate-succeeds:memory}
rc=0
for va in $variants; do
	v=${va%%:*} area=${va#*:}
	t0=$(date +%s)
	"$bin" run --driver sim --driver-opt completion=deferred --driver-opt variant="$v" --label-filter "$area" ${skip:+--skip "$skip"} \
		--junit-report "$out/sim-$v.xml" --json-report "$out/sim-$v.json" >"$out/sim-$v.log" 2>&1 || true
	agent_start "kill-$v" "device-opts=completion=deferred,variant=$v" || { rc=1; continue; }
	"$bin" run --driver remote --driver-opt side-a="$(cat "$out/agent-kill-$v.addr")" --driver-opt token-file="$token" \
		--label-filter "$area" ${skip:+--skip "$skip"} --junit-report "$out/ndkt-$v.xml" --json-report "$out/ndkt-$v.json" >"$out/ndkt-$v.log" 2>&1 || true
	agent_stop
	for f in "$out/sim-$v.json" "$out/ndkt-$v.json"; do
		[ -s "$f" ] || { echo "$v: no report $f:"; tail -5 "${f%.json}.log"; rc=1; continue 2; }
	done
	# Spec by spec the outcomes may differ where the variant's fault is a
	# matter of timing (a late callback lands in one spec or the next):
	# printed, not failed. What must be equal is the set of rules charged.
	verdicts=$(sh test/rxe/compare-verdicts.sh -explained test/ndkt/verdict-diffs.txt "$out/sim-$v.xml" "$out/ndkt-$v.xml" | tail -1) || true
	if ! python3 - "$v" "$out/sim-$v.json" "$out/ndkt-$v.json" <<'PY'
import json, sys
variant, simf, ndktf = sys.argv[1], sys.argv[2], sys.argv[3]
def charged(path):
    r = json.load(open(path))
    out = {}
    for s in r["specs"]:
        if s.get("state") == "failed":
            out[s["name"]] = {v["rule"] for v in s.get("violations") or [] if v.get("rule") and not v.get("setup")}
    return out
sim, ndkt = charged(simf), charged(ndktf)
rs, rn = set().union(*sim.values()), set().union(*ndkt.values())
if not rs:
    print(f"{variant}: not caught in process: no spec failed charged with a rule")
    sys.exit(1)
for name in sorted(set(sim) | set(ndkt)):
    if sim.get(name) != ndkt.get(name):
        print(f"  {variant}: {name[:110]}: {sorted(sim.get(name, []))} in process, {sorted(ndkt.get(name, []))} through the agent (timing; not judged)")
if rs != rn:
    print(f"{variant}: charged {sorted(rs)} in process, {sorted(rn)} through the agent")
    sys.exit(1)
print(f"{variant}: caught the same way through the agent serving ndkt: {sum(1 for c in sim.values() if c)} specs failed in process, {sum(1 for c in ndkt.values() if c)} through it, charged {sorted(rs)} both ways")
PY
	then rc=1; fi
	echo "  ($verdicts; $(( $(date +%s) - t0 )) s)"
done
exit $rc
