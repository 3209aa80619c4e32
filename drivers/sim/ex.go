package sim

import "github.com/ndkconform/ndkconform/ndk"

// The connector calls of NDKPI 2.1 (ndk.ConnectorEx): NdkCompleteConnectEx
// and NdkAcceptEx are NdkCompleteConnect and NdkAccept, with the same
// statuses in the same cases (CN-7, CN-8), whose disconnect event callback
// is an NdkDisconnectEventCallbackEx: called as the other is, once, when
// the peer disconnects (CN-15), with a ProviderDisconnectReason (CN-17).
// The adapter declares NDKPI 2.1 by default (option version); with an
// earlier version its connectors are not ndk.ConnectorEx (handOut).

// The ProviderDisconnectReason sim passes to an NdkDisconnectEventCallbackEx:
// a provider-specific code of why the connection ended (0 would say none is
// given).
const (
	// ReasonPeerDisconnected: the peer's NdkDisconnect (its
	// graceful-disconnect notice).
	ReasonPeerDisconnected uint32 = 1
	// ReasonPeerClosed: the peer's connector was closed without a
	// disconnect (an abort).
	ReasonPeerClosed uint32 = 2
	// ReasonHostDown: a host of the connection went down (an abort).
	ReasonHostDown uint32 = 3
	// ReasonRemoteAccess: the connection was torn down for a
	// NdkSendAndInvalidate the receiver could not honour (QP-16).
	ReasonRemoteAccess uint32 = 4
)

// disconnectReason is the ProviderDisconnectReason of an indication
// caused by w.
func (f *fabric) disconnectReason(_ *connector, w why) uint32 {
	switch w {
	case byNotice:
		return ReasonPeerDisconnected
	case byClose:
		return ReasonPeerClosed
	case byHostDown:
		return ReasonHostDown
	case byFault:
		return ReasonRemoteAccess
	}
	return 0
}

// discReg is the disconnect event callback a CompleteConnect or Accept
// registers: cb (NdkCompleteConnect, NdkAccept) or cbEx (the Ex calls, ex
// set), either of which may be nil (the parameter is optional).
type discReg struct {
	cb   ndk.DisconnectEventCallback
	cbEx ndk.DisconnectEventCallbackEx
	ctx  any
	ex   bool
}

// registerLocked makes reg c's disconnect event callback.
func (c *connector) registerLocked(reg discReg) {
	c.onDisc, c.onDiscEx, c.discCtx, c.ex = reg.cb, reg.cbEx, reg.ctx, reg.ex
}

// disconnectCall is the call of c's disconnect event callback, with reason
// for an NdkDisconnectEventCallbackEx; nil when c has none. Called with
// f.mu held.
func (c *connector) disconnectCall(reason uint32) func() {
	ctx := c.discCtx
	switch {
	case c.onDiscEx != nil:
		cb := c.onDiscEx
		return func() { cb(ctx, reason) }
	case c.onDisc != nil:
		cb := c.onDisc
		return func() { cb(ctx) }
	}
	return nil
}

// exRegistrationStatus is STATUS_SUCCESS, or the failure of the
// ex-null-event-refused variant for reg.
func (f *fabric) exRegistrationStatus(reg discReg) ndk.Status {
	// VARIANT ex-null-event-refused (breaks CN-15): NdkCompleteConnectEx and
	// NdkAcceptEx with no DisconnectEvent (an optional parameter) fail with
	// STATUS_INVALID_PARAMETER.
	if reg.ex && reg.cbEx == nil && f.variant == VariantExNullEventRefused {
		return ndk.StatusInvalidParameter
	}
	return ndk.StatusSuccess
}

// CompleteConnectEx implements ndk.ConnectorEx (NdkCompleteConnectEx).
func (c *connector) CompleteConnectEx(onDisconnect ndk.DisconnectEventCallbackEx, disconnectCtx any, done ndk.RequestCompletion, ctx any) ndk.Status {
	return c.completeConnect(discReg{cbEx: onDisconnect, ctx: disconnectCtx, ex: true}, done, ctx)
}

// AcceptEx implements ndk.ConnectorEx (NdkAcceptEx).
func (c *connector) AcceptEx(p ndk.AcceptExParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	ap := ndk.AcceptParams{QP: p.QP, InboundReadLimit: p.InboundReadLimit, OutboundReadLimit: p.OutboundReadLimit, PrivateData: p.PrivateData}
	return c.accept(ap, discReg{cbEx: p.OnDisconnect, ctx: p.DisconnectContext, ex: true}, done, ctx)
}

var _ ndk.ConnectorEx = (*connector)(nil)

// connector1x is a connector of an adapter that declares a version before
// NDKPI 2.1: the methods of ndk.Connector only.
type connector1x struct{ ndk.Connector }

// handOut is the ndk.Connector sim gives the consumer for c: c itself, or
// before NDKPI 2.1 (option version) a connector1x.
func (c *connector) handOut() ndk.Connector {
	if !c.ad.f.ex {
		return connector1x{c}
	}
	return c
}
