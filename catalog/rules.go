package catalog

// Actors (RULES.md tags).
const (
	aP    = "P"     // [P]: the provider
	aMay  = "MAY"   // [MAY]: a permission
	aMayP = "MAY/P" // [MAY]/[P]: a consumer permission the provider must cope with
	aD    = "D"     // [D]: the miniport / driver package
	aINF  = "INF"   // [INF]: the INF file
)

// Seed pages: the documents the project was created from (see Rule.Seed;
// the pages are in docs/reference/ndkpi).
const (
	pgLifetime       = "ndkpi-object-lifetime-requirements.md"
	pgEndpoints      = "ndkpi-listeners--connectors--and-endpoints.md"
	pgDisconnect     = "networkdirect-disconnect-scheme.md"
	pgSharedEndpoint = "nc-ndkpi-ndk_fn_create_shared_endpoint.md"
)

// Reasons shared by several rules.
const (
	whyINF         = "binds the INF file, which ndkconform never sees"
	whyDriverInit  = "binds the miniport driver's registration with NDIS (DriverEntry, MiniportSetOptions), done before any NDK adapter is opened and invisible through the NDK provider interface"
	whyOIDHandler  = "binds the miniport's OID request handler, which NDIS calls outside the NDK provider interface"
	whyAdapterInit = "binds the NDK attributes the miniport hands NDIS in MiniportInitializeEx; ndkconform sees only the NDK adapters it opens"
	whyPnP         = "binds the NdisMNetPnPEvent calls the miniport makes to NDIS, outside the NDK provider interface"
	whySetState    = "an OID_NDK_SET_STATE request handled by the miniport, outside the NDK provider interface"
	whyConnections = "an OID_NDK_CONNECTIONS query handled by the miniport, outside the NDK provider interface"
	whyLocalEPs    = "an OID_NDK_LOCAL_ENDPOINTS query handled by the miniport, outside the NDK provider interface"
	whyStatistics  = "an OID_NDK_STATISTICS query handled by the miniport, outside the NDK provider interface"
	whyTechnology  = "binds the *NetworkDirectTechnology keyword values in the INF and registry, which ndkconform never sees (it reads only the RdmaTechnology the adapter reports)"
	whyFrameSize   = "binds the *NetworkDirectRoCEFrameSize keyword, an advanced setting that the NDK provider interface neither sets nor reports"
	whyNetworkDir  = "binds how the *NetworkDirect keyword gates NDK enablement, which NDIS drives through OID_NDK_SET_STATE outside the NDK provider interface"

	// ProviderDisconnectReason promises nothing a provider can break.
	whyAnyReason = "every ProviderDisconnectReason is one the page allows: 0 says that the provider gives no reason (or does not support the capability yet), any other value is a provider-specific code whose meaning the pages leave to the provider, so no value a provider passes can be wrong (the NdkDisconnectEventCallbackEx that carries it is CN-15.ex's)"
)

// section is a RULES.md section: its title in the catalog, the page its
// rules come from unless a rule names its own, and whether that page is a
// seed page.
type section struct {
	title, page string
	seed        bool
}

type part struct {
	sec   section
	rules []Rule
}

// build fills in each rule's Section, and its Page and Seed from the
// section when the rule does not set them.
func build(parts ...part) []Rule {
	var out []Rule
	for _, pt := range parts {
		for _, r := range pt.rules {
			r.Section = pt.sec.title
			if r.Page == "" {
				r.Page = pt.sec.page
				r.Seed = r.Seed || pt.sec.seed
			}
			out = append(out, r)
		}
	}
	return out
}

var (
	secOverview   = section{"Overview of Network Direct Kernel Provider Interface (NDKPI)", "overview-of-network-direct-kernel-provider-interface--ndkpi-.md", false}
	secInitDriver = section{"Initializing an NDK-capable miniport driver", "initializing-an-ndk-capable-miniport-driver.md", false}
	secInitAdapt  = section{"Initializing an NDK miniport adapter", "initializing-an-ndk-miniport-adapter.md", false}
	secFunctions  = section{"Implementing NDKPI functions", "implementing-ndkpi-callback-functions.md", false}
	secINF        = section{"INF requirements for NDKPI", "inf-requirements-for-ndkpi.md", false}
	secEnabling   = section{"Enabling and disabling NDK functionality", "enabling-and-disabling-ndk-functionality.md", false}
	secLifetime   = section{"NDKPI object lifetime requirements", pgLifetime, true}
	secEndpoints  = section{"NDKPI listeners, connectors, and endpoints", pgEndpoints, true}
	secCompletion = section{"NDKPI completion handling requirements", "ndkpi-completion-handling-requirements.md", false}
	secPosting    = section{"NDKPI work request posting requirements", "ndkpi-work-request-posting-requirements.md", false}
	secDisconnect = section{"NetworkDirect disconnect scheme", pgDisconnect, true}
	secDeferred   = section{"NDKPI deferred processing scheme", "ndkpi-deferred-processing-scheme.md", false}
	secOIDConns   = section{"OID_NDK_CONNECTIONS", "oid-ndk-connections.md", false}
	secOIDLocal   = section{"OID_NDK_LOCAL_ENDPOINTS", "oid-ndk-local-endpoints.md", false}
	secOIDState   = section{"OID_NDK_SET_STATE", "oid-ndk-set-state.md", false}
	secOIDStats   = section{"OID_NDK_STATISTICS", "oid-ndk-statistics.md", false}

	// Part B: the rules name their pages.
	secB1 = section{title: "Create / request / close completion semantics"}
	secB2 = section{title: "Object structs, headers, dispatch tables, versions"}
	secB3 = section{title: "Adapter info / capability rules"}
	secB4 = section{title: "CQ, arming, notification, interrupt moderation"}
	secB5 = section{title: "QP creation, work requests, SGEs, flags"}
	secB6 = section{title: "Memory regions, windows, LAM and tokens (privileged / local / remote)"}
	secB7 = section{title: "SRQ"}
	secB8 = section{title: "Listener, connector, shared endpoint, connection data, disconnect"}
)

