# test/rxe/agents.sh: phase 2 of `make test-rxe`, sourced by run.sh after
# phase 1 (the in-process rxe run) has been judged: the same suite through
# two agents, one per host, with the harness on a third machine.
#
# Why two guests. rdma_rxe of the guest's kernel (Debian's 6.1, and 6.12
# too) opens its UDP socket and looks up its routes in the initial network
# namespace only: an rxe device whose network device is in another
# namespace sends nothing that arrives (rping across two namespaces, each
# with its rxe on one end of a veth pair, fails with
# RDMA_CM_EVENT_UNREACHABLE; moving the veth after `rdma link add` deletes
# the rxe device; `rdma dev set rxeA netns nsA` is refused). Per-namespace
# rxe sockets came to the kernel much later (f1327abd6abe "RDMA/rxe:
# Support RDMA link creation and destruction per net namespace"), in no
# kernel Debian 12 offers. So each host is a guest of its own:
#
#   guest a: rxe0 on data0 (10.99.0.1, fd99::1), agent on ctl0 10.98.0.11:7700
#   guest b: rxe0 on data0 (10.99.0.2, fd99::2), agent on ctl0 10.98.0.12:7700
#   data network: data0 of a <-> data0 of b, a qemu dgram netdev over two
#     unix sockets (nothing else on it)
#   message network (AGENTS_CTL=tap, the default): a private network
#     namespace on this machine (unshare) with bridge br0 10.98.0.1/24 and
#     the guests' taps; the harness runs in it (nsenter). Nothing of it is
#     seen outside, and it goes away with its last process. Where that is
#     not possible (not root, no /dev/net/tun), or with AGENTS_CTL=user:
#     each ctl0 on a qemu user-mode network (restrict=on), port 7700
#     forwarded to 127.0.0.1:PORT. User-mode networking costs: qemu's main
#     thread ran at 100% of a core with the model spec through it.
#   harness: ndkconform run --driver remote, side-a= and side-b= the two
#     agents, one token file; the agents listen with --insecure-plaintext
#     (a closed network: the bridge, or restrict=on)
#
# Fault injection (faults=tc) runs in the agent whose host owns the
# address, on data0: it never cuts the message network.
#
# The data wire (every frame through both guests' qemu main threads) is
# slower than phase 1's veth: an 8 MiB RDMA Read of DS-5's spec took 1-5 s
# at MTU 1500, against 0.5 s, at times long enough for rxe's retransmit
# timer (completer retries; no drops in data0's or rxe's counters), and
# 0.9-4.4 s at MTU 9000 (rxe then sends 4 KiB packets). NdkDisconnect
# waits for it at most as long as the disconnect lasts, so the agents run
# at MTU 9000 (AGENT_MTU) with disconnect-timeout=8s (run.sh). Before rxe
# waited that long (it capped the wait at 2 s), both DS-5 Read specs failed
# here.
#
# Each guest runs test/rxe/init.sh with ROLE=agent HOST=a|b; the host
# stops it with a line "stop" on its serial input, and it then sends its
# agent's log, peak memory and kernel log back on the console.
#
# Which specs: LABEL_FILTER and AGENTS_FILTER (run.sh). Every call through
# an agent is a round trip into an emulated guest (about 1000 packets/s
# each way on the message network, qemu's main thread and the vCPU busy).
# Measured with the default budgets: CR-11's spec (2^17 PD creates and
# their closes, skipped as not observable in phase 1 as rxe never runs out)
# about 14 minutes instead of 26 s, each model spec more than 10 minutes
# instead of 1, the two port-range specs of each family 65-85 s instead of
# 8-22; the other specs run at about phase 1's speed. So by default phase 2
# leaves out CR-11's spec alone and runs the model specs with
# AGENT_MODEL_SEQUENCES sequences; the comparison covers the specs of both
# runs.
#
# With STRESS=1, after the suite the harness runs `ndkconform stress
# --driver remote` through the same two agents (STRESS_WORKERS,
# STRESS_DURATION), judged by test/rxe/judge -stress with the waivers as
# phase 1's stress run is; its failure fails the phase.
#
# Outputs in $OUT: junit-agents.xml, report-agents.json,
# ndkconform-agents.log (the harness), stress-agents.json and
# stress-agents.log (the stress run), agent-a.log, agent-b.log,
# dmesg-agent-a.txt, dmesg-agent-b.txt, net-agent-a.txt, net-agent-b.txt
# (data0's and rxe0's counters), console-agent-a.log, console-agent-b.log,
# verdicts-diff.txt (the comparison).
#
# Verdict: the phase fails if the agents do not come up, if the harness
# writes no JUnit or JSON report, if the judge (test/rxe/judge on
# report-agents.json: ndkconform's own judgement with the same waivers as
# phase 1) does not pass it, or if a spec's outcome (the status attribute
# of the JUnit testcases, the outcome.State: passed, failed, skipped,
# interrupted, not run) differs from phase 1's and
# test/rxe/verdict-diffs.txt does not explain it (compare-verdicts.sh on
# junit.xml and junit-agents.xml). agents_phase returns the judge's status
# when it is not 0 (1 fail, 3 a harness or lab fault, 130 interrupted), 1
# for any other failure.
#
# Uses run.sh's: bin kdir kver OUT here GUEST_TIMEOUT SPEC_TIMEOUT
# LABEL_FILTER AGENTS_FILTER AGENT_MODEL_SEQUENCES AGENTS_CTL DEADLINE
# AGENT_MEM AGENT_SMP
# log.
# shellcheck shell=bash disable=SC2154

