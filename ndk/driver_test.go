package ndk

import (
	"errors"
	"net/netip"
	"testing"
)

type nopProvider struct{}

func (nopProvider) Sides() (a, b Side)                       { return }
func (nopProvider) OpenAdapter(netip.Addr) (Adapter, Status) { return nil, StatusNotSupported }
func (nopProvider) Close() error                             { return nil }

// legacyDriver has no OptionParser: it opens in one step.
type legacyDriver struct {
	opts  []Option
	opens *int
}

func (d legacyDriver) Options() []Option { return d.opts }
func (legacyDriver) Usable() error       { return nil }
func (d legacyDriver) Open(opts map[string]string) (Provider, error) {
	*d.opens++
	return nopProvider{}, nil
}

// parsingDriver parses its options once.
type parsingDriver struct {
	legacyDriver
	parses *int
}

type parsed struct{ size string }

func (p parsed) Open() (Provider, error) { return nopProvider{}, nil }

func (d parsingDriver) ParseOptions(opts map[string]string) (Opener, error) {
	*d.parses++
	if opts["size"] == "bad" {
		return nil, errors.New("invalid size=bad")
	}
	return parsed{opts["size"]}, nil
}

func TestParseOptions(t *testing.T) {
	var opens, parses int
	opts := []Option{{Name: "size"}, {Name: "mode"}}
	pd := parsingDriver{legacyDriver{opts, &opens}, &parses}

	// Unknown keys: the same message for every driver, naming the valid keys.
	for _, d := range []Driver{pd, legacyDriver{opts, &opens}} {
		_, err := ParseOptions(d, map[string]string{"zeta": "1", "alpha": "2", "size": "1"})
		if want := "unknown option alpha, zeta (valid: size, mode)"; err == nil || err.Error() != want {
			t.Errorf("%T: ParseOptions error %v, want %q", d, err, want)
		}
	}
	if _, err := ParseOptions(legacyDriver{nil, &opens}, map[string]string{"x": "1"}); err == nil ||
		err.Error() != "unknown option x (this driver takes no options)" {
		t.Errorf("a driver with no options: %v", err)
	}
	if parses != 0 || opens != 0 {
		t.Fatalf("options refused for their keys were parsed (%d) or opened (%d)", parses, opens)
	}

	// A parsing driver: parsed once, its values validated, opened from
	// what was parsed, never through Open(opts).
	o, err := ParseOptions(pd, map[string]string{"size": "7"})
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := o.(parsed); !ok || p.size != "7" {
		t.Errorf("ParseOptions returned %#v, want the driver's parsed options", o)
	}
	if _, err := o.Open(); err != nil || parses != 1 || opens != 0 {
		t.Errorf("Open: %v; parsed %d times, Open(opts) %d times; want once and never", err, parses, opens)
	}
	if _, err := ParseOptions(pd, map[string]string{"size": "bad"}); err == nil || err.Error() != "invalid size=bad" {
		t.Errorf("a bad value: %v", err)
	}

	// A driver without OptionParser opens through Open(opts).
	o, err = ParseOptions(legacyDriver{opts, &opens}, map[string]string{"mode": "x"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.Open(); err != nil || opens != 1 {
		t.Errorf("legacy Open: %v, Open(opts) called %d times, want once", err, opens)
	}
}
