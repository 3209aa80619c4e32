/*
 * The Winsock Kernel (WSK), WSK NDK extension and kernel IP Helper
 * declarations ndkt.sys uses, for the mingw-w64 build: mingw-w64 has no
 * wsk.h, no wskndk.h, and its netioapi.h is user mode only (it does not
 * compile on the DDK headers). Only what ndkt/windows/ uses is declared.
 * A WDK (MSVC) build includes the WDK's headers instead.
 *
 * Sources, per declaration (each says which):
 *   [wsk-page]  learn.microsoft.com's rendered syntax of wsk.h's pages,
 *               as kept by m417z/windows-docs-scraper @ 9e42a178e4
 *               (windows-driver-docs-ddi/wsk/: ns-wsk-_wsk_client_dispatch,
 *               _wsk_client_npi, _wsk_registration, _wsk_provider_npi,
 *               _wsk_provider_dispatch, nc-wsk-pfn_wsk_control_client,
 *               pfn_wsk_client_event, nf-wsk-wskregister,
 *               wskcaptureprovidernpi, wskreleaseprovidernpi,
 *               wskderegister).
 *   [ros]       ReactOS's public-domain sdk/include/ddk/wsk.h
 *               (reactos/reactos @ 3765a7375a): values the pages name but do
 *               not give: MAKE_WSK_VERSION's encoding, WSK_NO_WAIT,
 *               WSK_INFINITE_WAIT, PWSK_CLIENT (a PVOID), WSKAPI (NTAPI).
 *   [wskndk]    wskndk.h has no page on learn.microsoft.com. A public copy
 *               of the WDK's wskndk.h (Microsoft, 2016; found by the
 *               code index, repository not named) declares
 *               PFN_WSK_NDK_OPEN_ADAPTER, PFN_WSK_NDK_CLOSE_ADAPTER,
 *               WSK_PROVIDER_NDK_DISPATCH and WSKNDK_GET_WSK_PROVIDER_NDK_DISPATCH
 *               ((ULONG)'NDKD'); two public consumers (an NVMe-oF NDK
 *               initiator, and NdkWrapper.c of an NDK sample under a
 *               Microsoft copyright; repositories not named by the index)
 *               use them the same way. NOT confirmed by any Microsoft documentation
 *               page: the member order, the calling convention (WSKAPI)
 *               and the control code's value rest on that copy alone.
 *   [iph-page]  learn.microsoft.com's kernel-mode IP Helper pages
 *               (windows-hardware/drivers/network/getunicastipaddresstable,
 *               ip-helper) and sdk-api's rendered syntax
 *               (m417z/windows-docs-scraper @ 9e42a178e4: sdk-api/netioapi/
 *               ns-netioapi-mib_unicastipaddress_row, _table,
 *               nf-netioapi-getunicastipaddresstable, freemibtable;
 *               sdk-api/ws2ipdef/ns-ws2ipdef-sockaddr_inet, sockaddr_in6_lh).
 *               The member types are the pages'; where a type is a union or
 *               enum ndkt never reads, it is declared with the same size
 *               and alignment (said at the member). ndkt/test/sys.sh
 *               compares the layout with mingw-w64's user-mode netioapi.h.
 */
#ifndef NDKT_WSK_DECL_H
#define NDKT_WSK_DECL_H

#if defined(_MSC_VER)
/* The WDK has them all. */
#include <wsk.h>
#include <netioapi.h>
#include <wskndk.h>
#else

#include <ntddk.h>
#include <stddef.h>

#include "ndkpi.h"

/* ---- wsk.h ---- */

#define WSKAPI NTAPI                          /* [ros] */
typedef PVOID PWSK_CLIENT;                    /* [ros]; [wsk-page]: an opaque WSK_CLIENT */
#define MAKE_WSK_VERSION(Mj, Mn) ((USHORT)(((USHORT)(Mj) << 8) | ((USHORT)(Mn) & 0xFFu))) /* [ros] */
#define WSK_NO_WAIT 0u                        /* [ros] */
#define WSK_INFINITE_WAIT 0xFFFFFFFFu         /* [ros] */

/* [wsk-page] nc-wsk-pfn_wsk_client_event */
typedef NTSTATUS(WSKAPI *PFN_WSK_CLIENT_EVENT)(PVOID ClientContext, ULONG EventType, PVOID Information,
	SIZE_T InformationLength);

/* [wsk-page] ns-wsk-_wsk_client_dispatch */
typedef struct _WSK_CLIENT_DISPATCH {
	USHORT Version;
	USHORT Reserved;
	PFN_WSK_CLIENT_EVENT WskClientEvent;
} WSK_CLIENT_DISPATCH, *PWSK_CLIENT_DISPATCH;

