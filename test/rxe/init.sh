#!/bin/sh
# /init of the test-rxe guest (busybox sh): two rxe devices on a veth pair,
# ndkconform run --driver rxe between them, reports on the serial console.
# Every line meant for the host starts with "init:" or "watchdog:"; the
# reports go between "=====BEGIN NAME=====" and "=====END NAME=====" lines,
# gzipped and base64-encoded.
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
# The guest has 1.5 GiB (phase 1) or 1 GiB (an agent's): a soft limit on the Go heap of ndkconform's
# processes keeps a garbage peak (a spec that takes a whole port range)
# from reaching the OOM killer; the live heap stays below it (the largest,
# about 290 MiB, is AI-11's: two 96 MiB regions and their pattern). At
# 640 MiB a run was OOM-killed in QP-23's spec (668 MB resident, the rest
# of the guest's memory in rdma_rxe's queues and the page cache).
export GOMEMLIMIT=448MiB
say() { echo "init: $*"; }

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /out
echo 1 >/proc/sys/kernel/printk
. /etc/ndkconform.env

# The whole guest has a hard limit: the run's watchdog plus a margin.
(sleep $((GUEST_TIMEOUT + 120)); echo "watchdog: guest limit reached, powering off"; poweroff -f) &

say "up after $(cut -d' ' -f1 /proc/uptime)s, kernel $(uname -r)"
for m in $(cat /modules/order); do
	insmod /modules/$m.ko || say "insmod $m failed"
done
mount -t configfs configfs /sys/kernel/config
say "modules loaded at $(cut -d' ' -f1 /proc/uptime)s"

IP=/usr/sbin/ip
RDMA=/usr/sbin/rdma
up() { cut -d' ' -f1 /proc/uptime; }

# send NAME FILE: FILE to the host, gzipped and base64-encoded between the
# markers.
send() {
	[ -f "$2" ] || return 0
	echo "=====BEGIN $1====="
	gzip -c "$2" | base64
	echo "=====END $1====="
}

