/*
 * GET_EVENTS, the inverted call (docs/agent-windows.md sections 3 and 4).
 * The dispatch routine takes whole records at once when there are some;
 * otherwise the IRP waits in a cancel-safe queue (IoCsq*, the
 * declarations mingw-w64's wdm.h carries) until a record comes.
 *
 * The session's event hook runs after every record pushed and when the
 * session closes, at the pusher's IRQL (<= DISPATCH_LEVEL, inside the
 * provider's callback): it only queues the pump. The pump runs on the
 * session's own work queue at PASSIVE_LEVEL (ndkt_session_get_events is a
 * PASSIVE_LEVEL entry): it takes the queued IRPs one by one, answers each
 * that gets records (or the session's end or fault), and puts back the
 * first that gets none. A periodic timer (NDKT_TICK) queues it too, with
 * the deadline check of released callbacks (ndkt_session_check_deadlines)
 * and a retry of the queued IRPs, since a session can break without a
 * record (a full ring, a held callback past its deadline).
 */
#include "shell.h"

#define FILE_OF(csq) CONTAINING_RECORD(csq, ndkt_file, csq)

/* ---- the cancel-safe queue's callbacks (the lock: csq_lock) ---- */

static VOID NTAPI csq_insert(PIO_CSQ csq, PIRP irp)
{
	InsertTailList(&FILE_OF(csq)->csq_irps, &irp->Tail.Overlay.ListEntry);
}

static VOID NTAPI csq_remove(PIO_CSQ csq, PIRP irp)
{
	(void)csq;
	RemoveEntryList(&irp->Tail.Overlay.ListEntry);
}

/* The IRP after irp (the first when irp is NULL); every IRP matches (the
 * queue is this file object's). */
static PIRP NTAPI csq_peek(PIO_CSQ csq, PIRP irp, PVOID peek_context)
{
	ndkt_file *f = FILE_OF(csq);
	PLIST_ENTRY next = irp == NULL ? f->csq_irps.Flink : irp->Tail.Overlay.ListEntry.Flink;
	(void)peek_context;
	if (next == &f->csq_irps)
		return NULL;
	return CONTAINING_RECORD(next, IRP, Tail.Overlay.ListEntry);
}

static VOID NTAPI csq_acquire(PIO_CSQ csq, PKIRQL irql)
{
	KeAcquireSpinLock(&FILE_OF(csq)->csq_lock, irql);
}

static VOID NTAPI csq_release(PIO_CSQ csq, KIRQL irql)
{
	KeReleaseSpinLock(&FILE_OF(csq)->csq_lock, irql);
}

static VOID NTAPI csq_cancelled(PIO_CSQ csq, PIRP irp)
{
	(void)csq;
	(void)ndkt_irp_complete(irp, STATUS_CANCELLED, 0);
}

/* ---- the pump ---- */

static void pump(void *arg);

/* IRQL <= DISPATCH_LEVEL. pump_item is queued again only after the pump
 * started (it clears pump_queued first), as ndkt_workq_queue asks. */
static void schedule(ndkt_file *f)
{
	if (ndkt_atomic_cas(&f->pump_queued, 0, 1))
		ndkt_workq_queue(f->pump_q, &f->pump_item, pump, f);
}

/* Answers irp when the session has something for it: 1 (completed), or
 * 0 (nothing yet: it stays the caller's). */
static int answer(ndkt_file *f, PIRP irp)
{
	ULONG out_len = IoGetCurrentIrpStackLocation(irp)->Parameters.DeviceIoControl.OutputBufferLength;
	size_t w = 0;
	int32_t st = ndkt_session_get_events(f->s, irp->AssociatedIrp.SystemBuffer, out_len, &w);
	if (st == NDKT_STATUS_PENDING)
		return 0;
	if (w > out_len)
		(void)ndkt_irp_complete(irp, STATUS_INTERNAL_ERROR, 0);
	else
		(void)ndkt_irp_complete(irp, (NTSTATUS)st, (ULONG_PTR)w);
	return 1;
}

