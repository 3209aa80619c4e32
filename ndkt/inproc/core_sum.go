//go:build linux && cgo

package inproc

// coreSum is the SHA-256 of the C sources this package compiles from
// outside its directory (see TestCoreSum): cgo does not rebuild a package
// when a file it #includes from elsewhere changes, so a change to the
// core must change this file too. Update it with
//
//	go test ./ndkt/inproc -run TestCoreSum -update-core-sum
const coreSum = "1bf3e9ed028c9939d66a5301071e3f9822172d6345014d60cb030b948ab92529"
