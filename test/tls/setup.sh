#!/usr/bin/env bash
# The TLS set-up of README.md ("TLS between the harness and its agents"),
# as a vendor types it: a CA, each agent's certificate signed by it, and
# the harness's client certificate for mutual TLS. Usage:
#
#   test/tls/setup.sh DIR AGENT_HOST [AGENT_HOST...]
#
# AGENT_HOST: a DNS name or an IP address each agent is reached at (its
# side-a/side-b host), put into its certificate's subjectAltName. Writes
# into DIR: ca.pem, ca.key (keep it off the agents' hosts), agent.pem,
# agent.key (the agents' --tls-cert, --tls-key), client.pem, client.key
# (the harness's tls-cert, tls-key, for agents started with
# --tls-client-ca ca.pem). Needs openssl (1.1.1 or later). cmd/ndkconform's
# TestTLSSetupScript runs it and starts an agent with what it made.
set -euo pipefail
if [ $# -lt 2 ]; then
	echo "usage: $0 DIR AGENT_HOST [AGENT_HOST...]" >&2
	exit 2
fi
dir=$1
shift
mkdir -p "$dir"
cd "$dir"

# subjectAltName of the agents' certificate: every host they are reached at
san=""
for h in "$@"; do
	if [[ $h =~ ^[0-9.]+$ || $h == *:* ]]; then
		san="${san:+$san,}IP:$h"
	else
		san="${san:+$san,}DNS:$h"
	fi
done

# README begin: README.md ("TLS between the harness and its agents")
# shows these lines as they are (TestTLSSetupScript checks it).
umask 077
# 1. The CA (10 years): it signs the agents' and the harness's certificates.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
	-keyout ca.key -out ca.pem -days 3650 -subj "/CN=ndkconform lab CA" \
	-addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"

# 2. The agents' certificate (one for every agent host here; one each
# works the same): a server certificate for the names the harness dials.
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
	-keyout agent.key -out agent.csr -subj "/CN=ndkconform agent"
printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\nkeyUsage=critical,digitalSignature\n' "$san" >agent.ext
openssl x509 -req -in agent.csr -CA ca.pem -CAkey ca.key -CAcreateserial \
	-out agent.pem -days 825 -extfile agent.ext

# 3. The harness's client certificate (mutual TLS: agents started with
# --tls-client-ca ca.pem accept only harnesses with a certificate of it).
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
	-keyout client.key -out client.csr -subj "/CN=ndkconform harness"
printf 'extendedKeyUsage=clientAuth\nkeyUsage=critical,digitalSignature\n' >client.ext
openssl x509 -req -in client.csr -CA ca.pem -CAkey ca.key -CAcreateserial \
	-out client.pem -days 825 -extfile client.ext
# README end
rm -f agent.csr agent.ext client.csr client.ext ca.srl
chmod 644 ca.pem agent.pem client.pem
openssl verify -CAfile ca.pem agent.pem client.pem
