/*
 * The provider side of ndkt/core/provider.h over Winsock Kernel's NDK
 * extension (docs/agent-windows.md section 2): WskRegister at load; at the
 * first adapter open, WskCaptureProviderNPI and WskControlClient with
 * WSKNDK_GET_WSK_PROVIDER_NDK_DISPATCH ('NDKD'), which gives
 * WskOpenNdkAdapter and WskCloseNdkAdapter; at unload
 * WskReleaseProviderNPI and WskDeregister. All PASSIVE_LEVEL.
 *
 * Closing an adapter is WskCloseNdkAdapter alone: NDK_ADAPTER_DISPATCH
 * has no close entry (docs/reference/ndkpi/API_SUMMARY.md, item 2 of its
 * section 10), so there is no NdkCloseObject to call on an adapter; the
 * public consumers of wskndk.h close adapters so too (wsk_decl.h).
 * Declarations: wsk_decl.h (mingw-w64 has no wsk.h or wskndk.h).
 */
#include "shell.h"

/* How long the first adapter open waits for the WSK subsystem (ms). */
#define NDKT_WSK_WAIT_MS 10000u

typedef struct ndkt_wsk {
	WSK_CLIENT_DISPATCH client_dispatch;
	WSK_CLIENT_NPI client;
	WSK_REGISTRATION reg;
	WSK_PROVIDER_NPI npi;
	WSK_PROVIDER_NDK_DISPATCH ndk;
	int registered;
	int captured;
	KMUTEX lock; /* captures once */
} ndkt_wsk;

static ndkt_wsk wsk;

void *ndkt_wsk_provider(void)
{
	return &wsk;
}

NTSTATUS ndkt_wsk_start(void)
{
	NTSTATUS st;
	RtlZeroMemory(&wsk, sizeof wsk);
	KeInitializeMutex(&wsk.lock, 0);
	wsk.client_dispatch.Version = MAKE_WSK_VERSION(1, 0);
	wsk.client_dispatch.Reserved = 0;
	wsk.client_dispatch.WskClientEvent = NULL;
	wsk.client.ClientContext = NULL;
	wsk.client.Dispatch = &wsk.client_dispatch;
	st = WskRegister(&wsk.client, &wsk.reg);
	if (NT_SUCCESS(st))
		wsk.registered = 1;
	return st;
}

void ndkt_wsk_stop(void)
{
	if (wsk.captured)
		WskReleaseProviderNPI(&wsk.reg);
	wsk.captured = 0;
	if (wsk.registered)
		WskDeregister(&wsk.reg); /* waits for the captured NPI's release */
	wsk.registered = 0;
}

/* 'NDKD': the NDK extension's dispatch. First with OutputSizeReturned
 * NULL, as the WskControlClient page asks when the output's size is
 * known (and the public consumers pass); if the subsystem refuses that
 * (STATUS_INVALID_PARAMETER), once more with it, as docs/agent-windows.md
 * section 2 says to pass it. Which one Windows wants is not documented. */
static NTSTATUS get_ndk_dispatch(void)
{
	const WSK_PROVIDER_DISPATCH *d = wsk.npi.Dispatch;
	SIZE_T got = 0;
	NTSTATUS st;
	if (d == NULL || d->WskControlClient == NULL)
		return STATUS_NOT_SUPPORTED;
	RtlZeroMemory(&wsk.ndk, sizeof wsk.ndk);
	st = d->WskControlClient(wsk.npi.Client, WSKNDK_GET_WSK_PROVIDER_NDK_DISPATCH, 0, NULL, sizeof wsk.ndk, &wsk.ndk,
		NULL, NULL);
	if (st == STATUS_INVALID_PARAMETER) {
		RtlZeroMemory(&wsk.ndk, sizeof wsk.ndk);
		st = d->WskControlClient(wsk.npi.Client, WSKNDK_GET_WSK_PROVIDER_NDK_DISPATCH, 0, NULL, sizeof wsk.ndk,
			&wsk.ndk, &got, NULL);
		if (NT_SUCCESS(st) && got != sizeof wsk.ndk)
			st = STATUS_NOT_SUPPORTED;
		DbgPrintEx(DPFLTR_IHVDRIVER_ID, DPFLTR_INFO_LEVEL,
			"ndkt: WskControlClient('NDKD') refused a NULL OutputSizeReturned; with it: 0x%08lX, %lu bytes\n",
			(unsigned long)st, (unsigned long)got);
	}
	if (NT_SUCCESS(st) && (wsk.ndk.WskOpenNdkAdapter == NULL || wsk.ndk.WskCloseNdkAdapter == NULL))
		st = STATUS_NOT_SUPPORTED;
	return st;
}

