package remote

import (
	"testing"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// A connector is an ndk.ConnectorEx exactly when its handle says so
// (Handle.connector_ex, since protocol 1.4): an agent before 1.4 never sets
// it, and its connectors are a provider's without NDKPI 2.1's calls. The
// flag on a handle of another kind changes nothing.
func TestConnectorExFromHandle(t *testing.T) {
	s := &session{}
	for _, tc := range []struct {
		h    *agentv1.Handle
		conn bool
		ex   bool
	}{
		{&agentv1.Handle{Kind: agentv1.HandleKind_HANDLE_KIND_CONNECTOR, Id: 1}, true, false},
		{&agentv1.Handle{Kind: agentv1.HandleKind_HANDLE_KIND_CONNECTOR, Id: 2, ConnectorEx: true}, true, true},
		{&agentv1.Handle{Kind: agentv1.HandleKind_HANDLE_KIND_LISTENER, Id: 3, ConnectorEx: true}, false, false},
	} {
		o := s.wrap(tc.h, nil)
		_, conn := o.(ndk.Connector)
		_, ex := o.(ndk.ConnectorEx)
		if conn != tc.conn || ex != tc.ex {
			t.Errorf("handle %v: a connector %v (want %v), an ndk.ConnectorEx %v (want %v)", tc.h, conn, tc.conn, ex, tc.ex)
		}
		if got := handleIn(s, o); got != tc.h {
			t.Errorf("handle %v: handleIn gives %v", tc.h, got)
		}
	}
}
