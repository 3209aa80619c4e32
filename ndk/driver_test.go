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

// runsDriver is a driver whose providers share nothing: runs processes.
type runsDriver struct {
	parsingDriver
	runs int
}

func (d runsDriver) ConcurrentRuns() int { return d.runs }

// runsOpener answers for its options: size processes.
type runsOpener struct{ parsed }

func (o runsOpener) ConcurrentRuns() int {
	switch o.size {
	case "0":
		return 0
	case "-3":
		return -3
	}
	return 5
}

// runsParsingDriver parses its options into a runsOpener.
type runsParsingDriver struct{ parsingDriver }

func (d runsParsingDriver) ParseOptions(opts map[string]string) (Opener, error) {
	o, err := d.parsingDriver.ParseOptions(opts)
	if err != nil {
		return nil, err
	}
	return runsOpener{o.(parsed)}, nil
}

func TestConcurrentRuns(t *testing.T) {
	var opens, parses int
	opts := []Option{{Name: "size"}}
	pd := parsingDriver{legacyDriver{opts, &opens}, &parses}
	for _, c := range []struct {
		what string
		d    Driver
		opts map[string]string
		want int
	}{
		{"a driver of real adapters", pd, nil, 1},
		{"a legacy driver", legacyDriver{opts, &opens}, nil, 1},
		{"the driver's answer", runsDriver{pd, 16}, nil, 16},
		{"the driver's answer, at least 1", runsDriver{pd, 0}, nil, 1},
		{"options that do not parse", runsDriver{pd, 16}, map[string]string{"size": "bad"}, 1},
		{"unknown options", runsDriver{pd, 16}, map[string]string{"nope": "1"}, 1},
		{"the options' answer", runsParsingDriver{pd}, map[string]string{"size": "1"}, 5},
		{"the options' answer, at least 1", runsParsingDriver{pd}, map[string]string{"size": "0"}, 1},
		{"the options' answer, negative", runsParsingDriver{pd}, map[string]string{"size": "-3"}, 1},
	} {
		if got := ConcurrentRuns(c.d, c.opts); got != c.want {
			t.Errorf("%s: ConcurrentRuns %d, want %d", c.what, got, c.want)
		}
	}
	if opens != 0 {
		t.Errorf("ConcurrentRuns opened a provider %d times", opens)
	}
}
