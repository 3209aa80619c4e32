// Package disconnect holds the specs of the NetworkDirect disconnect scheme
// (DS-*) and the disconnect rules of the connector reference pages.
package disconnect
