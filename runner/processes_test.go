package runner

import (
	"errors"
	"strconv"
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
)

// optRunsDriver is a driver whose runs at once depend on its options, as
// the remote driver's do on its agents: its option "runs" is the answer
// of the Opener its options parse into.
type optRunsDriver struct{}

type optRunsOpener int

func (o optRunsOpener) ConcurrentRuns() int { return int(o) }
func (optRunsOpener) Open() (ndk.Provider, error) {
	return nil, errors.New("not opened in this test")
}

func (optRunsDriver) Options() []ndk.Option {
	return []ndk.Option{{Name: "runs", Default: "1", Usage: "runs at once"}}
}
func (optRunsDriver) Usable() error { return nil }
func (d optRunsDriver) Open(opts map[string]string) (ndk.Provider, error) {
	o, err := d.ParseOptions(opts)
	if err != nil {
		return nil, err
	}
	return o.Open()
}
func (optRunsDriver) ParseOptions(opts map[string]string) (ndk.Opener, error) {
	n, err := strconv.Atoi(opts["runs"])
	if opts["runs"] == "" {
		n, err = 1, nil
	}
	return optRunsOpener(n), err
}

func init() { ndk.Register("runnertest-optruns", optRunsDriver{}) }

// A run is split over as many processes as the driver's options say
// (ndk.ConcurrentRuns), not only what a driver says whatever its options:
// a run through agents that serve 16 sessions at once is split over 16
// (it ran in one, 172 s against sim's agent on loopback).
func TestProcessesFollowTheOptions(t *testing.T) {
	for _, c := range []struct {
		cfg  suite.Config
		opt  Options
		want int
	}{
		{suite.Config{Driver: "runnertest-optruns", DriverOptions: map[string]string{"runs": "7"}}, Options{}, 7},
		{suite.Config{Driver: "runnertest-optruns"}, Options{}, 1},
		{suite.Config{Driver: "runnertest-optruns", DriverOptions: map[string]string{"runs": "x"}}, Options{}, 1},
		{suite.Config{Driver: "runnertest-optruns", DriverOptions: map[string]string{"runs": "7"}}, Options{Processes: 2}, 2},
		{suite.Config{Driver: "no-such-driver"}, Options{}, 1},
	} {
		if got := processes(c.cfg, c.opt); got != c.want {
			t.Errorf("processes(%s %v, Processes %d) = %d, want %d", c.cfg.Driver, c.cfg.DriverOptions, c.opt.Processes, got, c.want)
		}
	}
}
