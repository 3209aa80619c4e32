/*
 * ndkt_wintypes.h: the few Windows types that ndkt/include/ndkpi.h needs,
 * for builds without Windows headers (Linux: the ndkt core, its tests, sim
 * behind NDKPI's C ABI).
 *
 * This is not a Windows header. Every type has the size and signedness it
 * has on 64-bit Windows (LLP64), so that a struct built from these types
 * has the same layout as the WDK's on x86_64:
 *   - ULONG and LONG are 32 bits (not C's `long`, which is 64 bits on LP64
 *     Linux); ULONG_PTR, SIZE_T and KAFFINITY are pointer-sized.
 *   - NTAPI is empty: x86_64 has one calling convention, and the NDKPI
 *     function typedefs carry no convention anyway. 32-bit targets are
 *     refused below, because there __stdcall would matter.
 *   - SAL annotations (_In_, _Out_, ...) and _IRQL_requires_max_ are empty.
 *   - MDL has the Windows MDL's members and layout (see there): NDKPI
 *     only passes MDL pointers, but the Linux builds make and read chains.
 *   - SOCKADDR is the platform's `struct sockaddr`, left incomplete here:
 *     NDKPI only passes PSOCKADDR. Include <sys/socket.h> to complete it;
 *     on Linux it is { sa_family_t (unsigned short) sa_family;
 *     char sa_data[14]; }, the same 16 bytes as Windows' SOCKADDR.
 *   - The STATUS_* codes are those the NDKPI pages name
 *     (docs/reference/ndkpi/ddi/ and ddi-related/), plus the ones
 *     ndk/status.go already uses, with the values of ntstatus.h;
 *     ndkt/test/header.sh checks each one against mingw-w64's ntstatus.h.
 *
 * Builds against mingw-w64's kernel headers (NDKT_HAVE_WDK_TYPES) or the
 * real WDK never include this file.
 */
#ifndef NDKT_WINTYPES_H
#define NDKT_WINTYPES_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32) || defined(_MSC_VER)
#error "ndkt_wintypes.h is for builds without Windows headers; define NDKT_HAVE_WDK_TYPES to use mingw-w64's"
#endif
#if UINTPTR_MAX != UINT64_MAX
#error "ndkt_wintypes.h: only 64-bit targets (the NDKPI layouts here are x86_64's)"
#endif

/* Calling convention: one on x86_64. */
#ifndef NTAPI
#define NTAPI
#endif

/* Basic types (LLP64 sizes). */
#ifndef VOID
#define VOID void
#endif
#ifndef CONST
#define CONST const
#endif
typedef char CHAR;
typedef unsigned char UCHAR;
typedef int16_t SHORT;
typedef uint16_t USHORT;
typedef int32_t LONG;
typedef uint32_t ULONG;
typedef int64_t LONGLONG;
typedef uint64_t ULONGLONG;
typedef uint32_t UINT32;
typedef uint64_t UINT64;
typedef uint64_t ULONG64;
typedef uintptr_t ULONG_PTR;
typedef ULONG_PTR SIZE_T;
typedef void *PVOID;
typedef UCHAR BOOLEAN;
typedef ULONG *PULONG;

#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif

/* NTSTATUS: a signed 32-bit value; negative = error or warning class. */
typedef LONG NTSTATUS;
#define NT_SUCCESS(Status) (((NTSTATUS)(Status)) >= 0)

/* LARGE_INTEGER / PHYSICAL_ADDRESS (wdm.h / winnt.h). */
typedef union _LARGE_INTEGER {
    struct {
        ULONG LowPart;
        LONG HighPart;
    };
    struct {
        ULONG LowPart;
        LONG HighPart;
    } u;
    LONGLONG QuadPart;
} LARGE_INTEGER;
typedef LARGE_INTEGER PHYSICAL_ADDRESS;

/* GUID (guiddef.h). */
typedef struct _GUID {
    ULONG Data1;
    USHORT Data2;
    USHORT Data3;
    UCHAR Data4[8];
} GUID;

/* KAFFINITY / GROUP_AFFINITY (wdm.h / miniport.h). */
typedef ULONG_PTR KAFFINITY;
typedef struct _GROUP_AFFINITY {
    KAFFINITY Mask;
    USHORT Group;
    USHORT Reserved[3];
} GROUP_AFFINITY;

/*
 * MDL (wdm.h): the members of the Windows MDL, in its order and with its
 * x86_64 layout (48 bytes), for the Linux builds that make MDL chains (the
 * ndkt core for NdkRegisterMr and NdkBuildLam) and read them (sim behind
 * NDKPI's C ABI, ndkt/simabi). A PFN array (PFN_NUMBER each) may follow
 * the struct, as on Windows (MmGetMdlPfnArray).
 *
 * On Linux nothing maps PFNs to memory: the bytes an MDL describes are
 * read at MappedSystemVa (as on Windows once MDL_MAPPED_TO_SYSTEM_VA or
 * MDL_SOURCE_IS_NONPAGED_POOL is set), and MmGetMdlVirtualAddress
 * (StartVa + ByteOffset) is the index NdkRegisterMr and NdkBuildLam take as
 * the region's base (MR-4: never dereferenced).
 */
typedef ULONG_PTR PFN_NUMBER;
typedef PFN_NUMBER *PPFN_NUMBER;
typedef struct _MDL {
    struct _MDL *Next;
    SHORT Size;     /* CSHORT: bytes of the MDL with its PFN array */
    SHORT MdlFlags; /* CSHORT: MDL_* */
    USHORT AllocationProcessorNumber;
    USHORT Reserved;
    PVOID Process;  /* struct _EPROCESS * */
    PVOID MappedSystemVa;
    PVOID StartVa;  /* page-aligned */
    ULONG ByteCount;
    ULONG ByteOffset; /* < PAGE_SIZE */
} MDL;
typedef MDL *PMDL;

