package model

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/ndkconform/ndkconform/model"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	"pgregory.net/rapid"
)

// The data path of the sequences: an MR per QP that moves data, receives,
// sends and writes posted on it, NdkFlush, and the completions read from
// the CQs after every step. The region of a QP is laid out as: the
// send and receive slots, then the source of its writes (a pattern of its
// own, never changed), then the target of its peer's writes.
const (
	slots     = 64 << 10
	writeMax  = 1 << 20
	regionLen = slots + 2*writeMax
	slotLen   = 256
	cqDepth   = 16
	queueLen  = 4
)

// region is the registered MR a QP moves data with.
type region struct {
	mr            model.Ref
	buf           []byte
	va            uint64
	local, remote uint32
}

func (r *region) sge(off, n int) ndk.SGE {
	return ndk.SGE{VirtualAddress: r.va + uint64(off), Length: uint32(n), MemoryRegionToken: r.local}
}

// mrFor returns qp's region, registering one on its PD the first time; nil
// when the provider has no resources for it or the registration failed.
func (w *world) mrFor(t *rapid.T, qp model.Ref) *region {
	if r := w.regions[qp]; r != nil {
		if w.closed(r.mr) {
			return nil
		}
		return r
	}
	q := w.m.Obj(qp)
	s, pd := q.Side, q.Antecedents()[0]
	if !w.m.Obj(pd).Open() {
		return nil
	}
	P := w.handles[pd].(ndk.PD)
	obj := w.create(s, "NdkCreateMr", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
		return P.CreateMR(false, done, nil)
	})
	if obj == nil {
		t.Skip("no resources")
	}
	r := &region{mr: w.m.Add(s, model.MR, pd), buf: make([]byte, regionLen), va: w.nextVA}
	w.nextVA += regionLen + 1<<16
	for i := range writeMax {
		r.buf[slots+i] = byte(int(qp)*31 + i*7 + 1)
	}
	w.handles[r.mr] = obj
	M := obj.(ndk.MR)
	w.step("%s: create %s on %s, NdkRegisterMr %d bytes", s, w.m.Name(r.mr), w.m.Name(pd), regionLen)
	const flags = ndk.MRFlagAllowLocalWrite | ndk.MRFlagAllowRemoteWrite | ndk.MRFlagAllowRemoteRead
	op := w.m.Register(r.mr)
	w.issue(op, &call{}, func(c *call) ndk.Status { return M.Register(r.buf, r.va, flags, w.requestDone(c), nil) })
	if !op.Done || op.Status != ndk.StatusSuccess {
		w.note(" (not registered: %v)", op.Status)
		return nil
	}
	w.m.Obj(r.mr).Registered = true
	r.local, r.remote = M.LocalToken(), M.RemoteToken()
	w.regions[qp] = r
	return r
}

// dataQP draws a QP of side s to post on: open, with its PD and CQ open,
// room on the queue (and in the CQ for one more completion).
func (w *world) dataQP(t *rapid.T, s model.Side, initiator bool) model.Ref {
	qps := w.objects(s, model.QP, func(o *model.Object) bool {
		if !o.Open() || w.m.Outstanding(o.Ref, initiator) >= queueLen {
			return false
		}
		for _, a := range o.Antecedents() {
			if !w.m.Obj(a).Open() {
				return false
			}
		}
		return w.cqRoom(o.Antecedents()[1]) > 0
	})
	return pick(t, "QP with room", qps)
}

// cqRoom is how many more completions cq can hold for sure: its depth less
// every request of its QPs not read yet.
func (w *world) cqRoom(cq model.Ref) int {
	n := cqDepth
	for _, q := range w.m.Objects(w.m.Obj(cq).Side, model.QP, nil) {
		if w.m.Obj(q).Antecedents()[1] == cq {
			n -= w.m.Outstanding(q, true) + w.m.Outstanding(q, false)
		}
	}
	return n
}

