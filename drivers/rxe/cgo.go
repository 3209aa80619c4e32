//go:build rxe && cgo

package rxe

/*
#cgo CFLAGS: -DRDMA_STATIC_PROVIDERS=rxe
#cgo LDFLAGS: -lrdmacm -lrxe-rdmav34 -libverbs -lnl-route-3 -lnl-3 -lpthread -lm
#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <string.h>
#include <stdlib.h>
#include <stdint.h>
#include <netinet/in.h>
#include <arpa/inet.h>

// ndk_device_count lists the verbs devices: with RDMA_STATIC_PROVIDERS this
// also registers the built-in rxe provider, which must happen before any
// librdmacm call. It returns the count or -errno.
static int ndk_device_count(void) {
	int n = 0;
	struct ibv_device **l = ibv_get_device_list(&n);
	if (!l)
		return errno ? -errno : -ENODEV;
	ibv_free_device_list(l);
	return n;
}

static struct ibv_context **ndk_devices(int *n) { return rdma_get_devices(n); }
static struct ibv_context *ndk_device_at(struct ibv_context **l, int i) { return l[i]; }
static const char *ndk_device_name(struct ibv_context *c) { return ibv_get_device_name(c->device); }

typedef struct {
	uint32_t vendor_id, vendor_part_id;
	uint64_t max_mr_size;
	int max_qp_wr, max_sge, max_sge_rd, max_cqe, max_srq_wr, max_qp_rd_atom, max_qp_init_rd_atom, max_pd, max_fmr;
	uint32_t max_msg_sz;
	int port_state;
} ndk_devattr;

static int ndk_query(struct ibv_context *c, ndk_devattr *o) {
	struct ibv_device_attr a;
	struct ibv_port_attr p;
	int r = ibv_query_device(c, &a);
	if (r)
		return -r;
	r = ibv_query_port(c, 1, &p);
	if (r)
		return -r;
	memset(o, 0, sizeof *o);
	o->vendor_id = a.vendor_id;
	o->vendor_part_id = a.vendor_part_id;
	o->max_mr_size = a.max_mr_size;
	o->max_qp_wr = a.max_qp_wr;
	o->max_sge = a.max_sge;
	o->max_sge_rd = a.max_sge_rd;
	o->max_cqe = a.max_cqe;
	o->max_srq_wr = a.max_srq_wr;
	o->max_qp_rd_atom = a.max_qp_rd_atom;
	o->max_qp_init_rd_atom = a.max_qp_init_rd_atom;
	o->max_pd = a.max_pd;
	o->max_fmr = a.max_fmr;
	o->max_msg_sz = p.max_msg_sz;
	o->port_state = p.state;
	return 0;
}

// --- rdma_cm events ---

// ndk_event is an rdma_cm event copied out of librdmacm, so that it can be
// acknowledged at once (rdma_destroy_id waits for the acknowledgement of
// every event of its id).
typedef struct {
	int event, status;
	uint64_t ctx, listen_ctx;
	struct rdma_cm_id *id;
	uint8_t rr, idepth;
	int pdata_len;
	uint8_t pdata[256];
} ndk_event;

// ndk_next_event takes the next event off the (non-blocking) channel:
// 0, or -EAGAIN when there is none, or -errno.
static int ndk_next_event(struct rdma_event_channel *ch, ndk_event *o) {
	struct rdma_cm_event *ev;
	if (rdma_get_cm_event(ch, &ev))
		return errno ? -errno : -EIO;
	memset(o, 0, sizeof *o);
	o->event = ev->event;
	o->status = ev->status;
	o->id = ev->id;
	o->ctx = (uint64_t)(uintptr_t)ev->id->context;
	if (ev->listen_id)
		o->listen_ctx = (uint64_t)(uintptr_t)ev->listen_id->context;
	switch (ev->event) {
	case RDMA_CM_EVENT_CONNECT_REQUEST:
	case RDMA_CM_EVENT_CONNECT_RESPONSE:
	case RDMA_CM_EVENT_REJECTED:
	case RDMA_CM_EVENT_ESTABLISHED:
		o->rr = ev->param.conn.responder_resources;
		o->idepth = ev->param.conn.initiator_depth;
		if (ev->param.conn.private_data && ev->param.conn.private_data_len) {
			int n = ev->param.conn.private_data_len;
			if (n > (int)sizeof o->pdata)
				n = sizeof o->pdata;
			memcpy(o->pdata, ev->param.conn.private_data, n);
			o->pdata_len = n;
		}
		break;
	default:
		break;
	}
	rdma_ack_cm_event(ev);
	return 0;
}

// ndk_channel makes a non-blocking event channel.
static struct rdma_event_channel *ndk_channel(int *err) {
	struct rdma_event_channel *ch = rdma_create_event_channel();
	if (!ch) {
		*err = errno;
		return NULL;
	}
	int fl = fcntl(ch->fd, F_GETFL);
	if (fl < 0 || fcntl(ch->fd, F_SETFL, fl | O_NONBLOCK) < 0) {
		*err = errno;
		rdma_destroy_event_channel(ch);
		return NULL;
	}
	return ch;
}
static int ndk_channel_fd(struct rdma_event_channel *ch) { return ch->fd; }

// --- rdma_cm ids ---

static void ndk_sockaddr(struct sockaddr_storage *ss, int v6, const uint8_t *ip, uint16_t port) {
	memset(ss, 0, sizeof *ss);
	if (v6) {
		struct sockaddr_in6 *s = (struct sockaddr_in6 *)ss;
		s->sin6_family = AF_INET6;
		s->sin6_port = htons(port);
		memcpy(&s->sin6_addr, ip, 16);
	} else {
		struct sockaddr_in *s = (struct sockaddr_in *)ss;
		s->sin_family = AF_INET;
		s->sin_port = htons(port);
		memcpy(&s->sin_addr, ip, 4);
	}
}

// ndk_addr decodes a socket address: 4 or 6, or 0 if it is neither.
static int ndk_addr(struct sockaddr *sa, uint8_t *ip, uint16_t *port) {
	if (!sa)
		return 0;
	if (sa->sa_family == AF_INET) {
		struct sockaddr_in *s = (struct sockaddr_in *)sa;
		memcpy(ip, &s->sin_addr, 4);
		*port = ntohs(s->sin_port);
		return 4;
	}
	if (sa->sa_family == AF_INET6) {
		struct sockaddr_in6 *s = (struct sockaddr_in6 *)sa;
		memcpy(ip, &s->sin6_addr, 16);
		*port = ntohs(s->sin6_port);
		return 6;
	}
	return 0;
}
static int ndk_local_addr(struct rdma_cm_id *id, uint8_t *ip, uint16_t *port) { return ndk_addr(rdma_get_local_addr(id), ip, port); }
static int ndk_peer_addr(struct rdma_cm_id *id, uint8_t *ip, uint16_t *port) { return ndk_addr(rdma_get_peer_addr(id), ip, port); }

static int ndk_create_id(struct rdma_event_channel *ch, uint64_t h, struct rdma_cm_id **id) {
	return rdma_create_id(ch, id, (void *)(uintptr_t)h, RDMA_PS_TCP) ? -errno : 0;
}
static void ndk_set_context(struct rdma_cm_id *id, uint64_t h) { id->context = (void *)(uintptr_t)h; }
static int ndk_destroy_id(struct rdma_cm_id *id) { return rdma_destroy_id(id) ? -errno : 0; }
static int ndk_reuseaddr(struct rdma_cm_id *id) {
	int one = 1;
	return rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_REUSEADDR, &one, sizeof one) ? -errno : 0;
}
static int ndk_bind(struct rdma_cm_id *id, int v6, const uint8_t *ip, uint16_t port) {
	struct sockaddr_storage ss;
	ndk_sockaddr(&ss, v6, ip, port);
	return rdma_bind_addr(id, (struct sockaddr *)&ss) ? -errno : 0;
}
static int ndk_listen(struct rdma_cm_id *id, int backlog) { return rdma_listen(id, backlog) ? -errno : 0; }
static int ndk_resolve_addr(struct rdma_cm_id *id, int v6, const uint8_t *ip, uint16_t port, int ms) {
	struct sockaddr_storage ss;
	ndk_sockaddr(&ss, v6, ip, port);
	return rdma_resolve_addr(id, NULL, (struct sockaddr *)&ss, ms) ? -errno : 0;
}
static int ndk_resolve_route(struct rdma_cm_id *id, int ms) { return rdma_resolve_route(id, ms) ? -errno : 0; }

static void ndk_conn_param(struct rdma_conn_param *p, uint32_t qpn, uint8_t rr, uint8_t idepth, const void *pd, uint8_t pdlen) {
	memset(p, 0, sizeof *p);
	p->private_data = pdlen ? pd : NULL;
	p->private_data_len = pdlen;
	p->responder_resources = rr;
	p->initiator_depth = idepth;
	p->retry_count = 7;
	p->rnr_retry_count = 7;
	p->qp_num = qpn;
}
static int ndk_connect(struct rdma_cm_id *id, uint32_t qpn, uint8_t rr, uint8_t idepth, const void *pd, uint8_t pdlen) {
	struct rdma_conn_param p;
	ndk_conn_param(&p, qpn, rr, idepth, pd, pdlen);
	return rdma_connect(id, &p) ? -errno : 0;
}
static int ndk_accept(struct rdma_cm_id *id, uint32_t qpn, uint8_t rr, uint8_t idepth, const void *pd, uint8_t pdlen) {
	struct rdma_conn_param p;
	ndk_conn_param(&p, qpn, rr, idepth, pd, pdlen);
	return rdma_accept(id, &p) ? -errno : 0;
}
static int ndk_reject(struct rdma_cm_id *id, const void *pd, uint8_t pdlen) {
	return rdma_reject(id, pdlen ? pd : NULL, pdlen) ? -errno : 0;
}
static int ndk_establish(struct rdma_cm_id *id) { return rdma_establish(id) ? -errno : 0; }
static int ndk_disconnect(struct rdma_cm_id *id) { return rdma_disconnect(id) ? -errno : 0; }

// ndk_qp_ready moves a QP of no rdma_cm id through INIT, RTR and RTS with
// the attributes rdma_cm negotiated for id.
static int ndk_qp_ready(struct rdma_cm_id *id, struct ibv_qp *qp) {
	static const enum ibv_qp_state states[] = {IBV_QPS_INIT, IBV_QPS_RTR, IBV_QPS_RTS};
	for (int i = 0; i < 3; i++) {
		struct ibv_qp_attr a;
		int mask = 0, r;
		memset(&a, 0, sizeof a);
		a.qp_state = states[i];
		if (rdma_init_qp_attr(id, &a, &mask))
			return errno ? -errno : -EINVAL;
		if ((r = ibv_modify_qp(qp, &a, mask)))
			return -r;
	}
	return 0;
}
static int ndk_qp_state(struct ibv_qp *qp, int state) {
	struct ibv_qp_attr a;
	memset(&a, 0, sizeof a);
	a.qp_state = state;
	return -ibv_modify_qp(qp, &a, IBV_QP_STATE);
}

// --- verbs objects ---

static struct ibv_pd *ndk_alloc_pd(struct ibv_context *c, int *err) {
	struct ibv_pd *p = ibv_alloc_pd(c);
	if (!p)
		*err = errno ? errno : ENOMEM;
	return p;
}
static int ndk_dealloc_pd(struct ibv_pd *p) { return -ibv_dealloc_pd(p); }
static struct ibv_cq *ndk_create_cq(struct ibv_context *c, int cqe, int *err) {
	struct ibv_cq *cq = ibv_create_cq(c, cqe, NULL, NULL, 0);
	if (!cq)
		*err = errno ? errno : ENOMEM;
	return cq;
}
static int ndk_resize_cq(struct ibv_cq *cq, int cqe) { return -ibv_resize_cq(cq, cqe); }
static int ndk_destroy_cq(struct ibv_cq *cq) { return -ibv_destroy_cq(cq); }
static struct ibv_qp *ndk_create_qp(struct ibv_pd *pd, struct ibv_cq *scq, struct ibv_cq *rcq,
		uint32_t swr, uint32_t rwr, uint32_t ssge, uint32_t rsge, uint32_t inl, int *err) {
	struct ibv_qp_init_attr a;
	memset(&a, 0, sizeof a);
	a.send_cq = scq;
	a.recv_cq = rcq;
	a.cap.max_send_wr = swr;
	a.cap.max_recv_wr = rwr;
	a.cap.max_send_sge = ssge;
	a.cap.max_recv_sge = rsge;
	a.cap.max_inline_data = inl;
	a.qp_type = IBV_QPT_RC;
	struct ibv_qp *qp = ibv_create_qp(pd, &a);
	if (!qp)
		*err = errno ? errno : ENOMEM;
	return qp;
}
static uint32_t ndk_qp_num(struct ibv_qp *qp) { return qp->qp_num; }
static int ndk_destroy_qp(struct ibv_qp *qp) { return -ibv_destroy_qp(qp); }
*/
import "C"

