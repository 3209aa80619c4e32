package contract

import (
	"fmt"
	"reflect"
)

// filler sets every settable field of a value to a distinct nonzero
// pattern that keeps the contract's checks: bools (every uint8) 1, every
// Addr a valid IPv6 address, every slice of a message two elements (five
// bytes for a []byte).
type filler struct{ n uint64 }

func (f *filler) next() uint64 {
	f.n++
	return f.n * 0x0101_0101
}

var addrType = reflect.TypeFor[Addr]()

func (f *filler) fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == addrType {
			a := Addr{Family: AFInet6, Port: uint16(f.next()), Scope: uint32(f.next())}
			for i := range a.Addr {
				a.Addr[i] = byte(0x20 + i)
			}
			v.Set(reflect.ValueOf(a))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).Name != "_" {
				f.fill(v.Field(i))
			}
		}
	case reflect.Uint8:
		v.SetUint(1)
	case reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(f.next() & (1<<(8*v.Type().Size()) - 1))
	case reflect.Array:
		for i := range v.Len() {
			v.Index(i).SetUint(uint64(0x40 + i))
		}
	case reflect.Slice:
		n := 2
		if v.Type().Elem().Kind() == reflect.Uint8 {
			n = 5
		}
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			f.fill(v.Index(i))
		}
	}
}

// Example fills m (a *XxxRequest, *XxxReply or event record) with every
// field and part set: every optional present, every slice non-empty. The
// seed corpus and the tests use it.
func Example(m any) {
	new(filler).fill(reflect.ValueOf(m).Elem())
}

// SeedCorpus is the fuzz target's seed corpus (ndkt/test/corpus/decode):
// for every opcode its NDKT_CALL input, empty and full (Example), and for
// every event kind its record, empty and full. File name -> contents.
func SeedCorpus() (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, op := range Opcodes() {
		for _, full := range []bool{false, true} {
			r, _ := NewRequest(op)
			name := fmt.Sprintf("call-%03d-%s-zero.bin", uint32(op), op)
			if full {
				Example(r)
				name = fmt.Sprintf("call-%03d-%s.bin", uint32(op), op)
			}
			b, err := EncodeCall(CallHeader{CallID: uint64(op), WithinCallback: 7}, r)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			out[name] = b
		}
	}
	for _, k := range EventKinds() {
		for _, full := range []bool{false, true} {
			e, _ := NewEvent(k)
			name := fmt.Sprintf("ev-%03d-%s-zero.bin", uint32(k), k)
			if full {
				Example(e)
				name = fmt.Sprintf("ev-%03d-%s.bin", uint32(k), k)
			}
			b, err := EncodeEvent(e)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			out[name] = b
		}
	}
	return out, nil
}