func (w *world) postReceive(t *rapid.T) {
	s := w.drawSide(t)
	qp := w.dataQP(t, s, false)
	w.receiveOn(t, qp)
}

func (w *world) receiveOn(t *rapid.T, qp model.Ref) {
	r := w.mrFor(t, qp)
	if r == nil {
		return
	}
	wr := w.m.Post(qp, model.Receive, slotLen, false)
	w.step("%s: NdkReceive #%d on %s (%d bytes)", w.side(qp), wr.ID, w.m.Name(qp), slotLen)
	Q := w.handles[qp].(ndk.QP)
	st := w.invoke("NdkReceive", func() ndk.Status { return Q.Receive(wr.ID, []ndk.SGE{r.sge(wr.ID%(slots/slotLen)*slotLen, slotLen)}) })
	w.note(" -> %v", st)
	w.fail(w.m.Posted(wr, st))
}

func (w *world) postSend(t *rapid.T) {
	s := w.drawSide(t)
	qp := w.dataQP(t, s, true)
	w.sendOn(t, qp, rapid.IntRange(0, 3).Draw(t, "silent") == 0)
}

func (w *world) sendOn(t *rapid.T, qp model.Ref, silent bool) {
	r := w.mrFor(t, qp)
	if r == nil {
		return
	}
	n := rapid.IntRange(0, slotLen).Draw(t, "send length")
	wr := w.m.Post(qp, model.Send, n, silent)
	w.step("%s: NdkSend #%d on %s (%d bytes%s)", w.side(qp), wr.ID, w.m.Name(qp), n, silentNote(silent))
	Q := w.handles[qp].(ndk.QP)
	var sgl []ndk.SGE
	if n > 0 {
		sgl = []ndk.SGE{r.sge(0, n)}
	}
	st := w.invoke("NdkSend", func() ndk.Status { return Q.Send(wr.ID, sgl, silentFlag(silent)) })
	w.note(" -> %v", st)
	w.fail(w.m.Posted(wr, st))
}

func silentFlag(silent bool) uint32 {
	if silent {
		return ndk.OpFlagSilentSuccess
	}
	return 0
}

func silentNote(silent bool) string {
	if silent {
		return ", silent success"
	}
	return ""
}

func (w *world) postWrite(t *rapid.T) {
	s := w.drawSide(t)
	qp := w.dataQP(t, s, true)
	w.writeOn(t, qp, rapid.SampledFrom([]int{1, 64, 4096, writeMax}).Draw(t, "write length"), rapid.IntRange(0, 3).Draw(t, "silent") == 0)
}

// writeOn posts an NdkWrite of n bytes on qp to its peer's region: the
// peer QP of its connection, even once it is over (DS-10), or none on a QP
// that never was connected (QP-5). It reports whether it was posted.
func (w *world) writeOn(t *rapid.T, qp model.Ref, n int, silent bool) *model.WR {
	r := w.mrFor(t, qp)
	if r == nil {
		return nil
	}
	n = min(n, int(w.info[w.m.Obj(qp).Side].MaxTransferLength))
	var target *region
	switch peer := w.peerOf(qp); {
	case peer != 0:
		target = w.regions[peer]
		if target == nil || w.closed(target.mr) {
			t.Skip("the peer QP has no region")
		}
	case w.m.Served(qp):
		t.Skip("a QP whose connection has no peer yet")
	}
	wr := w.m.Post(qp, model.Write, n, silent)
	va, token := uint64(0x1000), uint32(0)
	if target != nil {
		wr.Target, va, token = target.mr, target.va+slots+writeMax, target.remote
		w.writes[wr.ID] = pendingWrite{src: r.buf[slots : slots+n], dst: target.buf[slots+writeMax : slots+writeMax+n]}
	}
	w.step("%s: NdkWrite #%d on %s (%d bytes%s)", w.side(qp), wr.ID, w.m.Name(qp), n, silentNote(silent))
	Q := w.handles[qp].(ndk.QP)
	st := w.invoke("NdkWrite", func() ndk.Status { return Q.Write(wr.ID, []ndk.SGE{r.sge(slots, n)}, va, token, silentFlag(silent)) })
	w.note(" -> %v", st)
	w.fail(w.m.Posted(wr, st))
	return wr
}