import (
	"fmt"
	"net/netip"
	"syscall"
	"unsafe"
)

// Event types of rdma_cm (enum rdma_cm_event_type).
const (
	evAddrResolved    = C.RDMA_CM_EVENT_ADDR_RESOLVED
	evAddrError       = C.RDMA_CM_EVENT_ADDR_ERROR
	evRouteResolved   = C.RDMA_CM_EVENT_ROUTE_RESOLVED
	evRouteError      = C.RDMA_CM_EVENT_ROUTE_ERROR
	evConnectRequest  = C.RDMA_CM_EVENT_CONNECT_REQUEST
	evConnectResponse = C.RDMA_CM_EVENT_CONNECT_RESPONSE
	evConnectError    = C.RDMA_CM_EVENT_CONNECT_ERROR
	evUnreachable     = C.RDMA_CM_EVENT_UNREACHABLE
	evRejected        = C.RDMA_CM_EVENT_REJECTED
	evEstablished     = C.RDMA_CM_EVENT_ESTABLISHED
	evDisconnected    = C.RDMA_CM_EVENT_DISCONNECTED
	evDeviceRemoval   = C.RDMA_CM_EVENT_DEVICE_REMOVAL
	evTimewaitExit    = C.RDMA_CM_EVENT_TIMEWAIT_EXIT
)