# free_port: a TCP port nobody listens on at 127.0.0.1 (qemu fails to
# start if it is taken meanwhile; the phase then fails and says so).
free_port() {
	local p _
	for _ in $(seq 50); do
		p=$((20000 + RANDOM % 40000))
		ss -Htln "sport = :$p" 2>/dev/null | grep -q . || {
			echo "$p"
			return 0
		}
	done
	return 1
}

# extract_block CONSOLE NAME FILE: decode the block NAME of a console log.
extract_block() {
	awk -v n="$2" '$0 == "=====BEGIN " n "=====" {on=1; next} $0 == "=====END " n "=====" {on=0} on' "$1" |
		base64 -d 2>/dev/null | gunzip >"$3" 2>/dev/null || { rm -f "$3"; return 1; }
	[ -s "$3" ] || { rm -f "$3"; return 1; }
}

# ctl_netns: a private network namespace for the message network (its
# holder process's), with bridge br0 10.98.0.1/24 and the guests' taps tapa
# and tapb on it. Sets ns (the nsenter command that runs a command in it)
# and ns_holder; returns 1 if this machine cannot (no unshare, no
# /dev/net/tun, not root).
ctl_netns() {
	local i x
	[ -c /dev/net/tun ] || return 1
	command -v unshare >/dev/null && command -v nsenter >/dev/null || return 1
	unshare --net sleep 1000000 >/dev/null 2>&1 &
	ns_holder=$!
	for i in $(seq 50); do
		[ "$(readlink "/proc/$ns_holder/ns/net" 2>/dev/null)" != "$(readlink /proc/self/ns/net)" ] && break
		kill -0 "$ns_holder" 2>/dev/null || return 1
		[ "$i" = 50 ] && return 1
		sleep 0.1
	done
	ns=(nsenter "--net=/proc/$ns_holder/ns/net")
	"${ns[@]}" ip link set lo up &&
		"${ns[@]}" ip link add br0 type bridge &&
		"${ns[@]}" ip addr add 10.98.0.1/24 dev br0 &&
		"${ns[@]}" ip link set br0 up || return 1
	for x in a b; do
		"${ns[@]}" ip tuntap add "tap$x" mode tap &&
			"${ns[@]}" ip link set "tap$x" master br0 &&
			"${ns[@]}" ip link set "tap$x" up || return 1
	done
}

