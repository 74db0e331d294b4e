// The Postgres module; see ../../ARCHITECTURE.md.
