/*
 * A tiny NDK provider behind NDKPI's C ABI for the session's unit tests
 * (session_test.c): an adapter (query info, CQ, PD, connector, LAMs), CQs
 * (arm, results), PDs (MRs, SRQs), MRs (register, deregister, tokens) and
 * connectors. It counts every call and logs every close, so a test can
 * check that a refused call never reached it and the order cleanup closed
 * things in. Closes return STATUS_SUCCESS, or STATUS_PENDING with the
 * completion from a thread of its own (fake_close_mode).
 */
#ifndef NDKT_FAKE_PROVIDER_H
#define NDKT_FAKE_PROVIDER_H

#include "../core/provider.h"

/* Closes: 0 STATUS_SUCCESS; 1 STATUS_PENDING, completed 2 ms later from a
 * thread at fake_close_irql; 2 STATUS_PENDING, never completed (stuck). */
extern int fake_close_mode;
extern ndkt_irql_t fake_close_irql;
/* The only NDKPI major version an adapter open accepts (2 by default):
 * another asked for, or a minor above 1, is NDIS_STATUS_BAD_VERSION. */
extern int fake_major;
/* NdkQueryAdapterInfo's answer to a buffer too small: 0 STATUS_BUFFER_TOO_SMALL
 * with the size needed; 1 the same, *size left as offered (no size
 * needed, CN-18/AI-5's breach); 2 the size needed, after writing the whole
 * NDK_ADAPTER_INFO past the bytes offered; 3 as 0, but a success leaves
 * *size as offered (AI-9's breach). */
extern int fake_size_mode;

/* Provider calls made (every dispatch entry and open/close adapter). */
long fake_calls(void);
/* The NDK_OBJECT_TYPEs of the closes, in order (adapters included). */
int fake_closes(int *types, int n);
void fake_reset(void);
/* The last MDL NdkRegisterMr got: its MmGetMdlVirtualAddress, byte count
 * and first byte. */
extern uint64_t fake_mdl_va;
extern uint32_t fake_mdl_bytes;
extern int fake_mdl_first;
/* Fault injection: the NDKT_FAULT_* bits ndkt_provider_faults returns
 * (0 by default: none served); fake_inject_refuse 1 refuses every
 * injection with the reason "fake: refused", 2 with no reason. Each
 * injection counts in fake_injections and records its provider, its
 * object (NDK_SRQ *, NDK_CQ *; NULL for a host state), its address and
 * state. */
extern uint32_t fake_faults;
extern int fake_inject_refuse;
extern int fake_injections;
extern void *fake_inject_provider;
extern void *fake_inject_obj;
extern struct ndkt_addr fake_inject_addr;
extern uint32_t fake_inject_state;
/* Completions still pending (mode 2). */
int fake_stuck(void);
/* Waits until no close completion thread runs. */
void fake_drain(void);

#endif
