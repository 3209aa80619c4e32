package agentv1

import (
	"fmt"
	"strings"
)

// OpName names a call's op for messages ("WriteMemory"), for the agent and
// the remote driver alike.
func OpName(c *Call) string {
	if c.GetOp() == nil {
		return "a call"
	}
	n := fmt.Sprintf("%T", c.Op) // *agentv1.Call_WriteMemory
	if i := strings.LastIndex(n, "Call_"); i >= 0 {
		n = n[i+len("Call_"):]
	}
	return n
}
