package suite

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/onsi/ginkgo/v2"
)

// Registered memory, where a spec reads or writes it.

var helperPullMemory helperMark

// PullMemory makes b, part of a buffer registered (or mapped) with the
// provider, hold what the provider's memory holds now: a spec calls it
// before it reads bytes the data path may have written (a receive, a
// read, the peer's write). In process it does nothing; for a provider whose
// memory is a copy kept elsewhere (ndk.MemoryMirror: drivers/remote) it
// fetches the copy, so that the spec checks the bytes that really moved.
func PullMemory(b []byte) {
	helperPullMemory.mark()
	if m, ok := current().provider.(ndk.MemoryMirror); ok {
		if err := m.PullMemory(b); err != nil {
			abortIfLost(err)
			ginkgo.Fail(fmt.Sprintf("harness: cannot read the provider's copy of registered memory: %v", err))
		}
	}
}

var helperPushMemory helperMark

// PushMemory makes the provider's memory hold b, part of a buffer
// registered (or mapped) with it, after the spec wrote b: the source of a
// send or a write, memory the peer reads. In process it does nothing (see
// PullMemory).
func PushMemory(b []byte) {
	helperPushMemory.mark()
	if m, ok := current().provider.(ndk.MemoryMirror); ok {
		if err := m.PushMemory(b); err != nil {
			abortIfLost(err)
			ginkgo.Fail(fmt.Sprintf("harness: cannot write the provider's copy of registered memory: %v", err))
		}
	}
}

var helperMRBytes helperMark

// Bytes is the registered buffer as the provider's memory holds it now
// (PullMemory of Buf).
func (m *MR) Bytes() []byte {
	helperMRBytes.mark()
	PullMemory(m.Buf)
	return m.Buf
}

var helperMRStore helperMark

// Store writes b into the registered buffer at off and makes the
// provider's memory hold it (PushMemory).
func (m *MR) Store(off int, b []byte) {
	helperMRStore.mark()
	copy(m.Buf[off:], b)
	PushMemory(m.Buf[off : off+len(b)])
}

// PullMemory is PullMemory for a spec that drives the provider itself: it
// returns the error instead of failing the spec.
func (d Direct) PullMemory(b []byte) error {
	if m, ok := d.Provider.(ndk.MemoryMirror); ok {
		return m.PullMemory(b)
	}
	return nil
}
