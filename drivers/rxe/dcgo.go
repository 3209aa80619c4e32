//go:build rxe && cgo

package rxe

/*
#include <infiniband/verbs.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <stdint.h>
#include <stdlib.h>

static struct ibv_mr *ndk_reg_mr(struct ibv_pd *pd, void *addr, size_t len, uint64_t iova, int access, int *err) {
	struct ibv_mr *mr = ibv_reg_mr_iova(pd, addr, len, iova, access);
	if (!mr)
		*err = errno ? errno : ENOMEM;
	return mr;
}
static struct ibv_mw *ndk_alloc_mw(struct ibv_pd *pd, int *err) {
	struct ibv_mw *m = ibv_alloc_mw(pd, IBV_MW_TYPE_2);
	if (!m)
		*err = errno ? errno : EOPNOTSUPP;
	return m;
}
static int ndk_dealloc_mw(struct ibv_mw *m) { return -ibv_dealloc_mw(m); }
static uint32_t ndk_mw_rkey(struct ibv_mw *m) { return m->rkey; }
static uint32_t ndk_inc_rkey(uint32_t k) { return ibv_inc_rkey(k); }
static int ndk_post_bind(struct ibv_qp *qp, uint64_t wr_id, int flags, struct ibv_mw *mw, uint32_t rkey,
		struct ibv_mr *mr, uint64_t addr, uint64_t len, int access) {
	struct ibv_send_wr wr, *bad;
	memset(&wr, 0, sizeof wr);
	wr.wr_id = wr_id;
	wr.opcode = IBV_WR_BIND_MW;
	wr.send_flags = flags;
	wr.bind_mw.mw = mw;
	wr.bind_mw.rkey = rkey;
	wr.bind_mw.bind_info.mr = mr;
	wr.bind_mw.bind_info.addr = addr;
	wr.bind_mw.bind_info.length = len;
	wr.bind_mw.bind_info.mw_access_flags = access;
	int err = -ibv_post_send(qp, &wr, &bad);
	// The next bind names the window by the rkey this one gives it
	// (rdma_rxe checks it against its own, which the bind changes); a
	// type 2 window's rkey is the consumer's to keep.
	if (!err)
		mw->rkey = rkey;
	return err;
}
static int ndk_post_local_inv(struct ibv_qp *qp, uint64_t wr_id, int flags, uint32_t rkey) {
	struct ibv_send_wr wr, *bad;
	memset(&wr, 0, sizeof wr);
	wr.wr_id = wr_id;
	wr.opcode = IBV_WR_LOCAL_INV;
	wr.send_flags = flags;
	wr.invalidate_rkey = rkey;
	return -ibv_post_send(qp, &wr, &bad);
}
static void *ndk_alloc_shadow(size_t n) {
	void *p = NULL;
	if (posix_memalign(&p, 4096, n))
		return NULL;
	memset(p, 0, n);
	return p;
}
static void ndk_free(void *p) { free(p); }
static uint32_t ndk_mr_lkey(struct ibv_mr *mr) { return mr->lkey; }
static uint32_t ndk_mr_rkey(struct ibv_mr *mr) { return mr->rkey; }
static int ndk_dereg_mr(struct ibv_mr *mr) { return -ibv_dereg_mr(mr); }

static struct ibv_comp_channel *ndk_comp_channel(struct ibv_context *c, int *err) {
	struct ibv_comp_channel *ch = ibv_create_comp_channel(c);
	if (!ch) {
		*err = errno ? errno : ENOMEM;
		return NULL;
	}
	int fl = fcntl(ch->fd, F_GETFL);
	if (fl < 0 || fcntl(ch->fd, F_SETFL, fl | O_NONBLOCK) < 0) {
		*err = errno;
		ibv_destroy_comp_channel(ch);
		return NULL;
	}
	return ch;
}
static int ndk_comp_fd(struct ibv_comp_channel *ch) { return ch->fd; }
static void ndk_destroy_comp_channel(struct ibv_comp_channel *ch) { ibv_destroy_comp_channel(ch); }
// ndk_cq_event takes one notification: 0 with *h the CQ's handle, -EAGAIN, or -errno.
static int ndk_cq_event(struct ibv_comp_channel *ch, uint64_t *h) {
	struct ibv_cq *cq;
	void *ctx;
	if (ibv_get_cq_event(ch, &cq, &ctx))
		return errno ? -errno : -EIO;
	ibv_ack_cq_events(cq, 1);
	*h = (uint64_t)(uintptr_t)ctx;
	return 0;
}
static struct ibv_cq *ndk_create_cq_ch(struct ibv_context *c, int cqe, struct ibv_comp_channel *ch, uint64_t h, int *err) {
	struct ibv_cq *cq = ibv_create_cq(c, cqe, (void *)(uintptr_t)h, ch, 0);
	if (!cq)
		*err = errno ? errno : ENOMEM;
	return cq;
}
static int ndk_req_notify(struct ibv_cq *cq, int solicited) { return -ibv_req_notify_cq(cq, solicited); }

typedef struct {
	uint64_t wr_id;
	int status, opcode;
	uint32_t byte_len, qp_num, vendor_err;
	uint32_t invalidated; // the rkey a send with invalidate invalidated (IBV_WC_WITH_INV), else 0
} ndk_wc;

static int ndk_poll(struct ibv_cq *cq, int n, ndk_wc *out) {
	struct ibv_wc wc[16];
	if (n > 16)
		n = 16;
	int r = ibv_poll_cq(cq, n, wc);
	for (int i = 0; i < r; i++) {
		out[i].wr_id = wc[i].wr_id;
		out[i].status = wc[i].status;
		out[i].opcode = wc[i].opcode;
		out[i].byte_len = wc[i].byte_len;
		out[i].qp_num = wc[i].qp_num;
		out[i].vendor_err = wc[i].vendor_err;
		// rdma_rxe writes a user CQ's flags with the kernel's values:
		// IB_WC_WITH_INVALIDATE is 1<<2, which is IBV_WC_IP_CSUM_OK to
		// libibverbs (an RC receive has no checksum flag of its own).
		out[i].invalidated = (wc[i].wc_flags & (IBV_WC_WITH_INV | IBV_WC_IP_CSUM_OK)) ? wc[i].invalidated_rkey : 0;
	}
	return r;
}

static int ndk_post_recv(struct ibv_qp *qp, struct ibv_srq *srq, uint64_t wr_id, struct ibv_sge *sg, int n) {
	struct ibv_recv_wr wr, *bad;
	memset(&wr, 0, sizeof wr);
	wr.wr_id = wr_id;
	wr.sg_list = n ? sg : NULL;
	wr.num_sge = n;
	if (srq)
		return -ibv_post_srq_recv(srq, &wr, &bad);
	return -ibv_post_recv(qp, &wr, &bad);
}

static int ndk_post_send(struct ibv_qp *qp, uint64_t wr_id, int opcode, int flags, struct ibv_sge *sg, int n,
		uint64_t raddr, uint32_t rkey, uint32_t inv) {
	struct ibv_send_wr wr, *bad;
	memset(&wr, 0, sizeof wr);
	wr.wr_id = wr_id;
	wr.sg_list = n ? sg : NULL;
	wr.num_sge = n;
	wr.opcode = opcode;
	wr.send_flags = flags;
	wr.wr.rdma.remote_addr = raddr;
	wr.wr.rdma.rkey = rkey;
	if (opcode == IBV_WR_SEND_WITH_INV)
		wr.invalidate_rkey = inv;
	return -ibv_post_send(qp, &wr, &bad);
}

// ndk_qp_init moves a QP from RESET to INIT, so that receives can be posted
// before it is connected.
static int ndk_qp_init(struct ibv_qp *qp) {
	struct ibv_qp_attr a;
	memset(&a, 0, sizeof a);
	a.qp_state = IBV_QPS_INIT;
	a.port_num = 1;
	a.pkey_index = 0;
	a.qp_access_flags = IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_LOCAL_WRITE;
	return -ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS);
}

static struct ibv_srq *ndk_create_srq(struct ibv_pd *pd, uint32_t depth, uint32_t sge, uint64_t h, int *err) {
	struct ibv_srq_init_attr a;
	memset(&a, 0, sizeof a);
	a.srq_context = (void *)(uintptr_t)h;
	a.attr.max_wr = depth;
	a.attr.max_sge = sge;
	struct ibv_srq *s = ibv_create_srq(pd, &a);
	if (!s)
		*err = errno ? errno : ENOMEM;
	return s;
}
static int ndk_modify_srq(struct ibv_srq *s, uint32_t depth, uint32_t limit) {
	struct ibv_srq_attr a;
	int mask = 0;
	memset(&a, 0, sizeof a);
	if (depth) {
		a.max_wr = depth;
		mask |= IBV_SRQ_MAX_WR;
	}
	if (limit) {
		a.srq_limit = limit;
		mask |= IBV_SRQ_LIMIT;
	}
	if (!mask)
		return 0;
	return -ibv_modify_srq(s, &a, mask);
}
// ndk_srq_limit arms the SRQ limit event (0 disarms it).
static int ndk_srq_limit(struct ibv_srq *s, uint32_t limit) {
	struct ibv_srq_attr a;
	memset(&a, 0, sizeof a);
	a.srq_limit = limit;
	return -ibv_modify_srq(s, &a, IBV_SRQ_LIMIT);
}
static int ndk_destroy_srq(struct ibv_srq *s) { return -ibv_destroy_srq(s); }

// ndk_async_fd makes the context's async event fd non-blocking and returns
// it, or -errno.
static int ndk_async_fd(struct ibv_context *c) {
	int fl = fcntl(c->async_fd, F_GETFL);
	if (fl < 0 || fcntl(c->async_fd, F_SETFL, fl | O_NONBLOCK) < 0)
		return -errno;
	return c->async_fd;
}
// ndk_async_event takes one async event and acknowledges it: 0 with *typ
// its type and *h the SRQ's or CQ's context (0 for other elements),
// -EAGAIN, or -errno.
static int ndk_async_event(struct ibv_context *c, int *typ, uint64_t *h) {
	struct ibv_async_event ev;
	if (ibv_get_async_event(c, &ev))
		return errno ? -errno : -EIO;
	*typ = ev.event_type;
	*h = 0;
	switch (ev.event_type) {
	case IBV_EVENT_SRQ_LIMIT_REACHED:
	case IBV_EVENT_SRQ_ERR:
		*h = (uint64_t)(uintptr_t)ev.element.srq->srq_context;
		break;
	case IBV_EVENT_CQ_ERR:
		*h = (uint64_t)(uintptr_t)ev.element.cq->cq_context;
		break;
	default:
		break;
	}
	ibv_ack_async_event(&ev);
	return 0;
}
static struct ibv_qp *ndk_create_qp_srq(struct ibv_pd *pd, struct ibv_cq *scq, struct ibv_cq *rcq, struct ibv_srq *srq,
		uint32_t swr, uint32_t ssge, int *err) {
	struct ibv_qp_init_attr a;
	memset(&a, 0, sizeof a);
	a.send_cq = scq;
	a.recv_cq = rcq;
	a.srq = srq;
	a.cap.max_send_wr = swr;
	a.cap.max_send_sge = ssge;
	a.qp_type = IBV_QPT_RC;
	struct ibv_qp *qp = ibv_create_qp(pd, &a);
	if (!qp)
		*err = errno ? errno : ENOMEM;
	return qp;
}
*/
import "C"