// pendingWrite is what a write copies where.
type pendingWrite struct{ src, dst []byte }

// peerOf is the QP at the other end of qp's connection, if it was ever
// connected (0 otherwise).
func (w *world) peerOf(qp model.Ref) model.Ref {
	for _, c := range w.m.Objects(w.m.Obj(qp).Side, model.Connector, func(o *model.Object) bool { return o.QP == qp }) {
		if p := w.m.Obj(w.m.Obj(c).Peer); p != nil {
			return p.QP
		}
	}
	return 0
}

func (w *world) flush(t *rapid.T) {
	s := w.drawSide(t)
	qp := pick(t, "open QP", w.objects(s, model.QP, (*model.Object).Open))
	w.step("%s: NdkFlush %s", s, w.m.Name(qp))
	Q := w.handles[qp].(ndk.QP)
	w.invoke("NdkFlush", func() ndk.Status { Q.Flush(); return ndk.StatusSuccess })
	w.m.Flush(qp)
	w.settle()
}

// disconnectWithData disconnects an established connector with requests
// in flight on its QP (receives, a large write, sends), waits for the
// disconnect to end, then posts on the QP again: the disconnect waits for
// the write's DMA (DS-5) but not for the sends (DS-4, DS-12), flushes the
// QP (QP-22), and leaves no half-closed connection (DS-10).
func (w *world) disconnectWithData(t *rapid.T) {
	s := w.drawSide(t)
	c := pick(t, "established connector", w.live(t, s, func(o *model.Object) bool {
		return o.Open() && o.Phase == model.Established && !o.Disconnecting() && w.m.Obj(o.QP).Open()
	}))
	qp := w.m.Obj(c).QP
	if peer := w.m.PeerQP(qp); peer != 0 {
		// The peer's region, for writes to it, and maybe receives.
		w.mrFor(t, peer)
		for range rapid.IntRange(0, 1).Draw(t, "peer receives first") {
			if w.m.Outstanding(peer, false) < queueLen && w.cqRoom(w.m.Obj(peer).Antecedents()[1]) > 0 {
				w.receiveOn(t, peer)
			}
		}
	}
	for range rapid.IntRange(0, 2).Draw(t, "receives first") {
		if w.m.Outstanding(qp, false) < queueLen && w.cqRoom(w.m.Obj(qp).Antecedents()[1]) > 0 {
			w.receiveOn(t, qp)
		}
	}
	if rapid.Bool().Draw(t, "a write in flight") && w.m.Outstanding(qp, true) < queueLen && w.cqRoom(w.m.Obj(qp).Antecedents()[1]) > 0 && w.m.PeerQP(qp) != 0 {
		w.writeOn(t, qp, writeMax, rapid.Bool().Draw(t, "silent"))
	}
	for range rapid.IntRange(0, 3).Draw(t, "sends first") {
		if w.m.Outstanding(qp, true) < queueLen && w.cqRoom(w.m.Obj(qp).Antecedents()[1]) > 0 {
			w.sendOn(t, qp, rapid.IntRange(0, 3).Draw(t, "silent") == 0)
		}
	}

	w.step("%s: NdkDisconnect %s", s, w.m.Name(c))
	C := w.handles[c].(ndk.Connector)
	op := w.m.Disconnect(c)
	w.issue(op, &call{}, func(cl *call) ndk.Status { return C.Disconnect(w.requestDone(cl), nil) })
	w.awaitDisconnect(op)
	if !op.Done || w.m.Obj(qp).Closing || !w.m.Obj(w.m.Obj(qp).Antecedents()[1]).Open() {
		return
	}
	if w.m.Outstanding(qp, true) < queueLen && w.cqRoom(w.m.Obj(qp).Antecedents()[1]) > 0 {
		// Not silent: its completion says whether it failed.
		if rapid.IntRange(0, 2).Draw(t, "write after") > 0 {
			w.writeOn(t, qp, 64, false)
		} else {
			w.sendOn(t, qp, false)
		}
		w.settle()
	}
}

