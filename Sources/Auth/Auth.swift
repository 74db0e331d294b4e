// The Auth module; see ../../ARCHITECTURE.md.
