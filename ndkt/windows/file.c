/*
 * One session per file object (docs/agent-windows.md section 3): made at
 * IRP_MJ_CREATE, ended at IRP_MJ_CLEANUP (section 7: the core's
 * ndkt_session_cleanup, then every queued GET_EVENTS cancelled), freed at
 * IRP_MJ_CLOSE unless a close never completed: then the session, and this
 * file's context with it, are leaked on purpose (session.h), and the
 * driver stays loaded (ndkt_driver_leaked). All at PASSIVE_LEVEL.
 */
#include "shell.h"

NTSTATUS ndkt_file_open(PFILE_OBJECT fo)
{
	ndkt_file *f = ndkt_alloc(sizeof *f, NDKT_TAG_FILE);
	if (f == NULL)
		return STATUS_INSUFFICIENT_RESOURCES;
	if (ndkt_session_open(NULL, ndkt_wsk_provider(), &f->s) != NDKT_OK) {
		ndkt_free(f, NDKT_TAG_FILE);
		return STATUS_INSUFFICIENT_RESOURCES;
	}
	if (ndkt_events_start(f) != NDKT_OK) {
		/* Nothing reached the provider: the session frees cleanly. */
		(void)ndkt_session_cleanup(f->s);
		(void)ndkt_session_free(f->s);
		ndkt_free(f, NDKT_TAG_FILE);
		return STATUS_INSUFFICIENT_RESOURCES;
	}
	fo->FsContext = f;
	return STATUS_SUCCESS;
}

void ndkt_file_cleanup(PFILE_OBJECT fo)
{
	ndkt_file *f = fo->FsContext;
	if (f == NULL)
		return;
	/* The core closes every object children first and waits, bounded,
	 * for the pending closes and the IOCTLs still in the provider; it
	 * wakes every GET_EVENTS (STATUS_CANCELLED), which the pump answers. */
	f->cleanup_rc = ndkt_session_cleanup(f->s);
	ndkt_events_stop(f);
}

void ndkt_file_close(PFILE_OBJECT fo)
{
	ndkt_file *f = fo->FsContext;
	if (f == NULL)
		return;
	fo->FsContext = NULL;
	/* From here the session calls no hook (one already running finds
	 * f->dead, or a live work queue). */
	ndkt_atomic_store(&f->dead, 1);
	ndkt_session_set_event_hook(f->s, NULL, NULL);
	if (f->cleanup_rc == NDKT_OK) {
		/* Every object closed and every callback returned: nothing can
		 * push an event or queue the pump any more. */
		ndkt_events_destroy(f);
		if (ndkt_session_free(f->s) == NDKT_OK) {
			ndkt_free(f, NDKT_TAG_FILE);
			return;
		}
	}
	/* A close never completed (or a call never returned): the provider
	 * may still write the session's memory and call its callbacks, which
	 * may still reach f and its work queue. All of it stays. */
	ndkt_driver_leaked();
}