# ifname MAC: the network device with that MAC address.
ifname() {
	for d in /sys/class/net/*; do
		[ "$(cat "$d/address" 2>/dev/null)" = "$1" ] && { basename "$d"; return 0; }
	done
	return 1
}

# agent_host: the guest is one host of the two-host run (ROLE=agent on the
# kernel command line; run.sh's phase 2): HOST=a or b. Its data NIC (MAC
# 52:54:00:99:00:0N, renamed data0) is the wire to the other host's guest,
# with rxe0 on it and 10.99.0.N, fd99::N (N=1 for a, 2 for b); its control
# NIC (52:54:00:98:00:0N, ctl0, 10.98.0.1N/24) is the message network,
# through which the harness on the host reaches the agent at port 7700.
# Fault injection (faults=tc) drops data0's traffic only, never ctl0's. The
# agent serves until a line "stop" arrives on the console (the host's
# serial input) or the agent exits; then its log, peak memory and the
# kernel log go to the host and the guest powers off.
agent_host() {
	case $HOST in
	a) n=1 ;;
	b) n=2 ;;
	*) say "agent: HOST=$HOST, want a or b"; poweroff -f ;;
	esac
	for m in $(cat /modules/order-agent); do
		insmod "/modules/$m.ko" || say "insmod $m failed"
	done
	sleep 1
	d=$(ifname "52:54:00:99:00:0$n") || say "agent: no data NIC"
	c=$(ifname "52:54:00:98:00:0$n") || say "agent: no control NIC"
	$IP link set "$d" name data0
	$IP link set "$c" name ctl0
	$IP link set lo up
	# as in the one-guest run: room for a large RDMA Read's response burst
	sysctl -qw net.core.netdev_max_backlog=20000 || say "netdev_max_backlog failed"
	$IP link set data0 txqueuelen 20000
	$IP link set data0 mtu "${AGENT_MTU:-1500}" || say "agent: mtu ${AGENT_MTU:-1500} on data0 failed"
	sysctl -qw net.ipv6.conf.all.disable_ipv6=0 net.ipv6.conf.default.disable_ipv6=0
	sysctl -qw net.ipv6.conf.data0.accept_dad=0 net.ipv6.conf.data0.disable_ipv6=0
	$IP addr add "10.99.0.$n/24" dev data0
	$IP -6 addr add "fd99::$n/64" dev data0 nodad
	$IP link set data0 up
	$IP addr add "10.98.0.1$n/24" dev ctl0
	$IP link set ctl0 up
	$RDMA link add rxe0 type rxe netdev data0 || say "rdma link add rxe0 failed"
	sleep 1
	say "rdma links: $($RDMA link show | tr '\n' ';')"
	say "network ready at $(up)s"

	set -- agent --driver rxe --driver-opt "address=10.99.0.$n"
	for o in $AGENT_DRIVER_OPTS; do
		set -- "$@" --driver-opt "$o"
	done
	# ctl0 is a closed network (qemu's restrict=on): no TLS, the token alone
	set -- "$@" --listen "10.98.0.1$n:7700" --token-file /etc/agent.token --insecure-plaintext
	say "ndkconform $*"
	/bin/ndkconform "$@" >/out/agent.log 2>&1 &
	apid=$!
	# listening: port 7700 (0x1E14) in state LISTEN (0A) in /proc/net/tcp
	i=0
	while kill -0 $apid 2>/dev/null && ! grep -q ':1E14 [0-9A-F:]* 0A ' /proc/net/tcp; do
		i=$((i + 1))
		[ $i -gt 300 ] && break
		sleep 0.2
	done
	if grep -q ':1E14 [0-9A-F:]* 0A ' /proc/net/tcp; then
		say "agent ready at $(up)s"
	else
		say "agent not listening at $(up)s"
	fi
	# The lowest MemAvailable while the agent runs, every 2 s.
	(
		low=0
		while :; do
			m=$(sed -n 's/^MemAvailable: *\([0-9]*\) kB$/\1/p' /proc/meminfo)
			if [ "$low" = 0 ] || [ "$m" -lt "$low" ]; then
				low=$m
				echo "$low" >/tmp/memlow
			fi
			sleep 2
		done
	) &
	mpid=$!
	while kill -0 $apid 2>/dev/null; do
		if read -r -t 2 line; then
			[ "$line" = stop ] && break
		else
			sleep 1
		fi
	done
	hwm=$(sed -n 's/^VmHWM: *//p' /proc/$apid/status 2>/dev/null)
	kill $mpid 2>/dev/null
	say "agent memory: peak resident ${hwm:-unknown (the agent had exited)}, lowest MemAvailable $(cat /tmp/memlow 2>/dev/null) kB of $(sed -n 's/^MemTotal: *//p' /proc/meminfo)"
	if kill -0 $apid 2>/dev/null; then
		kill $apid
		i=0
		while kill -0 $apid 2>/dev/null && [ $i -lt 50 ]; do
			sleep 0.2
			i=$((i + 1))
		done
		kill -0 $apid 2>/dev/null && { say "agent still running after SIGTERM, SIGKILL"; kill -9 $apid; }
		wait $apid
		say "agent stopped (status $?) at $(up)s"
	else
		wait $apid
		say "agent EXITED by itself with status $? at $(up)s"
	fi
	tail -n 3 /out/agent.log | sed 's/^/init: | /'
	dmesg >/out/dmesg
	# the data wire's and rxe's counters (drops, retries), for the host
	{
		$IP -s -s link show data0
		$RDMA statistic show link rxe0/1
	} >/out/net.txt 2>&1
	send agent.log /out/agent.log
	send dmesg /out/dmesg
	send net.txt /out/net.txt
	sync
	say "powering off"
	poweroff -f
}
if [ "${ROLE:-}" = agent ]; then
	agent_host
fi
$IP link set lo up
$IP link add veth0 type veth peer name veth1 || say "veth pair failed"
# rxe sends a large RDMA Read's response packets in one burst: a backlog
# of the default 1000 packets drops most of them, and the read then crawls
# through retries. Room for a whole 8 MiB response (8192 packets of 1 KiB).
sysctl -qw net.core.netdev_max_backlog=20000 || say "netdev_max_backlog failed"
$IP link set veth0 txqueuelen 20000
$IP link set veth1 txqueuelen 20000
for d in all default; do
	sysctl -qw net.ipv4.conf.$d.accept_local=1 net.ipv4.conf.$d.rp_filter=0
