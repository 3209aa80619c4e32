/*
 * What the session and the calls (session.c, ops*.c) need of their
 * environment beyond platform.h: the provider's adapters, and the memory
 * the provider sees (agent buffers and the MDLs over them). These are the
 * OS's and the transport's, not the core's:
 *
 *   piece                     Windows shell                      Linux
 *   ndkt_provider_open/close  WskOpenNdkAdapter (the interface    the transport: sim behind
 *                             index of the address: IP Helper),    NDKPI's C ABI
 *                             WskCloseNdkAdapter (the adapter's    (ndkt/inproc/provider_simabi.c),
 *                             dispatch has no close entry)         the unit tests' fake
 *   ndkt_buffer_alloc/free    nonpaged pool (ExAllocatePool2, or   posix_memalign, zeroed
 *                             ExAllocatePoolWithTag with mingw),   (ndkt/platform/posix_mem.c)
 *                             an MDL over the buffer
 *   (ndkt/windows/wsk.c, ifindex.c, memory.c)
 *   ndkt_mdl_build/free       IoAllocateMdl for the range, the     an MDL whose MappedSystemVa is
 *                             buffer's PFNs copied in, StartVa/    the range's bytes
 *                             ByteOffset from va                   (ndkt/platform/posix_mem.c)
 *   ndkt_provider_faults,     none: ndkt_provider_faults is 0      sim's fault injection
 *   _set_host_state,          (a vendor with a knob of its own     (ndk.FaultInjector and its
 *   _fail_srq, _fail_cq       implements them over it: the         SRQ and CQ kin) through
 *                             design note's section 9)             ndkt_simabi.h
 *   (ndkt/windows/wsk.c; ndkt/inproc/inproc.c)
 *
 * The NDKPI declarations are the WDK's ndkpi.h on Windows and
 * ndkt/include/ndkpi.h elsewhere (mingw-w64: with NDKT_HAVE_WDK_TYPES).
 */
#ifndef NDKT_PROVIDER_H
#define NDKT_PROVIDER_H

#include <stddef.h>
#include <stdint.h>

#include "ndkpi.h"
#include "ndkt_contract.h"
#include "platform.h"

/* SOCKADDR family values of the OS the core runs on (the contract's
 * NDKT_AF_* are Windows'): the core writes sockaddr_in and sockaddr_in6
 * byte by byte (their layouts are the same on Windows and Linux). */
#define NDKT_OS_AF_INET 2u
#if defined(NDKT_WINDOWS) || defined(_WIN32)
#define NDKT_OS_AF_INET6 23u
#else
#define NDKT_OS_AF_INET6 10u
#endif

/*
 * Opens the adapter that owns address (the contract's; port 0) with
 * NDKPI version (OH-6: the major version and the lowest minor version the
 * consumer supports). provider: the session's provider context (given to
 * ndkt_session_open: on Windows the WSK client, on Linux sim's provider).
 * Returns the provider's status (NDIS_STATUS_BAD_VERSION 0xC0010004 when
 * the version does not fit, OH-7) and the adapter in *adapter on success.
 * PASSIVE_LEVEL.
 */
NTSTATUS ndkt_provider_open_adapter(void *provider, const struct ndkt_addr *address, NDK_VERSION version,
	NDK_ADAPTER **adapter);
/* Closes an adapter ndkt_provider_open_adapter opened; blocks until the
 * provider has let it go (its objects closed, its callbacks returned).
 * PASSIVE_LEVEL. */
void ndkt_provider_close_adapter(void *provider, NDK_ADAPTER *adapter);