import (
	"syscall"
	"unsafe"

	"github.com/ndkconform/ndkconform/ndk"
)

type (
	verbsMW  = C.struct_ibv_mw
	verbsMR  = C.struct_ibv_mr
	verbsSRQ = C.struct_ibv_srq
	compChan = C.struct_ibv_comp_channel
)

// Verbs access flags, send opcodes and flags, completion codes.
const (
	accLocalWrite  = C.IBV_ACCESS_LOCAL_WRITE
	accRemoteWrite = C.IBV_ACCESS_REMOTE_WRITE
	accRemoteRead  = C.IBV_ACCESS_REMOTE_READ
	accMWBind      = C.IBV_ACCESS_MW_BIND

	wrSend    = C.IBV_WR_SEND
	wrSendInv = C.IBV_WR_SEND_WITH_INV
	wrWrite   = C.IBV_WR_RDMA_WRITE
	wrRead    = C.IBV_WR_RDMA_READ

	sendSignaled  = C.IBV_SEND_SIGNALED
	sendFence     = C.IBV_SEND_FENCE
	sendSolicited = C.IBV_SEND_SOLICITED

	wcSuccess     = C.IBV_WC_SUCCESS
	wcFlushErr    = C.IBV_WC_WR_FLUSH_ERR
	wcLocLenErr   = C.IBV_WC_LOC_LEN_ERR
	wcLocProtErr  = C.IBV_WC_LOC_PROT_ERR
	wcRemAccErr   = C.IBV_WC_REM_ACCESS_ERR
	wcRemInvReq   = C.IBV_WC_REM_INV_REQ_ERR
	wcRetryExc    = C.IBV_WC_RETRY_EXC_ERR
	wcRNRRetryExc = C.IBV_WC_RNR_RETRY_EXC_ERR
	wcRemOpErr    = C.IBV_WC_REM_OP_ERR
	wcMWBindErr   = C.IBV_WC_MW_BIND_ERR

	wcOpSend  = C.IBV_WC_SEND
	wcOpWrite = C.IBV_WC_RDMA_WRITE
	wcOpRead  = C.IBV_WC_RDMA_READ
	wcOpRecv  = C.IBV_WC_RECV
)

