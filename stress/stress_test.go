package stress

import (
	"testing"
	"time"

	_ "github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
)

func openSim(t testing.TB, opts map[string]string) ndk.Provider {
	t.Helper()
	d, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	o, err := ndk.ParseOptions(d, opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := o.Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func TestQuick(t *testing.T) {
	p := openSim(t, map[string]string{})
	res, err := Run(Config{Provider: p, Workers: 4, Only: -1, Seed: 1, Duration: 2 * time.Second, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", res)
	for _, f := range res.Failures {
		t.Error(f)
	}
}