/* [wsk-page] ns-wsk-_wsk_client_npi */
typedef struct _WSK_CLIENT_NPI {
	PVOID ClientContext;
	const WSK_CLIENT_DISPATCH *Dispatch;
} WSK_CLIENT_NPI, *PWSK_CLIENT_NPI;

/* [wsk-page] ns-wsk-_wsk_registration (opaque to the client) */
typedef struct _WSK_REGISTRATION {
	ULONGLONG ReservedRegistrationState;
	PVOID ReservedRegistrationContext;
	KSPIN_LOCK ReservedRegistrationLock;
} WSK_REGISTRATION, *PWSK_REGISTRATION;

/* [wsk-page] nc-wsk-pfn_wsk_control_client */
typedef NTSTATUS(WSKAPI *PFN_WSK_CONTROL_CLIENT)(PWSK_CLIENT Client, ULONG ControlCode, SIZE_T InputSize,
	PVOID InputBuffer, SIZE_T OutputSize, PVOID OutputBuffer, SIZE_T *OutputSizeReturned, PIRP Irp);

/* [wsk-page] ns-wsk-_wsk_provider_dispatch. ndkt calls only
 * WskControlClient; the other five members are function pointers it never
 * calls, declared as PVOID (the same size and alignment). */
typedef struct _WSK_PROVIDER_DISPATCH {
	USHORT Version;
	USHORT Reserved;
	PVOID WskSocket;        /* PFN_WSK_SOCKET */
	PVOID WskSocketConnect; /* PFN_WSK_SOCKET_CONNECT */
	PFN_WSK_CONTROL_CLIENT WskControlClient;
	PVOID WskGetAddressInfo;  /* PFN_WSK_GET_ADDRESS_INFO */
	PVOID WskFreeAddressInfo; /* PFN_WSK_FREE_ADDRESS_INFO */
	PVOID WskGetNameInfo;     /* PFN_WSK_GET_NAME_INFO */
} WSK_PROVIDER_DISPATCH, *PWSK_PROVIDER_DISPATCH;

/* [wsk-page] ns-wsk-_wsk_provider_npi */
typedef struct _WSK_PROVIDER_NPI {
	PWSK_CLIENT Client;
	const WSK_PROVIDER_DISPATCH *Dispatch;
} WSK_PROVIDER_NPI, *PWSK_PROVIDER_NPI;

/* [wsk-page] the four functions NETIO.SYS exports (WSKAPI: [ros]). */
NTSTATUS WSKAPI WskRegister(PWSK_CLIENT_NPI WskClientNpi, PWSK_REGISTRATION WskRegistration);
NTSTATUS WSKAPI WskCaptureProviderNPI(PWSK_REGISTRATION WskRegistration, ULONG WaitTimeout,
	PWSK_PROVIDER_NPI WskProviderNpi);
VOID WSKAPI WskReleaseProviderNPI(PWSK_REGISTRATION WskRegistration);
VOID WSKAPI WskDeregister(PWSK_REGISTRATION WskRegistration);

/* ---- wskndk.h [wskndk] ---- */

typedef ULONG NET_IFINDEX; /* ifdef.h; [iph-page] MIB_UNICASTIPADDRESS_ROW.InterfaceIndex */

typedef NTSTATUS(WSKAPI *PFN_WSK_NDK_OPEN_ADAPTER)(PWSK_CLIENT Client, NDK_VERSION NdkVersion, NET_IFINDEX IfIndex,
	NDK_ADAPTER **ppNdkAdapter);
typedef VOID(WSKAPI *PFN_WSK_NDK_CLOSE_ADAPTER)(PWSK_CLIENT Client, NDK_ADAPTER *pNdkAdapter);

typedef struct _WSK_PROVIDER_NDK_DISPATCH {
	PFN_WSK_NDK_OPEN_ADAPTER WskOpenNdkAdapter;
	PFN_WSK_NDK_CLOSE_ADAPTER WskCloseNdkAdapter;
} WSK_PROVIDER_NDK_DISPATCH, *PWSK_PROVIDER_NDK_DISPATCH;

/* ((ULONG)'NDKD'): a multi-character constant, whose value C leaves to
 * the implementation; MSVC (and GCC) give 'N' << 24 | 'D' << 16 |
 * 'K' << 8 | 'D'. Written out so that -Wmultichar has nothing to say. */
#define WSKNDK_GET_WSK_PROVIDER_NDK_DISPATCH ((ULONG)0x4E444B44u)

/* ---- netioapi.h, kernel mode [iph-page] ---- */

typedef USHORT ADDRESS_FAMILY; /* ws2def.h */
#define NDKT_WIN_AF_UNSPEC 0u
#define NDKT_WIN_AF_INET 2u
#define NDKT_WIN_AF_INET6 23u

