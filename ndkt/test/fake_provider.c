/* A tiny NDK provider for session_test.c: see fake_provider.h. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../platform/sim.h"
#include "fake_provider.h"

int fake_close_mode;
int fake_major = 2;
int fake_size_mode;
ndkt_irql_t fake_close_irql;
uint64_t fake_mdl_va;
uint32_t fake_mdl_bytes;
int fake_mdl_first = -1;
uint32_t fake_faults;
int fake_inject_refuse;
int fake_injections;
void *fake_inject_provider;
void *fake_inject_obj;
struct ndkt_addr fake_inject_addr;
uint32_t fake_inject_state;

static atomic_long ncalls;
static atomic_int nthreads, nstuck;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int closes[256], nclose;

typedef struct fobj {
	union {
		NDK_OBJECT_HEADER h;
		NDK_ADAPTER a;
		NDK_CQ cq;
		NDK_PD pd;
		NDK_MR mr;
		NDK_SRQ srq;
		NDK_CONNECTOR c;
	} u;
	NDK_OBJECT_TYPE type;
	int registered;
} fobj;

long fake_calls(void) { return atomic_load(&ncalls); }
int fake_stuck(void) { return atomic_load(&nstuck); }

void fake_reset(void)
{
	pthread_mutex_lock(&mu);
	nclose = 0;
	pthread_mutex_unlock(&mu);
	atomic_store(&ncalls, 0);
	atomic_store(&nstuck, 0);
	fake_close_mode = 0;
	fake_close_irql = NDKT_PASSIVE_LEVEL;
	fake_mdl_va = 0;
	fake_mdl_bytes = 0;
	fake_mdl_first = -1;
	fake_major = 2;
	fake_size_mode = 0;
	fake_faults = 0;
	fake_inject_refuse = 0;
	fake_injections = 0;
	fake_inject_provider = NULL;
	fake_inject_obj = NULL;
	memset(&fake_inject_addr, 0, sizeof fake_inject_addr);
	fake_inject_state = 0xFFFFFFFFu;
}

int fake_closes(int *types, int n)
{
	int i;
	pthread_mutex_lock(&mu);
	for (i = 0; i < n && i < nclose; i++)
		types[i] = closes[i];
	n = nclose;
	pthread_mutex_unlock(&mu);
	return n;
}

void fake_drain(void)
{
	while (atomic_load(&nthreads) > 0) {
		struct timespec ts = {0, 1000000};
		nanosleep(&ts, NULL);
	}
}

static void logclose(NDK_OBJECT_TYPE t)
{
	pthread_mutex_lock(&mu);
	if (nclose < 256)
		closes[nclose++] = t;
	pthread_mutex_unlock(&mu);
}

#define CALL() atomic_fetch_add(&ncalls, 1)

/* ---- closes ---- */

struct pending {
	fobj *o;
	NDK_FN_CLOSE_COMPLETION fn;
	PVOID ctx;
};

static void *complete_later(void *arg)
{
	struct pending *p = arg;
	struct timespec ts = {0, 2000000};
	ndkt_irql_t old;
	nanosleep(&ts, NULL);
	old = ndkt_sim_raise_irql(fake_close_irql);
	p->fn(p->ctx);
	ndkt_sim_lower_irql(old);
	free(p->o);
	free(p);
	atomic_fetch_sub(&nthreads, 1);
	return NULL;
}

static NTSTATUS fclose_obj(NDK_OBJECT_HEADER *h, NDK_FN_CLOSE_COMPLETION fn, PVOID ctx)
{
	fobj *o = (fobj *)h;
	CALL();
	logclose(o->type);
	if (fake_close_mode == 0) {
		free(o);
		return STATUS_SUCCESS;
	}
	if (fake_close_mode == 2) {
		atomic_fetch_add(&nstuck, 1);
		return STATUS_PENDING; /* o is leaked with its completion */
	} else {
		struct pending *p = malloc(sizeof *p);
		pthread_t th;
		p->o = o;
		p->fn = fn;
		p->ctx = ctx;
		atomic_fetch_add(&nthreads, 1);
		pthread_create(&th, NULL, complete_later, p);
		pthread_detach(th);
		return STATUS_PENDING;
	}
}

/* ---- tables ---- */

static NDK_CQ_DISPATCH cqd;
static NDK_PD_DISPATCH pdd;
static NDK_MR_DISPATCH mrd;
static NDK_SRQ_DISPATCH srqd;
static NDK_CONNECTOR_DISPATCH cnd;
static NDK_ADAPTER_DISPATCH add;

static fobj *newobj(NDK_OBJECT_TYPE t, const void *table)
{
	fobj *o = calloc(1, sizeof *o);
	o->u.h.Version.Major = 2;
	o->u.h.Version.Minor = 1;
	o->u.h.ObjectType = t;
	o->type = t;
	/* Every NDKPI object is {Header, Dispatch}: set through the CQ's view. */
	o->u.cq.Dispatch = table;
	return o;
}

