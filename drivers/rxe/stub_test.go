//go:build !rxe || !cgo

package rxe

import (
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
)

// The default build registers the driver, unusable, saying how to enable it.
func TestStubListedButUnusable(t *testing.T) {
	d, err := ndk.Lookup("rxe")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range d.Options() {
		names = append(names, o.Name)
	}
	if got := strings.Join(names, ","); got != "device,address,netdev,disconnect-timeout,faults" {
		t.Errorf("options %s, want device,address,netdev,disconnect-timeout,faults", got)
	}
	err = d.Usable()
	if err == nil || !strings.Contains(err.Error(), "go build -tags rxe") || !strings.Contains(err.Error(), "librdmacm-dev") {
		t.Errorf("Usable() = %v, want the reason and the build command", err)
	}
	if _, err := d.Open(map[string]string{"device": "rxe0"}); err == nil || err.Error() != d.Usable().Error() {
		t.Errorf("Open = %v, want the same error as Usable", err)
	}
	if _, err := d.Open(map[string]string{"bogus": "1"}); err == nil || !strings.Contains(err.Error(), "valid: device, address, netdev, disconnect-timeout, faults") {
		t.Errorf("Open with an unknown option = %v", err)
	}
}
