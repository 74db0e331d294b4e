// The GraphQLLanguage module; see ../../ARCHITECTURE.md.