// awaitDisconnect gives a pending NdkDisconnect the time the provider
// declared for a disconnect handshake (ndk.TimeoutDeclarer) and the
// margin: a peer that does not answer ends it with STATUS_IO_TIMEOUT
// (DS-4, CN-17). A provider that declares none gets the call deadline,
// and no verdict.
func (w *world) awaitDisconnect(op *model.Op) {
	limit, declared := w.wait(), false
	if td, ok := w.d.Provider.(ndk.TimeoutDeclarer); ok {
		if d, ok := td.DeclaredTimeouts()["disconnect"]; ok && d > 0 {
			limit, declared = min(d+suite.TimeoutMargin, w.d.Timeout), true
		}
	}
	deadline := suite.NewDeadline(limit)
	for {
		w.settle()
		if op.Done {
			return
		}
		left := deadline.Left()
		if left <= 0 {
			break
		}
		select {
		case <-w.arrived:
		case <-time.After(left):
		}
	}
	w.log("  (NdkDisconnect %s still pending after %v)", w.m.Name(op.Obj), limit)
	if declared {
		w.fail(w.hung(w.m.FindingAbout(op, "DS-4 CN-17", fmt.Sprintf("NdkDisconnect ends within the provider's declared disconnect time-out and the margin (%v): with the peer's answer, or STATUS_IO_TIMEOUT", limit), "it was still pending")))
	}
}

// waitDisconnect waits for a pending NdkDisconnect to end.
func (w *world) waitDisconnect(t *rapid.T) {
	s := w.drawSide(t)
	c := pick(t, "disconnecting connector", w.objects(s, model.Connector, func(o *model.Object) bool {
		return o.Open() && o.Disconnecting() && o.Phase != model.Disconnected
	}))
	var op *model.Op
	for _, o := range w.m.Unfinished() {
		if o.Obj == c && o.Call == model.CallDisconnect {
			op = o
		}
	}
	if op == nil {
		t.Skip("no pending disconnect")
	}
	w.step("%s: wait for NdkDisconnect %s", s, w.m.Name(c))
	w.awaitDisconnect(op)
}

// receiveDuringWrite posts an NdkReceive and an NdkWrite on one QP at the
// same time: the two queues may be posted concurrently (WR-5), and each
// post succeeds as it would alone. The receive starts once the write is
// on its way into the provider; when the write returned before the
// receive started (a busy machine can delay either goroutine), the pair
// is posted again, three times at most, while the queues have room.
func (w *world) receiveDuringWrite(t *rapid.T) {
	s := w.drawSide(t)
	room := func(qp model.Ref) bool {
		q := w.m.Obj(qp)
		return q != nil && q.Open() && w.m.PeerQP(qp) != 0 && w.m.Outstanding(qp, true) < queueLen && w.m.Outstanding(qp, false) < queueLen &&
			w.cqRoom(q.Antecedents()[1]) >= 2
	}
	cs := w.live(t, s, func(o *model.Object) bool { return room(o.QP) })
	qp := w.m.Obj(pick(t, "connector with a connection up", cs)).QP
	r, target := w.mrFor(t, qp), w.mrFor(t, w.m.PeerQP(qp))
	if r == nil || target == nil {
		return
	}
	for try := 0; try < 3 && room(qp); try++ {
		if w.postPair(s, qp, r, target) || w.failure != nil {
			return
		}
		w.settle()
	}
}

