import GraphQLLanguage

/// Builds the immutable type objects of a schema from ordered definitions whose
/// names all resolve (``SchemaAssembler`` checked that).
///
/// Default values and directive arguments are coerced while building, against the
/// types built so far: scalars and enums first (they depend on nothing), then input
/// objects on demand, so a default of one input object can use the coerced defaults
/// of another (graphql-js `valueFromAST` fills them in). A class because that
/// on-demand building is a memo shared with the coercer; it never leaves the assembler.
final class NamedTypeBuilder: TypeTable {
    private let definitions: [NamedTypeDefinition]
    private let idByName: [String: TypeID]
    private let directiveDefinitions: [DirectiveDefinition]
    private let scalarCoercions: [String: GraphQLScalarCoercion]
    private(set) var errors: [GraphQLError] = []

    private var built: [GraphQLNamedType?]
    private var inProgress: Set<TypeID> = []

    init(
        definitions: [NamedTypeDefinition], idByName: [String: TypeID], directiveDefinitions: [DirectiveDefinition],
        scalarCoercions: [String: GraphQLScalarCoercion]
    ) {
        self.definitions = definitions
        self.idByName = idByName
        self.directiveDefinitions = directiveDefinitions
        self.scalarCoercions = scalarCoercions
        self.built = Array(repeating: nil, count: definitions.count)
    }

    /// The type with `id`, building it if needed. An input object whose defaults are
    /// being coerced right now (a cycle of defaults) is seen without its defaults.
    subscript(id: TypeID) -> GraphQLNamedType {
        let index = Int(id.index)
        if let type = built[index] { return type }
        if inProgress.contains(id) { return provisional(id) }
        inProgress.insert(id)
        let type = build(definitions[index], id: id)
        inProgress.remove(id)
        built[index] = type
        return type
    }

    func buildTypes() -> [GraphQLNamedType] {
        (0..<definitions.count).map { self[TypeID($0)] }
    }

    private func build(_ definition: NamedTypeDefinition, id: TypeID) -> GraphQLNamedType {
        let name = definition.name
        switch definition.kind {
        case .scalar(let specified):
            let directives = applyDirectives(definition.directives, at: .scalar)
            return .scalar(
                GraphQLScalarType(
                    id: id, name: name, description: definition.description,
                    specifiedByURL: directives.first(named: "specifiedBy")?.arguments["url"]?.stringValue,
                    directives: directives, specified: specified, coercion: scalarCoercions[name] ?? .passThrough,
                    astNode: definition.node, extensionASTNodes: definition.extensionNodes))
        case .object(let fields, let interfaces):
            return .object(
                GraphQLObjectType(
                    id: id, name: name, description: definition.description,
                    fields: fields.map { buildField($0, in: name) }, interfaces: interfaces.compactMap { idByName[$0] },
                    directives: applyDirectives(definition.directives, at: .object), astNode: definition.node,
                    extensionASTNodes: definition.extensionNodes))
        case .interface(let fields, let interfaces):
            return .interface(
                GraphQLInterfaceType(
                    id: id, name: name, description: definition.description,
                    fields: fields.map { buildField($0, in: name) }, interfaces: interfaces.compactMap { idByName[$0] },
                    directives: applyDirectives(definition.directives, at: .interface), astNode: definition.node,
                    extensionASTNodes: definition.extensionNodes))
        case .union(let members):
            return .union(
                GraphQLUnionType(
                    id: id, name: name, description: definition.description, members: members.compactMap { idByName[$0] },
                    directives: applyDirectives(definition.directives, at: .union), astNode: definition.node,
                    extensionASTNodes: definition.extensionNodes))
        case .enumeration(let values):
            return .enumeration(
                GraphQLEnumType(
                    id: id, name: name, description: definition.description, values: values.map(buildEnumValue),
                    directives: applyDirectives(definition.directives, at: .enum), astNode: definition.node,
                    extensionASTNodes: definition.extensionNodes))
        case .inputObject(let fields):
            let directives = applyDirectives(definition.directives, at: .inputObject)
            return .inputObject(
                GraphQLInputObjectType(
                    id: id, name: name, description: definition.description,
                    fields: fields.map { buildInputValue($0, at: .inputFieldDefinition, owner: "\(name).\($0.name)") },
                    isOneOf: directives.first(named: "oneOf") != nil, directives: directives, astNode: definition.node,
                    extensionASTNodes: definition.extensionNodes))
        }
    }

