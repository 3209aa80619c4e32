package remote

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	grpcstatus "google.golang.org/grpc/status"

	"github.com/ndkconform/ndkconform/ndk"
)

// The errors a user sees of an agent are one line each: what refused or
// failed, and the option that changes it; never a gRPC status as it is
// printed ("rpc error: code = ... desc = ...").

// lab marks err as the lab's, not the configuration's (ndk.ErrUnavailable:
// a harness exits with its lab status, not as for bad usage); its text
// and its gRPC status are err's.
type lab struct{ error }

func (e lab) Unwrap() error        { return e.error }
func (e lab) Is(target error) bool { return target == ndk.ErrUnavailable }

// errNoWelcome: the agent did not answer the Hello in time.
var errNoWelcome = errors.New("the agent did not answer")

// refusal is an explained gRPC status: its one line, and its code (for
// status.Code, through GRPCStatus).
type refusal struct {
	code codes.Code
	msg  string
}

func (r *refusal) Error() string { return r.msg }

// GRPCStatus is the status the refusal explains (its code, its line).
func (r *refusal) GRPCStatus() *grpcstatus.Status { return grpcstatus.New(r.code, r.msg) }

func refused(code codes.Code, format string, args ...any) error {
	return &refusal{code: code, msg: fmt.Sprintf(format, args...)}
}

// explain says why a session with the agent at addr could not start,
// with the option of c (or of the agent) that changes it.
func explain(err error, addr string, c Config) error {
	if errors.Is(err, errNoWelcome) {
		return lab{err}
	}
	st, ok := grpcstatus.FromError(err)
	if !ok {
		if err == io.EOF {
			return errors.New("the agent ended the session before its Welcome")
		}
		return err
	}
	msg := st.Message()
	switch st.Code() {
	case codes.Unauthenticated:
		if c.TokenFile == "" {
			return refused(st.Code(), "the agent refused the session: it requires a token (set %s to the file its --token-file names)", OptTokenFile)
		}
		return refused(st.Code(), "the agent refused the token of %s=%s: it is not the agent's (its --token-file)", OptTokenFile, c.TokenFile)
	case codes.ResourceExhausted:
		return lab{refused(st.Code(), "the agent refuses this host's sessions for now: %s", msg)}
	case codes.InvalidArgument:
		return refused(st.Code(), "the agent refused the session's driver options (%s): %s", OptAgentOpts, msg)
	case codes.FailedPrecondition:
		if strings.Contains(msg, "protocol major version") {
			return refused(st.Code(), "the agent speaks another major version of the agent protocol (%s): run an ndkconform agent of the same major version as this harness (protocol %d.%d; see 'ndkconform version' on each host)", msg, protocolVersion.Major, protocolVersion.Minor)
		}
		return refused(st.Code(), "the agent refused the session: %s", msg)
	case codes.DeadlineExceeded:
		return lab{refused(st.Code(), "the agent refused the session: %s", msg)}
	case codes.Unavailable:
		if c.TLSCA != "" && !strings.Contains(msg, "at a time") && !strings.Contains(msg, "opening the provider") {
			// A TLS 1.3 client learns that the agent refused its
			// certificate only from its first read or write after the
			// handshake, by then whatever gRPC was doing (a broken pipe):
			// a handshake of our own says what the agent said.
			if derr := diagnoseTLS(addr, c); derr != nil {
				msg = derr.Error()
			}
		}
		return explainUnavailable(msg, addr, c)
	}
	return refused(st.Code(), "the agent refused the session (%s): %s", codeName(st.Code()), msg)
}

// diagnoseTLS makes a TLS handshake with the agent at addr as the
// driver's connections do, and reads what the agent sends first: the
// handshake's error, or the alert with which the agent refused the client
// (certificate required, unknown authority); nil when the agent took the
// handshake (the transport failed otherwise).
func diagnoseTLS(addr string, c Config) error {
	tc, err := tlsConfig(c)
	if err != nil {
		return err
	}
	tc.NextProtos = []string{"h2"}
	if tc.ServerName == "" {
		if host, _, err := net.SplitHostPort(addr); err == nil {
			tc.ServerName = host
		}
	}
	d := &net.Dialer{Timeout: diagnoseWait}
	conn, err := tls.DialWithDialer(d, "tcp", addr, tc)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := conn.SetReadDeadline(time.Now().Add(diagnoseWait)); err != nil {
		return nil
	}
	// The agent's HTTP/2 settings come first if it took the client; an
	// alert if it did not.
	if _, err := conn.Read(make([]byte, 1)); err != nil && !errors.Is(err, os.ErrDeadlineExceeded) && strings.Contains(err.Error(), "tls: ") {
		return err
	}
	return nil
}

// servesTLS says whether the server at addr answers a TLS handshake (its
// certificate not checked: only whether it speaks TLS, for a client
// without tls-ca that the server hung up on).
func servesTLS(addr string) bool {
	d := &net.Dialer{Timeout: diagnoseWait}
	conn, err := tls.DialWithDialer(d, "tcp", addr, &tls.Config{InsecureSkipVerify: true, NextProtos: []string{"h2"}})
	if err != nil {
		return false
	}
	conn.Close()
	return true
}