// postPair posts the receive and the write of receiveDuringWrite, each
// from a goroutine of its own straight into the provider, and reports
// whether the receive started while the write was inside the provider.
func (w *world) postPair(s model.Side, qp model.Ref, r, target *region) bool {
	rw := w.m.Post(qp, model.Receive, slotLen, false)
	ww := w.m.Post(qp, model.Write, 4096, false)
	ww.Target = target.mr
	w.step("%s: NdkReceive #%d and NdkWrite #%d on %s at once", s, rw.ID, ww.ID, w.m.Name(qp))
	Q := w.handles[qp].(ndk.QP)
	type post struct {
		st         ndk.Status
		start, end time.Time
		panic      string
	}
	call := func(res *post, fn func() ndk.Status) {
		defer func() {
			if p := recover(); p != nil {
				res.panic = fmt.Sprintf("%v\n%s", p, debug.Stack())
			}
		}()
		res.start = time.Now()
		res.st = fn()
		res.end = time.Now()
	}
	var rp, wp post
	writing := make(chan struct{})
	done := make(chan struct{}, 2)
	go func() {
		defer func() { done <- struct{}{} }()
		close(writing)
		call(&wp, func() ndk.Status {
			return Q.Write(ww.ID, []ndk.SGE{r.sge(slots, 4096)}, target.va+slots+writeMax, target.remote, 0)
		})
	}()
	go func() {
		defer func() { done <- struct{}{} }()
		<-writing
		// While the write is in the provider, if it stays: a spin, since
		// a sleep this short lasts a millisecond where timers are coarse.
		for t0 := time.Now(); time.Since(t0) < 100*time.Microsecond; {
			runtime.Gosched()
		}
		call(&rp, func() ndk.Status {
			return Q.Receive(rw.ID, []ndk.SGE{r.sge(rw.ID%(slots/slotLen)*slotLen, slotLen)})
		})
	}()
	timeout := suite.After(w.wait())
	note := w.d.Waiting("NdkReceive and NdkWrite posted at once on "+w.m.Name(qp)+" to return", w.wait())
	defer note.End()
	for range 2 {
		select {
		case <-done:
		case <-timeout:
			w.fail(w.hung(&model.Finding{Rules: "LT-12 LT-13", Call: "NdkReceive and NdkWrite at once", Object: w.m.Name(qp), Side: s.String(),
				Expected: "both calls return within " + w.wait().String(), Observed: "one did not return"}))
			return true
		}
	}
	for _, p := range []struct {
		call string
		p    *post
	}{{"NdkReceive", &rp}, {"NdkWrite", &wp}} {
		if p.p.panic != "" {
			w.fail(&model.Finding{Call: p.call, Object: w.m.Name(qp), Side: s.String(), Expected: "the call returns", Observed: "the provider panicked: " + p.p.panic})
		}
	}
	w.note(" -> %v, %v", rp.st, wp.st)
	w.fail(w.m.Posted(rw, rp.st))
	w.fail(w.m.Posted(ww, wp.st))
	for _, p := range []struct {
		call string
		st   ndk.Status
	}{{"NdkReceive", rp.st}, {"NdkWrite", wp.st}} {
		if p.st != ndk.StatusSuccess {
			w.fail(&model.Finding{Rules: "WR-5 LT-7", Call: p.call, Object: w.m.Name(qp), Side: s.String(),
				Expected: "STATUS_SUCCESS for a post on a connected QP with room, made while a post on its other queue is in progress", Observed: p.st.String()})
		}
	}
	return !rp.start.Before(wp.start) && !rp.start.After(wp.end)
}

// createMW creates a memory window on a PD.
func (w *world) createMW(t *rapid.T) {
	s := w.drawSide(t)
	pd := pick(t, "open PD", w.objects(s, model.PD, (*model.Object).Open))
	P := w.handles[pd].(ndk.PD)
	obj := w.create(s, "NdkCreateMw", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) { return P.CreateMW(done, nil) })
	if obj == nil {
		t.Skip("no resources")
	}
	r := w.m.Add(s, model.MW, pd)
	w.handles[r] = obj
	w.step("%s: create %s on %s", s, w.m.Name(r), w.m.Name(pd))
}

