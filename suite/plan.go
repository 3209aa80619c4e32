package suite

import (
	"errors"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/ginkgo/v2/types"
)

// Plan is every spec of the suite in the order a Run of cfg takes them,
// as Ginkgo previews it with cfg's filters and seed, without opening the
// driver: the specs the filters select NotRun, those they leave out
// NotSelected (see ProgressRecord.Plan).
//
// Like Run it can run once per process, and not with Run: Ginkgo's preview
// leaves the suite without its top-level nodes (its progress and interrupt
// report nodes) for a run that follows in the same process. The CLI gets
// the plan of its run from another process.
func Plan(cfg Config) ([]outcome.Spec, error) {
	cfg.withDefaults()
	if err := cfg.checkFilters(); err != nil {
		return nil, UsageError{err}
	}
	if !begin(&runState{cfg: cfg}) {
		return nil, errors.New("suite.Plan can run once per process, and not with suite.Run")
	}

	sc, _ := ginkgoConfig(cfg)
	preview := ginkgo.PreviewSpecs(description(cfg), sc)
	specs := []outcome.Spec{}
	for _, sr := range preview.SpecReports {
		if sr.LeafNodeType != types.NodeTypeIt {
			continue
		}
		specs = append(specs, plannedSpec(sr, sr.State.Is(types.SpecStatePassed)))
	}
	return specs, nil
}
