// Package lifetime holds the specs of the NDKPI object lifetime rules
// (LT-*), the create/request/close completion rules (CR-*), CQ-2 and CQ-4.
package lifetime
