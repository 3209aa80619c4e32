//go:build linux && cgo

package inproc

// coreSum is the SHA-256 of the C sources this package compiles from
// outside its directory (see TestCoreSum): cgo does not rebuild a package
// when a file it #includes from elsewhere changes, so a change to the
// core must change this file too. Update it with
//
//	go test ./ndkt/inproc -run TestCoreSum -update-core-sum
const coreSum = "90182b47151a2f3ed8c1327e200a0e54b83ea4fd7473de8193d880eac7e6dec7"
