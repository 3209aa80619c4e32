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