# agent_guest X N OTHER: boots host X (a or b; N 1 or 2) in the
# background, its serial input the FIFO $atmp/X.in. Its control NIC is tap
# tapX in the private namespace (ctl=tap), or a user-mode network whose
# port 7700 is forwarded to 127.0.0.1:$port_X (ctl=user). Sets agent_pid_X.
agent_guest() {
	local x=$1 n=$2 other=$3 ctlnet run=() port=port_$1
	if [ "$ctl" = tap ]; then
		ctlnet="tap,id=ctl,ifname=tap$x,script=no,downscript=no"
		run=("${ns[@]}")
	else
		ctlnet="user,id=ctl,net=10.98.0.0/24,restrict=on,hostfwd=tcp:127.0.0.1:${!port}-10.98.0.1$n:7700"
	fi
	timeout -k 10 "$DEADLINE" "${run[@]}" qemu-system-x86_64 -accel tcg -cpu max -m "$AGENT_MEM" -smp "$AGENT_SMP" \
		-nographic -no-reboot -nic none -monitor none -serial stdio \
		-netdev "dgram,id=data,local.type=unix,local.path=$atmp/$x.sock,remote.type=unix,remote.path=$atmp/$other.sock" \
		-device "virtio-net-pci,netdev=data,mac=52:54:00:99:00:0$n" \
		-netdev "$ctlnet" -device "virtio-net-pci,netdev=ctl,mac=52:54:00:98:00:0$n" \
		-kernel "$kdir/boot/vmlinuz-$kver" -initrd "$OUT/initramfs.cpio.gz" \
		-append "console=ttyS0 panic=-1 quiet loglevel=3 ROLE=agent HOST=$x" \
		<"$atmp/$x.in" >"$OUT/console-agent-$x.log" 2>&1 {fda}>&- {fdb}>&- &
	eval "agent_pid_$x=\$!"
}

# agents_cleanup: the guests killed if still running, the namespace's
# holder too (the namespace goes with its last process), the sockets
# removed.
agents_cleanup() {
	local p
	for p in ${agent_pid_a:-} ${agent_pid_b:-} ${ns_holder:-}; do
		kill "$p" 2>/dev/null || true
	done
	[ -n "${atmp:-}" ] && rm -rf "$atmp"
}

# wait_pids DEADLINE PID...: wait until every PID has exited or DEADLINE
# (seconds) passed; returns 1 on the deadline.
wait_pids() {
	local end=$(($(date +%s) + $1)) p alive
	shift
	while :; do
		alive=0
		for p in "$@"; do
			kill -0 "$p" 2>/dev/null && alive=1
		done
		[ $alive = 0 ] && return 0
		[ "$(date +%s)" -ge $end ] && return 1
		sleep 1
	done
}

# agents_phase: phase 2 after phase 1: its run and its comparison.
agents_phase() {
	local v c
	agents_run
	v=$?
	agents_compare
	c=$?
	[ $c -ne 0 ] && [ $v -eq 0 ] && v=$c
	return $v
}