var eventNames = map[int]string{
	evAddrResolved: "ADDR_RESOLVED", evAddrError: "ADDR_ERROR", evRouteResolved: "ROUTE_RESOLVED",
	evRouteError: "ROUTE_ERROR", evConnectRequest: "CONNECT_REQUEST", evConnectResponse: "CONNECT_RESPONSE",
	evConnectError: "CONNECT_ERROR", evUnreachable: "UNREACHABLE", evRejected: "REJECTED",
	evEstablished: "ESTABLISHED", evDisconnected: "DISCONNECTED", evDeviceRemoval: "DEVICE_REMOVAL",
	evTimewaitExit: "TIMEWAIT_EXIT",
}

func eventName(t int) string {
	if n, ok := eventNames[t]; ok {
		return n
	}
	return fmt.Sprintf("EVENT(%d)", t)
}

// Private data sizes of the IB CM messages as rdma_cm passes them (the REQ
// loses 36 bytes to rdma_cm's own header).
const (
	reqPrivateData = 56
	repPrivateData = 196
	rejPrivateData = 148
)

type (
	cmID     = C.struct_rdma_cm_id
	channel  = C.struct_rdma_event_channel
	verbsPD  = C.struct_ibv_pd
	verbsCQ  = C.struct_ibv_cq
	verbsQP  = C.struct_ibv_qp
	verbsCtx = C.struct_ibv_context
)

