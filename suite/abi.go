package suite

import "github.com/ndkconform/ndkconform/ndk"

// ABI is the run's provider as an ndk.ABIReporter, nil when it is none:
// what NDKPI's C ABI showed of the objects and callbacks, which only a
// driver that calls the provider through the C ABI can show
// (drivers/remote's ndkt driver). A spec that needs it and gets nil (or
// ok false from it) reports its rules as not verified (NotVerified).
func (p *Pair) ABI() ndk.ABIReporter {
	r, _ := p.run.provider.(ndk.ABIReporter)
	return r
}

// ID is the adapter's name in violations ("adapter#1").
func (a *Adapter) ID() string { return a.obj.String() }
