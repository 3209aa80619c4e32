package suite

import (
	"net/netip"
	"sort"
)

type netipAddr = netip.Addr

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