func regMR(pd *verbsPD, addr unsafe.Pointer, n int, iova uint64, access int) (*verbsMR, error) {
	var e C.int
	mr := C.ndk_reg_mr(pd, addr, C.size_t(n), C.uint64_t(iova), C.int(access), &e)
	if mr == nil {
		return nil, syscall.Errno(e)
	}
	return mr, nil
}

func allocMW(pd *verbsPD) (*verbsMW, error) {
	var e C.int
	m := C.ndk_alloc_mw(pd, &e)
	if m == nil {
		return nil, syscall.Errno(e)
	}
	return m, nil
}
func deallocMW(m *verbsMW) error { return errnoErr(C.ndk_dealloc_mw(m)) }
func mwRkey(m *verbsMW) uint32   { return uint32(C.ndk_mw_rkey(m)) }
func incRkey(k uint32) uint32    { return uint32(C.ndk_inc_rkey(C.uint32_t(k))) }
func postBind(qp *verbsQP, wrID uint64, flags int, mw *verbsMW, rkey uint32, mr *verbsMR, addr, n uint64, access int) error {
	return errnoErr(C.ndk_post_bind(qp, C.uint64_t(wrID), C.int(flags), mw, C.uint32_t(rkey), mr, C.uint64_t(addr), C.uint64_t(n), C.int(access)))
}
func postLocalInv(qp *verbsQP, wrID uint64, flags int, rkey uint32) error {
	return errnoErr(C.ndk_post_local_inv(qp, C.uint64_t(wrID), C.int(flags), C.uint32_t(rkey)))
}

