package remote

import (
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
)

// A request context stays the consumer's after its Result is taken or its
// post failed (a second Result hands it back again, for the harness to
// judge), for the last maxRetired of them; an id never given, or retired
// longer ago, is an UnknownContext.
func TestRetiredRequestContexts(t *testing.T) {
	c := newCtxs()
	type ctx struct{ n int }
	first := &ctx{1}
	id := c.reqID(first)
	if got := c.reqTake(id); got != first {
		t.Fatalf("first Result: %v, want the posted context", got)
	}
	if got := c.reqTake(id); got != first {
		t.Errorf("second Result of one request: %v, want the posted context again (a second completion, QP-4)", got)
	}
	failed := &ctx{2}
	fid := c.reqID(failed)
	c.reqPosted(fid, ndk.StatusInvalidParameter)
	if got := c.reqTake(fid); got != failed {
		t.Errorf("a Result of a failed post: %v, want its context (DP-4)", got)
	}
	if got := c.reqTake(id + 1000); got != UnknownContext(id+1000) {
		t.Errorf("an id never given: %v, want UnknownContext", got)
	}
	for i := 0; i < maxRetired; i++ {
		c.reqTake(c.reqID(i))
	}
	if got := c.reqTake(id); got != UnknownContext(id) {
		t.Errorf("a context retired %d contexts ago: %v, want UnknownContext", maxRetired, got)
	}
	if c.retired.len() != maxRetired || len(c.retired.order) != maxRetired {
		t.Errorf("%d retired kept (order %d), want %d", c.retired.len(), len(c.retired.order), maxRetired)
	}
}
