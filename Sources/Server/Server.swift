// The Server module; see ../../ARCHITECTURE.md.
