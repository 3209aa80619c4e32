package contract

import (
	"bytes"
	"testing"
)

// FuzzDecodeEvent: DecodeEvents never panics, refuses a batch shorter than
// a header, and what it accepts re-encodes to the same bytes (so it
// accepted nothing it does not understand: no pad, bool or count that
// re-encoding would change). Seeds: every event record, empty and full,
// and a batch of all of them.
func FuzzDecodeEvent(f *testing.F) {
	var batch []byte
	for _, k := range EventKinds() {
		for _, full := range []bool{false, true} {
			e, _ := NewEvent(k)
			if full {
				Example(e)
			}
			b, err := EncodeEvent(e)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
			batch = append(batch, b...)
		}
	}
	f.Add(batch)
	f.Fuzz(func(t *testing.T, b []byte) {
		evs, err := DecodeEvents(b)
		if len(b) > 0 && len(b) < EventHeaderSize && err == nil {
			t.Fatalf("%d bytes accepted", len(b))
		}
		if err != nil {
			if evs != nil {
				t.Fatalf("events with an error: %v", err)
			}
			if StatusOf(err) == DecodeOK || StatusOf(err) == DecodeBadArgument {
				t.Fatalf("refused with %v: %v", StatusOf(err), err)
			}
			return
		}
		var again []byte
		for _, e := range evs {
			r, err := EncodeEvent(e)
			if err != nil {
				t.Fatalf("a decoded %s does not encode: %v", e.Kind(), err)
			}
			again = append(again, r...)
		}
		if !bytes.Equal(again, b) {
			t.Fatalf("decoded %x, re-encoded %x", b, again)
		}
	})
}

// FuzzDecodeReply: DecodeReply of any opcode never panics, refuses an
// output shorter than the reply header, and what it accepts re-encodes to
// the same bytes. Seeds: every opcode's reply, empty and full, and a
// protocol error.
func FuzzDecodeReply(f *testing.F) {
	for _, op := range Opcodes() {
		for _, full := range []bool{false, true} {
			r, _ := NewReply(op)
			if full {
				Example(r)
			}
			b, err := EncodeReply(0xc0000001, r)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(uint32(op), b)
		}
		f.Add(uint32(op), EncodeProtocolError(ProtocolErrorUnknownHandle))
	}
	f.Fuzz(func(t *testing.T, op uint32, b []byte) {
		h, r, err := DecodeReply(Opcode(op), b)
		if len(b) < ReplyHeaderSize && err == nil {
			t.Fatalf("%d bytes accepted", len(b))
		}
		if err != nil {
			if r != nil {
				t.Fatalf("a reply with an error: %v", err)
			}
			if StatusOf(err) == DecodeOK || StatusOf(err) == DecodeBadArgument {
				t.Fatalf("refused with %v: %v", StatusOf(err), err)
			}
			return
		}
		var again []byte
		if h.ProtocolError != 0 {
			if r != nil {
				t.Fatal("a reply with a protocol error")
			}
			again = EncodeProtocolError(h.ProtocolError)
		} else if again, err = EncodeReply(h.NTStatus, r); err != nil {
			t.Fatalf("a decoded %s reply does not encode: %v", Opcode(op), err)
		}
		if !bytes.Equal(again, b) {
			t.Fatalf("decoded %x, re-encoded %x", b, again)
		}
	})
}

// FuzzDecodeCall: DecodeCall never panics and what it accepts re-encodes
// to the same bytes. Seeds: the corpus of the C fuzz target.
func FuzzDecodeCall(f *testing.F) {
	seeds, err := SeedCorpus()
	if err != nil {
		f.Fatal(err)
	}
	for _, b := range seeds {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		h, r, err := DecodeCall(b)
		if err != nil {
			if StatusOf(err) == DecodeOK || StatusOf(err) == DecodeBadArgument {
				t.Fatalf("refused with %v: %v", StatusOf(err), err)
			}
			return
		}
		again, err := EncodeCall(h, r)
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("decoded %x, re-encoded %x (%v)", b, again, err)
		}
	})
}
