package sim

import (
	"bytes"
	"strconv"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// watchLanding posts a Write (or a Read) of n bytes in chunks of chunk and
// snapshots its target under the fabric's lock until it completes. It
// returns the snapshots that saw the target partly written, as the number
// of chunks landed at the front and whether the last chunk had landed.
func watchLanding(t *testing.T, variant string, read bool) (partial [][2]int, final []byte, want []byte) {
	t.Helper()
	const n, chunk = 1 << 20, 64 << 10
	e := openEnv(t, map[string]string{OptCompletion: CompletionInline, OptDMAChunk: strconv.Itoa(chunk), OptVariant: variant})
	f := e.p.(*provider).f
	p := newPair(t, e)
	src, dst := make([]byte, n), make([]byte, n)
	for i := range src {
		src[i] = byte(i%251) + 1 // never 0, the old value
	}
	al := regMR(t, p.A.pd, src, 0x100000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagRDMAReadSink).LocalToken()
	rb := regMR(t, p.B.pd, dst, 0x400000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite|ndk.MRFlagAllowRemoteRead).RemoteToken()
	target, source := dst, src
	if read {
		// A Read from B's buffer into A's: the source is dst, filled.
		copy(dst, src)
		clear(src)
		target, source = src, dst
		expect(t, "Read", p.c.qa.Read("r", []ndk.SGE{sge(0x100000, n, al)}, 0x400000, rb, 0), ndk.StatusSuccess)
	} else {
		expect(t, "Write", p.c.qa.Write("w", []ndk.SGE{sge(0x100000, n, al)}, 0x400000, rb, 0), ndk.StatusSuccess)
	}
	deadline := time.Now().Add(waitFor)
	var r [1]ndk.ResultEx
	for p.A.cq.GetResultsEx(r[:]) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the transfer never completed")
		}
		f.mu.Lock()
		front := 0
		for front < n/chunk && target[front*chunk] != 0 && target[front*chunk+chunk-1] != 0 {
			front++
		}
		last := target[n-1] != 0
		f.mu.Unlock()
		if front > 0 || last {
			lastN := 0
			if last {
				lastN = 1
			}
			partial = append(partial, [2]int{front, lastN})
		}
		time.Sleep(20 * time.Microsecond)
	}
	if r[0].Status != ndk.StatusSuccess {
		t.Fatalf("transfer completed with %v", r[0].Status)
	}
	return partial, target, source
}

func TestChunkedDMALandsInOrder(t *testing.T) {
	for _, read := range []bool{false, true} {
		partial, got, want := watchLanding(t, "", read)
		if !bytes.Equal(got, want) {
			t.Errorf("read=%v: the target does not hold the source after the transfer", read)
		}
		if len(partial) == 0 {
			t.Errorf("read=%v: no snapshot saw the target partly written", read)
		}
		for _, s := range partial {
			if s[1] == 1 && s[0] < 16 {
				t.Errorf("read=%v: the last byte landed with only %d of 16 chunks in front", read, s[0])
			}
		}
	}
}

func TestLastChunkFirstVariant(t *testing.T) {
	for _, read := range []bool{false, true} {
		partial, got, want := watchLanding(t, VariantLastChunkFirst, read)
		if !bytes.Equal(got, want) {
			t.Errorf("read=%v: the target does not hold the source after the transfer", read)
		}
		early := false
		for _, s := range partial {
			early = early || (s[1] == 1 && s[0] < 15)
		}
		if !early {
			t.Errorf("read=%v: no snapshot saw the last byte landed before earlier chunks: %v", read, partial)
		}
	}
}
