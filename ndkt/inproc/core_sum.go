//go:build linux && cgo

package inproc

// coreSum is the SHA-256 of the C sources this package compiles from
// outside its directory (see TestCoreSum): cgo does not rebuild a package
// when a file it #includes from elsewhere changes, so a change to the
// core must change this file too. Update it with
//
//	go test ./ndkt/inproc -run TestCoreSum -update-core-sum
const coreSum = "010b95d9068df9df2a601981bc3326cf546974819e56d59c8ed3717281902696"
