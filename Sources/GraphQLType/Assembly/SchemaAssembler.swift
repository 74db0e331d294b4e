import GraphQLLanguage

/// Turns name-based ``SchemaDefinitions`` into an immutable ``GraphQLSchema``:
/// orders the types, gives each a ``TypeID``, resolves every type reference,
/// coerces default values and applied directives' arguments, and adds the
/// specified scalars, directives and introspection types (spec §3, §4).
///
/// Problems are collected as messages rather than thrown one by one, so a
/// schema author sees them all at once.
struct SchemaAssembler {
    let definitions: SchemaDefinitions
    let scalarCoercions: [String: GraphQLScalarCoercion]
    private(set) var errors: [GraphQLError] = []

    private var definitionByName: [String: NamedTypeDefinition] = [:]
    private var idByName: [String: TypeID] = [:]
    private var orderedDefinitions: [NamedTypeDefinition] = []
    private var directiveDefinitions: [DirectiveDefinition] = []

    init(definitions: SchemaDefinitions, scalarCoercions: [String: GraphQLScalarCoercion] = [:]) {
        self.definitions = definitions
        self.scalarCoercions = scalarCoercions
    }

    /// Builds the schema; `nil` when there were errors (see ``errors``).
    mutating func assemble() -> GraphQLSchema? {
        collectDefinitions()
        assignTypeIDs()
        guard errors.isEmpty else { return nil }
        let builder = NamedTypeBuilder(
            definitions: orderedDefinitions, idByName: idByName, directiveDefinitions: directiveDefinitions,
            scalarCoercions: scalarCoercions)
        let types = builder.buildTypes()
        let directives = builder.buildDirectives()
        let schemaDirectives = builder.applyDirectives(definitions.schemaDirectives, at: .schema)
        let metaFields = builder.buildMetaFields()
        errors += builder.errors
        let roots = rootTypes(in: types)
        guard errors.isEmpty else { return nil }
        return GraphQLSchema(
            description: definitions.description,
            types: types,
            queryType: roots.query,
            mutationType: roots.mutation,
            subscriptionType: roots.subscription,
            directives: directives,
            schemaDirectives: schemaDirectives,
            astNode: definitions.node,
            metaFields: metaFields
        )
    }

    /// The document's definitions plus the built-in ones. A document that redefines a
    /// specified scalar gets the built-in one (as graphql-js does); duplicates of other
    /// names are reported by SDL validation before assembly, here the first one wins.
    private mutating func collectDefinitions() {
        for definition in SpecifiedScalarDefinitions.all + IntrospectionTypeDefinitions.all {
            definitionByName[definition.name] = definition
        }
        for definition in definitions.types where definitionByName[definition.name] == nil {
            definitionByName[definition.name] = definition
        }
        directiveDefinitions = definitions.directives
        for specified in SpecifiedDirectiveDefinitions.all
        where !directiveDefinitions.contains(where: { $0.name == specified.name }) {
            directiveDefinitions.append(specified)
        }
    }

    private mutating func assignTypeIDs() {
        var documentNames: [String] = []
        var listed: Set<String> = []
        for definition in definitions.types where listed.insert(definition.name).inserted {
            documentNames.append(definition.name)
        }
        let order = TypeOrder(
            documentTypes: documentNames, directives: directiveDefinitions, definitions: definitionByName)
        for name in order.unknownNames {
            errors.append(GraphQLError("Unknown type \"\(name)\"."))
        }
        for (index, name) in order.names.enumerated() {
            idByName[name] = TypeID(index)
            if let definition = definitionByName[name] { orderedDefinitions.append(definition) }
        }
    }

    /// Root operation types (spec §3.3.1): named in the schema definition, or by
    /// default the object types called `Query`, `Mutation` and `Subscription`.
    private mutating func rootTypes(
        in types: [GraphQLNamedType]
    ) -> (query: GraphQLObjectType?, mutation: GraphQLObjectType?, subscription: GraphQLObjectType?) {
        let explicit = definitions.queryTypeName != nil || definitions.mutationTypeName != nil
            || definitions.subscriptionTypeName != nil
        func root(_ name: String?, default defaultName: String, operation: String) -> GraphQLObjectType? {
            guard let name = name ?? (explicit ? nil : defaultName) else { return nil }
            guard let id = idByName[name] else {
                if explicit { errors.append(GraphQLError("Unknown type \"\(name)\".")) }
                return nil
            }
            guard let object = types[Int(id.index)].asObject else {
                errors.append(GraphQLError("\(operation) root type must be Object type, it cannot be \(name)."))
                return nil
            }
            return object
        }
        return (
            root(definitions.queryTypeName, default: "Query", operation: "Query"),
            root(definitions.mutationTypeName, default: "Mutation", operation: "Mutation"),
            root(definitions.subscriptionTypeName, default: "Subscription", operation: "Subscription")
        )
    }
}
