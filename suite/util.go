package suite

import (
	"net/netip"
)

type netipAddr = netip.Addr
