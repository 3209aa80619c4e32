/*
 * The memory the provider sees (ndkt/core/provider.h; docs/agent-windows.md
 * section 6).
 *
 * An agent buffer: nonpaged, zeroed, page-aligned: ndkt_alloc (mingw-w64
 * has no ExAllocatePool2, so ExAllocatePoolWithTag(NonPagedPoolNx) and
 * RtlZeroMemory: win_kernel.c) of at least a page, since an allocation of
 * PAGE_SIZE or more is page-aligned (ExAllocatePoolWithTag's page); its
 * MDL from IoAllocateMdl and MmBuildMdlForNonPagedPool (the PFNs of its
 * pages). One MDL describes at most 4 GiB - PAGE_SIZE (IoAllocateMdl's
 * page, Windows 7 and later), so a buffer is at most that.
 *
 * An MDL over [offset, offset+length) of a buffer at the harness's va:
 * MmGetMdlVirtualAddress is va (StartVa va's page, ByteOffset its offset)
 * and the PFN array the buffer's pages under the range, which must have
 * va's offset in their page. It is caller-allocated (MmSizeOfMdl bytes,
 * MmInitializeMdl): IoAllocateMdl would do the same for a length above 0,
 * and an empty MDL (length 0) is asked for too. Its flags are the ones
 * MmBuildMdlForNonPagedPool gives the buffer's MDL
 * (MDL_SOURCE_IS_NONPAGED_POOL), and MappedSystemVa the range's system
 * address, so MmGetSystemAddressForMdlSafe gives the real bytes while
 * MmGetMdlVirtualAddress stays an index the provider must never
 * dereference (MR-4).
 */
#include "shell.h"

/* IoAllocateMdl's largest buffer (Windows 7 and later). */
#define MDL_MAX ((uint64_t)0xFFFFFFFFu + 1u - PAGE_SIZE)

int ndkt_buffer_alloc(uint64_t length, ndkt_buffer_mem *out)
{
	uint64_t n = length < PAGE_SIZE ? PAGE_SIZE : length;
	void *va;
	PMDL mdl;
	RtlZeroMemory(out, sizeof *out);
	if (n > MDL_MAX || n > (uint64_t)(SIZE_T)-1)
		return NDKT_E_NOMEM;
	va = ndkt_alloc((size_t)n, NDKT_TAG_BUF);
	if (va == NULL)
		return NDKT_E_NOMEM;
	if (((ULONG_PTR)va & (PAGE_SIZE - 1)) != 0) { /* the pool's promise, checked */
		ndkt_free(va, NDKT_TAG_BUF);
		return NDKT_E_NOMEM;
	}
	mdl = IoAllocateMdl(va, (ULONG)n, FALSE, FALSE, NULL);
	if (mdl == NULL) {
		ndkt_free(va, NDKT_TAG_BUF);
		return NDKT_E_NOMEM;
	}
	MmBuildMdlForNonPagedPool(mdl);
	out->va = va;
	out->length = length;
	out->os = mdl;
	return NDKT_OK;
}

void ndkt_buffer_free(ndkt_buffer_mem *m)
{
	if (m == NULL)
		return;
	if (m->os != NULL)
		IoFreeMdl((PMDL)m->os);
	ndkt_free(m->va, NDKT_TAG_BUF);
	m->os = NULL;
	m->va = NULL;
}

/* The buffer's PFNs under the range, into mdl's array. */
static void copy_pfns(const ndkt_buffer_mem *m, uint64_t offset, PMDL mdl, SIZE_T pages)
{
	const PFN_NUMBER *src = MmGetMdlPfnArray((PMDL)m->os);
	PFN_NUMBER *dst = MmGetMdlPfnArray(mdl);
	SIZE_T first = (SIZE_T)(offset >> PAGE_SHIFT), i;
	for (i = 0; i < pages; i++)
		dst[i] = src[first + i];
}

int ndkt_mdl_build(const ndkt_buffer_mem *m, uint64_t offset, uint64_t length, uint64_t va, MDL **out)
{
	PVOID v = (PVOID)(ULONG_PTR)va;
	SIZE_T size, pages;
	PMDL mdl;
	*out = NULL;
	if (length > 0xFFFFFFFFu || va > (uint64_t)-1 - length)
		return NDKT_E_INVAL; /* ByteCount is a ULONG; the range must not wrap */
	if (length > 0) {
		if (m == NULL || m->va == NULL || m->os == NULL || offset > m->length || length > m->length - offset)
			return NDKT_E_INVAL;
		if ((offset & (PAGE_SIZE - 1)) != (va & (PAGE_SIZE - 1)))
			return NDKT_E_INVAL; /* the pages cannot sit at va's offset */
	}
	pages = ADDRESS_AND_SIZE_TO_SPAN_PAGES(v, (SIZE_T)length);
	if (length == 0)
		pages = 0;
	size = MmSizeOfMdl(v, (SIZE_T)length);
	if (size < sizeof(MDL) + pages * sizeof(PFN_NUMBER))
		return NDKT_E_INVAL;
	mdl = ndkt_alloc(size, NDKT_TAG_MDL);
	if (mdl == NULL)
		return NDKT_E_NOMEM;
	MmInitializeMdl(mdl, v, (SIZE_T)length);
	if (length > 0) {
		copy_pfns(m, offset, mdl, pages);
		mdl->MdlFlags |= MDL_SOURCE_IS_NONPAGED_POOL;
		mdl->MappedSystemVa = (PUCHAR)m->va + offset;
	}
	*out = mdl;
	return NDKT_OK;
}

void ndkt_mdl_free(MDL *mdl)
{
	ndkt_free(mdl, NDKT_TAG_MDL);
}
