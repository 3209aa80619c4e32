package suite

import (
	"fmt"
	"net/netip"
	"sync"

	"github.com/ndkconform/ndkconform/ndk"
)

// Connector is an NDK_CONNECTOR under test.
type Connector struct {
	base
	ndk.Connector
	mu          sync.Mutex
	disconnects int
	reasons     []uint32 // of NdkDisconnectEventCallbackEx (ex.go)
}

func newConnector(a *Adapter, o *object, c ndk.Connector) *Connector {
	return &Connector{base: base{a: a, obj: o}, Connector: c}
}

func (c *Connector) onDisconnect(any) {
	c.a.rec().callback(c.obj, "NdkDisconnectEventCallback", nil, func() {
		c.mu.Lock()
		c.disconnects++
		n := c.disconnects
		c.mu.Unlock()
		if n > 1 {
			c.a.rec().violate(c.obj.violation("CN-15", "NdkDisconnectEventCallback", "the disconnect event callback invoked only once",
				fmt.Sprintf("it was invoked %d times", n)))
		}
	})
}

// DisconnectEvents is how many disconnect events the connector received.
func (c *Connector) DisconnectEvents() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.disconnects
}

// Connect calls NdkConnect with qp from src to dst.
func (c *Connector) Connect(qp *QP, src, dst netip.AddrPort, privateData []byte) *Op {
	return c.ConnectWith(ndk.ConnectParams{QP: qp.QP, Source: src, Destination: dst,
		InboundReadLimit: 4, OutboundReadLimit: 4, PrivateData: privateData}, qp)
}

// ConnectWith calls NdkConnect with explicit parameters.
func (c *Connector) ConnectWith(p ndk.ConnectParams, qp *QP) *Op {
	c.a.env.relate(qp.obj, c.obj)
	local := p.Source.Addr()
	if familyOf(local) != familyOf(p.Destination.Addr()) {
		local = netip.Addr{} // a connect across families is refused for the address, not the family
	}
	return c.requestFrom("NdkConnect", local, func(done ndk.RequestCompletion) ndk.Status { return c.Connector.Connect(p, done, nil) })
}

// ConnectWithSharedEndpoint calls NdkConnectWithSharedEndpoint.
func (c *Connector) ConnectWithSharedEndpoint(se *SharedEndpoint, qp *QP, dst netip.AddrPort, privateData []byte) *Op {
	c.a.env.relate(qp.obj, c.obj)
	c.a.env.relate(se.obj, c.obj)
	p := ndk.ConnectParams{QP: qp.QP, Destination: dst, InboundReadLimit: 4, OutboundReadLimit: 4, PrivateData: privateData}
	return c.request("NdkConnectWithSharedEndpoint", func(done ndk.RequestCompletion) ndk.Status {
		return c.Connector.ConnectWithSharedEndpoint(se.SharedEndpoint, p, done, nil)
	})
}

// CompleteConnect calls NdkCompleteConnect, registering the harness's
// disconnect event callback.
func (c *Connector) CompleteConnect() *Op {
	return c.a.rec().noteAnswer(c.request("NdkCompleteConnect", func(done ndk.RequestCompletion) ndk.Status {
		return c.Connector.CompleteConnect(c.onDisconnect, nil, done, nil)
	}))
}

// CompleteConnectWithoutEvents calls NdkCompleteConnect with no disconnect
// event callback: the parameter is optional (nc-ndkpi-ndk_fn_complete_connect.md).
func (c *Connector) CompleteConnectWithoutEvents() *Op {
	return c.a.rec().noteAnswer(c.request("NdkCompleteConnect", func(done ndk.RequestCompletion) ndk.Status {
		return c.Connector.CompleteConnect(nil, nil, done, nil)
	}))
}

// AcceptWithoutEvents calls NdkAccept with qp and no disconnect event
// callback: the parameter is optional (nc-ndkpi-ndk_fn_accept.md).
func (c *Connector) AcceptWithoutEvents(qp *QP) *Op {
	c.a.env.relate(qp.obj, c.obj)
	p := ndk.AcceptParams{QP: qp.QP, InboundReadLimit: 4, OutboundReadLimit: 4}
	return c.request("NdkAccept", func(done ndk.RequestCompletion) ndk.Status { return c.Connector.Accept(p, done, nil) })
}

// Accept calls NdkAccept with qp, registering the harness's disconnect
// event callback.
func (c *Connector) Accept(qp *QP, privateData []byte) *Op {
	return c.AcceptWith(ndk.AcceptParams{QP: qp.QP, InboundReadLimit: 4, OutboundReadLimit: 4, PrivateData: privateData}, qp)
}

// AcceptWith calls NdkAccept with explicit parameters; the disconnect
// callback is the harness's.
func (c *Connector) AcceptWith(p ndk.AcceptParams, qp *QP) *Op {
	c.a.env.relate(qp.obj, c.obj)
	p.OnDisconnect = c.onDisconnect
	return c.request("NdkAccept", func(done ndk.RequestCompletion) ndk.Status { return c.Connector.Accept(p, done, nil) })
}

var helperConnectorReject helperMark

// Reject calls NdkReject.
func (c *Connector) Reject(privateData []byte) ndk.Status {
	helperConnectorReject.mark()
	issued := c.a.rec().answersClock()
	defer c.a.rec().noteSyncAnswer("NdkReject", issued)
	return c.sync("NdkReject", func() ndk.Status { return c.Connector.Reject(privateData) })
}

var helperConnectorConnectionData helperMark

// ConnectionData calls NdkGetConnectionData with buf.
func (c *Connector) ConnectionData(buf []byte) (ndk.ConnectionData, ndk.Status) {
	helperConnectorConnectionData.mark()
	var cd ndk.ConnectionData
	st := c.sync("NdkGetConnectionData", func() ndk.Status {
		var st ndk.Status
		cd, st = c.Connector.GetConnectionData(buf)
		return st
	})
	return cd, st
}

var helperConnectorLocalAddress helperMark

// LocalAddress calls NdkGetLocalAddress.
func (c *Connector) LocalAddress() (netip.AddrPort, ndk.Status) {
	helperConnectorLocalAddress.mark()
	return c.address("NdkGetLocalAddress", c.Connector.GetLocalAddress)
}

var helperConnectorPeerAddress helperMark

// PeerAddress calls NdkGetPeerAddress.
func (c *Connector) PeerAddress() (netip.AddrPort, ndk.Status) {
	helperConnectorPeerAddress.mark()
	return c.address("NdkGetPeerAddress", c.Connector.GetPeerAddress)
}

// Disconnect calls NdkDisconnect.
func (c *Connector) Disconnect() *Op {
	return c.request("NdkDisconnect", func(done ndk.RequestCompletion) ndk.Status { return c.Connector.Disconnect(done, nil) })
}

var helperConnectorClose helperMark

// Close calls NdkCloseObject.
func (c *Connector) Close() *Op {
	helperConnectorClose.mark()
	return c.a.rec().noteAnswer(c.closeWith(c.Connector))
}

var helperMustSucceed helperMark

// MustSucceed fails the spec unless op's final status is STATUS_SUCCESS.
func MustSucceed(op *Op) {
	helperMustSucceed.mark()
	if st := op.Wait(); st != ndk.StatusSuccess {
		observed := st.String()
		if late, why := op.lateAnswer(); late {
			observed += ": " + why + " (a lab fault, no verdict on the provider)"
		}
		Violate(stepFailed(op.violation("", "STATUS_SUCCESS (a step the spec needs)", observed)))
	}
}
