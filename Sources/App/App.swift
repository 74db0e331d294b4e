// The App module; see ../../ARCHITECTURE.md.