/*
 * Fault injection (the contract's SetHostState 12, FailSrq 13, FailCq 14;
 * docs/agent-windows.md section 9): the environment's knob over its
 * provider, if it has one. NDKPI has no call that silences a host or
 * breaks a queue, so a kernel consumer can provoke these faults only
 * through a means the vendor supplies; without one the environment serves
 * none (ndkt_provider_faults returns 0) and the core answers the three
 * calls NOT_SUPPORTED, as it did before the hook.
 *
 * ndkt_provider_faults: which of the three the environment serves for
 * provider (NDKT_FAULT_* bits); the same answer for the provider's life.
 * Any IRQL.
 *
 * The three injections run at PASSIVE_LEVEL with no core lock held (the
 * provider may call the core's callbacks from inside, as from any call
 * into it). The core calls one only for a bit ndkt_provider_faults set,
 * after its own checks: the handle of a live object of the right kind
 * (an SRQ, a CQ) of the session, a state of the table below, an address
 * of a family. Each returns NDKT_OK when the fault is injected, or any
 * other value when the provider refused it, with the reason in *err
 * (err->len bytes of err->text, UTF-8, no NUL needed; the core reports a
 * reason of its own when err->len is 0). The semantics (ndk/faults*.go):
 *
 *   ndkt_provider_set_host_state  the host that owns address (port 0) goes
 *     to state: NDKT_HOST_UP (works; what a fault aborted stays aborted),
 *     NDKT_HOST_UNRESPONSIVE (answers no connection management message
 *     and no connect request any more: a peer's disconnect or connect to
 *     it times out; its connections otherwise stay), NDKT_HOST_DOWN (gone:
 *     its connections are aborted as a peer sees a host vanish, its
 *     handshakes fail, connects to and from it fail). Refused: no host of
 *     the provider owns address.
 *   ndkt_provider_fail_srq  srq fails as hardware would: its notification
 *     callback reports STATUS_INTERNAL_ERROR, and from then on neither it
 *     nor its QPs complete anything (SQ-6). Refused: srq is being closed.
 *   ndkt_provider_fail_cq   cq fails as hardware would: its notification
 *     reports STATUS_INTERNAL_ERROR (at once if it is armed, else at its
 *     next arm: CQ-2, CQ-5), and from then on neither it nor the QPs that
 *     use it complete anything. Refused: cq is being closed.
 *
 * A second injection of the same fault is no error (NDKT_OK, nothing new).
 */
#define NDKT_FAULT_HOST_STATE 0x1u
#define NDKT_FAULT_SRQ 0x2u
#define NDKT_FAULT_CQ 0x4u

/* The contract's (and ndk.HostState's) host states. */
#define NDKT_HOST_UP 0u
#define NDKT_HOST_UNRESPONSIVE 1u
#define NDKT_HOST_DOWN 2u

/* Room for the reason an injection was refused (the reply's error part
 * holds up to 1024 bytes; the core sends at most this). */
#define NDKT_INJECT_ERROR_MAX 256u

typedef struct ndkt_inject_error {
	char text[NDKT_INJECT_ERROR_MAX];
	uint32_t len; /* bytes of text; at most NDKT_INJECT_ERROR_MAX */
} ndkt_inject_error;

uint32_t ndkt_provider_faults(void *provider);
int ndkt_provider_set_host_state(void *provider, const struct ndkt_addr *address, uint32_t state,
	ndkt_inject_error *err);
int ndkt_provider_fail_srq(void *provider, NDK_SRQ *srq, ndkt_inject_error *err);
int ndkt_provider_fail_cq(void *provider, NDK_CQ *cq, ndkt_inject_error *err);

/* NDIS_STATUS_BAD_VERSION (ndis.h): an adapter open refused for its version. */
#define NDKT_NDIS_STATUS_BAD_VERSION ((NTSTATUS)0xC0010004L)

/* An agent buffer: nonpaged, zeroed, page-aligned. va is its system
 * address; os is the environment's (Windows: the MDL describing it). */
typedef struct ndkt_buffer_mem {
	void *va;
	uint64_t length;
	void *os;
} ndkt_buffer_mem;

/* NDKT_OK, NDKT_E_NOMEM. length may be 0. PASSIVE_LEVEL. */
int ndkt_buffer_alloc(uint64_t length, ndkt_buffer_mem *out);
/* PASSIVE_LEVEL. */
void ndkt_buffer_free(ndkt_buffer_mem *m);

/*
 * An MDL describing [offset, offset+length) of m, whose first byte has the
 * virtual address va: MmGetMdlVirtualAddress is va (StartVa va's page,
 * ByteOffset its offset in the page), an index the provider must never
 * dereference (MR-4; docs/agent-windows.md section 6). m NULL and length
 * 0: an empty MDL (no bytes) at va. The range must lie in m (the caller
 * checks). NDKT_OK; NDKT_E_NOMEM; NDKT_E_INVAL when the environment cannot
 * describe the range at va (Windows: va's offset in its page differs from
 * the range's). PASSIVE_LEVEL.
 */
int ndkt_mdl_build(const ndkt_buffer_mem *m, uint64_t offset, uint64_t length, uint64_t va, MDL **out);
/* Frees one MDL ndkt_mdl_build made (not its Next). IRQL <= DISPATCH_LEVEL. */
void ndkt_mdl_free(MDL *mdl);

#endif