// diagnoseWait bounds diagnoseTLS's connection and its read.
const diagnoseWait = 5 * time.Second

// explainUnavailable says why an agent was unavailable: busy, its
// provider failed to open, or no connection (refused, TLS).
func explainUnavailable(msg, addr string, c Config) error {
	side := fmt.Sprintf("%s or %s", OptSideA, OptSideB)
	switch {
	case strings.Contains(msg, "at a time"):
		return lab{refused(codes.Unavailable, "the agent is busy: %s (another harness's run: try again once it ends)", msg)}
	case strings.Contains(msg, "opening the provider"):
		return lab{refused(codes.Unavailable, "the agent could not open its provider: %s", msg)}
	case strings.Contains(msg, "certificate required") && c.TLSCert != "":
		return refused(codes.Unavailable, "the agent refused this harness's client certificate (%s=%s): it is not signed by a CA of the agent's --tls-client-ca", OptTLSCert, c.TLSCert)
	case strings.Contains(msg, "certificate required"):
		return refused(codes.Unavailable, "the agent requires a client certificate (its --tls-client-ca): set %s and %s", OptTLSCert, OptTLSKey)
	case strings.Contains(msg, "tls: unknown certificate authority"), strings.Contains(msg, "tls: bad certificate"):
		return refused(codes.Unavailable, "the agent refused this harness's client certificate (%s=%s): it is not signed by a CA of the agent's --tls-client-ca", OptTLSCert, c.TLSCert)
	case strings.Contains(msg, "x509: certificate signed by unknown authority"):
		return refused(codes.Unavailable, "the agent's TLS certificate is not signed by the CA of %s=%s", OptTLSCA, c.TLSCA)
	case strings.Contains(msg, "x509: certificate is valid for"), strings.Contains(msg, "x509: certificate is not valid for any names"):
		return refused(codes.Unavailable, "the agent's TLS certificate is not for the name asked (%s, else the host of %s): %s", OptTLSServerName, side, afterLast(msg, "x509: "))
	case strings.Contains(msg, "first record does not look like a TLS handshake"):
		return refused(codes.Unavailable, "the agent at %s does not serve TLS: drop %s, or start the agent with --tls-cert and --tls-key", addr, OptTLSCA)
	case strings.Contains(msg, "connection refused"):
		return lab{refused(codes.Unavailable, "cannot connect to %s: connection refused (no agent listening there? check %s and the agent's --listen)", addr, side)}
	case c.TLSCA == "" && (strings.Contains(msg, "EOF") || strings.Contains(msg, "server preface")):
		if servesTLS(addr) {
			return refused(codes.Unavailable, "the agent at %s serves TLS: set %s to the PEM file of the CA that signed its certificate (its --tls-cert)", addr, OptTLSCA)
		}
		return refused(codes.Unavailable, "the connection to %s closed before the agent answered: an agent that serves TLS? (then set %s)", addr, OptTLSCA)
	case strings.Contains(msg, "x509: "):
		return refused(codes.Unavailable, "the agent's TLS certificate was refused (%s): %s", OptTLSCA, afterLast(msg, "x509: "))
	case strings.Contains(msg, "tls: "):
		return refused(codes.Unavailable, "the TLS handshake with the agent failed (%s, %s, %s): %s", OptTLSCA, OptTLSCert, OptTLSKey, afterLast(msg, "tls: "))
	}
	return lab{refused(codes.Unavailable, "cannot reach the agent at %s: %s", addr, transportCause(msg))}
}

// streamEnd says why a session's stream ended before CloseProvider's
// return: the agent's status if it ended the session (a callback not
// acked in time, ...), else the connection's end.
func streamEnd(err error) error {
	if err == io.EOF {
		return errors.New("the agent ended the session")
	}
	st, ok := grpcstatus.FromError(err)
	if !ok {
		return err
	}
	switch st.Code() {
	case codes.Unavailable, codes.Canceled, codes.Internal:
		return fmt.Errorf("the connection to the agent broke: %s (the agent ended or was killed, or the network failed)", transportCause(st.Message()))
	}
	return fmt.Errorf("the agent ended the session: %s", st.Message())
}

// transportCause is the last, most specific part of a transport error's
// message ("connection error: desc = \"transport: ... EOF\"" -> "EOF").
func transportCause(msg string) string {
	msg = afterLast(msg, "desc = ")
	msg = strings.Trim(msg, `"`)
	msg = strings.TrimPrefix(msg, "transport: ")
	return msg
}

// afterLast is the part of s after the last sep (prefixed by sep's last
// word), or s.
func afterLast(s, sep string) string {
	if i := strings.LastIndex(s, sep); i >= 0 {
		if sep == "desc = " {
			return s[i+len(sep):]
		}
		return s[i:]
	}
	return s
}

// codeName is a gRPC code as words ("permission denied").
func codeName(c codes.Code) string {
	n := c.String() // PermissionDenied
	var b strings.Builder
	for i, r := range n {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return strings.ToLower(b.String())
}
