package sim

// The broken variants of the connector calls of NDKPI 2.1 (ex.go,
// ndk.ConnectorEx): each breaks NdkCompleteConnectEx, NdkAcceptEx or the
// NdkDisconnectEventCallbackEx they register at the points marked
// "VARIANT <name>", and leaves NdkCompleteConnect, NdkAccept and their
// NdkDisconnectEventCallback conforming, so that only the specs of the Ex
// clauses (specs/endpoints/ex.go, specs/disconnect/ex.go) see them.
const (
	VariantExCompleteConnectNotConnecting   = "ex-complete-connect-not-connecting"
	VariantExCompleteConnectAfterPeerGaveUp = "ex-complete-connect-after-peer-gave-up"
	VariantExCompleteConnectAfterTimeout    = "ex-complete-connect-after-timeout"
	VariantExAcceptAfterPeerGaveUp          = "ex-accept-after-peer-gave-up"
	VariantExAcceptTimeoutWrongStatus       = "ex-accept-timeout-wrong-status"
	VariantExIndicationTwice                = "ex-indication-twice"
	VariantExNoIndication                   = "ex-no-indication"
	VariantExNullEventRefused               = "ex-null-event-refused"
)

func init() {
	variants = append(variants,
		Variant{
			Name:        VariantExCompleteConnectNotConnecting,
			Rule:        "CN-7",
			Rules:       []string{"CN-7"},
			Description: "NdkCompleteConnectEx on an idle connector (one that is not connecting) returns STATUS_SUCCESS instead of STATUS_CONNECTION_INVALID",
		},
		Variant{
			Name:        VariantExCompleteConnectAfterPeerGaveUp,
			Rule:        "CN-7",
			Rules:       []string{"CN-7"},
			Description: "NdkCompleteConnectEx succeeds although the accepting peer abandoned set-up (closed its connector with NdkAccept pending), instead of failing with STATUS_CONNECTION_ABORTED",
		},
		Variant{
			Name:        VariantExCompleteConnectAfterTimeout,
			Rule:        "CN-7",
			Rules:       []string{"CN-7"},
			Description: "NdkCompleteConnectEx succeeds after set-up timed out at the accepting peer, instead of failing with STATUS_IO_TIMEOUT",
		},
		Variant{
			Name:        VariantExAcceptAfterPeerGaveUp,
			Rule:        "CN-8",
			Rules:       []string{"CN-8"},
			Description: "NdkAcceptEx succeeds although the connecting peer abandoned set-up (closed its connector), instead of failing with STATUS_CONNECTION_ABORTED",
		},
		Variant{
			Name:        VariantExAcceptTimeoutWrongStatus,
			Rule:        "CN-8",
			Rules:       []string{"CN-8"},
			Description: "NdkAcceptEx whose connecting peer never calls NdkCompleteConnect(Ex) fails with STATUS_CONNECTION_ABORTED instead of STATUS_IO_TIMEOUT",
		},
		Variant{
			Name:        VariantExIndicationTwice,
			Rule:        "CN-15",
			Rules:       []string{"CN-15"},
			Description: "an NdkDisconnectEventCallbackEx is called a second time, shortly after the first, when the peer disconnects",
		},
		Variant{
			Name:        VariantExNoIndication,
			Rule:        "CN-15",
			Rules:       []string{"CN-15"},
			Description: "an NdkDisconnectEventCallbackEx is not called when the peer disconnects (the NdkDisconnectEventCallback of the non-Ex calls is)",
		},
		Variant{
			Name:        VariantExNullEventRefused,
			Rule:        "CN-15",
			Rules:       []string{"CN-15"},
			Description: "NdkCompleteConnectEx and NdkAcceptEx with no DisconnectEvent (an optional parameter) fail with STATUS_INVALID_PARAMETER",
		},
	)
}