// pollCQs reads the completions of every CQ the consumer still uses.
func (w *world) pollCQs() {
	buf := make([]ndk.Result, 16)
	for _, s := range []model.Side{model.A, model.B} {
		for _, cq := range w.m.Objects(s, model.CQ, (*model.Object).Open) {
			if w.closed(cq) {
				continue
			}
			C := w.handles[cq].(ndk.CQ)
			for {
				n := C.GetResults(buf)
				if n < 0 || n > len(buf) {
					w.fail(&model.Finding{Rules: "CQ-13", Call: "NdkGetCqResults", Object: w.m.Name(cq), Side: s.String(), Expected: fmt.Sprintf("at most the %d entries of the array", len(buf)), Observed: fmt.Sprint(n)})
					return
				}
				for _, res := range buf[:n] {
					id, _ := res.RequestContext.(int)
					w.note(" [%s: #%d %v]", w.m.Name(cq), id, res.Status)
					w.fail(w.m.Result(cq, id, res.Status))
					if box, ok := res.QPContext.(*model.Ref); ok && id > 0 {
						if want := w.m.WR(id).QP; *box != want {
							w.fail(&model.Finding{Rules: "QP-3", Call: "NdkGetCqResults", Object: w.m.Name(cq), Side: s.String(), Expected: "the QPContext of " + w.m.Name(want), Observed: "that of " + w.m.Name(*box)})
						}
					} else if id > 0 {
						w.fail(&model.Finding{Rules: "QP-3", Call: "NdkGetCqResults", Object: w.m.Name(cq), Side: s.String(), Expected: "the QP's QPContext in every result", Observed: fmt.Sprintf("%v", res.QPContext)})
					}
				}
				if n < len(buf) {
					break
				}
			}
		}
	}
}

// checkLanded checks, once an NdkDisconnect completed with success, that
// the writes it followed are all in the peer's memory (DS-5).
func (w *world) checkLanded(op *model.Op) {
	for _, wr := range w.m.Landed(op) {
		p, ok := w.writes[wr.ID]
		if !ok {
			continue
		}
		if err := w.d.PullMemory(p.dst); err != nil {
			panic(err) // the harness cannot see the memory: a provider lost, or a bug of ours
		}
		if bytes.Equal(p.src, p.dst) {
			continue
		}
		n := 0
		for i := range p.src {
			if p.src[i] == p.dst[i] {
				n++
			}
		}
		w.fail(w.m.DS5Finding(op, wr, fmt.Sprintf("%d of its %d bytes there when the disconnect completed", n, len(p.src))))
	}
}

// live are side s's connectors that keep accepts; when there is none, or
// the draw says so, a connection is established first.
func (w *world) live(t *rapid.T, s model.Side, keep func(*model.Object) bool) []model.Ref {
	cs := w.objects(s, model.Connector, keep)
	if len(cs) == 0 || rapid.IntRange(0, 3).Draw(t, "a new connection") == 0 {
		w.establishFrom(t, s)
		cs = w.objects(s, model.Connector, keep)
	}
	return cs
}

// dataPath is one move of the data path: the moves share one key of the
// sequence's actions, so that they do not crowd out the endpoint and
// lifetime moves.
func (w *world) dataPath(t *rapid.T) {
	moves := []func(*rapid.T){w.postReceive, w.postSend, w.postWrite, w.flush, w.receiveDuringWrite, w.waitDisconnect, w.createMW, w.closeBusyQP}
	rapid.SampledFrom(moves).Draw(t, "data path move")(t)
}

