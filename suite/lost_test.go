package suite

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/onsi/ginkgo/v2"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
)

const lostContainer = "A loss in a spec's body"

var _ = ginkgo.Describe(lostContainer, ginkgo.Ordered, func() {
	It(Rules{"LT-4"}, "panics with the provider's loss from a call no Op recorded", func() {
		panic(&ndk.LostError{What: "agent 127.0.0.1:1 (sides A and B)", Err: errors.New("the connection to the agent broke")})
	})
	It(Rules{"LT-5"}, "comes after it", func() {})
})

const envLostChild = "NDKCONFORM_SUITE_LOST_CHILD"

// A spec whose body panics with an *ndk.LostError (the remote driver's
// call into a lost agent, not made through an Op) is interrupted by the
// loss, not failed as "panicked", and the specs after it are not run (in
// a child process: Run can run once per process).
func TestLossPanickedInBodyIsNoFailure(t *testing.T) {
	if path := os.Getenv(envLostChild); path != "" {
		res, err := Run(t, Config{Driver: "sim", Timeout: 5 * time.Second, Focus: []string{"^" + lostContainer + " "}, NoColor: true})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(res.Run)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return
	}
	path := filepath.Join(t.TempDir(), "run.json")
	cmd := exec.Command(os.Args[0], "-test.run", "^TestLossPanickedInBodyIsNoFailure$")
	cmd.Env = append(os.Environ(), envLostChild+"="+path)
	out, _ := cmd.CombinedOutput() // the run ends with the loss
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the child wrote no run: %v\n%s", err, out)
	}
	var run outcome.Run
	if err := json.Unmarshal(b, &run); err != nil {
		t.Fatal(err)
	}
	states := map[string]outcome.State{}
	notes := map[string]string{}
	for _, s := range run.Specs {
		if strings.HasPrefix(s.Name, lostContainer) {
			states[s.Name], notes[s.Name] = s.State, s.Note
		}
	}
	panicked := lostContainer + " LT-4: panics with the provider's loss from a call no Op recorded"
	after := lostContainer + " LT-5: comes after it"
	if states[panicked] != outcome.Interrupted || !strings.Contains(notes[panicked], "agent 127.0.0.1:1 (sides A and B) lost") {
		t.Errorf("the spec that panicked with the loss: %v (%q), want %v naming the loss\n%s", states[panicked], notes[panicked], outcome.Interrupted, out)
	}
	if states[after] != outcome.NotRun {
		t.Errorf("the spec after the loss: %v, want %v", states[after], outcome.NotRun)
	}
	if len(states) != 2 {
		t.Errorf("specs of the run: %v, want the two of %q", states, lostContainer)
	}
}
