// Package syncwriter serializes the writes of goroutines to one writer:
// the standard errors of a run's test processes, copied by goroutines of
// their own (package runner), and a certification's log, written by the
// console and by those copies (ndkconform certify).
package syncwriter

import (
	"io"
	"sync"
)

// Writer passes each Write on to its writer, one at a time.
type Writer struct {
	mu sync.Mutex
	w  io.Writer
}

// New is a Writer that writes to w.
func New(w io.Writer) *Writer { return &Writer{w: w} }

func (l *Writer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// Set makes w the writer the writes that follow go to (a log opened once
// the run began).
func (l *Writer) Set(w io.Writer) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.w = w
}
