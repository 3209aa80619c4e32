/*
 * The Linux memory the provider sees (ndkt/core/provider.h): agent
 * buffers (page-aligned, zeroed) and MDLs over their ranges. The MDL is
 * ndkt_wintypes.h's: the bytes are at MappedSystemVa (as on Windows for a
 * nonpaged buffer), and MmGetMdlVirtualAddress (StartVa + ByteOffset) is
 * the harness's va, an index (MR-4). sim behind NDKPI's C ABI reads them
 * so (ndkt/simabi).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "../core/provider.h"

#define TAG_MDL NDKT_TAG('n', 'k', 'M', 'd')

int ndkt_buffer_alloc(uint64_t length, ndkt_buffer_mem *out)
{
	void *p = NULL;
	size_t n;
	memset(out, 0, sizeof *out);
	if (length > (uint64_t)SIZE_MAX - PAGE_SIZE)
		return NDKT_E_NOMEM;
	n = length ? (size_t)length : 1;
	if (posix_memalign(&p, PAGE_SIZE, n) != 0)
		return NDKT_E_NOMEM;
	memset(p, 0, n);
	out->va = p;
	out->length = length;
	return NDKT_OK;
}

void ndkt_buffer_free(ndkt_buffer_mem *m)
{
	if (m == NULL)
		return;
	free(m->va);
	m->va = NULL;
}

int ndkt_mdl_build(const ndkt_buffer_mem *m, uint64_t offset, uint64_t length, uint64_t va, MDL **out)
{
	MDL *mdl;
	*out = NULL;
	if (length > 0xFFFFFFFFu)
		return NDKT_E_INVAL; /* ByteCount is a ULONG */
	if (length > 0 && (m == NULL || offset > m->length || length > m->length - offset))
		return NDKT_E_INVAL;
	mdl = ndkt_alloc(sizeof *mdl + sizeof(PFN_NUMBER), TAG_MDL);
	if (mdl == NULL)
		return NDKT_E_NOMEM;
	mdl->Size = (SHORT)(sizeof *mdl + sizeof(PFN_NUMBER));
	mdl->MdlFlags = MDL_SOURCE_IS_NONPAGED_POOL | MDL_MAPPED_TO_SYSTEM_VA;
	mdl->MappedSystemVa = m != NULL && m->va != NULL ? (unsigned char *)m->va + offset : NULL;
	mdl->StartVa = (PVOID)(uintptr_t)(va & ~(uint64_t)(PAGE_SIZE - 1));
	mdl->ByteOffset = (ULONG)(va & (PAGE_SIZE - 1));
	mdl->ByteCount = (ULONG)length;
	*out = mdl;
	return NDKT_OK;
}

void ndkt_mdl_free(MDL *mdl)
{
	ndkt_free(mdl, TAG_MDL);
}
