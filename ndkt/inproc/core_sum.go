//go:build linux && cgo

package inproc

// coreSum is the SHA-256 of the C sources this package compiles from
// outside its directory (see TestCoreSum): cgo does not rebuild a package
// when a file it #includes from elsewhere changes, so a change to the
// core must change this file too. Update it with
//
//	go test ./ndkt/inproc -run TestCoreSum -update-core-sum
const coreSum = "c551015b0040ae7730730d50a25506c5cc4509a41465f282338a1f7c040522f5"
