/*
 * IRP_MJ_DEVICE_CONTROL: the contract's six control codes
 * (ndkt/include/ndkt_contract.h), handed to the session. The I/O manager
 * has already checked the handle's access (FILE_READ_ACCESS |
 * FILE_WRITE_ACCESS, in each code) and, by the code's method, made:
 *   METHOD_BUFFERED (HELLO, CALL, GET_EVENTS, ACK_CALLBACK): one nonpaged
 *     system buffer, Irp->AssociatedIrp.SystemBuffer, of max(input,
 *     output) bytes; the input is in it, the output goes over it (the
 *     core copies the input first);
 *   METHOD_IN_DIRECT (WRITE_MEMORY), METHOD_OUT_DIRECT (READ_MEMORY): the
 *     input (the header) in the system buffer, the output buffer (the
 *     data) locked and described by Irp->MdlAddress.
 * Lengths come from the stack location, never from the buffers; no user
 * address is used (only the system buffer and the MDL's system mapping),
 * and the session writes handle ids, never pointers.
 */
#include "shell.h"

/* The status and output bytes of a session answer, checked against the
 * output length before they reach the I/O manager (which copies
 * Information bytes back for METHOD_BUFFERED). Only a CALL may pend, and
 * not here: an IRP never completes with STATUS_PENDING. */
static NTSTATUS finish(PIRP irp, int32_t status, size_t written, ULONG out_len)
{
	if (written > out_len || status == NDKT_STATUS_PENDING)
		return ndkt_irp_complete(irp, STATUS_INTERNAL_ERROR, 0);
	return ndkt_irp_complete(irp, (NTSTATUS)status, (ULONG_PTR)written);
}

static ULONG out_length(PIRP irp)
{
	return IoGetCurrentIrpStackLocation(irp)->Parameters.DeviceIoControl.OutputBufferLength;
}

/* HELLO and ACK_CALLBACK: answered at once. */
static NTSTATUS buffered(ndkt_file *f, PIRP irp, ULONG code, ULONG in_len, ULONG out_len)
{
	void *buf = irp->AssociatedIrp.SystemBuffer;
	size_t w = 0;
	int32_t st;
	if (buf == NULL && (in_len > 0 || out_len > 0))
		return ndkt_irp_complete(irp, STATUS_INVALID_PARAMETER, 0);
	st = ndkt_session_ioctl(f->s, code, buf, in_len, buf, out_len, &w);
	return finish(irp, st, w, out_len);
}

/* A CALL within a callback is answered later, on the callback's thread or
 * a work queue (PASSIVE_LEVEL): the IRP completes there. */
static void call_done(void *ctx, int32_t status, size_t written)
{
	PIRP irp = ctx;
	(void)finish(irp, status, written, out_length(irp));
}

/* CALL: pended before the session sees it, since the session may answer a
 * call within a held callback on the callback's thread before
 * ndkt_session_call returns (the IRP must be marked pending before anyone
 * completes it); so the dispatch routine returns STATUS_PENDING for every
 * CALL, and completes at once the ones answered at once. */
static NTSTATUS call(ndkt_file *f, PIRP irp, ULONG in_len, ULONG out_len)
{
	void *buf = irp->AssociatedIrp.SystemBuffer;
	size_t w = 0;
	int32_t st;
	if (buf == NULL && (in_len > 0 || out_len > 0))
		return ndkt_irp_complete(irp, STATUS_INVALID_PARAMETER, 0);
	IoMarkIrpPending(irp);
	st = ndkt_session_call(f->s, buf, in_len, buf, out_len, &w, call_done, irp);
	if (st != NDKT_STATUS_PENDING)
		(void)finish(irp, st, w, out_len);
	/* STATUS_PENDING: irp is call_done's now (and may be completed). */
	return STATUS_PENDING;
}

/* WRITE_MEMORY, READ_MEMORY: the header in the system buffer, the data
 * in the MDL, mapped to a system address. */
static NTSTATUS memory(ndkt_file *f, PIRP irp, ULONG code, ULONG in_len, ULONG out_len)
{
	void *hdr = irp->AssociatedIrp.SystemBuffer;
	void *data = NULL;
	size_t w = 0;
	int32_t st;
	if (hdr == NULL && in_len > 0)
		return ndkt_irp_complete(irp, STATUS_INVALID_PARAMETER, 0);
	if (out_len > 0) {
		PMDL mdl = irp->MdlAddress;
		if (mdl == NULL || MmGetMdlByteCount(mdl) < out_len)
			return ndkt_irp_complete(irp, STATUS_INVALID_PARAMETER, 0);
		data = MmGetSystemAddressForMdlSafe(mdl, NormalPagePriority);
		if (data == NULL)
			return ndkt_irp_complete(irp, STATUS_INSUFFICIENT_RESOURCES, 0);
	}
	st = ndkt_session_ioctl(f->s, code, hdr, in_len, data, out_len, &w);
	return finish(irp, st, w, out_len);
}

NTSTATUS ndkt_ioctl(ndkt_file *f, PIRP irp)
{
	PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(irp);
	ULONG code = sp->Parameters.DeviceIoControl.IoControlCode;
	ULONG in_len = sp->Parameters.DeviceIoControl.InputBufferLength;
	ULONG out_len = sp->Parameters.DeviceIoControl.OutputBufferLength;
	switch (code) {
	case NDKT_HELLO:
	case NDKT_ACK_CALLBACK:
		return buffered(f, irp, code, in_len, out_len);
	case NDKT_CALL:
		return call(f, irp, in_len, out_len);
	case NDKT_GET_EVENTS:
		return ndkt_events_get(f, irp, out_len);
	case NDKT_WRITE_MEMORY:
	case NDKT_READ_MEMORY:
		return memory(f, irp, code, in_len, out_len);
	default:
		return ndkt_irp_complete(irp, STATUS_INVALID_DEVICE_REQUEST, 0);
	}
}