// errnoErr turns a -errno return into an error (nil for 0).
func errnoErr(r C.int) error {
	if r >= 0 {
		return nil
	}
	return syscall.Errno(-r)
}

// deviceCount lists the verbs devices (and registers the static provider).
func deviceCount() (int, error) {
	n := C.ndk_device_count()
	if n < 0 {
		return 0, errnoErr(n)
	}
	return int(n), nil
}

// cmDevice is a verbs device as librdmacm opened it.
type cmDevice struct {
	name string
	ctx  *verbsCtx
}

// cmDevices returns librdmacm's device contexts (rdma_get_devices); free
// releases the list.
func cmDevices() (devs []cmDevice, free func(), err error) {
	var n C.int
	l := C.ndk_devices(&n)
	if l == nil {
		return nil, func() {}, fmt.Errorf("rdma_get_devices: %v", syscall.Errno(C.int(0)))
	}
	for i := 0; i < int(n); i++ {
		c := C.ndk_device_at(l, C.int(i))
		devs = append(devs, cmDevice{name: C.GoString(C.ndk_device_name(c)), ctx: c})
	}
	return devs, func() { C.rdma_free_devices(l) }, nil
}

// devAttr is what the driver uses of ibv_query_device and ibv_query_port.
type devAttr struct {
	vendorID, vendorPartID                 uint32
	maxMRSize                              uint64
	maxQPWR, maxSGE, maxSGERd, maxCQE      int
	maxSRQWR, maxQPRdAtom, maxQPInitRdAtom int
	maxPD                                  int
	maxMsgSize                             uint32
	portState                              int
}

