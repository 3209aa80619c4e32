#include "fault.h"
#include "rc.h"

const char *ndkt_rc_name(int rc)
{
	switch (rc) {
	case NDKT_OK: return "NDKT_OK";
	case NDKT_PENDING: return "NDKT_PENDING";
	case NDKT_E_INVAL: return "NDKT_E_INVAL";
	case NDKT_E_NOMEM: return "NDKT_E_NOMEM";
	case NDKT_E_TIMEOUT: return "NDKT_E_TIMEOUT";
	case NDKT_E_IRQL: return "NDKT_E_IRQL";
	case NDKT_E_HANDLE_MALFORMED: return "NDKT_E_HANDLE_MALFORMED";
	case NDKT_E_HANDLE_RANGE: return "NDKT_E_HANDLE_RANGE";
	case NDKT_E_HANDLE_FOREIGN: return "NDKT_E_HANDLE_FOREIGN";
	case NDKT_E_HANDLE_STALE: return "NDKT_E_HANDLE_STALE";
	case NDKT_E_HANDLE_FREED: return "NDKT_E_HANDLE_FREED";
	case NDKT_E_HANDLE_KIND: return "NDKT_E_HANDLE_KIND";
	case NDKT_E_TABLE_FULL: return "NDKT_E_TABLE_FULL";
	case NDKT_E_RING_OVERFLOW: return "NDKT_E_RING_OVERFLOW";
	case NDKT_E_RECORD_TOO_BIG: return "NDKT_E_RECORD_TOO_BIG";
	case NDKT_E_BROKEN: return "NDKT_E_BROKEN";
	case NDKT_E_BUFFER_SMALL: return "NDKT_E_BUFFER_SMALL";
	case NDKT_E_UNKNOWN_CALLBACK: return "NDKT_E_UNKNOWN_CALLBACK";
	case NDKT_E_CALLBACK_TIMEOUT: return "NDKT_E_CALLBACK_TIMEOUT";
	case NDKT_E_CALLBACKS_FULL: return "NDKT_E_CALLBACKS_FULL";
	case NDKT_E_PROVIDER_IRQL: return "NDKT_E_PROVIDER_IRQL";
	case NDKT_E_CLOSING: return "NDKT_E_CLOSING";
	case NDKT_E_CLOSE_STUCK: return "NDKT_E_CLOSE_STUCK";
	case NDKT_E_LEAKED: return "NDKT_E_LEAKED";
	default: return "NDKT_E_?";
	}
}

void ndkt_fault_init(ndkt_fault *f)
{
	ndkt_atomic_init(&f->code, 0);
	ndkt_atomic_init(&f->detail, 0);
	ndkt_atomic_init(&f->ready, 0);
}

int ndkt_fault_set(ndkt_fault *f, int code, uint64_t detail)
{
	if (code == 0 || !ndkt_atomic_cas(&f->code, 0, code))
		return 0;
	ndkt_atomic_store(&f->detail, (int64_t)detail);
	ndkt_atomic_store(&f->ready, 1);
	return 1;
}

int ndkt_fault_get(ndkt_fault *f, uint64_t *detail)
{
	int code = (int)ndkt_atomic_load(&f->code);
	if (detail != NULL)
		*detail = (code != 0 && ndkt_atomic_load(&f->ready) != 0) ? (uint64_t)ndkt_atomic_load(&f->detail) : 0;
	return code;
}
