/*
 * ndkt.sys's Windows shell: the kernel driver around the portable core
 * (ndkt/core/session.h). Only OS calls live here; every decision about
 * the bytes, the handles and the calls is the core's. The pieces, one job
 * each:
 *   driver.c   DriverEntry, DriverUnload, the IRP_MJ_* dispatch table
 *   secure.c   the device object and its DACL (SYSTEM and Administrators)
 *   config.c   the service's Parameters key (EnableTestInterface)
 *   file.c     one session per file object: CREATE, CLEANUP, CLOSE
 *   ioctl.c    IRP_MJ_DEVICE_CONTROL: the contract's control codes
 *   events.c   pended GET_EVENTS: a cancel-safe queue, a work-queue pump,
 *              a periodic deadline tick
 *   wsk.c      the provider side (provider.h): WSK's NDK extension
 *   ifindex.c  an address to its interface index (IP Helper)
 *   memory.c   agent buffers and MDLs (provider.h)
 * See docs/agent-windows.md sections 2 to 8 and ndkt/README.md ("The
 * Windows driver"). Compiled with mingw-w64 only; never run.
 */
#ifndef NDKT_SHELL_H
#define NDKT_SHELL_H

#include <ntddk.h>

#include "../core/provider.h"
#include "../core/session.h"
#include "wsk_decl.h"

/* Pool tags of the shell's allocations. */
#define NDKT_TAG_FILE NDKT_TAG('n', 'k', 'F', 'i')
#define NDKT_TAG_BUF NDKT_TAG('n', 'k', 'B', 'f')
#define NDKT_TAG_MDL NDKT_TAG('n', 'k', 'M', 'd')
#define NDKT_TAG_SEC NDKT_TAG('n', 'k', 'S', 'd')

/* How often a session's pended GET_EVENTS and released callbacks'
 * deadlines are looked at without a record pushed (100-ns units): the
 * Linux transport's 250 ms tick. */
#define NDKT_TICK NDKT_MS(250)

/*
 * One per file object (FsContext), from IRP_MJ_CREATE to IRP_MJ_CLOSE, in
 * nonpaged memory (its KTIMER, KDPC and spin lock are used at
 * DISPATCH_LEVEL).
 */
typedef struct ndkt_file {
	ndkt_session *s;
	/* GET_EVENTS IRPs waiting for a record: a cancel-safe queue. */
	IO_CSQ csq;
	KSPIN_LOCK csq_lock;
	LIST_ENTRY csq_irps;
	/* The pump: answers queued GET_EVENTS at PASSIVE_LEVEL. */
	ndkt_workq *pump_q;
	ndkt_work pump_item;
	ndkt_atomic64 pump_queued; /* 1 from queueing pump_item until it starts */
	ndkt_atomic64 tick_due;    /* 1: the next pump checks the deadlines */
	KTIMER tick;
	KDPC tick_dpc;
	int ticking;               /* the timer is set (PASSIVE-only field) */
	int cleanup_rc;            /* ndkt_session_cleanup's result */
	ndkt_atomic64 dead;        /* 1: leaked on purpose, the hook does nothing */
} ndkt_file;

/* ---- driver.c ---- */
/* Completes irp with status and information bytes; returns status. */
NTSTATUS ndkt_irp_complete(PIRP irp, NTSTATUS status, ULONG_PTR information);
/* A session of the device was leaked on purpose (a close that never
 * completed): the driver's image must stay, its device and WSK too. */
void ndkt_driver_leaked(void);

/* ---- secure.c ---- */
NTSTATUS ndkt_device_create(PDRIVER_OBJECT driver, PUNICODE_STRING name, PDEVICE_OBJECT *out);

/* ---- config.c ---- */
/* 1 when <RegistryPath>\Parameters\EnableTestInterface is REG_DWORD 1. */
int ndkt_config_test_interface(PUNICODE_STRING registry_path);

/* ---- file.c ---- */
NTSTATUS ndkt_file_open(PFILE_OBJECT fo);
void ndkt_file_cleanup(PFILE_OBJECT fo);
void ndkt_file_close(PFILE_OBJECT fo);

/* ---- ioctl.c ---- */
NTSTATUS ndkt_ioctl(ndkt_file *f, PIRP irp);

/* ---- events.c ---- */
int ndkt_events_start(ndkt_file *f);
NTSTATUS ndkt_events_get(ndkt_file *f, PIRP irp, ULONG out_len);
void ndkt_events_stop(ndkt_file *f);
void ndkt_events_destroy(ndkt_file *f);

/* ---- wsk.c ---- */
NTSTATUS ndkt_wsk_start(void);
void ndkt_wsk_stop(void);
/* The provider context every session gets (ndkt_session_open). */
void *ndkt_wsk_provider(void);

/* ---- ifindex.c ---- */
NTSTATUS ndkt_if_index(const struct ndkt_addr *address, NET_IFINDEX *out);

#endif
