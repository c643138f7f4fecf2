// The C API; see include/hittest/hittest.h.