// allocShadow allocates n bytes of page-aligned C memory (nil if none).
func allocShadow(n int) unsafe.Pointer { return C.ndk_alloc_shadow(C.size_t(n)) }
func freeShadow(p unsafe.Pointer)      { C.ndk_free(p) }

func mrKeys(mr *verbsMR) (lkey, rkey uint32) {
	return uint32(C.ndk_mr_lkey(mr)), uint32(C.ndk_mr_rkey(mr))
}
func deregMR(mr *verbsMR) error { return errnoErr(C.ndk_dereg_mr(mr)) }

func newCompChannel(c *verbsCtx) (*compChan, int, error) {
	var e C.int
	ch := C.ndk_comp_channel(c, &e)
	if ch == nil {
		return nil, -1, syscall.Errno(e)
	}
	return ch, int(C.ndk_comp_fd(ch)), nil
}
func destroyCompChannel(ch *compChan) { C.ndk_destroy_comp_channel(ch) }

// nextCQEvent takes one CQ notification off ch: ok false when none waits.
func nextCQEvent(ch *compChan) (h uint64, ok bool, err error) {
	var x C.uint64_t
	r := C.ndk_cq_event(ch, &x)
	if r == -C.EAGAIN {
		return 0, false, nil
	}
	if r < 0 {
		return 0, false, errnoErr(r)
	}
	return uint64(x), true, nil
}

func createCQCh(c *verbsCtx, depth int, ch *compChan, h uint64) (*verbsCQ, error) {
	var e C.int
	cq := C.ndk_create_cq_ch(c, C.int(depth), ch, C.uint64_t(h), &e)
	if cq == nil {
		return nil, syscall.Errno(e)
	}
	return cq, nil
}

func reqNotify(cq *verbsCQ, solicited bool) error {
	s := C.int(0)
	if solicited {
		s = 1
	}
	return errnoErr(C.ndk_req_notify(cq, s))
}

// wc is a work completion as the driver uses it.
type wc struct {
	wrID                    uint64
	status, opcode          int
	byteLen, qpNum, vendErr uint32
	// invalidated is the rkey the peer's send with invalidate
	// invalidated (a receive's IBV_WC_WITH_INV), 0 for none.
	invalidated uint32
}

