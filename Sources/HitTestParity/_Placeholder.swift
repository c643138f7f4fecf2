// Placeholder: the parity fuzzer arrives with the fast-engine issue.
