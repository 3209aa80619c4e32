/*
 * ndkt_simabi.h: sim, ndkconform's reference provider (drivers/sim, Go),
 * behind NDKPI's C ABI, for Linux builds of an NDK consumer (the ndkt core
 * and its tests). Package ndkt/simabi (cgo) implements it.
 *
 * The consumer sees what a kernel consumer sees of a Windows provider:
 * NDK_ADAPTER and every object created from it are C structs (in C memory)
 * whose Header and Dispatch are NDKPI's, every call goes through the
 * object's dispatch table by member name, and the provider calls the
 * consumer back through its C function pointers with its PVOID contexts,
 * which the provider never reads. Sim's completion personalities
 * (inline, deferred, reentrant) decide when the callbacks come, as in
 * process.
 *
 * Getting a provider (Go side): simabi.Open(opts) opens sim with its driver
 * options plus this package's own (abi-variant, callback-irql) and gives an
 * integer handle (Provider.Handle), never a Go pointer. The C side then:
 *
 *   PVOID mp;
 *   ndkt_simabi_miniport_adapter(handle, (SOCKADDR *)&sin, sizeof sin, &mp);
 *   NDKT_SIMABI_OPEN_NDK_ADAPTER_PARAMETERS p = { .Version = { 2, 0 } };
 *   NDK_ADAPTER *a;
 *   NTSTATUS s = ndkt_simabi_open_ndk_adapter(mp, &p, &a);
 *   ... a->Dispatch->NdkCreateCq(a, ...) ...
 *   ndkt_simabi_close_ndk_adapter(mp, a);
 *
 * ndkt_simabi_open_ndk_adapter has the shape of OPEN_NDK_ADAPTER_HANDLER
 * (ddi-related/nc-ndisndk-open_ndk_adapter_handler.md), and
 * ndkt_simabi_close_ndk_adapter that of CLOSE_NDK_ADAPTER_HANDLER: a
 * "miniport adapter" is one simulated host, chosen by an address it owns
 * (as ndk.Provider.OpenAdapter(addr) chooses), the way a kernel consumer
 * names an interface by index (WskOpenNdkAdapter).
 */
#ifndef NDKT_SIMABI_H
#define NDKT_SIMABI_H

#include <stdint.h>

#include "ndkpi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* NDIS_STATUS codes OPEN_NDK_ADAPTER_HANDLER returns (ndis.h values). */
#define NDIS_STATUS_SUCCESS ((NTSTATUS)0x00000000)
#define NDIS_STATUS_BAD_VERSION ((NTSTATUS)0xC0010004)
#define NDIS_STATUS_ADAPTER_NOT_READY ((NTSTATUS)0xC0010011)
#define NDIS_STATUS_RESOURCES ((NTSTATUS)0xC000009A)

/*
 * NDIS_OPEN_NDK_ADAPTER_PARAMETERS' members as its page gives them
 * (ddi-related/ns-ndisndk-_ndis_open_ndk_adapter_parameters.md): Version is
 * the NDKPI major version and the lowest minor version the consumer
 * supports (OH-6). SwitchId and VPortId are ignored.
 */
typedef struct _NDKT_SIMABI_OPEN_NDK_ADAPTER_PARAMETERS {
    NDK_VERSION Version;
    ULONG SwitchId;
    ULONG VPortId;
} NDKT_SIMABI_OPEN_NDK_ADAPTER_PARAMETERS;

/*
 * ndkt_simabi_miniport_adapter stores in *pMiniportAdapterContext the
 * opaque context of the simulated host of Provider that owns pAddress
 * (a sockaddr_in or sockaddr_in6 of AddressLength bytes; the port is
 * ignored). STATUS_INVALID_HANDLE: Provider is no open provider;
 * STATUS_INVALID_ADDRESS: no host owns the address; STATUS_INVALID_PARAMETER:
 * not an address. The context stays valid until the provider is closed.
 */
NTSTATUS ndkt_simabi_miniport_adapter(uintptr_t Provider, const SOCKADDR *pAddress, ULONG AddressLength,
                                      PVOID *pMiniportAdapterContext);