static void pump(void *arg)
{
	ndkt_file *f = arg;
	PIRP irp;
	ndkt_atomic_store(&f->pump_queued, 0);
	if (ndkt_atomic_load(&f->dead))
		return;
	if (ndkt_atomic_cas(&f->tick_due, 1, 0))
		(void)ndkt_session_check_deadlines(f->s);
	while ((irp = IoCsqRemoveNextIrp(&f->csq, NULL)) != NULL) {
		if (!answer(f, irp)) {
			/* Back in the queue (cancelled meanwhile: the queue completes
			 * it). A record pushed since the take queues the pump again. */
			IoCsqInsertIrp(&f->csq, irp, NULL);
			return;
		}
	}
}

/* The session's event hook: at the pusher's IRQL, no core lock held. */
static void hook(void *ctx)
{
	ndkt_file *f = ctx;
	if (!ndkt_atomic_load(&f->dead))
		schedule(f);
}

static VOID NTAPI tick(PKDPC dpc, PVOID ctx, PVOID arg1, PVOID arg2)
{
	ndkt_file *f = ctx;
	(void)dpc;
	(void)arg1;
	(void)arg2;
	ndkt_atomic_store(&f->tick_due, 1);
	schedule(f);
}

/* ---- the file's life ---- */

int ndkt_events_start(ndkt_file *f)
{
	LARGE_INTEGER due;
	int rc;
	KeInitializeSpinLock(&f->csq_lock);
	InitializeListHead(&f->csq_irps);
	if (!NT_SUCCESS(IoCsqInitialize(&f->csq, csq_insert, csq_remove, csq_peek, csq_acquire, csq_release,
		    csq_cancelled)))
		return NDKT_E_INVAL;
	rc = ndkt_workq_create(&f->pump_q);
	if (rc != NDKT_OK)
		return rc;
	ndkt_atomic_init(&f->pump_queued, 0);
	ndkt_atomic_init(&f->tick_due, 0);
	ndkt_atomic_init(&f->dead, 0);
	KeInitializeTimer(&f->tick);
	KeInitializeDpc(&f->tick_dpc, tick, f);
	ndkt_session_set_event_hook(f->s, hook, f);
	due.QuadPart = -NDKT_TICK; /* relative */
	(void)KeSetTimerEx(&f->tick, due, (LONG)(NDKT_TICK / NDKT_MS(1)), &f->tick_dpc);
	f->ticking = 1;
	return NDKT_OK;
}

NTSTATUS ndkt_events_get(ndkt_file *f, PIRP irp, ULONG out_len)
{
	void *buf = irp->AssociatedIrp.SystemBuffer;
	size_t w = 0;
	int32_t st;
	if (buf == NULL && out_len > 0)
		return ndkt_irp_complete(irp, STATUS_INVALID_PARAMETER, 0);
	st = ndkt_session_get_events(f->s, buf, out_len, &w);
	if (st != NDKT_STATUS_PENDING) {
		if (w > out_len)
			return ndkt_irp_complete(irp, STATUS_INTERNAL_ERROR, 0);
		return ndkt_irp_complete(irp, (NTSTATUS)st, (ULONG_PTR)w);
	}
	/* Marks it pending (or completes it cancelled). A record pushed between
	 * the take and the insert found no IRP: the pump looks again. */
	IoCsqInsertIrp(&f->csq, irp, NULL);
	schedule(f);
	return STATUS_PENDING;
}

/* At IRP_MJ_CLEANUP, after the session's cleanup: no more ticks, and
 * every GET_EVENTS still queued is cancelled. PASSIVE_LEVEL. */
void ndkt_events_stop(ndkt_file *f)
{
	PIRP irp;
	if (f->ticking) {
		(void)KeCancelTimer(&f->tick);
		KeFlushQueuedDpcs(); /* a tick DPC in flight has finished */
		f->ticking = 0;
	}
	while ((irp = IoCsqRemoveNextIrp(&f->csq, NULL)) != NULL)
		(void)ndkt_irp_complete(irp, STATUS_CANCELLED, 0);
}

/* At IRP_MJ_CLOSE, once nothing can schedule the pump: waits for a pump
 * queued or running. PASSIVE_LEVEL. */
void ndkt_events_destroy(ndkt_file *f)
{
	ndkt_workq_destroy(f->pump_q);
	f->pump_q = NULL;
}
