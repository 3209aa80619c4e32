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
/^== / { sec = ""; next }

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
