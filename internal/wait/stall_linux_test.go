package wait

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// The meter sees the process stopped (SIGSTOP, then SIGCONT from another
// process) as stalled for that long.
func TestMeterSeesAStop(t *testing.T) {
	startMeter()
	time.Sleep(2 * stallTick) // the meter has ticked
	before := Stalled()
	cont := exec.Command("sh", "-c", fmt.Sprintf("sleep 0.5; kill -CONT %d", os.Getpid()))
	if err := cont.Start(); err != nil {
		t.Fatal("cannot start sh to send SIGCONT:", err)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	cont.Wait()
	if got := Stalled() - before; got < 300*time.Millisecond {
		t.Errorf("stopped about 500ms: Stalled() grew by %v", got)
	}
}
