// Package contract is ndkt's IOCTL contract on the Go side: the structs
// of every control code, opcode and event record (contract_gen.go,
// generated from package spec, the one source of truth, as is the C
// header ndkt/include/ndkt_contract.h) and their encoders and decoders.
// The decoders refuse what the C decoder (ndkt/core/decode.c) refuses,
// with the same DecodeStatus. ndkt/CONTRACT.md describes the contract.
//
// It imports nothing of the project: the ndkt driver's transports
// (DeviceIoControl on Windows, the C core in process on Linux) both speak
// these bytes.
package contract

//go:generate go run ./gen
//go:generate go run ./gen/corpus
