//go:build linux && cgo

package inproc

// coreSum is the SHA-256 of the C sources this package compiles from
// outside its directory (see TestCoreSum): cgo does not rebuild a package
// when a file it #includes from elsewhere changes, so a change to the
// core must change this file too. Update it with
//
//	go test ./ndkt/inproc -run TestCoreSum -update-core-sum
const coreSum = "701ce676f7783c966914c29f1713fce146ebeeb9a57107da7944a9c805a78c36"
