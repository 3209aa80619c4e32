package suite

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
)

// The connector calls of NDKPI 2.1 (ndk.ConnectorEx): NdkCompleteConnectEx,
// NdkAcceptEx and the NdkDisconnectEventCallbackEx they register. A spec
// of them calls Adapter.NeedsEx first on each side it uses: on an adapter
// that declares an earlier version it is not applicable (the pages make
// the calls "Supported in NDKPI 2.1 and later", and allow the earlier
// versions, OH-3), which certification lists as a limit, never a failure.
// A connector of an adapter that declares 2.1 or later but is no
// ndk.ConnectorEx (a driver that cannot pass the calls on: an agent of a
// protocol before 1.4) makes the spec not verified: the calls may be
// there, ndkconform cannot reach them.

var helperAdapterNeedsEx helperMark

// NeedsEx skips the spec as not applicable when the adapter declares an
// NDKPI version before 2.1 (NDK_ADAPTER_INFO.Version): what names what the
// spec would have checked.
func (a *Adapter) NeedsEx(what string) {
	helperAdapterNeedsEx.mark()
	if v := a.Info().Version; !v.HasEx() {
		NotApplicable(fmt.Sprintf("Version %d.%d", v.Major, v.Minor), what+": NdkCompleteConnectEx, NdkAcceptEx and NdkDisconnectEventCallbackEx are supported only in NDKPI 2.1 and later")
	}
}

// ex is c's ndk.ConnectorEx; the spec skips as not verified if it is none.
func (c *Connector) ex() ndk.ConnectorEx {
	x, ok := c.Connector.(ndk.ConnectorEx)
	if !ok {
		v := c.a.Info().Version
		NotVerified(fmt.Sprintf("the adapter of side %s declares NDKPI %d.%d, but the driver's connectors are no ndk.ConnectorEx: NdkCompleteConnectEx and NdkAcceptEx cannot be called through it", c.a.Side, v.Major, v.Minor))
	}
	return x
}

// onDisconnectEx is the harness's NdkDisconnectEventCallbackEx: counted
// with the non-Ex ones (DisconnectEvents), and more than one breaks CN-15.
func (c *Connector) onDisconnectEx(_ any, reason uint32) {
	c.a.rec().callback(c.obj, "NdkDisconnectEventCallbackEx", nil, func() {
		c.mu.Lock()
		c.disconnects++
		n := c.disconnects
		c.reasons = append(c.reasons, reason)
		c.mu.Unlock()
		if n > 1 {
			c.a.rec().violate(c.obj.violation("CN-15", "NdkDisconnectEventCallbackEx", "the disconnect event callback invoked only once, when the peer disconnects",
				fmt.Sprintf("it was invoked %d times", n)))
		}
	})
}

var helperConnectorDisconnectReasons helperMark

// DisconnectReasons are the ProviderDisconnectReasons the connector's
// NdkDisconnectEventCallbackEx was called with, in order.
func (c *Connector) DisconnectReasons() []uint32 {
	helperConnectorDisconnectReasons.mark()
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]uint32(nil), c.reasons...)
}

// CompleteConnectEx calls NdkCompleteConnectEx, registering the harness's
// NdkDisconnectEventCallbackEx.
func (c *Connector) CompleteConnectEx() *Op {
	x := c.ex()
	return c.a.rec().noteAnswer(c.request("NdkCompleteConnectEx", func(done ndk.RequestCompletion) ndk.Status {
		return x.CompleteConnectEx(c.onDisconnectEx, nil, done, nil)
	}))
}

// CompleteConnectExWithoutEvents calls NdkCompleteConnectEx with no
// disconnect event callback: the parameter is optional
// (nc-ndkpi-ndk_fn_complete_connect_ex.md).
func (c *Connector) CompleteConnectExWithoutEvents() *Op {
	x := c.ex()
	return c.a.rec().noteAnswer(c.request("NdkCompleteConnectEx", func(done ndk.RequestCompletion) ndk.Status {
		return x.CompleteConnectEx(nil, nil, done, nil)
	}))
}

// AcceptEx calls NdkAcceptEx with qp, registering the harness's
// NdkDisconnectEventCallbackEx.
func (c *Connector) AcceptEx(qp *QP, privateData []byte) *Op {
	return c.acceptEx(qp, privateData, c.onDisconnectEx)
}

// AcceptExWithoutEvents calls NdkAcceptEx with qp and no disconnect event
// callback: the parameter is optional (nc-ndkpi-ndk_fn_accept_ex.md).
func (c *Connector) AcceptExWithoutEvents(qp *QP) *Op {
	return c.acceptEx(qp, nil, nil)
}

func (c *Connector) acceptEx(qp *QP, privateData []byte, cb ndk.DisconnectEventCallbackEx) *Op {
	x := c.ex()
	c.a.env.relate(qp.obj, c.obj)
	p := ndk.AcceptExParams{QP: qp.QP, InboundReadLimit: 4, OutboundReadLimit: 4, PrivateData: privateData, OnDisconnect: cb}
	return c.request("NdkAcceptEx", func(done ndk.RequestCompletion) ndk.Status { return x.AcceptEx(p, done, nil) })
}
