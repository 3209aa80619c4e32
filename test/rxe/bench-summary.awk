# test/rxe/bench-summary.awk: the summary of bench.txt, the benchmark output
# the test-rxe guest sends back (see init.sh): the Go BenchmarkConnectCycle
# lines, and cmtime's step tables turned into cycles per second. run.sh
# prints it; it never decides anything.
#
# A cmtime table row is "step name   : total ms  max ms  min us  us/conn".
# A cycle is every step cmtime times on the client (create id, bind addr,
# resolve addr, resolve route, create qp, connect, disconnect, which also
# destroys the QP, destroy id): cycles/s = connections / sum of the totals.
# With -c N the client runs each step for all N connections before the next
# step (the N connections overlap within a step); with -c 1 one connection
# goes through all the steps, as one Go cycle does.

# uptime_of: the guest uptime in "(start 12.34s)" or "(end 12.34s)", 0 if none
function uptime_of(line,    u) {
	if (!match(line, /\((start|end) [0-9.]+s\)/)) return 0
	u = substr(line, RSTART, RLENGTH); gsub(/[^0-9.]/, "", u)
	return u + 0
}

function flush_go_fail() {
	if (gofail != "") { print "  go FAILED: " gofail; gofail = "" }
}

/^== go: / {
	sec = "go"
	if ($0 ~ /exit status [1-9]/) { goexit = $0; sub(/^== go: /, "", goexit) }
	next
}
/^== cmtime IPv[46] batch: / {
	sec = "batch"; fam = $3
	if ($0 ~ /exit status/) {
		if ($0 !~ /exit status 0/) { st = $0; sub(/ \(end.*/, "", st); sub(/^== cmtime /, "", st); bad[fam] = st }
		next
	}
	order[++nb] = fam
	n = $0; sub(/.* -c /, "", n); sub(/ .*/, "", n); conns[fam] = n
	next
}
/^== cmtime IPv4 single [0-9]+: / {
	sec = "single"
	if ($0 ~ /exit status/) { if ($0 !~ /exit status 0/) singlebad++; next }
	rows = 0
	next
}
/^== perftest: / {
	if ($0 ~ /exit status/) {
		if ($0 !~ /exit status 0/) { st = $0; sub(/ \(end.*/, "", st); sub(/^== /, "", st); print "  " ptest ": " st }
		else if (pbytes > 0 && (e = uptime_of($0)) > pstart) {
			# by the guest's clock around the client (its set-up included)
			if (ptest ~ /^ib_write_bw/)
				printf "  perftest %s by the clock: %.1f MB/s (%d x %d B in %.2f s)\n", ptest, pbytes * piters / (e - pstart) / 1e6, piters, pbytes, e - pstart
			else
				printf "  perftest %s by the clock: %.1f us per round trip (%d in %.2f s)\n", ptest, (e - pstart) * 1e6 / piters, piters, e - pstart
		}
		sec = ""
		next
	}
	sec = "perf"; ptest = $0; sub(/^== perftest: /, "", ptest); sub(/ 10\.99\..*/, "", ptest); pdone = 0
	pstart = uptime_of($0); pbytes = 0; piters = 0
	next
}
/^== stress: / { sec = "stress"; if ($0 ~ /exit status/ && $0 !~ /exit status 0/) { st = $0; sub(/ \(end.*/, "", st); print "  " substr(st, 4) }; next }
/^== / { sec = ""; next }

# perftest's result row: ib_write_bw "bytes iterations BW-peak BW-average
# MsgRate" (Gb/s, Mpps with --report_gbits); ib_send_lat "bytes
# iterations t_min t_max t_typical t_avg t_stdev 99% 99.9%" (usec)
sec == "perf" && !pdone && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ && NF >= 5 {
	pbytes = $1; piters = $2
	if (ptest ~ /^ib_write_bw/)
		printf "  perftest %s: %s B x %s, BW average %s Gb/s (%.1f MB/s), peak %s Gb/s, %s Mpps\n", ptest, $1, $2, $4, $4 * 1e3 / 8, $3, $5
	else if (NF >= 9)
		printf "  perftest %s: %s B x %s, latency typical %s us, average %s us, min %s us, 99%% %s us, 99.9%% %s us\n", ptest, $1, $2, $5, $6, $3, $8, $9
	pdone = 1
	next
}

sec == "go" && /SIGQUIT: quit/ { print "  go: stopped by SIGQUIT after BENCH_TIMEOUT (its goroutines are in bench.txt)" }
sec == "go" && /^BenchmarkConnectCycle\// {
	name = $1; sub(/^BenchmarkConnectCycle\//, "", name); sub(/-[0-9]+$/, "", name)
	if ($0 !~ / ns\/op/) { unfinished[name] = 1; next } # started, no result (killed?)
	delete unfinished[name]
	delete m
	for (i = 3; i < NF; i += 2) m[$(i + 1)] = $i
	printf "  go %s: %.1f cycles/s, %.0f ns/cycle over %d cycles (per cycle: create %.0f us, connect %.0f us, disconnect %.0f us, close %.0f us)\n", \
		name, m["cycles/s"], m["ns/op"], $2, m["create-us/op"], m["connect-us/op"], m["disconnect-us/op"], m["close-us/op"]
	gook++
	next
}
sec == "go" && /^--- (FAIL|SKIP)/ { flush_go_fail(); gofail = $0; next }
sec == "go" && /^ +/ && gofail != "" { line = $0; sub(/^ +/, "", line); gofail = gofail " | " line; next }
sec == "go" && /^panic:/ { print "  go PANIC: " $0; next }

(sec == "batch" || sec == "single") && /^[a-z][a-z ]*: +[0-9.]+ / {
	split($0, kv, ":"); step = kv[1]; sub(/ +$/, "", step)
	split(kv[2], v, " ")
	if (sec == "batch") {
		bsum[fam] += v[1]
		bper[fam] = bper[fam] sprintf("%s%s %.0f", bper[fam] == "" ? "" : ", ", step, v[4])
	} else {
		if (rows++ == 0) singles++ # a run with a table
		if (!(step in stotal)) { sorder[++ns] = step }
		stotal[step] += v[1]; ssum += v[1]
	}
	next
}
(sec == "batch" || sec == "single") && /(error|fail|ERROR|unhandled)/ { notes[++nn] = sec " " fam ": " $0; next }

END {
	flush_go_fail()
	for (name in unfinished) print "  go " name ": started, no result"
	if (goexit != "") print "  go: " goexit
	if (!gook && goexit == "") print "  go: no benchmark result"
	for (i = 1; i <= nb; i++) {
		f = order[i]
		if (bsum[f] > 0)
			printf "  cmtime %s -c %d (each step batched over the %d connections): %.1f cycles/s, %.0f ns/cycle (sum of the steps' totals %.1f ms; us/conn: %s)\n", \
				f, conns[f], conns[f], conns[f] * 1000 / bsum[f], bsum[f] * 1e6 / conns[f], bsum[f], bper[f]
		else
			printf "  cmtime %s -c %d: no result\n", f, conns[f]
		if (f in bad) print "  cmtime " bad[f]
	}
	if (singles > 0) {
		if (ssum > 0) {
			line = ""
			for (i = 1; i <= ns; i++) line = line sprintf("%s%s %.0f", i > 1 ? ", " : "", sorder[i], stotal[sorder[i]] * 1000 / singles)
			printf "  cmtime IPv4 -c 1, %d runs (one connection through all the steps): %.1f cycles/s, %.0f ns/cycle (us per cycle: %s)\n", \
				singles, singles * 1000 / ssum, ssum * 1e6 / singles, line
		} else
			printf "  cmtime IPv4 -c 1: no result\n"
		if (singlebad) printf "  cmtime IPv4 single runs that failed: %d\n", singlebad
	}
	for (i = 1; i <= nn && i <= 5; i++) print "  cmtime note: " notes[i]
}