# agents_run: the agents booted, the suite run through them, its report
# judged; phase 1 need not have ended (run.sh runs the two side by side
# by default, this in a subshell), agents_compare compares them
# afterwards. Returns the judge's status, 1 for any other failure.
agents_run() {
	local t0 fda fdb x ready end rc verdict=0 hrc side_a side_b
	t0=$(date +%s)
	log "phase 2: the suite through two agents, one per host (AGENTS=0 turns it off)"
	if ! "$bin" help agent >/dev/null 2>&1; then
		log "phase 2: FAIL: this ndkconform has no agent command (ndkconform help agent fails)"
		return 1
	fi
	rm -f "$OUT"/junit-agents.xml "$OUT"/report-agents.json
	# the selection: LABEL_FILTER and AGENTS_FILTER; specs phase 1 ran and
	# phase 2 did not select are no difference (agents_compare)
	local filter=$LABEL_FILTER n
	if [ "$AGENTS_FILTER" != all ]; then
		filter="($AGENTS_FILTER)${LABEL_FILTER:+ && ($LABEL_FILTER)}"
	fi
	n=$("$bin" run --driver sim --dry-run ${filter:+--label-filter "$filter"} 2>/dev/null |
		sed -n 's/^\([0-9]*\) selected, .*/\1/p')
	if [ "${n:-0}" = 0 ]; then
		log "phase 2: skipped: no spec matches label filter '$filter' (LABEL_FILTER and AGENTS_FILTER; AGENTS_FILTER=all takes LABEL_FILTER alone)"
		return 0
	fi
	log "phase 2: $n specs (label filter '${filter:-none}')"
	rm -f "$OUT"/junit-agents.xml "$OUT"/report-agents.json "$OUT"/ndkconform-agents.log \
		"$OUT"/agent-[ab].log "$OUT"/dmesg-agent-[ab].txt "$OUT"/net-agent-[ab].txt "$OUT"/verdicts-diff.txt
	atmp=$(mktemp -d /tmp/ndkrxe.XXXXXX)
	agent_pid_a="" agent_pid_b="" ns_holder="" ns=()
	trap agents_cleanup EXIT
	ctl=$AGENTS_CTL
	if [ "$ctl" = tap ] && ! ctl_netns; then
		log "phase 2: no private network namespace with taps here (needs root, unshare, nsenter, /dev/net/tun): the message network is qemu's user-mode network instead"
		[ -n "$ns_holder" ] && kill "$ns_holder" 2>/dev/null
		ns_holder="" ns=() ctl=user
	fi
	if [ "$ctl" = tap ]; then
		side_a=10.98.0.11:7700 side_b=10.98.0.12:7700
	else
		if ! port_a=$(free_port) || ! port_b=$(free_port) || [ "$port_a" = "$port_b" ]; then
			log "phase 2: FAIL: no free TCP ports on 127.0.0.1"
			return 1
		fi
		side_a=127.0.0.1:$port_a side_b=127.0.0.1:$port_b
	fi
	mkfifo "$atmp/a.in" "$atmp/b.in"
	exec {fda}<>"$atmp/a.in" {fdb}<>"$atmp/b.in"
	agent_guest a 1 b
	agent_guest b 2 a
	log "phase 2: booting host a (agent at $side_a) and host b ($side_b), ${AGENT_MEM} MiB and $AGENT_SMP vCPU each, message network: $ctl"

	# both agents listening, or one of them failed
	end=$((t0 + 180))
	ready=0
	while [ "$(date +%s)" -lt $end ]; do
		ready=0
		for x in a b; do
			grep -q '^init: agent ready' "$OUT/console-agent-$x.log" 2>/dev/null && ready=$((ready + 1))
		done
		[ $ready = 2 ] && break
		if grep -q '^init: agent not listening\|^init: agent EXITED' "$OUT"/console-agent-[ab].log 2>/dev/null ||
			! kill -0 "$agent_pid_a" 2>/dev/null || ! kill -0 "$agent_pid_b" 2>/dev/null; then
			break
		fi
		sleep 1
	done
	if [ $ready != 2 ]; then
		echo stop >&"$fda"
		echo stop >&"$fdb"
		wait_pids 30 "$agent_pid_a" "$agent_pid_b" || true
		agents_guest_logs
		log "phase 2: FAIL: the agents did not come up (see $OUT/console-agent-a.log, $OUT/console-agent-b.log)"
		exec {fda}>&- {fdb}>&-
		return 1
	fi
	log "phase 2: both agents ready after $(($(date +%s) - t0))s"

	set -- run --driver remote --no-color \
		--driver-opt "side-a=$side_a" --driver-opt "side-b=$side_b" \
		--driver-opt "token-file=$OUT/agent.token" \
		--side-a-ipv4 10.99.0.1 --side-b-ipv4 10.99.0.2 \
		--side-a-ipv6 fd99::1 --side-b-ipv6 fd99::2 \
		--junit-report "$OUT/junit-agents.xml" --json-report "$OUT/report-agents.json" \
		--waivers "$here/waivers.txt" \
		--timeout "$SPEC_TIMEOUT" --model-sequences "$AGENT_MODEL_SEQUENCES"
	[ -n "$filter" ] && set -- "$@" --label-filter "$filter"
	# AGENT_ARGS: more ndkconform flags, e.g. "--repeat 20" to hunt a flake
	# shellcheck disable=SC2086
	[ -n "${AGENT_ARGS:-}" ] && set -- "$@" $AGENT_ARGS
	log "phase 2: ndkconform $*"
	local h0 timecmd=()
	h0=$(date +%s)
	[ -x /usr/bin/time ] && timecmd=(/usr/bin/time -f 'harness: %e s wall, %U s user, %S s system, peak resident %M KiB' -o "$atmp/harness.time")
	# SIGTERM first: an interrupted run still writes its reports
	timeout -k 30 "$GUEST_TIMEOUT" "${ns[@]}" "${timecmd[@]}" "$bin" "$@" >"$OUT/ndkconform-agents.log" 2>&1
	hrc=$?
	log "phase 2: the harness exited with status $hrc after $(($(date +%s) - h0))s"
	[ -f "$atmp/harness.time" ] && log "phase 2: $(cat "$atmp/harness.time")"
	tail -n 3 "$OUT/ndkconform-agents.log" | sed 's/^/  harness| /'

	# The provider under load through the agents (STRESS=1): ndkconform
	# stress --driver remote, side A's adapter on host a and side B's on
	# host b, for STRESS_DURATION, judged as phase 1's stress run is.
	local sv=0
	rm -f "$OUT/stress-agents.json"
	if [ "$STRESS" = 1 ]; then
		set -- stress --driver remote \
			--driver-opt "side-a=$side_a" --driver-opt "side-b=$side_b" \
			--driver-opt "token-file=$OUT/agent.token" \
			--workers "$STRESS_WORKERS" --duration "$STRESS_DURATION" --json "$OUT/stress-agents.json"
		log "phase 2: ndkconform $*"
		timeout -k 30 "$(($(stress_seconds "$STRESS_DURATION") + 120))" "${ns[@]}" "$bin" "$@" >"$OUT/stress-agents.log" 2>&1
		log "phase 2: the stress run exited with status $? (log: $OUT/stress-agents.log)"
		sed -n '/^  elapsed/,/^  steps/p' "$OUT/stress-agents.log" | sed 's/^/  stress| /'
		if [ -s "$OUT/stress-agents.json" ]; then
			log "phase 2: judging $OUT/stress-agents.json with $here/waivers.txt"
			"$OUT/judge" -waivers "$here/waivers.txt" -stress "$OUT/stress-agents.json"
			sv=$?
			[ $sv -eq 2 ] && sv=1
		else
			log "phase 2: FAIL: the stress run through the agents wrote no result (see $OUT/stress-agents.log)"
			sv=1
		fi
	fi

	echo stop >&"$fda"
	echo stop >&"$fdb"
	wait_pids 60 "$agent_pid_a" "$agent_pid_b" || log "phase 2: a guest did not power off within 60 s of stop"
	exec {fda}>&- {fdb}>&-
	agents_guest_logs

	if [ ! -s "$OUT/junit-agents.xml" ] || [ ! -s "$OUT/report-agents.json" ]; then
		tail -25 "$OUT/ndkconform-agents.log" | sed 's/^/  harness| /'
		log "phase 2: FAIL: the harness wrote no JUnit or no JSON report"
		return 1
	fi
	log "phase 2: reports: $OUT/junit-agents.xml $OUT/report-agents.json $OUT/ndkconform-agents.log"
	log "phase 2: judging $OUT/report-agents.json with $here/waivers.txt"
	"$OUT/judge" -waivers "$here/waivers.txt" "$OUT/report-agents.json"
	rc=$?
	case $rc in
	0) ;;
	2) log "phase 2: FAIL: the judge could not read $OUT/report-agents.json or $here/waivers.txt"; verdict=1 ;;
	*) verdict=$rc ;;
	esac
	[ $sv -ne 0 ] && [ $verdict -eq 0 ] && verdict=$sv
	log "phase 2: run and judged in $(($(date +%s) - t0))s"
	return $verdict
}