func queryDevice(c *verbsCtx) (devAttr, error) {
	var a C.ndk_devattr
	if err := errnoErr(C.ndk_query(c, &a)); err != nil {
		return devAttr{}, err
	}
	return devAttr{
		vendorID: uint32(a.vendor_id), vendorPartID: uint32(a.vendor_part_id), maxMRSize: uint64(a.max_mr_size),
		maxQPWR: int(a.max_qp_wr), maxSGE: int(a.max_sge), maxSGERd: int(a.max_sge_rd), maxCQE: int(a.max_cqe),
		maxSRQWR: int(a.max_srq_wr), maxQPRdAtom: int(a.max_qp_rd_atom), maxQPInitRdAtom: int(a.max_qp_init_rd_atom),
		maxPD: int(a.max_pd), maxMsgSize: uint32(a.max_msg_sz), portState: int(a.port_state),
	}, nil
}

// cmEvent is an rdma_cm event, copied and already acknowledged.
type cmEvent struct {
	typ       int
	status    int
	ctx       uint64 // the id's context: a handle of the adapter
	listenCtx uint64 // CONNECT_REQUEST: the listener's handle
	id        *cmID  // CONNECT_REQUEST: the new id; otherwise not to be used
	rr, ideph uint8  // responder resources and initiator depth, from this side's view
	pdata     []byte
}

// newChannel makes a non-blocking rdma_cm event channel and returns its fd.
func newChannel() (*channel, int, error) {
	var e C.int
	ch := C.ndk_channel(&e)
	if ch == nil {
		return nil, -1, syscall.Errno(e)
	}
	return ch, int(C.ndk_channel_fd(ch)), nil
}

func destroyChannel(ch *channel) { C.rdma_destroy_event_channel(ch) }

// nextEvent takes the next event off ch: ok false with err nil when none is
// waiting.
func nextEvent(ch *channel) (ev cmEvent, ok bool, err error) {
	var e C.ndk_event
	r := C.ndk_next_event(ch, &e)
	if r == -C.EAGAIN {
		return cmEvent{}, false, nil
	}
	if r < 0 {
		return cmEvent{}, false, errnoErr(r)
	}
	ev = cmEvent{typ: int(e.event), status: int(e.status), ctx: uint64(e.ctx), listenCtx: uint64(e.listen_ctx),
		id: e.id, rr: uint8(e.rr), ideph: uint8(e.idepth)}
	if e.pdata_len > 0 {
		ev.pdata = C.GoBytes(unsafe.Pointer(&e.pdata[0]), e.pdata_len)
	}
	return ev, true, nil
}

func createID(ch *channel, h uint64) (*cmID, error) {
	var id *cmID
	if err := errnoErr(C.ndk_create_id(ch, C.uint64_t(h), &id)); err != nil {
		return nil, err
	}
	return id, nil
}

func setContext(id *cmID, h uint64) { C.ndk_set_context(id, C.uint64_t(h)) }
func destroyID(id *cmID) error      { return errnoErr(C.ndk_destroy_id(id)) }
func setReuseAddr(id *cmID) error   { return errnoErr(C.ndk_reuseaddr(id)) }

// ipBytes is addr as the C helpers take it, with its family flag.
func ipBytes(a netip.Addr) (buf [16]byte, v6 C.int) {
	a = a.Unmap()
	if a.Is4() {
		b := a.As4()
		copy(buf[:], b[:])
		return buf, 0
	}
	return a.As16(), 1
}

func bindID(id *cmID, ap netip.AddrPort) error {
	ip, v6 := ipBytes(ap.Addr())
	return errnoErr(C.ndk_bind(id, v6, (*C.uint8_t)(&ip[0]), C.uint16_t(ap.Port())))
}

func listenID(id *cmID, backlog int) error { return errnoErr(C.ndk_listen(id, C.int(backlog))) }