// pollCQ takes up to 16 completions off cq.
func pollCQ(cq *verbsCQ) ([]wc, error) {
	var buf [16]C.ndk_wc
	r := C.ndk_poll(cq, 16, &buf[0])
	if r < 0 {
		return nil, syscall.EIO
	}
	out := make([]wc, r)
	for i := range out {
		b := &buf[i]
		out[i] = wc{wrID: uint64(b.wr_id), status: int(b.status), opcode: int(b.opcode),
			byteLen: uint32(b.byte_len), qpNum: uint32(b.qp_num), vendErr: uint32(b.vendor_err),
			invalidated: uint32(b.invalidated)}
	}
	return out, nil
}

func sgeList(sgl []ndk.SGE) []C.struct_ibv_sge {
	out := make([]C.struct_ibv_sge, len(sgl))
	for i, s := range sgl {
		out[i].addr = C.uint64_t(s.VirtualAddress)
		out[i].length = C.uint32_t(s.Length)
		out[i].lkey = C.uint32_t(s.MemoryRegionToken)
	}
	return out
}

func sgePtr(s []C.struct_ibv_sge) *C.struct_ibv_sge {
	if len(s) == 0 {
		return nil
	}
	return &s[0]
}

func postRecv(qp *verbsQP, srq *verbsSRQ, wrID uint64, sgl []ndk.SGE) error {
	s := sgeList(sgl)
	return errnoErr(C.ndk_post_recv(qp, srq, C.uint64_t(wrID), sgePtr(s), C.int(len(s))))
}

func postSend(qp *verbsQP, wrID uint64, opcode, flags int, sgl []ndk.SGE, raddr uint64, rkey, inv uint32) error {
	s := sgeList(sgl)
	return errnoErr(C.ndk_post_send(qp, C.uint64_t(wrID), C.int(opcode), C.int(flags), sgePtr(s), C.int(len(s)),
		C.uint64_t(raddr), C.uint32_t(rkey), C.uint32_t(inv)))
}

func qpInit(qp *verbsQP) error { return errnoErr(C.ndk_qp_init(qp)) }

func createSRQ(pd *verbsPD, depth, sge uint32, h uint64) (*verbsSRQ, error) {
	var e C.int
	s := C.ndk_create_srq(pd, C.uint32_t(depth), C.uint32_t(sge), C.uint64_t(h), &e)
	if s == nil {
		return nil, syscall.Errno(e)
	}
	return s, nil
}
func modifySRQ(s *verbsSRQ, depth, limit uint32) error {
	return errnoErr(C.ndk_modify_srq(s, C.uint32_t(depth), C.uint32_t(limit)))
}
func destroySRQ(s *verbsSRQ) error { return errnoErr(C.ndk_destroy_srq(s)) }

// srqLimit arms the SRQ's limit event at limit (0 disarms it).
func srqLimit(s *verbsSRQ, limit uint32) error {
	return errnoErr(C.ndk_srq_limit(s, C.uint32_t(limit)))
}

// Async events of a verbs context the provider handles.
const (
	evSRQLimit = C.IBV_EVENT_SRQ_LIMIT_REACHED
	evSRQErr   = C.IBV_EVENT_SRQ_ERR
	evCQErr    = C.IBV_EVENT_CQ_ERR
)

// asyncFD makes the context's async event fd non-blocking and returns it.
func asyncFD(c *verbsCtx) (int, error) {
	r := C.ndk_async_fd(c)
	if r < 0 {
		return -1, errnoErr(r)
	}
	return int(r), nil
}

// nextAsyncEvent takes one async event off c: ok false when none waits; h
// is the SRQ's or CQ's handle for their events.
func nextAsyncEvent(c *verbsCtx) (typ int, h uint64, ok bool, err error) {
	var t C.int
	var x C.uint64_t
	r := C.ndk_async_event(c, &t, &x)
	if r == -C.EAGAIN {
		return 0, 0, false, nil
	}
	if r < 0 {
		return 0, 0, false, errnoErr(r)
	}
	return int(t), uint64(x), true, nil
}

func createQPWithSRQ(pd *verbsPD, scq, rcq *verbsCQ, srq *verbsSRQ, swr, ssge uint32) (*verbsQP, error) {
	var e C.int
	qp := C.ndk_create_qp_srq(pd, scq, rcq, srq, C.uint32_t(swr), C.uint32_t(ssge), &e)
	if qp == nil {
		return nil, syscall.Errno(e)
	}
	return qp, nil
}