done
sysctl -qw net.ipv6.conf.all.disable_ipv6=0 net.ipv6.conf.default.disable_ipv6=0
for d in veth0 veth1; do
	sysctl -qw net.ipv6.conf.$d.accept_dad=0 net.ipv6.conf.$d.disable_ipv6=0
done
$IP addr add 10.99.0.1/24 dev veth0
$IP addr add 10.99.0.2/24 dev veth1
$IP -6 addr add fd99::1/64 dev veth0 nodad
$IP -6 addr add fd99::2/64 dev veth1 nodad
$IP link set veth0 up
$IP link set veth1 up
for d in veth0 veth1; do
	sysctl -qw net.ipv4.conf.$d.accept_local=1 net.ipv4.conf.$d.rp_filter=0
done

# Policy routing: traffic between the two addresses must cross the veth wire,
# not the local route (else rdma_cm fails with ADDR_ERROR): the local table
# is looked up only for packets arriving on a veth (and after the
# per-destination tables), and 10.99.0.2 is reached through veth0 from
# 10.99.0.1, 10.99.0.1 through veth1 from 10.99.0.2. The same for IPv6.
for v in -4 -6; do
	$IP $v rule add pref 1000 lookup local
	$IP $v rule del pref 0 lookup local
	$IP $v rule add pref 10 iif veth0 lookup local
	$IP $v rule add pref 11 iif veth1 lookup local
done
# A connection between two connectors of one side (a loopback connection,
# ADAPTER_FLAG_LOOPBACK_CONNECTIONS_SUPPORTED) takes the local route, as on
# a host with one adapter: without these rules the per-destination tables
# below send it out of the other side's veth, and over IPv6 rdma_cm's
# request then never reaches the listener.
for a in 10.99.0.1 10.99.0.2; do
	$IP -4 rule add pref 5 from $a to $a lookup local
done
for a in fd99::1 fd99::2; do
	$IP -6 rule add pref 5 from $a to $a lookup local
done
$IP -4 rule add pref 100 to 10.99.0.2 lookup 100
$IP -4 rule add pref 101 to 10.99.0.1 lookup 101
$IP -4 route add 10.99.0.2 dev veth0 src 10.99.0.1 table 100
$IP -4 route add 10.99.0.1 dev veth1 src 10.99.0.2 table 101
$IP -6 rule add pref 100 to fd99::2 lookup 100
$IP -6 rule add pref 101 to fd99::1 lookup 101
$IP -6 route add fd99::2 dev veth0 src fd99::1 table 100
$IP -6 route add fd99::1 dev veth1 src fd99::2 table 101

# RXE_LINKS=0 leaves the rxe devices to the driver (--driver-opt netdev=).
if [ "${RXE_LINKS:-1}" = 1 ]; then
	$RDMA link add rxe0 type rxe netdev veth0 || say "rdma link add rxe0 failed"
	$RDMA link add rxe1 type rxe netdev veth1 || say "rdma link add rxe1 failed"
fi
sleep 1
say "rdma links: $($RDMA link show | tr '\n' ';')"
say "network ready at $(cut -d' ' -f1 /proc/uptime)s"

set -- run --driver rxe --no-color \
	--side-a-ipv4 10.99.0.1 --side-b-ipv4 10.99.0.2 \
	--side-a-ipv6 fd99::1 --side-b-ipv6 fd99::2 \
	--junit-report /out/junit.xml --json-report /out/report.json \
	--waivers /etc/waivers.txt --timeout "$SPEC_TIMEOUT"
[ -n "$LABEL_FILTER" ] && set -- "$@" --label-filter "$LABEL_FILTER"
# shellcheck disable=SC2086 # RUN_ARGS: more flags, e.g. "--repeat 20"
[ -n "${RUN_ARGS:-}" ] && set -- "$@" $RUN_ARGS
for o in $DRIVER_OPTS; do
	set -- "$@" --driver-opt "$o"