/*
 * OPEN_NDK_ADAPTER_HANDLER (PASSIVE_LEVEL): the version negotiation of
 * OH-7, against the NDKPI version sim declares (its option version, 2.1 by
 * default): a major other than sim's, or a minor above sim's, fails with
 * NDIS_STATUS_BAD_VERSION; otherwise the adapter uses sim's version and
 * reports it in NDK_ADAPTER_INFO.Version and every object header.
 */
NTSTATUS ndkt_simabi_open_ndk_adapter(PVOID MiniportAdapterContext,
                                      const NDKT_SIMABI_OPEN_NDK_ADAPTER_PARAMETERS *Parameters,
                                      NDK_ADAPTER **ppNdkAdapter);

/*
 * CLOSE_NDK_ADAPTER_HANDLER (PASSIVE_LEVEL): blocks until every object of
 * the adapter is closed and every callback has returned (ndk.Adapter.Close),
 * then frees the adapter.
 */
VOID ndkt_simabi_close_ndk_adapter(PVOID MiniportAdapterContext, NDK_ADAPTER *pNdkAdapter);

/*
 * Fault injection: what NDKPI has no call for (a host that stops answering
 * or goes away, a CQ or SRQ that fails as hardware would), sim's
 * ndk.FaultInjector, ndk.SRQFaultInjector and ndk.CQFaultInjector
 * (ndk/faults*.go) behind the C ABI, for a consumer's test environment.
 *
 * ndkt_simabi_faults: the NDKT_SIMABI_FAULT_* bits Provider serves (none
 * with sim's option faults=off; 0 for no open provider).
 *
 * The three injections (PASSIVE_LEVEL) return STATUS_SUCCESS when the
 * fault is injected; STATUS_NOT_SUPPORTED when the provider does not serve
 * it; STATUS_INVALID_PARAMETER for an object that is none of the
 * provider's live ones, an address that is no sockaddr_in or
 * sockaddr_in6, a state above NDKT_SIMABI_HOST_DOWN; STATUS_INVALID_HANDLE
 * for no open provider; STATUS_UNSUCCESSFUL when sim refused it (no host
 * owns the address, the object is being closed), with sim's reason in
 * pError: *pErrorLength is the buffer's size on input and the bytes
 * written on output (no NUL; cut to fit). The provider's callbacks
 * (notifications, disconnect events) come as from any call.
 */
#define NDKT_SIMABI_FAULT_HOST_STATE 0x1u
#define NDKT_SIMABI_FAULT_SRQ 0x2u
#define NDKT_SIMABI_FAULT_CQ 0x4u

/* ndk.HostState's values. */
#define NDKT_SIMABI_HOST_UP 0u
#define NDKT_SIMABI_HOST_UNRESPONSIVE 1u
#define NDKT_SIMABI_HOST_DOWN 2u

ULONG ndkt_simabi_faults(uintptr_t Provider);
NTSTATUS ndkt_simabi_set_host_state(uintptr_t Provider, const SOCKADDR *pAddress, ULONG AddressLength, ULONG State,
                                    char *pError, ULONG *pErrorLength);
NTSTATUS ndkt_simabi_fail_srq(NDK_SRQ *pNdkSrq, char *pError, ULONG *pErrorLength);
NTSTATUS ndkt_simabi_fail_cq(NDK_CQ *pNdkCq, char *pError, ULONG *pErrorLength);

/*
 * The simulated IRQL of the provider's callbacks. Around every callback
 * into the consumer the provider calls ndkt_simabi_irql_hook(1, irql)
 * before and ndkt_simabi_irql_hook(0, irql) after, on the callback's
 * thread, if the consumer set it (NULL by default: nothing). irql is
 * PASSIVE_LEVEL (0) or DISPATCH_LEVEL (2), as option callback-irql says:
 * passive, dispatch, or mixed (a callback inside a consumer's call to the
 * provider, at the caller's PASSIVE_LEVEL; one from the provider's own
 * threads, as from a DPC, at DISPATCH_LEVEL). Set it before opening an
 * adapter; it is read without a lock.
 */
extern void (*ndkt_simabi_irql_hook)(int entering, int irql);

#ifdef __cplusplus
}
#endif

#endif /* NDKT_SIMABI_H */