static VOID arm(NDK_CQ *cq, ULONG type)
{
	(void)cq;
	(void)type;
	CALL();
}

static ULONG results(NDK_CQ *cq, NDK_RESULT r[], ULONG n)
{
	(void)cq;
	CALL();
	if (n > 0) {
		memset(&r[0], 0, sizeof r[0]);
		r[0].Status = STATUS_SUCCESS;
		r[0].BytesTransferred = 7;
		r[0].QPContext = (PVOID)(uintptr_t)0x1111;
		r[0].RequestContext = (PVOID)(uintptr_t)0x2222;
		return 1;
	}
	return 0;
}

static NTSTATUS create_mr(NDK_PD *pd, BOOLEAN fast, NDK_FN_CREATE_COMPLETION cc, PVOID ctx, NDK_MR **out)
{
	(void)pd;
	(void)fast;
	(void)cc;
	(void)ctx;
	CALL();
	*out = &newobj(NdkObjectTypeMr, &mrd)->u.mr;
	return STATUS_SUCCESS;
}

static NTSTATUS create_srq(NDK_PD *pd, ULONG depth, ULONG max_sge, ULONG threshold,
	NDK_FN_SRQ_NOTIFICATION_CALLBACK notify, PVOID notify_ctx, GROUP_AFFINITY *affinity,
	NDK_FN_CREATE_COMPLETION cc, PVOID ctx, NDK_SRQ **out)
{
	(void)pd;
	(void)depth;
	(void)max_sge;
	(void)threshold;
	(void)notify;
	(void)notify_ctx;
	(void)affinity;
	(void)cc;
	(void)ctx;
	CALL();
	*out = &newobj(NdkObjectTypeSrq, &srqd)->u.srq;
	return STATUS_SUCCESS;
}

static NTSTATUS reg(NDK_MR *mr, MDL *mdl, SIZE_T len, ULONG flags, NDK_FN_REQUEST_COMPLETION rc, PVOID ctx)
{
	(void)flags;
	(void)rc;
	(void)ctx;
	CALL();
	fake_mdl_va = (uint64_t)(uintptr_t)MmGetMdlVirtualAddress(mdl);
	fake_mdl_bytes = MmGetMdlByteCount(mdl);
	fake_mdl_first = mdl->MappedSystemVa != NULL && len > 0 ? *(unsigned char *)mdl->MappedSystemVa : -1;
	((fobj *)mr)->registered = 1;
	return STATUS_SUCCESS;
}

static NTSTATUS dereg(NDK_MR *mr, NDK_FN_REQUEST_COMPLETION rc, PVOID ctx)
{
	CALL();
	((fobj *)mr)->registered = 0;
	rc(ctx, STATUS_SUCCESS); /* inline completion, and STATUS_PENDING */
	return STATUS_PENDING;
}

static UINT32 token(NDK_MR *mr)
{
	(void)mr;
	CALL();
	return 0x77;
}

static NTSTATUS query(NDK_ADAPTER *a, NDK_ADAPTER_INFO *info, ULONG *size)
{
	(void)a;
	CALL();
	if (*size < sizeof *info) {
		if (fake_size_mode == 2)
			memset(info, 0, sizeof *info); /* past the bytes offered */
		if (fake_size_mode != 1)
			*size = sizeof *info;
		return STATUS_BUFFER_TOO_SMALL;
	}
	memset(info, 0, sizeof *info);
	info->Version.Major = 2;
	info->Version.Minor = 1;
	info->VendorId = 0x1234;
	info->MaxCqDepth = 4096;
	info->RdmaTechnology = NdkRoCEv2;
	if (fake_size_mode != 3)
		*size = sizeof *info;
	return STATUS_SUCCESS;
}

static NTSTATUS create_cq(NDK_ADAPTER *a, ULONG depth, NDK_FN_CQ_NOTIFICATION_CALLBACK n, PVOID nctx,
	GROUP_AFFINITY *aff, NDK_FN_CREATE_COMPLETION cc, PVOID ctx, NDK_CQ **out)
{
	fobj *o;
	(void)a;
	(void)n;
	(void)nctx;
	(void)aff;
	CALL();
	if (depth == 0)
		return STATUS_INVALID_PARAMETER;
	o = newobj(NdkObjectTypeCq, &cqd);
	if (depth == 99) {
		/* a pending create, completed inline */
		cc(ctx, STATUS_SUCCESS, &o->u.h);
		return STATUS_PENDING;
	}
	*out = &o->u.cq;
	return STATUS_SUCCESS;
}

static NTSTATUS create_pd(NDK_ADAPTER *a, NDK_FN_CREATE_COMPLETION cc, PVOID ctx, NDK_PD **out)
{
	(void)a;
	(void)cc;
	(void)ctx;
	CALL();
	*out = &newobj(NdkObjectTypePd, &pdd)->u.pd;
	return STATUS_SUCCESS;
}