/* sdk-api ns-ws2ipdef-sockaddr_in6_lh: sin6_addr is an IN6_ADDR (16
 * bytes: a union of UCHAR[16] and USHORT[8], 2-aligned) and the last
 * member a union of ULONG sin6_scope_id and SCOPE_ID (a ULONG-sized
 * union); declared by their byte and ULONG views. */
typedef struct NDKT_SOCKADDR_IN6 {
	ADDRESS_FAMILY sin6_family;
	USHORT sin6_port;
	ULONG sin6_flowinfo;
	UCHAR sin6_addr[16];
	ULONG sin6_scope_id;
} NDKT_SOCKADDR_IN6;

/* sdk-api ns-ws2ipdef-sockaddr_inet. SOCKADDR_IN is mingw-w64's
 * (psdk_inc/_ip_types.h: 16 bytes). */
typedef union _SOCKADDR_INET {
	SOCKADDR_IN Ipv4;
	NDKT_SOCKADDR_IN6 Ipv6;
	ADDRESS_FAMILY si_family;
} SOCKADDR_INET, *PSOCKADDR_INET;

/* MIB_UNICASTIPADDRESS_ROW (sdk-api ns-netioapi-mib_unicastipaddress_row):
 * NET_LUID is a union of a ULONG64 and a ULONG64 bit-field struct,
 * NL_PREFIX_ORIGIN, NL_SUFFIX_ORIGIN and NL_DAD_STATE are enums (int), and
 * SCOPE_ID a union of a ULONG and a ULONG bit-field struct: ndkt reads
 * none of them, so they are declared by a member of the same size and
 * alignment. */
typedef struct _MIB_UNICASTIPADDRESS_ROW {
	SOCKADDR_INET Address;
	ULONG64 InterfaceLuid; /* NET_LUID */
	NET_IFINDEX InterfaceIndex;
	LONG PrefixOrigin; /* NL_PREFIX_ORIGIN */
	LONG SuffixOrigin; /* NL_SUFFIX_ORIGIN */
	ULONG ValidLifetime;
	ULONG PreferredLifetime;
	UCHAR OnLinkPrefixLength; /* UINT8 */
	BOOLEAN SkipAsSource;
	LONG DadState; /* NL_DAD_STATE */
	ULONG ScopeId; /* SCOPE_ID */
	LARGE_INTEGER CreationTimeStamp;
} MIB_UNICASTIPADDRESS_ROW, *PMIB_UNICASTIPADDRESS_ROW;

/* sdk-api ns-netioapi-mib_unicastipaddress_table (ANY_SIZE is 1). The
 * GetUnicastIpAddressTable page: rows may be padded apart; the rows are
 * read as the array the declaration gives, from offsetof(Table). */
typedef struct _MIB_UNICASTIPADDRESS_TABLE {
	ULONG NumEntries;
	MIB_UNICASTIPADDRESS_ROW Table[1];
} MIB_UNICASTIPADDRESS_TABLE, *PMIB_UNICASTIPADDRESS_TABLE;

/* The x86_64 layout that follows from the member types (checked against
 * mingw-w64's user-mode netioapi.h by ndkt/test/sys.sh). */
_Static_assert(sizeof(NDKT_SOCKADDR_IN6) == 28, "SOCKADDR_IN6: 28 bytes");
_Static_assert(sizeof(SOCKADDR_INET) == 28, "SOCKADDR_INET: 28 bytes");
_Static_assert(offsetof(MIB_UNICASTIPADDRESS_ROW, InterfaceLuid) == 32, "row.InterfaceLuid");
_Static_assert(offsetof(MIB_UNICASTIPADDRESS_ROW, InterfaceIndex) == 40, "row.InterfaceIndex");
_Static_assert(offsetof(MIB_UNICASTIPADDRESS_ROW, DadState) == 64, "row.DadState");
_Static_assert(offsetof(MIB_UNICASTIPADDRESS_ROW, CreationTimeStamp) == 72, "row.CreationTimeStamp");
_Static_assert(sizeof(MIB_UNICASTIPADDRESS_ROW) == 80, "MIB_UNICASTIPADDRESS_ROW: 80 bytes");
_Static_assert(offsetof(MIB_UNICASTIPADDRESS_TABLE, Table) == 8, "table.Table");

/* The kernel-mode page: NETIOAPI_API is NTSTATUS NTAPI; PASSIVE_LEVEL. */
NTSTATUS NTAPI GetUnicastIpAddressTable(ADDRESS_FAMILY Family, PMIB_UNICASTIPADDRESS_TABLE *Table);
VOID NTAPI FreeMibTable(PVOID Memory);

#endif /* _MSC_VER */
#endif
