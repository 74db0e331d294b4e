// The GraphQLValidation module; see ../../ARCHITECTURE.md.