#ifndef PAGE_SIZE
#define PAGE_SIZE 0x1000
#endif
#define MDL_MAPPED_TO_SYSTEM_VA 0x0001
#define MDL_SOURCE_IS_NONPAGED_POOL 0x0004
/* wdm.h's accessors. */
#define MmGetMdlVirtualAddress(Mdl) ((PVOID)((UCHAR *)((Mdl)->StartVa) + (Mdl)->ByteOffset))
#define MmGetMdlByteCount(Mdl) ((Mdl)->ByteCount)
#define MmGetMdlByteOffset(Mdl) ((Mdl)->ByteOffset)
#define MmGetMdlPfnArray(Mdl) ((PPFN_NUMBER)((Mdl) + 1))

/* SOCKADDR (ws2def.h): the platform's struct sockaddr, see above. */
typedef USHORT ADDRESS_FAMILY;
typedef struct sockaddr SOCKADDR;
typedef struct sockaddr *PSOCKADDR;

/* IRQLs the NDKPI pages name (req.irql), for _IRQL_requires_max_. */
#ifndef PASSIVE_LEVEL
#define PASSIVE_LEVEL 0
#endif
#ifndef DISPATCH_LEVEL
#define DISPATCH_LEVEL 2
#endif

/* SAL annotations: empty. */
#ifndef _In_
#define _In_
#endif
#ifndef _In_opt_
#define _In_opt_
#endif
#ifndef _Out_
#define _Out_
#endif
#ifndef _Out_opt_
#define _Out_opt_
#endif
#ifndef _Inout_
#define _Inout_
#endif
#ifndef _Outptr_
#define _Outptr_
#endif
#ifndef _In_reads_
#define _In_reads_(n)
#endif
#ifndef _In_reads_bytes_
#define _In_reads_bytes_(n)
#endif
#ifndef _In_reads_bytes_opt_
#define _In_reads_bytes_opt_(n)
#endif
#ifndef _Out_writes_to_
#define _Out_writes_to_(size, count)
#endif
#ifndef _Out_writes_bytes_to_opt_
#define _Out_writes_bytes_to_opt_(size, count)
#endif
#ifndef _Field_size_
#define _Field_size_(n)
#endif
#ifndef _IRQL_requires_max_
#define _IRQL_requires_max_(irql)
#endif

/*
 * NTSTATUS codes the NDKPI pages name (ddi/ and ddi-related/), values of
 * ntstatus.h. Cast as ntstatus.h does, so that error codes are negative.
 */
#define STATUS_SUCCESS ((NTSTATUS)0x00000000)
#define STATUS_PENDING ((NTSTATUS)0x00000103)
#define STATUS_BUFFER_OVERFLOW ((NTSTATUS)0x80000005)
#define STATUS_ACCESS_VIOLATION ((NTSTATUS)0xC0000005)
#define STATUS_INVALID_PARAMETER ((NTSTATUS)0xC000000D)
#define STATUS_BUFFER_TOO_SMALL ((NTSTATUS)0xC0000023)
#define STATUS_INVALID_PARAMETER_MIX ((NTSTATUS)0xC0000030)
#define STATUS_SHARING_VIOLATION ((NTSTATUS)0xC0000043)
#define STATUS_INSUFFICIENT_RESOURCES ((NTSTATUS)0xC000009A)
#define STATUS_IO_TIMEOUT ((NTSTATUS)0xC00000B5)
#define STATUS_NOT_SUPPORTED ((NTSTATUS)0xC00000BB)
#define STATUS_INTERNAL_ERROR ((NTSTATUS)0xC00000E5)
#define STATUS_CANCELLED ((NTSTATUS)0xC0000120)
#define STATUS_REMOTE_RESOURCES ((NTSTATUS)0xC000013D)
#define STATUS_INVALID_ADDRESS ((NTSTATUS)0xC0000141)
#define STATUS_TOO_MANY_ADDRESSES ((NTSTATUS)0xC0000209)
#define STATUS_ADDRESS_ALREADY_EXISTS ((NTSTATUS)0xC000020A)
#define STATUS_CONNECTION_REFUSED ((NTSTATUS)0xC0000236)
#define STATUS_CONNECTION_INVALID ((NTSTATUS)0xC000023A)
#define STATUS_NETWORK_UNREACHABLE ((NTSTATUS)0xC000023C)
#define STATUS_HOST_UNREACHABLE ((NTSTATUS)0xC000023D)
#define STATUS_CONNECTION_ABORTED ((NTSTATUS)0xC0000241)
#define STATUS_IMPLEMENTATION_LIMIT ((NTSTATUS)0xC000042B)

/* Further codes ndk/status.go uses (not named by the NDKPI pages). */
#define STATUS_UNSUCCESSFUL ((NTSTATUS)0xC0000001)
#define STATUS_NOT_IMPLEMENTED ((NTSTATUS)0xC0000002)
#define STATUS_INVALID_HANDLE ((NTSTATUS)0xC0000008)
#define STATUS_LOCAL_DISCONNECT ((NTSTATUS)0xC000013B)
#define STATUS_REMOTE_DISCONNECT ((NTSTATUS)0xC000013C)
#define STATUS_INVALID_DEVICE_STATE ((NTSTATUS)0xC0000184)
#define STATUS_CONNECTION_DISCONNECTED ((NTSTATUS)0xC000020C)
#define STATUS_CONNECTION_RESET ((NTSTATUS)0xC000020D)
#define STATUS_CONNECTION_ACTIVE ((NTSTATUS)0xC000023B)

#endif /* NDKT_WINTYPES_H */
