//go:build !unix

package agent_test

import "time"

// processCPU is 0 where getrusage is not at hand: no cpu-ns/op metric.
func processCPU() time.Duration { return 0 }
