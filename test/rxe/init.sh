#!/bin/sh
# /init of the test-rxe guest (busybox sh): two rxe devices on a veth pair,
# ndkconform run --driver rxe between them, reports on the serial console.
# Every line meant for the host starts with "init:" or "watchdog:"; the
# reports go between "=====BEGIN NAME=====" and "=====END NAME=====" lines,
# gzipped and base64-encoded.
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
# The guest has 1 GiB: a soft limit on the Go heap of ndkconform's
# processes keeps a garbage peak (a spec that takes a whole port range)
# from reaching the OOM killer; the live heap is far below it.
export GOMEMLIMIT=640MiB
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
	--timeout "$SPEC_TIMEOUT"
[ -n "$LABEL_FILTER" ] && set -- "$@" --label-filter "$LABEL_FILTER"
for o in $DRIVER_OPTS; do
	set -- "$@" --driver-opt "$o"
done
say "ndkconform $*"
/bin/ndkconform drivers >/out/drivers.txt 2>&1
timeout -s KILL "$GUEST_TIMEOUT" /bin/ndkconform "$@" >/out/ndkconform.log 2>&1 &
pid=$!
wait $pid
rc=$?
say "ndkconform exited with status $rc at $(cut -d' ' -f1 /proc/uptime)s"
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
up() { cut -d' ' -f1 /proc/uptime; }
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
	say "benchmark: end at $(up)s"
	echo "=====BEGIN bench.txt====="
	gzip -c $B | base64
	echo "=====END bench.txt====="
fi
sync
say "powering off"
poweroff -f
