/*
 * The interface index of the adapter that owns an address: the kernel
 * IP Helper's GetUnicastIpAddressTable (NETIO.SYS, PASSIVE_LEVEL; its
 * declarations in wsk_decl.h). WskOpenNdkAdapter takes that index.
 */
#include <string.h>

#include "shell.h"

/* The row's address equals the contract's (scope 0: any zone). */
static int same_address(const MIB_UNICASTIPADDRESS_ROW *r, const struct ndkt_addr *a)
{
	if (a->family == NDKT_AF_INET)
		return r->Address.si_family == NDKT_WIN_AF_INET &&
			memcmp(&r->Address.Ipv4.sin_addr, a->addr, 4) == 0;
	return r->Address.si_family == NDKT_WIN_AF_INET6 && memcmp(r->Address.Ipv6.sin6_addr, a->addr, 16) == 0 &&
		(a->scope == 0 || r->Address.Ipv6.sin6_scope_id == a->scope);
}

/* STATUS_INVALID_ADDRESS when no interface has it (what sim answers for
 * an address no adapter owns). */
NTSTATUS ndkt_if_index(const struct ndkt_addr *address, NET_IFINDEX *out)
{
	PMIB_UNICASTIPADDRESS_TABLE t = NULL;
	const MIB_UNICASTIPADDRESS_ROW *rows;
	ADDRESS_FAMILY family;
	NTSTATUS st;
	ULONG i;
	*out = 0;
	if (address->family == NDKT_AF_INET)
		family = NDKT_WIN_AF_INET;
	else if (address->family == NDKT_AF_INET6)
		family = NDKT_WIN_AF_INET6;
	else
		return STATUS_INVALID_ADDRESS;
	st = GetUnicastIpAddressTable(family, &t);
	if (st == STATUS_NOT_FOUND)
		return STATUS_INVALID_ADDRESS;
	if (!NT_SUCCESS(st) || t == NULL)
		return NT_SUCCESS(st) ? STATUS_INTERNAL_ERROR : st;
	rows = (const MIB_UNICASTIPADDRESS_ROW *)((const UCHAR *)t + offsetof(MIB_UNICASTIPADDRESS_TABLE, Table));
	st = STATUS_INVALID_ADDRESS;
	for (i = 0; i < t->NumEntries; i++) {
		if (same_address(&rows[i], address)) {
			*out = rows[i].InterfaceIndex;
			st = STATUS_SUCCESS;
			break;
		}
	}
	FreeMibTable(t);
	return st;
}