/* The provider NPI and the NDK dispatch, once. */
static NTSTATUS capture(void)
{
	NTSTATUS st = STATUS_SUCCESS;
	(void)KeWaitForSingleObject(&wsk.lock, Executive, KernelMode, FALSE, NULL);
	if (!wsk.captured) {
		if (!wsk.registered)
			st = STATUS_DEVICE_NOT_READY;
		if (NT_SUCCESS(st))
			st = WskCaptureProviderNPI(&wsk.reg, NDKT_WSK_WAIT_MS, &wsk.npi);
		if (NT_SUCCESS(st)) {
			st = get_ndk_dispatch();
			if (NT_SUCCESS(st))
				wsk.captured = 1;
			else
				WskReleaseProviderNPI(&wsk.reg);
		}
	}
	(void)KeReleaseMutex(&wsk.lock, FALSE);
	return st;
}

NTSTATUS ndkt_provider_open_adapter(void *provider, const struct ndkt_addr *address, NDK_VERSION version,
	NDK_ADAPTER **adapter)
{
	NET_IFINDEX ix = 0;
	NTSTATUS st;
	*adapter = NULL;
	if (provider != &wsk || KeGetCurrentIrql() != PASSIVE_LEVEL)
		return STATUS_INVALID_DEVICE_STATE;
	st = capture();
	if (NT_SUCCESS(st))
		st = ndkt_if_index(address, &ix);
	if (NT_SUCCESS(st))
		st = wsk.ndk.WskOpenNdkAdapter(wsk.npi.Client, version, ix, adapter);
	if (!NT_SUCCESS(st))
		*adapter = NULL;
	return st;
}

void ndkt_provider_close_adapter(void *provider, NDK_ADAPTER *adapter)
{
	(void)provider;
	if (adapter != NULL && wsk.captured)
		wsk.ndk.WskCloseNdkAdapter(wsk.npi.Client, adapter);
}

/*
 * Fault injection (provider.h): none. NDKPI has no call that silences a
 * host or breaks a queue, and this shell has no means of its own, so the
 * core answers SetHostState, FailSrq and FailCq NOT_SUPPORTED and the
 * Welcome offers no fault injection (docs/agent-windows.md section 9). A
 * vendor with a knob over its own adapter (a test hook of its miniport, a
 * firmware command) makes ndkt_provider_faults return the bits it serves
 * and implements the three below over that knob, at PASSIVE_LEVEL, with
 * the semantics provider.h gives.
 */
uint32_t ndkt_provider_faults(void *provider)
{
	(void)provider;
	return 0;
}

int ndkt_provider_set_host_state(void *provider, const struct ndkt_addr *address, uint32_t state,
	ndkt_inject_error *err)
{
	(void)provider;
	(void)address;
	(void)state;
	(void)err;
	return NDKT_E_INVAL;
}

int ndkt_provider_fail_srq(void *provider, NDK_SRQ *srq, ndkt_inject_error *err)
{
	(void)provider;
	(void)srq;
	(void)err;
	return NDKT_E_INVAL;
}

int ndkt_provider_fail_cq(void *provider, NDK_CQ *cq, ndkt_inject_error *err)
{
	(void)provider;
	(void)cq;
	(void)err;
	return NDKT_E_INVAL;
}