# agents_compare: each spec's outcome through the agents against phase
# 1's (compare-verdicts.sh on the two JUnit reports; with an
# AGENTS_FILTER, the specs both ran); 1 when a difference is not
# explained, 0 when agents_run left no report (it failed, and said why).
agents_compare() {
	local rc common=()
	[ -s "$OUT/junit-agents.xml" ] && [ -s "$OUT/report-agents.json" ] || return 0
	if [ ! -s "$OUT/junit.xml" ]; then
		log "phase 2: FAIL: no phase 1 JUnit report to compare with"
		return 1
	fi
	[ "$AGENTS_FILTER" != all ] && common=(-common)
	sh "$here/compare-verdicts.sh" "${common[@]}" -explained "$here/verdict-diffs.txt" \
		"$OUT/junit.xml" "$OUT/junit-agents.xml" >"$OUT/verdicts-diff.txt" 2>&1
	rc=$?
	sed 's/^/  /' "$OUT/verdicts-diff.txt"
	[ $rc -eq 0 ] || return 1
}

# agents_guest_logs: each guest's lines for the host, and its blocks.
agents_guest_logs() {
	local x c
	for x in a b; do
		c=$OUT/console-agent-$x.log
		[ -f "$c" ] || continue
		tr -d '\r' <"$c" >"$c.tmp" && mv "$c.tmp" "$c"
		grep -E '^(init|watchdog):' "$c" | sed "s/^/  host $x /"
		extract_block "$c" agent.log "$OUT/agent-$x.log" || true
		extract_block "$c" dmesg "$OUT/dmesg-agent-$x.txt" || true
		extract_block "$c" net.txt "$OUT/net-agent-$x.txt" || true
	done
}