done
say "ndkconform $*"
/bin/ndkconform drivers >/out/drivers.txt 2>&1
timeout -s KILL "$GUEST_TIMEOUT" /bin/ndkconform "$@" >/out/ndkconform.log 2>&1 &
pid=$!
# Every 2 s while the run lasts: the lowest MemAvailable and the largest
# peak resident size (VmHWM) of an ndkconform process (the test process
# does the work).
(
	low=0 peak=0
	while :; do
		m=$(sed -n 's/^MemAvailable: *\([0-9]*\) kB$/\1/p' /proc/meminfo)
		if [ "$low" = 0 ] || [ "$m" -lt "$low" ]; then low=$m; fi
		for s in /proc/[0-9]*/status; do
			grep -q '^Name:[[:space:]]*ndkconform$' "$s" 2>/dev/null || continue
			r=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB$/\1/p' "$s" 2>/dev/null)
			if [ -n "$r" ] && [ "$r" -gt "$peak" ]; then peak=$r; fi
		done
		echo "$low $peak" >/tmp/runmem
		sleep 2
	done
) &
mpid=$!
wait $pid
rc=$?
kill $mpid 2>/dev/null
say "ndkconform exited with status $rc at $(cut -d' ' -f1 /proc/uptime)s"
read -r memlow mempeak </tmp/runmem 2>/dev/null
say "run memory (sampled every 2 s): largest ndkconform process ${mempeak:-?} kB peak resident, lowest MemAvailable ${memlow:-?} kB of $(sed -n 's/^MemTotal: *//p' /proc/meminfo)"
if [ $rc -eq 137 ]; then
	if dmesg | grep -q "Killed process [0-9]* (ndkconform)"; then
		say "ndkconform killed by the kernel's OOM killer: $(dmesg | grep -m1 "Killed process [0-9]* (ndkconform)")"
	else
		say "ndkconform killed by the guest watchdog after ${GUEST_TIMEOUT}s"
	fi
fi
tail -n 3 /out/ndkconform.log | sed 's/^/init: | /'
cat /out/drivers.txt >>/out/ndkconform.log
dmesg >/out/dmesg

for f in junit.xml report.json ndkconform.log dmesg; do
	[ -f /out/$f ] || continue
	echo "=====BEGIN $f====="
	gzip -c /out/$f | base64
	echo "=====END $f====="
done