// table is the catalog, in RULES.md order.
var table = build(
	part{secOverview, []Rule{
		{ID: "OV-1", Actor: aP, Strength: Must, Text: "The provider exposes the adapter's RDMA functions by implementing the NDKPI interface exactly as the NDKPI Reference defines it.", Clauses: []Clause{
			{ID: "OV-1.private-data", Text: "NdkConnect and NdkConnectWithSharedEndpoint take private data up to NDK_ADAPTER_INFO's MaxCallerData bytes and NdkAccept and NdkReject up to its MaxCalleeData, and fail with one byte more.", Covered: true},
			{ID: "OV-1.reference", Text: "Everything else the NDKPI Reference defines behaves as defined there.",
				Reason: "the whole NDKPI Reference, which the suite checks through the catalog's more specific rules; as one statement no spec can cover it"},
		}},
		{ID: "OV-2", Actor: aP, Strength: Must, Text: "The provider supports Network Direct connections over both the IPv4 and the IPv6 addresses of its NDK-capable adapters."},
		{ID: "OV-3", Actor: aP, Strength: Must, Text: "The provider implements every element of the NDKPI Reference other than the callbacks the consumer supplies."},
	}},
	part{secInitDriver, []Rule{
		{ID: "IM-1", Actor: aD, Strength: Must, Reason: whyDriverInit, Text: "On top of its ordinary miniport initialization, the driver registers the additional NDKPI entry points."},
		{ID: "IM-2", Actor: aD, Strength: Must, Reason: whyOIDHandler, Text: "The MiniportOidRequest the driver registers in OidRequestHandler handles every NDKPI OID."},
		{ID: "IM-3", Actor: aD, Strength: Must, Reason: whyOIDHandler, Text: "That MiniportOidRequest also handles every OID NDIS requires of any miniport driver."},
		{ID: "IM-4", Actor: aD, Strength: Must, Reason: whyDriverInit, Text: "The driver registers a MiniportSetOptions function in SetOptionsHandler."},
		{ID: "IM-5", Actor: aD, Strength: Must, Reason: whyDriverInit, Text: "In MiniportSetOptions the driver registers its NDK capability together with its OpenNDKAdapterHandler and CloseNDKAdapterHandler entry points."},
		{ID: "IM-6", Actor: aD, Strength: Must, Reason: whyDriverInit, Text: "For that registration MiniportSetOptions fills in an NDIS_NDK_PROVIDER_CHARACTERISTICS structure."},
		{ID: "IM-7", Actor: aD, Strength: Must, Reason: whyDriverInit, Text: "The driver sets that structure's Header so that it identifies the driver as an NDK-capable miniport."},
		{ID: "IM-8", Actor: aD, Strength: Must, Reason: whyDriverInit, Text: "The driver stores its adapter open and close entry points in the structure's OpenNDKAdapterHandler and CloseNDKAdapterHandler members."},
		{ID: "IM-9", Actor: aD, Strength: Must, Reason: whyDriverInit, Text: "The driver hands the structure to NdisSetOptionalHandlers as its OptionalHandlers."},
	}},
	part{secInitAdapt, []Rule{
		{ID: "IA-1", Actor: aD, Strength: Must, Reason: whyAdapterInit, Text: "In MiniportInitializeEx the driver fills in an NDIS_MINIPORT_ADAPTER_NDK_ATTRIBUTES structure for the adapter."},
		{ID: "IA-2", Actor: aD, Strength: Must, Reason: whyAdapterInit, Text: "The driver sets that structure's Header as documented, marking the adapter as NDK-capable."},
		{ID: "IA-3", Actor: aD, Strength: Must, Reason: whyAdapterInit, Text: "The driver sets Enabled to TRUE when the adapter's NDK functionality is enabled and to FALSE when it is not."},
		{ID: "IA-4", Actor: aD, Strength: Must, Reason: whyAdapterInit, Text: "The driver points NdkCapabilities at an NDIS_NDK_CAPABILITIES structure that describes what the adapter can do."},
		{ID: "IA-5", Actor: aD, Strength: Must, Reason: whyAdapterInit, Text: "The driver gives these attributes to NDIS with NdisMSetMiniportAttributes."},
	}},
	part{secFunctions, []Rule{
		{ID: "IF-1", Actor: aP, Strength: Must, Text: "The driver registers an entry point for every NDK_FN_XXX function."},
		{ID: "IF-2", Actor: aP, Strength: Must, Text: "The provider implements every NDKPI provider function, since none of them is optional."},
		{ID: "IF-3", Actor: aP, Strength: Must, Text: "The provider creates NDK_ADAPTER objects through OPEN_NDK_ADAPTER_HANDLER and serves their calls through NDK_ADAPTER_DISPATCH."},
		{ID: "IF-4", Actor: aP, Strength: Must, Text: "The provider creates NDK_CONNECTOR objects with NDK_FN_CREATE_CONNECTOR and serves their calls through NDK_CONNECTOR_DISPATCH."},
		{ID: "IF-5", Actor: aP, Strength: Must, Text: "The provider creates NDK_CQ objects with NDK_FN_CREATE_CQ and serves their calls through NDK_CQ_DISPATCH."},
		{ID: "IF-6", Actor: aP, Strength: Must, Text: "The provider creates NDK_LISTENER objects with NDK_FN_CREATE_LISTENER and serves their calls through NDK_LISTENER_DISPATCH."},
		{ID: "IF-7", Actor: aP, Strength: Must, Text: "The provider creates NDK_MR objects with NDK_FN_CREATE_MR and serves their calls through NDK_MR_DISPATCH."},
		{ID: "IF-8", Actor: aP, Strength: Must, Text: "The provider creates NDK_MW objects with NDK_FN_CREATE_MW and serves their calls through NDK_MW_DISPATCH."},
		{ID: "IF-9", Actor: aP, Strength: Must, Text: "The provider creates NDK_PD objects with NDK_FN_CREATE_PD and serves their calls through NDK_PD_DISPATCH."},
		{ID: "IF-10", Actor: aP, Strength: Must, Text: "The provider creates NDK_QP objects with NDK_FN_CREATE_QP or NDK_FN_CREATE_QP_WITH_SRQ and serves their calls through NDK_QP_DISPATCH."},
		{ID: "IF-11", Actor: aP, Strength: Must, Text: "The provider creates NDK_SHARED_ENDPOINT objects with NDK_FN_CREATE_SHARED_ENDPOINT and serves their calls through NDK_SHARED_ENDPOINT_DISPATCH."},
		{ID: "IF-12", Actor: aP, Strength: Must, Text: "The provider creates NDK_SRQ objects with NDK_FN_CREATE_SRQ (NDK_FN_CREATE_QP_WITH_SRQ in the page's table) and serves their calls through NDK_SRQ_DISPATCH."},
	}},
	part{secINF, []Rule{
		{ID: "INF-1", Actor: aINF, Strength: Must, Reason: whyINF, Text: "The INF sets the NDIS upper range to \"ndis5\", without which Windows components cannot find and use the NDK-capable adapter."},
		{ID: "INF-2", Actor: aINF, Strength: Must, Reason: whyINF, Text: "The INF declares the *NetworkDirect keyword as an enum named \"NetworkDirect Functionality\" with default 1 and the values 0 (Disabled) and 1 (Enabled)."},
		{ID: "INF-3", Actor: aINF, Strength: Must, Reason: whyINF, Text: "The INF declares the optional *NetworkDirectTechnology enum keyword with default 1 and the values 1 iWARP, 2 InfiniBand, 3 RoCE and 4 RoCEv2."},
		{ID: "INF-4", Actor: aD, Strength: Must, Reason: whyTechnology, Text: "The driver package treats the *NetworkDirectTechnology values as mutually exclusive, the one chosen ruling out all the others."},
		{ID: "INF-5", Actor: aD, Strength: Must, Reason: whyTechnology, Text: "A device offers among its *NetworkDirectTechnology values only the transports it really supports."},
		{ID: "INF-6", Actor: aD, Strength: Must, Reason: whyTechnology, Text: "The driver package keeps the *NetworkDirectTechnology values as the identifiers of NDK_RDMA_TECHNOLOGY and never redefines them."},
		{ID: "INF-7", Actor: aD, Strength: Must, Reason: whyTechnology, Text: "A device specifies one transport type, since several transports active at once are undefined."},
		{ID: "INF-8", Actor: aD, Strength: Must, Reason: whyFrameSize, Text: "An adapter offering *NetworkDirect over RoCE or RoCEv2 also supports the *NetworkDirectRoCEFrameSize keyword."},
		{ID: "INF-9", Actor: aINF, Strength: Must, Reason: whyINF, Text: "The INF offers *NetworkDirectRoCEFrameSize values only from 256, 512, 1024, 2048 and 4096."},
		{ID: "INF-10", Actor: aINF, Strength: Must, Reason: whyINF, Text: "The INF supports the *NetworkDirectRoCEFrameSize value 1024, which is also its default."},
		{ID: "INF-11", Actor: aD, Strength: Must, Reason: "binds the RoCE frame size the adapter runs with, which the NDK provider interface does not report (NDK_ADAPTER_INFO has no MTU) and whose *JumboPacket bound ndkconform cannot read", Text: "The adapter runs with the largest supported *NetworkDirectRoCEFrameSize that does not exceed *JumboPacket."},
		{ID: "INF-12", Actor: aD, Strength: Must, Reason: "binds an entry in the Windows system event log, outside the NDK provider interface", Text: "When the configured *NetworkDirectRoCEFrameSize differs from the RoCE MTU in effect, the driver writes a system event-log entry giving the MTU in effect."},
		{ID: "INF-13", Actor: aD, Strength: Must, Reason: whyFrameSize, Text: "The adapter supports at least the frame sizes from 256 to 4096, a lower minimum or a higher maximum being allowed."},
	}},
	part{secEnabling, []Rule{
		{ID: "EN-1", Actor: aD, Strength: Must, Reason: whySetState, Text: "The miniport's MiniportOidRequest supports OID_NDK_SET_STATE."},
		{ID: "EN-2", Actor: aD, Strength: Must, Reason: whyNetworkDir, Text: "With *NetworkDirect set to 1 (Enabled) the driver lets NDK functionality be enabled."},
		{ID: "EN-3", Actor: aD, Strength: Must, Reason: whyNetworkDir, Text: "With *NetworkDirect set to 0 (Disabled) the driver never lets NDK functionality be enabled."},
		{ID: "EN-4", Actor: aINF, Strength: Must, Reason: whyINF, Text: "The INF installs *NetworkDirect with the value 1 by default."},
		{ID: "EN-6", Actor: aMay, Strength: May, Reason: "a permission about what may trigger the miniport's NDK state change, which it signals to NDIS outside the NDK provider interface; nothing the provider does can break it", Text: "The miniport may switch NDK on or off in answer to OID_NDK_SET_STATE or to a success or failure inside the adapter itself."},
		{ID: "EN-7", Actor: aD, Strength: Must, Reason: whyPnP, Text: "The miniport enables or disables NDK by calling NdisMNetPnPEvent with NetPnPEvent set to NetEventNDKEnable or NetEventNDKDisable."},
	}},
	part{secLifetime, []Rule{
		{ID: "LT-4", Actor: aP, Strength: Must, Text: "The provider finishes an asynchronous request by calling the consumer's completion callback, which hands control back to the consumer."},
		{ID: "LT-5", Actor: aP, Strength: Must, Text: "The provider never calls the close completion callback for a close it finished synchronously, whether that close succeeded or failed."},
		{ID: "LT-6", Actor: aP, Strength: Must, Text: "The provider calls NdkCreateCompletion to tell the consumer that an object it created is ready for use."},
		{ID: "LT-7", Actor: aMayP, Strength: Must, Text: "The provider accepts further calls on an object without the consumer waiting for an earlier callback on it to return."},
		{ID: "LT-9", Actor: aMayP, Strength: Must, Text: "The provider copes with the consumer closing an object from inside a completion callback the provider initiated, before the provider function that initiated it has returned."},
		{ID: "LT-10", Actor: aP, Strength: Must, Reason: "it names the two ways to initiate a completion, from inside the call or queued to another thread, and allows both: nothing to break (that each completion comes exactly once is CR-1, CR-4 and CR-6)", Text: "The provider initiates a completion by calling the completion callback itself or by queuing it to another thread, either way handing control back to the consumer."},
		{ID: "LT-11", Actor: aP, Strength: Must, Reason: "an assumption inside the provider's design; its observable consequence, that a close from inside the completion callback returns and completes, is LT-12, which is checked", Text: "Once it has initiated a completion, the provider assumes that the object may be closed at any moment."},
		{ID: "LT-12", Actor: aP, Strength: Must, Text: "After initiating a completion, the provider leaves the object alone until the completion callback has returned, so that it cannot deadlock."},
		{ID: "LT-13", Actor: aP, Strength: Must, Reason: "what keeps the object intact is the provider's own business; its observable consequence, that a close from inside the completion callback returns and completes, is LT-12, which is checked", Text: "If the provider absolutely has to touch the object after initiating a completion, it first does whatever keeps the object intact."},
		{ID: "LT-14", Actor: aP, Strength: Must, Text: "When NdkConnect fails and the provider calls its completion callback inside the NdkConnect call, the provider does not touch the connector afterwards, because the consumer may close it in the callback."},
		{ID: "LT-15", Actor: aP, Strength: Must, Text: "The provider copes with the consumer closing an antecedent object before its successor objects."},
		{ID: "LT-16", Actor: aP, Strength: Must, Text: "When an antecedent is closed before its successors, the provider keeps it open, returns STATUS_PENDING from the close and calls NdkCloseCompletion only once every successor is closed."},
		{ID: "LT-18", Actor: aMay, Strength: May, Reason: "a permission: the consumer never uses an antecedent after closing it (LT-17), so nothing the provider does with such calls can break it", Text: "The provider may, but need not, fail further calls on an antecedent whose close has been requested."},
		{ID: "LT-19", Actor: aMay, Strength: May, Reason: "a permission: the side effects a close must have are rules of their own (LC-16 for the listener), so nothing the provider does can break this one", Text: "Until the last successor is closed, the provider may treat an antecedent's close as a plain dereference with no other effect, unless another rule requires one (as LC-16 does for the listener)."},
		{ID: "LT-20", Actor: aP, Strength: Must, Text: "The provider completes no close of an antecedent, the NDK_ADAPTER included, while a close completion callback of one of its successors is still running, so that consumers can unload safely."},
		{ID: "LT-22", Actor: aP, Strength: Must, Text: "The provider's NDK_ADAPTER close blocks until every callback on every object descended from the adapter has returned to the provider."},
		{ID: "LT-23", Actor: aP, Strength: Must, Text: "The provider completes no close of an object until every pending asynchronous request on it has completed and its completion callback has returned."},
		{ID: "LT-24", Actor: aP, Strength: Must, Text: "The provider completes no close of an object while one of the consumer's event callbacks on it, such as a CQ notification or a listener's connect event, is still running."},
		{ID: "LT-25", Actor: aP, Strength: Must, Text: "The provider makes no callback for an object once its close completion callback has been called or its close has returned STATUS_SUCCESS."},
		{ID: "LT-26", Actor: aP, Strength: Must, Text: "The provider's close of an object starts whatever flushing or cancelling its pending asynchronous requests need."},
	}},
	part{secEndpoints, []Rule{
		{ID: "LC-2", Actor: aP, Strength: Must, Text: "Each connected connector of the provider has an underlying endpoint that stands for the local end of its connection."},
		{ID: "LC-3", Actor: aP, Strength: Must, Text: "A connector accepted over a listener takes the listener's implicit endpoint as its local endpoint."},
		{ID: "LC-4", Actor: aP, Strength: Must, Text: "A connector connected with NdkConnect gets an implicit local endpoint of its own that no other connector uses."},
		{ID: "LC-5", Actor: aP, Strength: Must, Text: "A connector connected with NdkConnectWithSharedEndpoint uses the shared endpoint as its explicit local endpoint, which other connectors connected the same way may share."},
		{ID: "LC-6", Actor: aP, Strength: Must, Text: "The provider reference-counts every implicit and explicit endpoint and frees it, making its address and port available again, when the count drops to zero."},
		{ID: "LC-7", Actor: aP, Strength: Must, Text: "On NdkListen the provider creates an implicit endpoint and counts one reference on it for the listener itself."},
		{ID: "LC-8", Actor: aP, Strength: Must, Text: "The provider counts one more reference on the listener's endpoint for each connector accepted over the listener."},
		{ID: "LC-9", Actor: aP, Strength: Must, Text: "The provider drops one reference from the listener's endpoint when a connector accepted over the listener is closed."},
		{ID: "LC-10", Actor: aP, Strength: Must, Text: "The provider drops the listener's own reference from its endpoint when the listener is closed."},
		{ID: "LC-11", Actor: aP, Strength: Must, Text: "The provider does not finish closing a listener while a connector accepted over it is still open."},
		{ID: "LC-12", Actor: aP, Strength: Must, Text: "The provider frees the listener's endpoint when its count returns to zero, which is only once the listener and every connector accepted over it are closed."},
		{ID: "LC-13", Actor: aP, Strength: Must, Text: "Closing the listener alone does not free its endpoint while a connector accepted over it is still open."},
		{ID: "LC-14", Actor: aP, Strength: Must, Text: "While such an endpoint is still held, the provider fails any new NdkListen, NdkConnect or NdkConnectWithSharedEndpoint that asks for its local address and port."},
		{ID: "LC-15", Actor: aP, Strength: Must, Text: "The provider keeps the listener's close pending until every connector accepted over it is closed."},
		{ID: "LC-16", Actor: aP, Strength: Must, Text: "From the moment a close is issued on a listener, the provider refuses new incoming connections to it, so that none is accepted while the close is pending."},
		{ID: "LC-17", Actor: aP, Strength: Must, Text: "On NdkConnect the provider creates an implicit endpoint and counts exactly one reference on it, for the connector."},
		{ID: "LC-18", Actor: aP, Strength: Must, Text: "The provider drops the connector's reference from its NdkConnect endpoint when the connector is closed."},
		{ID: "LC-19", Actor: aP, Strength: Must, Text: "The provider frees an NdkConnect endpoint as soon as the connector's reference on it is gone."},
		{ID: "LC-20", Actor: aP, Strength: Must, Text: "The provider counts one reference on a shared endpoint for the shared endpoint object itself."},
		{ID: "LC-21", Actor: aP, Strength: Must, Text: "The provider counts one more reference on a shared endpoint for each connector connected over it."},
		{ID: "LC-22", Actor: aP, Strength: Must, Text: "The provider drops one reference from a shared endpoint when a connector connected over it is closed."},
		{ID: "LC-23", Actor: aP, Strength: Must, Text: "The provider frees a shared endpoint when its count returns to zero, once the shared endpoint object and all the connectors over it are closed."},
		{ID: "LC-24", Actor: aP, Strength: Must, Text: "Closing the shared endpoint object alone does not free the endpoint while connectors over it are open, and until they are closed the provider fails new NdkListen, NdkConnect and NdkConnectWithSharedEndpoint requests for its address and port."},
		{ID: "LC-25", Actor: aP, Strength: Must, Text: "The provider keeps the shared endpoint's close pending until every connector connected over it is closed."},
	}},
	part{secCompletion, []Rule{
		{ID: "CH-3", Actor: aP, Strength: Must, Text: "The provider lets the non-Ex NdkGetCqResults retrieve an NdkOperationTypeReceiveAndInvalidate completion caused by a peer's NdkSendAndInvalidate."},
		{ID: "CH-4", Actor: aP, Strength: Must, Text: "Retrieving such a completion with NdkGetCqResults still invalidates the named token on the receiving side."},
		{ID: "CH-5", Actor: aP, Strength: Must, Reason: "not an obligation: it says what the non-Ex NDK_RESULT cannot carry (it has no operation type or token field), so there is nothing for the provider to do or get wrong; the Ex report is QP-20", Text: "NdkGetCqResults gives the receiving consumer no sign of the invalidation, which only NdkGetCqResultsEx reports."},
		{ID: "CH-6", Actor: aP, Strength: Must, Text: "After such an invalidation the provider fails a later NdkInvalidate of the same token, as for any invalidated token."},
		{ID: "CH-7", Actor: aP, Strength: Must, Text: "The provider calls NdkCqNotificationCallback at most once per arm, and only after the consumer has armed the CQ with NdkArmCq."},
		{ID: "CH-8", Actor: aP, Strength: Must, Text: "When the arm's condition is met because completions are queued to the CQ, the provider clears the arm and calls the notification callback."},
		{ID: "CH-9", Actor: aP, Strength: Must, Text: "When NdkArmCq finds the CQ holding completions of which at least one arrived after the last notification, the provider satisfies the arm at once, subject to CH-11."},
		{ID: "CH-10", Actor: aMay, Strength: May, Reason: "a permission: satisfying or not satisfying the arm at once is allowed when no completion is new, and the cases it does not cover are CH-7 to CH-9's; nothing the provider does can break it", Text: "When no completion in the CQ is newer than the last notification, the provider may still satisfy a new arm at once."},
		{ID: "CH-11", Actor: aP, Strength: Must, Text: "The provider serializes CQ notification callbacks, holding back a due notification until the running callback has returned."},
		{ID: "CH-12", Actor: aP, Strength: Must, Text: "When a CQ armed for ANY is armed again before the first arm is satisfied, the provider keeps the arm at ANY whatever the second type."},
		{ID: "CH-13", Actor: aP, Strength: Must, Text: "When a CQ armed for ERRORS is armed again before the first arm is satisfied, the provider takes the second arm's type, ANY, ERRORS or SOLICITED."},
		{ID: "CH-14", Actor: aP, Strength: Must, Text: "When a CQ armed for SOLICITED is armed again before the first arm is satisfied, the provider arms for ANY if the second arm is ANY and keeps SOLICITED otherwise."},
	}},
	part{secPosting, []Rule{
		{ID: "WR-5", Actor: aMayP, Strength: Must, Text: "The provider copes with NdkReceive and NdkWrite running at the same time on one QP, since they use its two different queues."},
		{ID: "WR-6", Actor: aP, Strength: Should, Reason: "a lock inside a work-request function is invisible through the interface: a redundant one changes no status, completion or data, only timing", Text: "The provider should not put locks in its work-request functions that only repeat the per-queue serialization the consumer already guarantees."},
		{ID: "WR-7", Actor: aP, Strength: Must, Text: "The provider copes with NdkFlush running at the same time as a work-request call on the same QP."},
		{ID: "WR-8", Actor: aP, Strength: Must, Text: "The provider copes with the close of the QP's connector running at the same time as a work-request call on that QP."},
	}},
	part{secDisconnect, []Rule{
		{ID: "DS-2", Actor: aP, Strength: Must, Text: "The provider delivers a disconnect indication only for a graceful disconnect received from the peer or a detected abort, never for its own consumer's NdkDisconnect or connector close."},
		{ID: "DS-3", Actor: aP, Strength: Must, Text: "When its consumer calls NdkDisconnect, the provider sends the peer a graceful-disconnect notification."},
		{ID: "DS-4", Actor: aP, Strength: Must, Text: "The provider completes NdkDisconnect only once the peer's graceful-disconnect notification has arrived, with success, or an abort or time-out has occurred, with a failure."},
		{ID: "DS-5", Actor: aP, Strength: Must, Text: "The provider also holds back NdkDisconnect's completion until all DMA on the QP has finished, that of silent-success work requests included."},
		{ID: "DS-6", Actor: aP, Strength: Must, Text: "On a graceful disconnect from the peer or a detected abort, the provider delivers a disconnect indication to its consumer unless that consumer has already called NdkDisconnect."},
		{ID: "DS-8", Actor: aP, Strength: Must, Reason: "it gives no guarantee, so nothing the provider does can break it (how the outstanding work requests complete is checked under QP-22, LT-26 and CN-16)", Text: "A disconnect indication gives no guarantee about the completion of work requests."},
		{ID: "DS-10", Actor: aP, Strength: Must, Text: "Once NdkDisconnect has completed, successfully or not, the provider treats the connection as fully closed, never half-closed."},
		{ID: "DS-12", Actor: aMay, Strength: May, Reason: "a permission: nothing the provider does can break it (that NdkDisconnect still completes with requests outstanding, and flushes them, is checked under DS-4 and QP-22)", Text: "The provider need not disconnect gracefully when the consumer calls NdkDisconnect with initiator work requests still outstanding."},
	}},
	part{secDeferred, []Rule{
		{ID: "DP-2", Actor: aMay, Strength: May, Reason: "a permission over when a deferred request reaches the hardware: every timing is allowed, and the duty that bounds it (a completion must come) is DP-5's", Text: "The provider may treat NDK_OP_FLAG_DEFER as a mere hint, delaying the request's hand-off to the hardware or processing it at any time."},
		{ID: "DP-3", Actor: aP, Strength: Must, Text: "NDK_OP_FLAG_DEFER changes none of the provider's duties to generate completions."},
		{ID: "DP-4", Actor: aP, Strength: Must, Text: "The provider queues no CQ completion for an initiator call that returned a failure status."},
		{ID: "DP-5", Actor: aP, Strength: Must, Text: "The provider eventually queues a CQ completion for every initiator call that returned success, as long as the consumer ends each chain with a request without DEFER."},
		{ID: "DP-6", Actor: aP, Strength: Must, Text: "When it returns a failure from an initiator call, the provider makes sure every request submitted earlier with DEFER is handed to the hardware."},
	}},
	part{secOIDConns, []Rule{
		{ID: "OC-1", Actor: aD, Strength: Must, Reason: whyConnections, Text: "An NDIS 6.30 or later miniport offering NDK services answers OID_NDK_CONNECTIONS queries."},
		{ID: "OC-2", Actor: aD, Strength: Must, Reason: whyConnections, Text: "The adapter answers with an NDIS_NDK_CONNECTIONS structure in InformationBuffer that lists its active ND connections."},
		{ID: "OC-3", Actor: aD, Strength: Must, Reason: whyConnections, Text: "The driver returns NDIS_NDK_CONNECTIONS as a variable-sized structure whose Count gives the number of entries."},
	}},
	part{secOIDLocal, []Rule{
		{ID: "OE-1", Actor: aD, Strength: Must, Reason: whyLocalEPs, Text: "An NDIS 6.30 or later NDK miniport answers OID_NDK_LOCAL_ENDPOINTS queries."},
		{ID: "OE-2", Actor: aD, Strength: Must, Reason: whyLocalEPs, Text: "The adapter answers with an NDIS_NDK_LOCAL_ENDPOINTS structure in InformationBuffer that lists its active listeners and shared endpoints."},
		{ID: "OE-3", Actor: aD, Strength: Must, Reason: whyLocalEPs, Text: "The driver returns NDIS_NDK_LOCAL_ENDPOINTS as a variable-sized structure whose Count gives the number of entries."},
	}},
	part{secOIDState, []Rule{
		{ID: "SS-1", Actor: aD, Strength: Must, Reason: whySetState, Text: "An NDIS 6.30 or later NDK miniport handles OID_NDK_SET_STATE set requests."},
		{ID: "SS-3", Actor: aD, Strength: Must, Reason: whySetState, Text: "When OID_NDK_SET_STATE carries TRUE and *NetworkDirect is non-zero, the driver enables the adapter's NDK functionality."},
		{ID: "SS-4", Actor: aD, Strength: Must, Reason: "binds how the driver reads *NetworkDirect from its configuration with NdisOpenConfigurationEx and NdisReadConfiguration, outside the NDK provider interface", Text: "The driver reads *NetworkDirect as an integer parameter through NdisOpenConfigurationEx and NdisReadConfiguration."},
		{ID: "SS-5", Actor: aD, Strength: Must, Reason: whySetState, Text: "When OID_NDK_SET_STATE carries FALSE, the driver disables the adapter's NDK functionality."},
		{ID: "SS-6", Actor: aD, Strength: Should, Reason: whyPnP, Text: "The driver should enable or disable NDK for OID_NDK_SET_STATE by the NdisMNetPnPEvent steps of Enabling and Disabling NDK Functionality."},
		{ID: "SS-7", Actor: aD, Strength: Must, Reason: whyPnP, Text: "The driver never calls NdisMNetPnPEvent from inside MiniportOidRequest, which could deadlock, but from another context or a queued work item."},
		{ID: "SS-8", Actor: aD, Strength: Must, Reason: whySetState, Text: "MiniportOidRequest returns STATUS_SUCCESS for OID_NDK_SET_STATE unless something fails."},
		{ID: "SS-9", Actor: aD, Strength: Must, Reason: whySetState, Text: "MiniportOidRequest never returns NDIS_STATUS_PENDING for OID_NDK_SET_STATE."},
	}},
	part{secOIDStats, []Rule{
		{ID: "ST-1", Actor: aD, Strength: Must, Reason: whyStatistics, Text: "An NDIS 6.30 or later NDK miniport answers OID_NDK_STATISTICS queries."},
		{ID: "ST-4", Actor: aD, Strength: Must, Reason: whyStatistics, Text: "The miniport fills in the CounterSet member, an NDIS_NDK_PERFORMANCE_COUNTERS structure, of the statistics it is asked for."},
	}},
	part{secB1, []Rule{
		{ID: "CR-1", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_completion.md", Text: "When a create function returns STATUS_PENDING, the provider calls NdkCreateCompletion once the create has finished."},
		{ID: "CR-2", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_completion.md", Text: "For a create that returns any status but STATUS_PENDING, the provider does not call NdkCreateCompletion and returns the created object through the create's output parameter."},
		{ID: "CR-3", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_completion.md", Text: "When a pending create succeeds, the provider delivers the object through NdkCreateCompletion's pNdkObject and leaves the create's output parameter untouched."},
		{ID: "CR-4", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_request_completion.md", Text: "The provider calls NdkRequestCompletion for a request if and only if the request returned STATUS_PENDING."},
		{ID: "CR-5", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_close_completion.md", Text: "The provider's close returns only STATUS_SUCCESS or STATUS_PENDING, never a failure."},
		{ID: "CR-6", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_close_completion.md", Text: "The provider calls NdkCloseCompletion if and only if the close returned STATUS_PENDING."},
		{ID: "CR-7", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_close_completion.md", Text: "The provider keeps a close pending while another request on the object is pending or a notification callback on it is running, and calls NdkCloseCompletion only after those callbacks have returned."},
		{ID: "CR-9", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_close_object.md", Text: "NdkCloseCompletion is the provider's last callback for the object, made only after every outstanding request has completed, every running callback has returned and further callbacks are ruled out."},
		{ID: "CR-10", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_close_object.md", Text: "When NdkCloseObject returns STATUS_SUCCESS, the provider does not call NdkCloseCompletion."},
		// RULES.md cites nc-ndkpi-ndk_fn_create_*.md: the first create page
		// that has the status; the shared endpoint seed page is among them.
		{ID: "CR-11", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_connector.md", Seed: true, Text: "When a create runs out of resources, the provider fails it with STATUS_INSUFFICIENT_RESOURCES, either as the return value or through the create completion."},
		// RULES.md cites the request completion page first: CR-12 is CR-4
		// read against the pages of the calls that take no completion
		// callback.
		{ID: "CR-12", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_request_completion.md", Text: "Every NDKPI call that takes no completion callback and returns an NTSTATUS (the address and connection data getters, NdkQueryAdapterInfo, NdkReject, NdkQueryExtensionInterface, NdkControlCqInterruptModeration and the nine work requests, which report through the CQ) gives its final status as its return value, and so never returns STATUS_PENDING."},
		// The eight callback pages give req.irql <=DISPATCH_LEVEL: the
		// IRQL the provider may call each at.
		{ID: "CR-13", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_completion.md", Text: "The provider calls every consumer callback (the create, request and close completions, the CQ and SRQ notifications, the connect event and the disconnect events) at IRQL DISPATCH_LEVEL or below, as each callback's page gives."},
	}},
	part{secB2, []Rule{
		{ID: "OH-1", Actor: aP, Strength: Must, Page: "ns-ndkpi-_ndk_adapter.md", Text: "Before returning a new object of any type, the provider points the object's Dispatch member at its dispatch table."},
		{ID: "OH-2", Actor: aP, Strength: Must, Page: "ns-ndkpi-_ndk_adapter.md", Text: "Once it has set an object's Dispatch, the provider never uses it again, since the consumer may change it."},
		{ID: "OH-3", Actor: aP, Strength: Must, Page: "ns-ndkpi-_ndk_object_header.md", Text: "The provider sets Header.Version to the NDKPI version it implements: 1.1 for Windows Server 2012, 1.2 for Windows Server 2012 R2, or a later version the pages name (2.0, or 2.1, which has NdkCompleteConnectEx, NdkAcceptEx and NdkDisconnectEventCallbackEx, Windows Server 2022)."},
		{ID: "OH-4", Actor: aP, Strength: Must, Page: "ns-ndkpi-_ndk_object_header.md", Text: "The provider sets Header.ObjectType to the object's NDK_OBJECT_TYPE, which is never zero."},
		{ID: "OH-5", Actor: aP, Strength: Must, Page: "ns-ndkpi-_ndk_object_header.md", Text: "The provider sets Header.NdkReserved to zero and leaves it unchanged until the object is closed."},
		{ID: "OH-7", Actor: aP, Strength: Must, Page: "nc-ndisndk-open_ndk_adapter_handler.md", Text: "On adapter open the provider fails an unsupported major version, or a minor version above its highest, with NDIS_STATUS_BAD_VERSION, and otherwise succeeds with its highest minor version, reporting it in NDK_ADAPTER_INFO and the object headers."},
		{ID: "OH-8", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_query_extension_interface.md", Text: "The provider puts NdkQueryExtensionInterface in every dispatch table, answering STATUS_NOT_SUPPORTED being valid since no standard extension interface exists."},
	}},
	part{secB3, []Rule{
		{ID: "AI-1", Actor: aP, Strength: Must, Page: "ns-ndkinfo-ndk_adapter_info.md", Text: "The provider supports at least 16 FRMR pages, and advertises more than 16 only if that does not noticeably cut the number of FRMRs of that size it can offer."},
		{ID: "AI-3", Actor: aP, Strength: Must, Page: "ns-ndkinfo-ndk_adapter_info.md", Text: "The provider reports MaxSrqDepth as 0 to say that it does not support SRQs."},
		{ID: "AI-4", Actor: aP, Strength: Must, Page: "ns-ndkinfo-ndk_adapter_info.md", Text: "A provider that sets NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED never writes the last byte of a consumer buffer before an earlier one."},
		{ID: "AI-5", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_query_adapter_info.md", Text: "NdkQueryAdapterInfo runs at PASSIVE_LEVEL and blocks until done, and answers a buffer that is too small with STATUS_BUFFER_TOO_SMALL and the size needed in *pBufferSize.", Clauses: []Clause{
			{ID: "AI-5.blocks", Text: "NdkQueryAdapterInfo blocks until done: it returns STATUS_SUCCESS with the adapter's information.", Covered: true},
			{ID: "AI-5.buffer", Text: "A buffer too small for the information gets STATUS_BUFFER_TOO_SMALL and the size needed in *pBufferSize.", Covered: true},
		}},
		{ID: "AI-6", Actor: aD, Strength: Must, Page: "ns-ndis-_ndis_miniport_adapter_ndk_attributes.md", Reason: "binds the NDIS_NDK_CAPABILITIES the miniport gives NDIS at initialization, also while NDK is disabled, when ndkconform has no NDK adapter to open", Text: "The adapter reports its NDK capabilities in NDIS_NDK_CAPABILITIES during miniport initialization even when NDK is disabled."},
		{ID: "AI-7", Actor: aD, Strength: Must, Page: "ns-ntddndis-_ndis_ndk_capabilities.md", Reason: "binds the NDK performance counters of OID_NDK_STATISTICS, an OID handled by the miniport outside the NDK provider interface", Text: "The driver supports every NDIS_NDK_PERFORMANCE_COUNTERS counter, flags one it truly cannot support in MissingCounterMask, keeps reserved counters at zero and counts both NDKPI and NDSPI activity."},
		{ID: "AI-8", Actor: aD, Strength: Must, Page: "ns-ntddndis-_ndis_ndk_connections.md", Reason: "binds the answers to OID_NDK_CONNECTIONS and OID_NDK_LOCAL_ENDPOINTS, OIDs handled by the miniport outside the NDK provider interface", Text: "When its RDMA technology maps ND connections or endpoints onto TCP, the driver sets the MappedToTCP flag and reports each as two consecutive entries, the ND entry first and the TCP entry, addresses only, second."},
		// AI-9 and CN-18 bind the provider, but no spec can check them
		// yet: package ndk passes no buffer and no size (QueryAdapterInfo
		// returns the NDK_ADAPTER_INFO, the address getters a
		// netip.AddrPort), so no buffer can be too small and no size is
		// reported. They stay on the work list ("no spec").
		{ID: "AI-9", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_query_adapter_info.md", Text: "A successful NdkQueryAdapterInfo reports in *pBufferSize how many bytes of adapter information it wrote."},
		{ID: "AI-10", Actor: aP, Strength: Must, Page: "ns-ndkinfo-ndk_adapter_info.md", Text: "For reads, MaxReadRequestSge takes the place of MaxInitiatorRequestSge: the provider accepts an NdkRead carrying MaxReadRequestSge SGEs, even a number above the initiator limit, on a QP whose own initiator SGE limit is the adapter's; a read with more SGEs may pass or fail."},
		{ID: "AI-11", Actor: aP, Strength: Must, Page: "ns-ndkinfo-ndk_adapter_info.md", Text: "The provider takes a send, receive, read or write whose SGEs reference exactly MaxTransferLength bytes in all, and moves its bytes; a longer request may pass or fail."},
		{ID: "AI-12", Actor: aP, Strength: Must, Page: "ns-ndkinfo-ndk_adapter_info.md", Text: "The provider takes an NdkRegisterMr of exactly MaxRegistrationSize bytes; a larger registration may pass or fail."},
		{ID: "AI-13", Actor: aP, Strength: Must, Page: "ns-ndkinfo-ndk_adapter_info.md", Text: "The provider takes an NdkBind of a memory window of exactly MaxWindowSize bytes; a larger window may pass or fail."},
		{ID: "AI-14", Actor: aP, Strength: Must, Page: "ns-ndkinfo-ndk_adapter_info.md", Text: "A provider that sets NDK_ADAPTER_FLAG_LOOPBACK_CONNECTIONS_SUPPORTED connects an adapter address to itself (connector and listener on one adapter, one address), and that connection carries data."},
	}},
	part{secB4, []Rule{
		{ID: "CQ-2", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_cq.md", Text: "The provider never calls NdkCqNotificationCallback unless the consumer has armed the CQ with NdkArmCq."},
		{ID: "CQ-3", Actor: aP, Strength: Should, Page: "nc-ndkpi-ndk_fn_create_cq.md", Reason: "the provider interface ndkconform drives (package ndk) has no Affinity parameter in ndk.CQParams, and a consumer cannot see the processor a callback runs on", Text: "The provider should run CQ notification callbacks on the processors of the CQ's Affinity hint where its hardware allows."},
		{ID: "CQ-4", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_arm_cq.md", Text: "When a CQ is closed while its notification callback runs, the provider keeps the close pending until the callback returns and never calls it again after the close completes."},
		{ID: "CQ-5", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_cq_notification_callback.md", Text: "After reporting CqStatus STATUS_BUFFER_OVERFLOW or STATUS_INTERNAL_ERROR, the provider treats the CQ and all its QPs as unusable and reports no more completions.", Clauses: []Clause{
			{ID: "CQ-5.overrun", Text: "One completion more than the CQ's depth is reported as STATUS_BUFFER_OVERFLOW, and the CQ and its QPs report no completion after it.", Covered: true},
			{ID: "CQ-5.fatal", Text: "After a fatal error reported as STATUS_INTERNAL_ERROR, the CQ and its QPs report no completion.", Covered: true},
		}},
		{ID: "CQ-6", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_send.md", Text: "The provider counts a request that completes with an error as matching an NDK_CQ_NOTIFY_SOLICITED arm."},
		{ID: "CQ-8", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_control_cq_interrupt_moderation.md", Text: "A provider that sets NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED answers NdkControlCqInterruptModeration with STATUS_SUCCESS, fails it only with STATUS_INSUFFICIENT_RESOURCES and never returns STATUS_NOT_SUPPORTED."},
		{ID: "CQ-9", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_control_cq_interrupt_moderation.md", Text: "A provider without that flag still implements NdkControlCqInterruptModeration, returning STATUS_NOT_SUPPORTED from it."},
		{ID: "CQ-10", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_control_cq_interrupt_moderation.md", Text: "The provider's NdkControlCqInterruptModeration never returns STATUS_PENDING."},
		{ID: "CQ-11", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_control_cq_interrupt_moderation.md", Text: "The provider applies new moderation settings without indefinite delay, and when settings are issued again before the earlier ones took effect, applies the latest as soon as it can.", Clauses: []Clause{
			{ID: "CQ-11.latest", Text: "Settings issued right after others take effect: after a long interval then interval 0, an armed CQ's notification comes within the harness's deadline.", Covered: true},
			{ID: "CQ-11.when", Text: "The settings take effect without indefinite delay, the latest as soon as possible.",
				Reason: "when settings take effect is not visible through the provider interface: a notification delayed by at most the interval in force is conforming under either settings, and no call reports the settings in force"},
		}},
		{ID: "CQ-12", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_control_cq_interrupt_moderation.md", Text: "A new CQ has no interrupt moderation and a zero interval turns moderation off, the provider being free to round an interval down to what its hardware supports.", Clauses: []Clause{
			{ID: "CQ-12.zero", Text: "NdkControlCqInterruptModeration with interval 0 is accepted and turns moderation off: an armed CQ's notification comes within the harness's deadline.", Covered: true},
			{ID: "CQ-12.default", Text: "A new CQ has no interrupt moderation.",
				Reason: "a notification without moderation and one moderated by less than the harness's deadline look alike through the provider interface"},
			{ID: "CQ-12.round", Text: "The provider may round an interval down to what its hardware supports.",
				Reason: "a permission, and the interval in force is not visible through the provider interface"},
		}},
		{ID: "CQ-13", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_get_cq_results.md", Text: "NdkGetCqResults and NdkGetCqResultsEx return the number of completions they removed, 0 meaning that the CQ was empty."},
		{ID: "CQ-14", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_cq.md", Text: "The provider refuses an NdkCreateCq whose CqDepth exceeds MaxCqDepth with STATUS_INVALID_PARAMETER, and never gives that status to one whose CqDepth is exactly MaxCqDepth."},
		{ID: "CQ-15", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_resize_cq.md", Text: "The provider refuses an NdkResizeCq to a depth above MaxCqDepth with STATUS_INVALID_PARAMETER, never gives that status to a resize to exactly MaxCqDepth, and may report STATUS_INSUFFICIENT_RESOURCES as the return value or through the completion.", Clauses: []Clause{
			{ID: "CQ-15.limit", Text: "NdkResizeCq to MaxCqDepth+1 fails with STATUS_INVALID_PARAMETER; to MaxCqDepth it does not fail with that status.", Covered: true},
			{ID: "CQ-15.resources", Text: "A resize the provider lacks the resources for fails with STATUS_INSUFFICIENT_RESOURCES, returned or through its completion.",
				Reason: "no call of the provider interface makes a provider run out of resources for a resize on demand: a spec cannot provoke the failure, only let it pass when it comes"},
		}},
		{ID: "CQ-16", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_resize_cq.md", Text: "After an NdkResizeCq that succeeded the CQ holds as many completion entries as the new CqDepth, and the completions it held before the resize are still there to be removed.", Clauses: []Clause{
			{ID: "CQ-16.depth", Text: "A CQ grown by NdkResizeCq takes completions up to its new depth without overrun.", Covered: true},
			{ID: "CQ-16.keeps", Text: "The completions queued on a CQ when NdkResizeCq succeeds are still removed from it afterwards, in their order (the project's reading: QP-4 promises each request's completion entry, and the resize page names no exception).", Covered: true},
		}},
	}},
	part{secB5, []Rule{
		{ID: "QP-3", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_qp.md", Text: "Every completion of a work request posted on a QP hands back, in its NDK_RESULT, the QPContext of the QP and the RequestContext of the request."},
		{ID: "QP-4", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_send.md", Text: "When a work-request call returns STATUS_SUCCESS, the request is posted and the provider queues a completion for it to the CQ when it finishes."},
		{ID: "QP-5", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_send.md", Text: "On a QP that is not connected, the provider fails Send, SendAndInvalidate, Bind, FastRegister, Invalidate, Read and Write with STATUS_CONNECTION_INVALID."},
		{ID: "QP-6", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_send.md", Text: "For a request flagged NDK_OP_FLAG_SILENT_SUCCESS the provider queues no completion when it succeeds but does queue one when it fails."},
		{ID: "QP-7", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_send.md", Text: "For a request flagged NDK_OP_FLAG_READ_FENCE the provider has every earlier read request finish before the hardware starts this one."},
		{ID: "QP-10", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_send.md", Text: "For an NDK_OP_FLAG_INLINE request the provider ignores the SGEs' MemoryRegionToken, does not hold the SGE count to MaxInitiatorRequestSge, and limits the total inline bytes to the QP's InlineDataSize."},
		{ID: "QP-13", Actor: aP, Strength: Must, Page: "ns-ndkpi-_ndk_result.md", Text: "The provider gives a valid NDK_RESULT.BytesTransferred in NdkReceive completions, the value being meaningful for no other completion."},
		{ID: "QP-14", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_read.md", Text: "NdkRead fails with STATUS_REMOTE_RESOURCES when it reaches past the end of the remote memory, the provider taking RemoteAddress in host byte order, a consumer-added offset included."},
		{ID: "QP-15", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_read.md", Text: "On an adapter reporting RDMA_READ_LOCAL_INVALIDATE_SUPPORTED, a successful read flagged NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE invalidates the first SGE's buffer and token, and without that adapter flag the provider ignores the op flag."},
		{ID: "QP-16", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_send_and_invalidate.md", Text: "When a peer's NdkSendAndInvalidate names an invalid token, the receiving provider aborts the connection as its transport prescribes."},
		{ID: "QP-18", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_send_and_invalidate.md", Text: "The sender's NDK_RESULT_EX for an NdkSendAndInvalidate has Type NdkOperationTypeSend."},
		{ID: "QP-19", Actor: aP, Strength: Must, Page: "ns-ndkpi-_ndk_result_ex.md", Text: "The provider sets NDK_RESULT_EX.ProviderErrorCode to 0 whenever Status is STATUS_SUCCESS."},
		{ID: "QP-20", Actor: aP, Strength: Must, Page: "ns-ndkpi-_ndk_result_ex.md", Text: "For a ReceiveAndInvalidate completion the provider puts the invalidated 32-bit token in TypeSpecificCompletionOutput."},
		{ID: "QP-21", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_flush.md", Text: "NdkFlush cancels the QP's pending receive and initiator requests, which complete with STATUS_CANCELLED."},
		{ID: "QP-22", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_disconnect.md", Text: "After NdkDisconnect's graceful disconnect the provider also flushes the QP by itself."},
		{ID: "QP-23", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_qp.md", Text: "The provider refuses an NdkCreateQp with a queue depth, SGE count or inline size above the adapter's maximum for it with STATUS_INVALID_PARAMETER, and never gives that status to one whose values equal the maxima, even all at once."},
		{ID: "QP-24", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_qp_with_srq.md", Text: "The provider refuses an NdkCreateQpWithSrq whose initiator queue depth, initiator SGE count or inline size exceeds the adapter's maximum with STATUS_INVALID_PARAMETER, and never gives that status to one whose values equal the maxima."},
		{ID: "QP-25", Actor: aP, Strength: Must, Page: "ns-ndkpi-_ndk_result_ex.md", Text: "Every NDK_RESULT_EX the provider returns names in Type the kind of request it completes: a receive, send, fast-register, bind, invalidate, read or write."},
	}},
	part{secB6, []Rule{
		{ID: "MR-3", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_register_mr.md", Text: "The provider fails with STATUS_INVALID_PARAMETER an NdkRegisterMr whose MDL range is not virtually contiguous."},
		{ID: "MR-4", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_register_mr.md", Text: "In NdkRegisterMr, NdkBuildLam and NdkBind the provider uses the MDL virtual address only as an index to the start of the region, never to read or write memory through it."},
		{ID: "MR-6", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_register_mr.md", Text: "The provider's NdkRegisterMr, NdkFastRegister and NdkBind offer no zero-based virtual addressing."},
		{ID: "MR-8", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_register_mr.md", Text: "On an adapter with RDMA_READ_SINK_NOT_REQUIRED the provider need not honour the READ_SINK flags but never fails a request because one is set."},
		{ID: "MR-10", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_initialize_fast_register_mr.md", Text: "NdkInitializeFastRegisterMr fails an AdapterPageCount the provider does not support with STATUS_IMPLEMENTATION_LIMIT."},
		{ID: "MR-12", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_fast_register.md", Text: "NdkFastRegister asking for remote read or write on an MR initialized without RemoteAccess fails with STATUS_ACCESS_VIOLATION."},
		{ID: "MR-13", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_fast_register.md", Text: "The provider has an MR's remote token available from NdkGetRemoteTokenFromMr once NdkFastRegister returns, and answers NdkGetRemoteTokenFromMr and NdkGetLocalTokenFromMr once NdkRegisterMr or NdkInitializeFastRegisterMr has completed without error."},
		{ID: "MR-15", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_bind.md", Text: "NdkBind fails with STATUS_ACCESS_VIOLATION when the MR does not allow the access asked for the MW, write access needing NDK_MR_FLAG_ALLOW_LOCAL_WRITE, and once it returns the MW's remote token is available from NdkGetRemoteTokenFromMw."},
		{ID: "MR-16", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_bind.md", Text: "The provider allows the remote access granted by ALLOW_REMOTE_READ or ALLOW_REMOTE_WRITE only to a peer that holds a valid token."},
		{ID: "MR-18", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_get_privileged_memory_region_token.md", Text: "The PD's privileged memory-region token lets adapter logical addresses be used without registration, granting local read and local write and never remote access."},
		{ID: "MR-20", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_build_lam.md", Text: "NdkBuildLam fails a range that is not virtually contiguous, returns only PAGE_SIZE-long, PAGE_SIZE-aligned adapter pages, and answers a buffer that is too small with STATUS_BUFFER_TOO_SMALL and the needed *pLAMSize."},
		{ID: "MR-21", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_build_lam.md", Text: "When NdkBuildLam fails partway, the provider releases every partial mapping before completing with the failure."},
		{ID: "MR-23", Actor: aMay, Strength: May, Page: "ns-ndkinfo-ndk_adapter_info.md", Text: "On an adapter with RDMA_READ_SINK_NOT_REQUIRED the provider may be handed privileged-token logical address mappings as RDMA Read sinks, and has to serve them."},
	}},
	part{secB7, []Rule{
		{ID: "SQ-2", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_srq_notification_callback.md", Text: "The provider calls NdkSrqNotificationCallback when the number of receives queued on the SRQ falls below NotifyThreshold."},
		{ID: "SQ-3", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_modify_srq.md", Text: "NdkModifySrq with SrqDepth 0 keeps the current depth, and the provider accepts a new depth only up to MaxSrqDepth."},
		{ID: "SQ-4", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_modify_srq.md", Text: "With a non-zero NotifyThreshold the provider arms a notification for queued receives falling below it, notifies at once if they already have, and stays disarmed after a notification until the next non-zero threshold."},
		{ID: "SQ-5", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_modify_srq.md", Text: "With a NotifyThreshold of 0 the provider keeps the SRQ's current threshold and arming state."},
		{ID: "SQ-6", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_srq_notification_callback.md", Text: "After reporting SrqStatus STATUS_INTERNAL_ERROR, the provider treats the SRQ and all its QPs as unusable and reports no more completions."},
		{ID: "SQ-7", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_srq.md", Text: "The provider refuses an NdkCreateSrq whose depth exceeds MaxSrqDepth, or whose receive SGE count exceeds the adapter's MaxReceiveRequestSge, with STATUS_INVALID_PARAMETER, and never gives that status to one whose values equal those maxima."},
		{ID: "SQ-8", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_create_qp_with_srq.md", Text: "A receive a QP takes from its SRQ completes on that QP's own receive CQ, the one given to NdkCreateQpWithSrq, whichever QP of the SRQ it was."},
		{ID: "SQ-9", Actor: aP, Strength: Should, Page: "nc-ndkpi-ndk_fn_create_srq.md", Reason: "the provider interface ndkconform drives (package ndk) has no Affinity parameter in ndk.SRQParams, and a consumer cannot see the processor a callback runs on", Text: "The provider should run SRQ notification callbacks on the processors of the SRQ's Affinity hint where its hardware allows."},
	}},
	part{secB8, []Rule{
		// CN-1 and CN-4 come also from the shared endpoint seed page.
		{ID: "CN-1", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_listen.md", Seed: true, Text: "NdkListen, NdkConnect and NdkCreateSharedEndpoint fail with STATUS_SHARING_VIOLATION for a local address in use, STATUS_INVALID_ADDRESS for an address not on the adapter, and STATUS_TOO_MANY_ADDRESSES for port 0 when no ephemeral port (49152-65535) is free."},
		{ID: "CN-2", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_get_listener_local_address.md", Text: "For NdkListen or NdkCreateSharedEndpoint on port 0 the provider picks the port and reports it through NdkGetListenerLocalAddress or NdkGetSharedEndpointLocalAddress."},
		{ID: "CN-3", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_connect.md", Text: "NdkConnect and NdkConnectWithSharedEndpoint fail with STATUS_ADDRESS_ALREADY_EXISTS for an existing local/remote address and port 4-tuple, and report an unreachable network or host, a refusal and a time-out (after a time-out the provider suits to its network) as the retryable NETWORK_UNREACHABLE, HOST_UNREACHABLE, CONNECTION_REFUSED and IO_TIMEOUT.", Clauses: []Clause{
			{ID: "CN-3.tuple", Text: "A connect whose local and remote addresses and ports are those of a connection that exists fails with STATUS_ADDRESS_ALREADY_EXISTS.", Covered: true},
			{ID: "CN-3.unreachable", Text: "A connect to a host or over a network that cannot be reached fails with the retryable STATUS_HOST_UNREACHABLE or STATUS_NETWORK_UNREACHABLE.", Covered: true},
			{ID: "CN-3.refused", Text: "A connect the remote side refuses (no listener, a full backlog, its consumer's reject) fails with the retryable STATUS_CONNECTION_REFUSED.", Covered: true},
			{ID: "CN-3.timeout", Text: "A connect request that times out, after a time the provider picks for its network, fails with the retryable STATUS_IO_TIMEOUT.", Covered: true},
		}},
		{ID: "CN-4", Actor: aP, Strength: Must, Page: pgSharedEndpoint, Seed: true, Text: "A shared endpoint provides the local address of many outgoing connections to different remote addresses."},
		{ID: "CN-5", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_connect.md", Text: "The provider caps the consumer's inbound and outbound read limits at the adapter's maxima and at the peer's opposite limits, and reports the effective values through NdkGetConnectionData."},
		{ID: "CN-6", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_control_connect_events.md", Text: "While connect events are paused with NdkControlConnectEvents(TRUE), the provider handles incoming connection requests as if no listener were on the target address."},
		{ID: "CN-7", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_complete_connect.md", Text: "NdkCompleteConnect(Ex) fails with STATUS_CONNECTION_INVALID on a connector that is not connecting, with STATUS_CONNECTION_ABORTED when the accepting peer gives up, and with STATUS_IO_TIMEOUT when set-up times out, which ends set-up for that connector.", Clauses: []Clause{
			{ID: "CN-7.not-connecting", Text: "NdkCompleteConnect on a connector that is not connecting fails with STATUS_CONNECTION_INVALID.", Covered: true},
			{ID: "CN-7.aborted", Text: "NdkCompleteConnect fails with STATUS_CONNECTION_ABORTED when the accepting peer abandoned the set-up.", Covered: true},
			{ID: "CN-7.timeout", Text: "NdkCompleteConnect fails with STATUS_IO_TIMEOUT when set-up timed out, and set-up is then over for that connector.", Covered: true},
			{ID: "CN-7.ex", Text: "NdkCompleteConnectEx (NDKPI 2.1) fails with the same statuses in the same cases.", Covered: true},
		}},
		{ID: "CN-8", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_accept.md", Text: "NdkAccept(Ex) fails with STATUS_CONNECTION_ABORTED when the connecting peer gives up and with STATUS_IO_TIMEOUT when the peer never calls NdkCompleteConnect.", Clauses: []Clause{
			{ID: "CN-8.aborted", Text: "NdkAccept fails with STATUS_CONNECTION_ABORTED when the connecting peer abandoned the set-up.", Covered: true},
			{ID: "CN-8.timeout", Text: "NdkAccept fails with STATUS_IO_TIMEOUT when the connecting peer never calls NdkCompleteConnect.", Covered: true},
			{ID: "CN-8.ex", Text: "NdkAcceptEx (NDKPI 2.1) fails with the same statuses in the same cases.", Covered: true},
		}},
		{ID: "CN-9", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_reject.md", Text: "NdkReject fails with STATUS_CONNECTION_ABORTED when the connecting peer gives up, and the provider accepts a reject even after NdkConnect has completed.", Clauses: []Clause{
			{ID: "CN-9.aborted", Text: "NdkReject fails with STATUS_CONNECTION_ABORTED when the connecting peer abandoned the set-up.", Covered: true},
			{ID: "CN-9.after-connect", Text: "The connecting side may call NdkReject once its NdkConnect completed, to turn down the peer's read limits or private data, and the provider takes it.", Covered: true},
		}},
		{ID: "CN-11", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_get_connection_data.md", Text: "NdkGetConnectionData with no buffer and a length of 0 returns STATUS_SUCCESS and stores the size of the peer's private data in *pPrivateDataLength."},
		{ID: "CN-13", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_get_connection_data.md", Text: "NdkGetConnectionData with a buffer copies as much private data as both it and the buffer hold, returns STATUS_SUCCESS if the buffer holds it all and STATUS_BUFFER_TOO_SMALL otherwise, and stores the full size in *pPrivateDataLength either way."},
		{ID: "CN-15", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_disconnect_event_callback.md", Text: "The provider calls the disconnect event callback registered with NdkCompleteConnect(Ex) or NdkAccept(Ex) only once, when the peer disconnects.", Clauses: []Clause{
			{ID: "CN-15.once", Text: "The disconnect event callback registered with NdkCompleteConnect on the connecting side or NdkAccept on the accepting side is called once, when the peer disconnects, and never again.", Covered: true},
			{ID: "CN-15.ex", Text: "The same holds for an NdkDisconnectEventCallbackEx registered with NdkCompleteConnectEx or NdkAcceptEx (NDKPI 2.1), whose DisconnectEvent is optional too.", Covered: true},
		}},
		{ID: "CN-16", Actor: aP, Strength: Should, Page: "nc-ndkpi-ndk_fn_disconnect_event_callback.md", Text: "The provider should leave outstanding work requests unflushed when the disconnect it signals comes from the peer's disconnect request."},
		{ID: "CN-17", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_disconnect.md", Text: "NdkDisconnect whose handshake times out fails with STATUS_IO_TIMEOUT, inline or asynchronously, and a ProviderDisconnectReason of 0 in NdkDisconnectEventCallbackEx means that no reason is given.", Clauses: []Clause{
			{ID: "CN-17.timeout", Text: "An NdkDisconnect whose handshake times out fails with STATUS_IO_TIMEOUT, returned inline or through its completion.", Covered: true},
			{ID: "CN-17.reason", Text: "The provider passes a ProviderDisconnectReason of 0 to NdkDisconnectEventCallbackEx only when it gives no reason.", Reason: whyAnyReason},
		}},
		// CN-18: see AI-9.
		{ID: "CN-18", Actor: aP, Strength: Must, Page: "nc-ndkpi-ndk_fn_get_local_address.md", Text: "The four address getters report in *pAddressLength the size of the address they wrote, and answer a buffer too small for it with STATUS_BUFFER_TOO_SMALL and the size needed."},
	}},
)
