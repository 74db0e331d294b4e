// The GraphQLType module; see ../../ARCHITECTURE.md.
