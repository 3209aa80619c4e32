//go:build linux && cgo

/*
 * The Linux transport's C side: the core's provider functions over sim
 * behind NDKPI's C ABI (ndkt_simabi.h), the IRQL hook that gives sim's
 * callbacks the posix layer's simulated IRQL, and the session entries the
 * Go side calls.
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "../core/provider.h"
#include "../core/session.h"
#include "../platform/sim.h"
#include "inproc.h"
#include "ndkt_simabi.h"

/* ---- the provider: sim behind the C ABI ---- */

/* The miniport context of each open adapter (CLOSE_NDK_ADAPTER_HANDLER
 * takes it). */
struct opened {
	struct opened *next;
	NDK_ADAPTER *adapter;
	PVOID mp;
};
static pthread_mutex_t opened_mu = PTHREAD_MUTEX_INITIALIZER;
static struct opened *opened;

/* The contract's address (port 0) as a sockaddr_in or sockaddr_in6 in
 * *ss; its length, 0 for a family that is neither. */
static ULONG sockaddr_of(const struct ndkt_addr *address, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof *ss);
	if (address->family == NDKT_AF_INET) {
		struct sockaddr_in *s = (struct sockaddr_in *)ss;
		s->sin_family = AF_INET;
		memcpy(&s->sin_addr, address->addr, 4);
		return sizeof *s;
	}
	if (address->family == NDKT_AF_INET6) {
		struct sockaddr_in6 *s = (struct sockaddr_in6 *)ss;
		s->sin6_family = AF_INET6;
		memcpy(&s->sin6_addr, address->addr, 16);
		s->sin6_scope_id = address->scope;
		return sizeof *s;
	}
	return 0;
}

NTSTATUS ndkt_provider_open_adapter(void *provider, const struct ndkt_addr *address, NDK_VERSION version,
	NDK_ADAPTER **adapter)
{
	struct sockaddr_storage ss;
	ULONG len = sockaddr_of(address, &ss);
	PVOID mp = NULL;
	NDKT_SIMABI_OPEN_NDK_ADAPTER_PARAMETERS p;
	struct opened *o;
	NTSTATUS st;
	if (len == 0)
		return STATUS_INVALID_ADDRESS;
	st = ndkt_simabi_miniport_adapter((uintptr_t)provider, (const SOCKADDR *)&ss, len, &mp);
	if (st != STATUS_SUCCESS)
		return st;
	o = calloc(1, sizeof *o);
	if (o == NULL)
		return STATUS_INSUFFICIENT_RESOURCES;
	memset(&p, 0, sizeof p);
	p.Version = version;
	st = ndkt_simabi_open_ndk_adapter(mp, &p, adapter);
	if (st != STATUS_SUCCESS) {
		free(o);
		return st;
	}
	o->adapter = *adapter;
	o->mp = mp;
	pthread_mutex_lock(&opened_mu);
	o->next = opened;
	opened = o;
	pthread_mutex_unlock(&opened_mu);
	return st;
}

void ndkt_provider_close_adapter(void *provider, NDK_ADAPTER *adapter)
{
	struct opened **pp, *o = NULL;
	(void)provider;
	pthread_mutex_lock(&opened_mu);
	for (pp = &opened; *pp != NULL; pp = &(*pp)->next) {
		if ((*pp)->adapter == adapter) {
			o = *pp;
			*pp = o->next;
			break;
		}
	}
	pthread_mutex_unlock(&opened_mu);
	if (o == NULL)
		return;
	ndkt_simabi_close_ndk_adapter(o->mp, adapter);
	free(o);
}

/* ---- fault injection: sim's, through the C ABI ---- */

_Static_assert(NDKT_FAULT_HOST_STATE == NDKT_SIMABI_FAULT_HOST_STATE && NDKT_FAULT_SRQ == NDKT_SIMABI_FAULT_SRQ &&
		NDKT_FAULT_CQ == NDKT_SIMABI_FAULT_CQ,
	"the core's fault bits are simabi's");
_Static_assert(NDKT_HOST_DOWN == NDKT_SIMABI_HOST_DOWN && NDKT_HOST_UNRESPONSIVE == NDKT_SIMABI_HOST_UNRESPONSIVE,
	"the core's host states are simabi's");

uint32_t ndkt_provider_faults(void *provider)
{
	return (uint32_t)ndkt_simabi_faults((uintptr_t)provider);
}

/* An injection's status as the hook's answer: NDKT_OK for STATUS_SUCCESS;
 * otherwise sim's reason (simabi wrote err->len bytes), or the status's
 * code when there is none. */
static int injected(NTSTATUS st, ULONG n, ndkt_inject_error *err)
{
	if (st == STATUS_SUCCESS)
		return NDKT_OK;
	if (n > 0 && n <= sizeof err->text) {
		err->len = (uint32_t)n;
	} else {
		int w = snprintf(err->text, sizeof err->text, "inproc: the fault injection failed with NTSTATUS 0x%08x",
			(unsigned)st);
		err->len = w > 0 && (size_t)w < sizeof err->text ? (uint32_t)w : 0;
	}
	return NDKT_E_INVAL;
}