func resolveAddr(id *cmID, dst netip.AddrPort, ms int) error {
	ip, v6 := ipBytes(dst.Addr())
	return errnoErr(C.ndk_resolve_addr(id, v6, (*C.uint8_t)(&ip[0]), C.uint16_t(dst.Port()), C.int(ms)))
}

func resolveRoute(id *cmID, ms int) error { return errnoErr(C.ndk_resolve_route(id, C.int(ms))) }

func dataPtr(b []byte) (unsafe.Pointer, C.uint8_t) {
	if len(b) == 0 {
		return nil, 0
	}
	return unsafe.Pointer(&b[0]), C.uint8_t(len(b))
}

func connectID(id *cmID, qpn uint32, rr, idepth uint8, pdata []byte) error {
	p, n := dataPtr(pdata)
	return errnoErr(C.ndk_connect(id, C.uint32_t(qpn), C.uint8_t(rr), C.uint8_t(idepth), p, n))
}

func acceptID(id *cmID, qpn uint32, rr, idepth uint8, pdata []byte) error {
	p, n := dataPtr(pdata)
	return errnoErr(C.ndk_accept(id, C.uint32_t(qpn), C.uint8_t(rr), C.uint8_t(idepth), p, n))
}

func rejectID(id *cmID, pdata []byte) error {
	p, n := dataPtr(pdata)
	return errnoErr(C.ndk_reject(id, p, n))
}

func establishID(id *cmID) error  { return errnoErr(C.ndk_establish(id)) }
func disconnectID(id *cmID) error { return errnoErr(C.ndk_disconnect(id)) }

func decodeAddr(fam C.int, ip *[16]byte, port C.uint16_t) netip.AddrPort {
	switch fam {
	case 4:
		return netip.AddrPortFrom(netip.AddrFrom4([4]byte(ip[:4])), uint16(port))
	case 6:
		return netip.AddrPortFrom(netip.AddrFrom16(*ip).Unmap(), uint16(port))
	}
	return netip.AddrPort{}
}

func localAddr(id *cmID) netip.AddrPort {
	var ip [16]byte
	var port C.uint16_t
	return decodeAddr(C.ndk_local_addr(id, (*C.uint8_t)(&ip[0]), &port), &ip, port)
}

func peerAddr(id *cmID) netip.AddrPort {
	var ip [16]byte
	var port C.uint16_t
	return decodeAddr(C.ndk_peer_addr(id, (*C.uint8_t)(&ip[0]), &port), &ip, port)
}

// QP states for qpState.
const (
	qpsReset = C.IBV_QPS_RESET
	qpsErr   = C.IBV_QPS_ERR
)

func qpReady(id *cmID, qp *verbsQP) error  { return errnoErr(C.ndk_qp_ready(id, qp)) }
func qpState(qp *verbsQP, state int) error { return errnoErr(C.ndk_qp_state(qp, C.int(state))) }
func qpNum(qp *verbsQP) uint32             { return uint32(C.ndk_qp_num(qp)) }

func allocPD(c *verbsCtx) (*verbsPD, error) {
	var e C.int
	pd := C.ndk_alloc_pd(c, &e)
	if pd == nil {
		return nil, syscall.Errno(e)
	}
	return pd, nil
}

func deallocPD(pd *verbsPD) error { return errnoErr(C.ndk_dealloc_pd(pd)) }

func createCQ(c *verbsCtx, depth int) (*verbsCQ, error) {
	var e C.int
	cq := C.ndk_create_cq(c, C.int(depth), &e)
	if cq == nil {
		return nil, syscall.Errno(e)
	}
	return cq, nil
}

func resizeCQ(cq *verbsCQ, depth int) error { return errnoErr(C.ndk_resize_cq(cq, C.int(depth))) }
func destroyCQ(cq *verbsCQ) error           { return errnoErr(C.ndk_destroy_cq(cq)) }

func createQP(pd *verbsPD, scq, rcq *verbsCQ, swr, rwr, ssge, rsge, inline uint32) (*verbsQP, error) {
	var e C.int
	qp := C.ndk_create_qp(pd, scq, rcq, C.uint32_t(swr), C.uint32_t(rwr), C.uint32_t(ssge), C.uint32_t(rsge), C.uint32_t(inline), &e)
	if qp == nil {
		return nil, syscall.Errno(e)
	}
	return qp, nil
}

func destroyQP(qp *verbsQP) error { return errnoErr(C.ndk_destroy_qp(qp)) }
