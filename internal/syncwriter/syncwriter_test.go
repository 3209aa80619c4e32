package syncwriter

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// Writes from many goroutines arrive whole, each once; Set sends the
// writes that follow elsewhere.
func TestWriter(t *testing.T) {
	var first, second bytes.Buffer
	w := New(&first)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				w.Write([]byte("0123456789\n"))
			}
		})
	}
	wg.Wait()
	if n := strings.Count(first.String(), "0123456789\n"); n != 800 || first.Len() != 800*11 {
		t.Errorf("%d whole lines of %d bytes, want 800", n, first.Len())
	}
	w.Set(&second)
	w.Write([]byte("x"))
	if second.String() != "x" || first.Len() != 800*11 {
		t.Errorf("after Set: %q, %d bytes before", second.String(), first.Len())
	}
}