int ndkt_provider_set_host_state(void *provider, const struct ndkt_addr *address, uint32_t state,
	ndkt_inject_error *err)
{
	struct sockaddr_storage ss;
	ULONG len = sockaddr_of(address, &ss);
	ULONG n = sizeof err->text;
	NTSTATUS st = STATUS_INVALID_ADDRESS;
	if (len != 0)
		st = ndkt_simabi_set_host_state((uintptr_t)provider, (const SOCKADDR *)&ss, len, state, err->text, &n);
	else
		n = 0;
	return injected(st, n, err);
}

int ndkt_provider_fail_srq(void *provider, NDK_SRQ *srq, ndkt_inject_error *err)
{
	ULONG n = sizeof err->text;
	NTSTATUS st;
	(void)provider;
	st = ndkt_simabi_fail_srq(srq, err->text, &n);
	return injected(st, n, err);
}

int ndkt_provider_fail_cq(void *provider, NDK_CQ *cq, ndkt_inject_error *err)
{
	ULONG n = sizeof err->text;
	NTSTATUS st;
	(void)provider;
	st = ndkt_simabi_fail_cq(cq, err->text, &n);
	return injected(st, n, err);
}

/* The NDKT_FAULT_* bits the core serves over provider (the Go side's
 * FaultDeclarer). */
uint32_t ndkt_inproc_faults(uintptr_t provider)
{
	return ndkt_provider_faults((void *)provider);
}

/* ---- sim's callbacks at the simulated IRQL ---- */

#define HOOK_DEPTH 32
static _Thread_local ndkt_irql_t hook_stack[HOOK_DEPTH];
static _Thread_local int hook_depth;

static void irql_hook(int entering, int irql)
{
	if (entering) {
		ndkt_irql_t old = ndkt_irql();
		/* KeRaiseIrql's rule: never downwards (a callback "at PASSIVE"
		 * on a thread already above stays where it is). */
		if ((ndkt_irql_t)irql >= old)
			old = ndkt_sim_raise_irql((ndkt_irql_t)irql);
		if (hook_depth < HOOK_DEPTH)
			hook_stack[hook_depth] = old;
		hook_depth++;
		return;
	}
	if (hook_depth <= 0)
		return;
	hook_depth--;
	if (hook_depth < HOOK_DEPTH && ndkt_irql() >= hook_stack[hook_depth])
		ndkt_sim_lower_irql(hook_stack[hook_depth]);
}

/* ---- the Go side's entries ---- */

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int init_rc;

static void init(void)
{
	init_rc = ndkt_platform_init(NULL);
	ndkt_simabi_irql_hook = irql_hook;
}

int ndkt_inproc_init(void)
{
	pthread_once(&init_once, init);
	return init_rc;
}

int ndkt_inproc_open(uintptr_t provider, const ndkt_inproc_limits *l, void **out)
{
	ndkt_session_limits lim;
	ndkt_session *s = NULL;
	int rc;
	ndkt_session_default_limits(&lim);
	if (l != NULL) {
		if (l->callback_timeout_ms > 0)
			lim.callback_timeout = NDKT_MS(l->callback_timeout_ms);
		if (l->close_bound_ms > 0)
			lim.close_bound = NDKT_MS(l->close_bound_ms);
		if (l->ring_bytes > 0)
			lim.ring_bytes = l->ring_bytes;
	}
	rc = ndkt_session_open(&lim, (void *)provider, &s);
	*out = s;
	return rc;
}

int32_t ndkt_inproc_ioctl(void *s, uint32_t code, const void *in, size_t in_len, void *out, size_t out_len,
	size_t *written)
{
	return ndkt_session_ioctl(s, code, in, in_len, out, out_len, written);
}

int ndkt_inproc_cleanup(void *s)
{
	return ndkt_session_cleanup(s);
}

#ifdef NDKT_GCOV
/* test/ndkt/cover.sh builds with -DNDKT_GCOV --coverage: a Go process
 * ends with the exit system call, not libc's exit, so gcov's own write at
 * exit never runs; the counters are written at each session's end. */
void __gcov_dump(void);
#endif

int ndkt_inproc_free(void *s)
{
	int rc = ndkt_session_free(s);
#ifdef NDKT_GCOV
	__gcov_dump();
#endif
	return rc;
}

void ndkt_inproc_stats(void *s, ndkt_inproc_stats_t *out)
{
	ndkt_session_stats st;
	unsigned kinds[64];
	uint32_t i, n;
	ndkt_session_get_stats(s, &st);
	memset(out, 0, sizeof *out);
	out->objects = st.objects;
	out->held_bytes = st.held_bytes;
	out->callbacks = st.callbacks;
	out->second_completions = st.second_completions;
	out->cleanup_closed = st.cleanup_closed;
	out->cleanup_stuck = st.cleanup_stuck;
	out->fault = st.fault;
	n = ndkt_session_cleanup_order(s, kinds, 64);
	out->n_order = n < 64 ? n : 64;
	for (i = 0; i < out->n_order; i++)
		out->order[i] = kinds[i];
}
