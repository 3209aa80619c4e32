# test/ndkt/agent.sh, sourced by run.sh and kill.sh: an `ndkconform agent
# --driver ndkt` on a free loopback port, for the runs through an agent.
# Needs $bin (the ndkconform binary) and $out; sets $token (the token file).
#   agent_start NAME DEVICE_OPTS   starts it (its address in $out/agent-NAME.addr,
#                                  its log in $out/agent-NAME.agent.log) and
#                                  waits until it listens
#   agent_stop                     stops it (SIGTERM) and waits for it
token=$out/agent.token
umask 077
head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$token"
umask 022
agent_pid=
agent_start() {
	rm -f "$out/agent-$1.addr"
	"$bin" agent --driver ndkt --driver-opt "$2" --listen 127.0.0.1:0 --addr-file "$out/agent-$1.addr" \
		--token-file "$token" >"$out/agent-$1.agent.log" 2>&1 &
	agent_pid=$!
	for _ in $(seq 100); do
		[ -s "$out/agent-$1.addr" ] && return 0
		kill -0 "$agent_pid" 2>/dev/null || break
		sleep 0.1
	done
	echo "the agent did not come up ($1):"; tail -5 "$out/agent-$1.agent.log"
	return 1
}
agent_stop() {
	[ -n "$agent_pid" ] || return 0
	kill "$agent_pid" 2>/dev/null || true
	wait "$agent_pid" 2>/dev/null || true
	agent_pid=
}
trap agent_stop EXIT