static NTSTATUS create_conn(NDK_ADAPTER *a, NDK_FN_CREATE_COMPLETION cc, PVOID ctx, NDK_CONNECTOR **out)
{
	(void)a;
	(void)cc;
	(void)ctx;
	CALL();
	*out = &newobj(NdkObjectTypeConnector, &cnd)->u.c;
	return STATUS_SUCCESS;
}

static VOID release_lam(NDK_ADAPTER *a, NDK_LOGICAL_ADDRESS_MAPPING *lam)
{
	(void)a;
	(void)lam;
	CALL();
}

static NTSTATUS build_lam(NDK_ADAPTER *a, MDL *mdl, SIZE_T len, NDK_FN_REQUEST_COMPLETION rc, PVOID ctx,
	NDK_LOGICAL_ADDRESS_MAPPING *lam, ULONG *size, ULONG *fbo)
{
	ULONG need = (ULONG)(offsetof(NDK_LOGICAL_ADDRESS_MAPPING, AdapterPageArray) + 2 * sizeof(NDK_LOGICAL_ADDRESS));
	(void)a;
	(void)mdl;
	(void)len;
	(void)rc;
	(void)ctx;
	CALL();
	if (*size < need) {
		*size = need;
		return STATUS_BUFFER_TOO_SMALL;
	}
	lam->AdapterPageCount = 2;
	lam->AdapterPageArray[0].QuadPart = 0x1000;
	lam->AdapterPageArray[1].QuadPart = 0x2000;
	*size = need;
	*fbo = 0x10;
	return STATUS_SUCCESS;
}

static void tables(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	cqd.NdkCloseCq = fclose_obj;
	cqd.NdkArmCq = arm;
	cqd.NdkGetCqResults = results;
	pdd.NdkClosePd = fclose_obj;
	pdd.NdkCreateMr = create_mr;
	pdd.NdkCreateSrq = create_srq;
	srqd.NdkCloseSrq = fclose_obj;
	mrd.NdkCloseMr = fclose_obj;
	mrd.NdkRegisterMr = reg;
	mrd.NdkDeregisterMr = dereg;
	mrd.NdkGetLocalTokenFromMr = token;
	cnd.NdkCloseConnector = fclose_obj;
	add.NdkQueryAdapterInfo = query;
	add.NdkCreateCq = create_cq;
	add.NdkCreatePd = create_pd;
	add.NdkCreateConnector = create_conn;
	add.NdkBuildLAM = build_lam;
	add.NdkReleaseLAM = release_lam;
}

NTSTATUS ndkt_provider_open_adapter(void *provider, const struct ndkt_addr *address, NDK_VERSION version,
	NDK_ADAPTER **adapter)
{
	(void)provider;
	CALL();
	tables();
	if (address->family != NDKT_AF_INET || address->addr[0] != 10)
		return STATUS_INVALID_ADDRESS;
	if (version.Major != fake_major || version.Minor > 1)
		return NDKT_NDIS_STATUS_BAD_VERSION; /* OH-7: its highest minor is 1 */
	*adapter = &newobj(NdkObjectTypeAdapter, &add)->u.a;
	return STATUS_SUCCESS;
}

void ndkt_provider_close_adapter(void *provider, NDK_ADAPTER *adapter)
{
	(void)provider;
	CALL();
	logclose(NdkObjectTypeAdapter);
	free(adapter);
}

/* ---- fault injection: what a test sets (fake_faults), recorded ---- */

uint32_t ndkt_provider_faults(void *provider)
{
	(void)provider;
	return fake_faults;
}

/* Records one injection; refuses it (with a reason, or with none when
 * fake_inject_refuse is 2) when the test says so. */
static int injected(void *provider, void *obj, ndkt_inject_error *err)
{
	static const char why[] = "fake: refused";
	CALL();
	fake_injections++;
	fake_inject_provider = provider;
	fake_inject_obj = obj;
	if (fake_inject_refuse == 0)
		return NDKT_OK;
	if (fake_inject_refuse == 1) {
		memcpy(err->text, why, sizeof why - 1);
		err->len = sizeof why - 1;
	}
	return NDKT_E_INVAL;
}

int ndkt_provider_set_host_state(void *provider, const struct ndkt_addr *address, uint32_t state,
	ndkt_inject_error *err)
{
	fake_inject_addr = *address;
	fake_inject_state = state;
	return injected(provider, NULL, err);
}

int ndkt_provider_fail_srq(void *provider, NDK_SRQ *srq, ndkt_inject_error *err)
{
	return injected(provider, srq, err);
}

int ndkt_provider_fail_cq(void *provider, NDK_CQ *cq, ndkt_inject_error *err)
{
	return injected(provider, cq, err);
}