// closeBusyQP closes a QP with receives posted, whose CQ is read: the
// close starts flushing them, and each completes, with a failure (LT-26).
func (w *world) closeBusyQP(t *rapid.T) {
	s := w.drawSide(t)
	qp := w.dataQP(t, s, false)
	if w.m.Outstanding(qp, false) == 0 {
		w.receiveOn(t, qp)
	}
	if w.m.Outstanding(qp, false) == 0 || w.m.InCall(qp) || !w.claimClose(qp) {
		return
	}
	w.step("%s: NdkCloseObject %s (%d receives posted)", s, w.m.Name(qp), w.m.Outstanding(qp, false))
	h := w.handles[qp]
	w.issue(w.m.Close(qp), &call{}, func(c *call) ndk.Status { return h.Close(w.closeDone(c), nil) })
}

// establish makes a connection in one move: a new listener of one side
// listens on port 0, a connector of the other side connects to it, the
// request is accepted and the connect completed. The data-path moves need
// connections; a random walk makes few.
func (w *world) establish(t *rapid.T) { w.establishFrom(t, w.drawSide(t)) }

// establishFrom establishes a connection from a connector of side s.
func (w *world) establishFrom(t *rapid.T, s model.Side) { w.establishWith(t, s, true, true) }

// establishWith establishes a connection from a new connector of side s to
// a new listener of the other side, the NdkCompleteConnect registering a
// disconnect event callback if activeEvent, the NdkAccept if passiveEvent
// (the parameter is optional: nil, CN-15). It returns the active and the
// passive connector, or 0 for one the handshake did not reach.
func (w *world) establishWith(t *rapid.T, s model.Side, activeEvent, passiveEvent bool) (model.Ref, model.Ref) {
	l := w.newListener(t, s.Other())
	w.listenOn(t, s.Other(), l, w.m.Addr(s.Other(), 0))
	lo := w.m.Obj(l)
	if !lo.Listening || lo.Closing {
		return 0, 0
	}
	c, qp := w.newConnector(t, s), w.drawQP(t, s)
	w.step("%s: NdkConnect %s with %s -> %v", s, w.m.Name(c), w.m.Name(qp), lo.Local)
	C, Q := w.handles[c].(ndk.Connector), w.handles[qp].(ndk.QP)
	src := w.m.Addr(s, 0)
	w.issue(w.m.Connect(c, qp, src, lo.Local, nil, 0, 0), &call{}, func(cl *call) ndk.Status {
		return C.Connect(ndk.ConnectParams{QP: Q, Source: src, Destination: lo.Local}, w.requestDone(cl), nil)
	})
	in := w.objects(s.Other(), model.Connector, func(o *model.Object) bool { return o.Open() && o.Phase == model.Incoming && o.From == l })
	if len(in) == 0 {
		return c, 0
	}
	p, pqp := in[0], w.drawQP(t, s.Other())
	w.step("%s: NdkAccept %s with %s", s.Other(), w.m.Name(p), w.m.Name(pqp))
	P, PQ := w.handles[p].(ndk.Connector), w.handles[pqp].(ndk.QP)
	var onP ndk.DisconnectEventCallback
	if passiveEvent {
		onP = w.onDisconnect(p)
	} else {
		w.note(" (no disconnect event callback)")
	}
	op := w.m.Accept(p, pqp, nil, 0, 0)
	if !passiveEvent {
		w.m.NoDisconnectEvent(p)
	}
	w.issue(op, &call{}, func(cl *call) ndk.Status {
		return P.Accept(ndk.AcceptParams{QP: PQ, OnDisconnect: onP}, w.requestDone(cl), nil)
	})
	if o := w.m.Obj(c); o.Open() && o.Phase == model.Connected {
		w.step("%s: NdkCompleteConnect %s", s, w.m.Name(c))
		var onC ndk.DisconnectEventCallback
		if activeEvent {
			onC = w.onDisconnect(c)
		} else {
			w.note(" (no disconnect event callback)")
		}
		op := w.m.CompleteConnect(c)
		if !activeEvent {
			w.m.NoDisconnectEvent(c)
		}
		w.issue(op, &call{}, func(cl *call) ndk.Status {
			return C.CompleteConnect(onC, nil, w.requestDone(cl), nil)
		})
	}
	return c, p
}
