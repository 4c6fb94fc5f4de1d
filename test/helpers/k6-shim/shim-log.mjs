// What the exported script did under the shim, per VU worker: each request as sent (with the
// params k6 would have read), and each check's outcome. The VU worker posts it to the test.
export const shimLog = { requests: [], checks: [] };
