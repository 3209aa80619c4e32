package conformance_test

import (
	"fmt"

	"github.com/ndkconform/ndkconform/conformance"
	"github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/suite"
)

// A Go provider tested from its own go test: the caller opens the provider
// (here the reference provider, sim) and hands it to the suite, then reads
// the report and the certification verdict.
func Example() {
	opener, err := sim.ParseOptions(map[string]string{"completion": "deferred"})
	if err != nil {
		panic(err)
	}
	p, err := opener.Open()
	if err != nil {
		panic(err)
	}
	defer p.Close()

	res, err := conformance.Run(suite.Config{Provider: p, Driver: "sim", LabelFilter: "LC-14"}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("verdict:", res.Run.Verdict)
	c := res.Run.Counts()
	fmt.Println("specs passed:", c.Specs.Passed == c.Specs.Selected && c.Specs.Passed > 0)
	for _, rr := range res.Run.Rules {
		if rr.Rule.ID == "LC-14" {
			fmt.Println("LC-14:", rr.Verdict)
		}
	}
	// A run of a few specs certifies nothing.
	fmt.Println("certified:", res.Certification.Certified)
	// Output:
	// verdict: pass
	// specs passed: true
	// LC-14: passed
	// certified: false
}