    /// A type seen while it is itself being built (a default value or directive
    /// argument that refers back to it): without directives and default values, which
    /// are what is being computed, so that building never recurses into itself.
    private func provisional(_ id: TypeID) -> GraphQLNamedType {
        let definition = definitions[Int(id.index)]
        let name = definition.name
        switch definition.kind {
        case .scalar(let specified):
            return .scalar(
                GraphQLScalarType(
                    id: id, name: name, description: nil, specifiedByURL: nil, directives: [], specified: specified,
                    coercion: scalarCoercions[name] ?? .passThrough))
        case .enumeration(let values):
            return .enumeration(
                GraphQLEnumType(
                    id: id, name: name, description: nil, values: values.map { GraphQLEnumValue(name: $0.name) },
                    directives: []))
        case .inputObject(let fields):
            return .inputObject(
                GraphQLInputObjectType(
                    id: id, name: name, description: nil,
                    fields: fields.map { GraphQLInputValue(name: $0.name, type: resolve($0.type)) },
                    isOneOf: definition.directives.contains { $0.name == "oneOf" }, directives: []))
        case .object, .interface, .union:
            // Not input types: coercion only needs to see that they are not.
            return .union(GraphQLUnionType(id: id, name: name, description: nil, members: [], directives: []))
        }
    }

    func buildDirectives() -> [GraphQLDirective] {
        directiveDefinitions.map { definition in
            GraphQLDirective(
                name: definition.name, description: definition.description, locations: definition.locations,
                arguments: definition.arguments.map {
                    buildInputValue($0, at: .argumentDefinition, owner: "@\(definition.name)(\($0.name):)")
                },
                isRepeatable: definition.isRepeatable, astNode: definition.node)
        }
    }

    /// `__typename`, `__schema` and `__type(name:)` (spec §4.1).
    func buildMetaFields() -> (typeName: GraphQLField, schema: GraphQLField, type: GraphQLField) {
        let typeName = FieldDefinition(
            name: "__typename", description: "The name of the current Object type at runtime.",
            type: .nonNull(.named("String")))
        let schema = FieldDefinition(
            name: "__schema", description: "Access the current type schema of this server.",
            type: .nonNull(.named("__Schema")))
        let type = FieldDefinition(
            name: "__type", description: "Request the type information of a single type.",
            arguments: [InputValueDefinition(name: "name", type: .nonNull(.named("String")))],
            type: .named("__Type"))
        return (buildField(typeName, in: ""), buildField(schema, in: ""), buildField(type, in: ""))
    }

    private func buildField(_ definition: FieldDefinition, in typeName: String) -> GraphQLField {
        let directives = applyDirectives(definition.directives, at: .fieldDefinition)
        return GraphQLField(
            name: definition.name, description: definition.description,
            arguments: definition.arguments.map {
                buildInputValue($0, at: .argumentDefinition, owner: "\(typeName).\(definition.name)(\($0.name):)")
            },
            type: resolve(definition.type), deprecationReason: deprecationReason(in: directives),
            directives: directives, astNode: definition.node)
    }

    /// `owner` names the argument or input field in messages: `Query.f(x:)`, `In.x`.
    private func buildInputValue(_ definition: InputValueDefinition, at location: DirectiveLocation, owner: String)
        -> GraphQLInputValue
    {
        let directives = applyDirectives(definition.directives, at: location)
        let type = resolve(definition.type)
        var defaultValue: GraphQLValue?
        if let given = definition.defaultValue {
            defaultValue = coerce(given, to: type)
            if defaultValue == nil, case .literal(let node) = given {
                let kind = location == .inputFieldDefinition ? "Input field" : "Argument"
                errors.append(
                    GraphQLError(
                        "\(kind) \"\(owner)\" has invalid default value: \(printValue(node)).", nodes: [node]))
            }
        }
        return GraphQLInputValue(
            name: definition.name, description: definition.description, type: type, defaultValue: defaultValue,
            deprecationReason: deprecationReason(in: directives), directives: directives, astNode: definition.node)
    }

    private func buildEnumValue(_ definition: EnumValueDefinition) -> GraphQLEnumValue {
        let directives = applyDirectives(definition.directives, at: .enumValue)
        return GraphQLEnumValue(
            name: definition.name, description: definition.description,
            deprecationReason: deprecationReason(in: directives), directives: directives, astNode: definition.node)
    }

