package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/suite"
	"github.com/onsi/ginkgo/v2/types"
)

// planCmd is the hidden command the child of superviseRun runs to get the
// plan of its run, `__plan RUN-FLAGS`: every spec of the suite in the order
// the run takes them, those its filters select in state passed, as JSON on
// standard output (suite.Plan). It takes a process of its own because
// Ginkgo's preview spoils the run that follows in the same process.
const planCmd = "__plan"

// planTimeout bounds the plan command: it builds the spec tree, nothing
// more.
const planTimeout = 2 * time.Minute

func planMain(args []string, stdout, stderr io.Writer) int {
	fs, o := runFlags()
	if err := parse(fs, args); err != nil {
		return usageError(stderr, "run", err)
	}
	cfg := o.cfg
	if len(o.driverOpts) > 0 {
		cfg.DriverOptions = o.driverOpts
	}
	cfg.Focus = o.focus
	specs, err := suite.Plan(cfg)
	var ue suite.UsageError
	if errors.As(err, &ue) {
		return usageError(stderr, "run", err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	if err := json.NewEncoder(stdout).Encode(specs); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	return exitPass
}

// writePlan writes the plan of a run with args (see planCmd) to the
// progress channel w, before the run starts, so that the parent can tell
// the specs that never started if the child dies. Without a plan the
// parent reports what ended only; a warning says why, unless it is bad
// usage, which the run itself reports next.
func writePlan(w io.Writer, args []string, stderr io.Writer) {
	specs, err := runPlan(args)
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == exitUsage {
		return
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: warning: no plan of the run (if the run dies, its report will lack the specs that never started): %v\n", tool, err)
		return
	}
	suite.WriteProgress(w, suite.ProgressRecord{Event: suite.ProgressPlan, Plan: specs})
}

func runPlan(args []string) ([]types.SpecReport, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), planTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, append([]string{planCmd}, args...)...)
	cmd.Env = childEnv()
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %w: %s", planCmd, err, strings.TrimSpace(errOut.String()))
	}
	var specs []types.SpecReport
	if err := json.Unmarshal(out.Bytes(), &specs); err != nil {
		return nil, fmt.Errorf("%s: %v", planCmd, err)
	}
	return specs, nil
}
