// Package nilness tells a nil interface value from a non-nil one, a typed
// nil included: a provider that returns a nil *T as an ndk.Object returns a
// non-nil interface that holds nothing.
package nilness

import "reflect"

// IsNil reports whether x is nil or holds a nil pointer, interface, map,
// slice, func or channel.
func IsNil(x any) bool {
	if x == nil {
		return true
	}
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
		return v.IsNil()
	}
	return false
}