    private func deprecationReason(in directives: [GraphQLAppliedDirective]) -> String? {
        guard let deprecated = directives.first(named: "deprecated") else { return nil }
        return deprecated.arguments["reason"]?.stringValue ?? "No longer supported"
    }

    /// Resolves a written type; names were checked before, so only nesting deeper than
    /// ``GraphQLTypeRef/maxWrapperDepth`` can fail, which is reported.
    private func resolve(_ expression: TypeExpression) -> GraphQLTypeRef {
        switch expression {
        case .named(let name):
            return .named(idByName[name] ?? TypeID(0))
        case .list(let inner):
            if let ref = GraphQLTypeRef.list(resolve(inner)) { return ref }
        case .nonNull(let inner):
            if let ref = GraphQLTypeRef.nonNull(resolve(inner)) { return ref }
        }
        errors.append(
            GraphQLError(
                "Type \"\(expression.namedTypeName)\" is wrapped in more than \(GraphQLTypeRef.maxWrapperDepth) lists and non-nulls."))
        return .named(idByName[expression.namedTypeName] ?? TypeID(0))
    }

    /// A definition value in its coerced form; `nil` when the literal is invalid.
    private func coerce(_ value: DefinitionValue, to type: GraphQLTypeRef) -> GraphQLValue? {
        switch value {
        case .value(let value): value
        case .literal(let node): LiteralCoercer(types: self, variables: [String: GraphQLValue]?.none).coerce(node, to: type)
        }
    }

    /// Coerces the arguments of directives applied at `location` against their
    /// definitions (graphql-js `getDirectiveValues`), checking that each directive is
    /// known, allowed there, not repeated unless repeatable, and given its required
    /// and only its defined arguments (the SDL rules KnownDirectives,
    /// UniqueDirectivesPerLocation, KnownArgumentNamesOnDirectives,
    /// ProvidedRequiredArgumentsOnDirectives).
    func applyDirectives(_ applied: [AppliedDirectiveDefinition], at location: DirectiveLocation)
        -> [GraphQLAppliedDirective]
    {
        var seen: Set<String> = []
        return applied.compactMap { directive in
            let nodes: [any ASTNode] = directive.node.map { [$0] } ?? []
            guard let definition = directiveDefinitions.first(where: { $0.name == directive.name }) else {
                errors.append(GraphQLError("Unknown directive \"@\(directive.name)\".", nodes: nodes))
                return nil
            }
            guard definition.locations.contains(location) else {
                errors.append(
                    GraphQLError("Directive \"@\(directive.name)\" may not be used on \(location.rawValue).", nodes: nodes))
                return nil
            }
            if !seen.insert(directive.name).inserted, !definition.isRepeatable {
                errors.append(
                    GraphQLError("The directive \"@\(directive.name)\" can only be used once at this location.", nodes: nodes))
            }
            return coerceArguments(of: directive, definition: definition, nodes: nodes)
        }
    }

    private func coerceArguments(
        of directive: AppliedDirectiveDefinition, definition: DirectiveDefinition, nodes: [any ASTNode]
    ) -> GraphQLAppliedDirective {
        for given in directive.arguments where !definition.arguments.contains(where: { $0.name == given.name }) {
            errors.append(
                GraphQLError(
                    "Unknown argument \"\(given.name)\" on directive \"@\(directive.name)\"."
                        + didYouMean(suggestionList(given.name, options: definition.arguments.map(\.name))),
                    nodes: nodes))
        }
        var arguments = GraphQLObjectValue()
        for argument in definition.arguments {
            let type = resolve(argument.type)
            if let given = directive.arguments.first(where: { $0.name == argument.name }) {
                if let value = coerce(given.value, to: type) {
                    arguments.append(key: argument.name, value: value)
                } else {
                    let shown = if case .literal(let node) = given.value { printValue(node) } else { "" }
                    errors.append(GraphQLError("Argument \"\(argument.name)\" has invalid value \(shown).", nodes: nodes))
                }
            } else if let defaultValue = argument.defaultValue, let value = coerce(defaultValue, to: type) {
                arguments.append(key: argument.name, value: value)
            } else if type.isNonNull {
                errors.append(
                    GraphQLError(
                        "Directive \"@\(directive.name)\" argument \"\(argument.name)\" of type \"\(typeString(type))\" is required, but it was not provided.",
                        nodes: nodes))
            }
        }
        return GraphQLAppliedDirective(name: directive.name, arguments: arguments)
    }
}
