// Package endpoints holds the specs of NDKPI listeners, connectors and
// endpoints: endpoint reference counting (LC-*), the address and connection
// statuses of NdkListen, NdkConnect, NdkCreateSharedEndpoint and
// NdkConnectWithSharedEndpoint (CN-1..CN-4), and the connector calls
// (CN-5..CN-14). Rule IDs are those of the NDKPI rules checklist
// (docs/reference/ndkpi/RULES.md) and label every spec.
package endpoints
