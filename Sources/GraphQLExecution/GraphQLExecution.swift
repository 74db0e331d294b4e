// The GraphQLExecution module; see ../../ARCHITECTURE.md.
