// Package conformance is ndkconform as a Go library: a vendor with a
// provider written in Go (or a test of an agent that serves one) runs the
// whole conformance suite from its own go test, without the CLI, and gets
// the same report and certification verdict the CLI writes.
//
//	p := myprovider.New(...)
//	defer p.Close()
//	res := conformance.Test(t, suite.Config{Provider: p})
//	// res.Run: every spec and every catalog rule with its outcome;
//	// res.Certification: CERTIFIED or not, and the verdict's scope.
//
// As csi-sanity's GinkgoTest, the suite is a Ginkgo suite: it runs once per
// process (a limit of Ginkgo's), with every spec of package specs, in the
// calling process (a provider that crashes the process takes the test down
// with it; the CLI runs the suite in child processes to survive that).
package conformance

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	_ "github.com/ndkconform/ndkconform/specs" // every spec of the suite
	"github.com/ndkconform/ndkconform/suite"
)

// Result is a conformance run as the reports see it.
type Result struct {
	// Run is the report: every selected spec, every catalog rule with its
	// outcome, the verdict (the waivers applied).
	Run reports.Run
	// Certification is the certification verdict of the run, its scope
	// and its limits (see outcome.Certify): a run that selected fewer specs
	// than all is never certified.
	Certification outcome.Certification
}

// Run runs the suite as cfg says: against cfg.Provider when it is set (the
// caller opened it and closes it), else against the registered driver
// cfg.Driver. waivers (nil for none) waive rules as the CLI's --waivers
// does. It returns a suite.UsageError, before running anything, for a
// configuration that cannot run.
func Run(cfg suite.Config, waivers outcome.Waivers) (Result, error) {
	start := time.Now()
	res, err := suite.Run(&failFlag{}, cfg)
	end := time.Now()
	if err != nil {
		return Result{}, err
	}
	meta := reports.Meta{
		Tool:          "ndkconform",
		Version:       "library",
		Command:       fmt.Sprintf("conformance.Run (%s)", res.Provider),
		Driver:        res.Config.Driver,
		DriverOptions: res.Config.DriverOptions,
		SideA:         res.SideA,
		SideB:         res.SideB,
		Adapter:       res.Adapter,
		Start:         start,
		End:           end,
	}
	r := reports.New(meta, res.Run, waivers)
	return Result{Run: r, Certification: outcome.Certify(r.Result)}, nil
}

// Test runs the suite (see Run, without waivers) as part of a go test: a
// configuration that cannot run fails t at once; a run that did not pass
// fails t with the summary the CLI prints (the failed rules, and per failed
// spec the observation).
func Test(t testing.TB, cfg suite.Config) Result {
	t.Helper()
	res, err := Run(cfg, nil)
	var ue suite.UsageError
	switch {
	case errors.As(err, &ue):
		t.Fatalf("conformance: the configuration cannot run: %v", err)
	case err != nil:
		t.Fatalf("conformance: %v", err)
	}
	if res.Run.Verdict != outcome.VerdictPass {
		var b strings.Builder
		reports.WriteSummary(&b, res.Run, res.Run.End.Sub(res.Run.Start), false)
		t.Errorf("conformance: verdict %s\n%s", res.Run.Verdict, b.String())
	}
	return res
}

// failFlag is the suite.TestingT of Run: the verdict comes from the report.
type failFlag struct{ failed bool }

func (f *failFlag) Fail() { f.failed = true }