# The benchmark, only once the suite ran and its reports are out: the Go
# BenchmarkConnectCycle of drivers/rxe (IPv4 and IPv6), then librdmacm's
# cmtime between the same addresses: one run of CMTIME_N connections and
# CMTIME_RUNS runs of one. Everything goes to bench.txt, sent as one more
# block; nothing here changes the suite's result. Every program has a limit.
if [ "${BENCH:-0}" = 1 ]; then
	say "benchmark: start at $(up)s"
	B=/out/bench.txt
	: >$B
	if [ -x /bin/rxe.test ]; then
		echo "== go: rxe.test -test.run ^\$ -test.bench ConnectCycle -test.benchtime ${BENCH_N}x (start $(up)s)" >>$B
		# -test.timeout does not cover benchmarks: SIGQUIT (Go prints every
		# goroutine and exits) after BENCH_TIMEOUT, SIGKILL if that fails
		NDKCONFORM_RXE_SIDE_A=10.99.0.1,fd99::1 NDKCONFORM_RXE_SIDE_B=10.99.0.2,fd99::2 \
			timeout -s KILL $((BENCH_TIMEOUT + 15)) timeout -s QUIT "$BENCH_TIMEOUT" \
			/bin/rxe.test -test.run '^$' -test.bench ConnectCycle -test.benchtime "${BENCH_N}x" >>$B 2>&1
		rc=$?
		echo "== go: exit status $rc (end $(up)s)" >>$B
		say "benchmark: go exited with status $rc at $(up)s"
	else
		echo "== go: skipped, rxe.test is not in the image" >>$B
	fi
	if [ -x /usr/bin/cmtime ]; then
		# one server per address; cmtime's server runs until it is killed
		/usr/bin/cmtime -b 10.99.0.2 >/tmp/cmtime-server4.txt 2>&1 &
		s4=$!
		/usr/bin/cmtime -b fd99::2 >/tmp/cmtime-server6.txt 2>&1 &
		s6=$!
		sleep 1
		for fam in 4 6; do
			if [ $fam = 4 ]; then src=10.99.0.1 dst=10.99.0.2; else src=fd99::1 dst=fd99::2; fi
			echo "== cmtime IPv$fam batch: cmtime -s $dst -b $src -c $CMTIME_N (start $(up)s)" >>$B
			timeout -s KILL 60 /usr/bin/cmtime -s $dst -b $src -c "$CMTIME_N" >>$B 2>&1
			echo "== cmtime IPv$fam batch: exit status $? (end $(up)s)" >>$B
		done
		i=1
		while [ $i -le "$CMTIME_RUNS" ]; do
			echo "== cmtime IPv4 single $i: cmtime -s 10.99.0.2 -b 10.99.0.1 -c 1" >>$B
			timeout -s KILL 20 /usr/bin/cmtime -s 10.99.0.2 -b 10.99.0.1 -c 1 >>$B 2>&1
			echo "== cmtime IPv4 single $i: exit status $?" >>$B
			i=$((i + 1))
		done
		echo "== cmtime singles: end $(up)s" >>$B
		kill $s4 $s6 2>/dev/null
		for f in 4 6; do
			echo "== cmtime IPv$f server (killed once its clients were done):" >>$B
			cat /tmp/cmtime-server$f.txt >>$B
		done
		say "benchmark: cmtime done at $(up)s"
	else
		echo "== cmtime: skipped, not in the image" >>$B
	fi
	# The provider under load (ndkconform stress) on the same two devices,
	# then rdma-core's own rates between the same addresses (perftest's
	# ib_write_bw and ib_send_lat over rdma_cm), for the rates beside.
	if [ "${STRESS:-0}" = 1 ]; then
		say "stress: start at $(up)s"
		echo "== stress: ndkconform stress --driver rxe --workers $STRESS_WORKERS --duration $STRESS_DURATION (start $(up)s)" >>$B
		set -- stress --driver rxe --workers "$STRESS_WORKERS" --duration "$STRESS_DURATION" --json /out/stress.json
		for o in $DRIVER_OPTS; do
			set -- "$@" --driver-opt "$o"
		done
		timeout -s KILL "$STRESS_TIMEOUT" /bin/ndkconform "$@" >>$B 2>&1
		rc=$?
		echo "== stress: exit status $rc (end $(up)s)" >>$B
		say "stress: ndkconform stress exited with status $rc at $(up)s"
		if [ -s /out/stress.json ]; then
			echo "=====BEGIN stress.json====="
			gzip -c /out/stress.json | base64
			echo "=====END stress.json====="
		fi
	fi
	if [ -x /usr/bin/ib_write_bw ] && [ -x /usr/bin/ib_send_lat ]; then
		# counts, not durations: under TCG perftest's own clock (cycles
		# over an estimated CPU frequency) is unreliable, so the summary
		# also takes the rate from the guest's uptime around each client
		for t in "ib_write_bw -R -F --report_gbits -s 65536 -n 2000" "ib_write_bw -R -F --report_gbits -s 4096 -n 20000" "ib_send_lat -R -F -s 64 -n 2000"; do
			# the server on side B's address (rdma_cm: any address, the
			# device the connection arrives on), the client from side A's
			# shellcheck disable=SC2086 # $t: the program and its flags
			timeout -s KILL 40 /usr/bin/$t >/tmp/perf-server.txt 2>&1 &
			srv=$!
			sleep 1
			echo "== perftest: $t 10.99.0.2 (start $(up)s)" >>$B
			# shellcheck disable=SC2086
			timeout -s KILL 30 /usr/bin/$t 10.99.0.2 >>$B 2>&1
			echo "== perftest: exit status $? (end $(up)s)" >>$B
			kill $srv 2>/dev/null
			wait $srv 2>/dev/null
		done
		say "perftest: done at $(up)s"
	fi
	say "benchmark: end at $(up)s"
	echo "=====BEGIN bench.txt====="
	gzip -c $B | base64
	echo "=====END bench.txt====="
fi
sync
say "powering off"
poweroff -f
