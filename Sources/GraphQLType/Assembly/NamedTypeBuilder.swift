import GraphQLLanguage

/// Builds the immutable type objects of a schema from ordered definitions whose
/// names all resolve (``SchemaAssembler`` checked that).
struct NamedTypeBuilder {
    let definitions: [NamedTypeDefinition]
    let idByName: [String: TypeID]
    let directiveDefinitions: [DirectiveDefinition]
    let scalarCoercions: [String: GraphQLScalarCoercion]
    private(set) var errors: [String] = []

    init(
        definitions: [NamedTypeDefinition], idByName: [String: TypeID], directiveDefinitions: [DirectiveDefinition],
        scalarCoercions: [String: GraphQLScalarCoercion]
    ) {
        self.definitions = definitions
        self.idByName = idByName
        self.directiveDefinitions = directiveDefinitions
        self.scalarCoercions = scalarCoercions
    }

    mutating func buildTypes() -> [GraphQLNamedType] {
        var types: [GraphQLNamedType] = []
        types.reserveCapacity(definitions.count)
        for (index, definition) in definitions.enumerated() {
            types.append(build(definition, id: TypeID(index)))
        }
        return types
    }

    private mutating func build(_ definition: NamedTypeDefinition, id: TypeID) -> GraphQLNamedType {
        switch definition.kind {
        case .scalar(let specified):
            let directives = applyDirectives(definition.directives, at: .scalar)
            return .scalar(
                GraphQLScalarType(
                    id: id, name: definition.name, description: definition.description,
                    specifiedByURL: directives.first(named: "specifiedBy")?.arguments["url"]?.stringValue,
                    directives: directives, specified: specified,
                    coercion: scalarCoercions[definition.name] ?? .passThrough))
        case .object(let fields, let interfaces):
            return .object(
                GraphQLObjectType(
                    id: id, name: definition.name, description: definition.description,
                    fields: fields.map { buildField($0) }, interfaces: interfaces.compactMap { idByName[$0] },
                    directives: applyDirectives(definition.directives, at: .object)))
        case .interface(let fields, let interfaces):
            return .interface(
                GraphQLInterfaceType(
                    id: id, name: definition.name, description: definition.description,
                    fields: fields.map { buildField($0) }, interfaces: interfaces.compactMap { idByName[$0] },
                    directives: applyDirectives(definition.directives, at: .interface)))
        case .union(let members):
            return .union(
                GraphQLUnionType(
                    id: id, name: definition.name, description: definition.description,
                    members: members.compactMap { idByName[$0] },
                    directives: applyDirectives(definition.directives, at: .union)))
        case .enumeration(let values):
            return .enumeration(
                GraphQLEnumType(
                    id: id, name: definition.name, description: definition.description,
                    values: values.map { buildEnumValue($0) },
                    directives: applyDirectives(definition.directives, at: .enum)))
        case .inputObject(let fields):
            let directives = applyDirectives(definition.directives, at: .inputObject)
            return .inputObject(
                GraphQLInputObjectType(
                    id: id, name: definition.name, description: definition.description,
                    fields: fields.map { buildInputValue($0, at: .inputFieldDefinition) },
                    isOneOf: directives.first(named: "oneOf") != nil, directives: directives))
        }
    }

    mutating func buildDirectives() -> [GraphQLDirective] {
        directiveDefinitions.map { definition in
            GraphQLDirective(
                name: definition.name, description: definition.description, locations: definition.locations,
                arguments: definition.arguments.map { buildInputValue($0, at: .argumentDefinition) },
                isRepeatable: definition.isRepeatable)
        }
    }

    /// `__typename`, `__schema` and `__type(name:)` (spec §4.1).
    mutating func buildMetaFields() -> (typeName: GraphQLField, schema: GraphQLField, type: GraphQLField) {
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
        return (buildField(typeName), buildField(schema), buildField(type))
    }

    private mutating func buildField(_ definition: FieldDefinition) -> GraphQLField {
        let directives = applyDirectives(definition.directives, at: .fieldDefinition)
        return GraphQLField(
            name: definition.name, description: definition.description,
            arguments: definition.arguments.map { buildInputValue($0, at: .argumentDefinition) },
            type: resolve(definition.type), deprecationReason: deprecationReason(in: directives),
            directives: directives)
    }

    private mutating func buildInputValue(_ definition: InputValueDefinition, at location: DirectiveLocation)
        -> GraphQLInputValue
    {
        let directives = applyDirectives(definition.directives, at: location)
        let type = resolve(definition.type)
        return GraphQLInputValue(
            name: definition.name, description: definition.description, type: type,
            defaultValue: definition.defaultValue.flatMap { coerce($0, to: type) },
            deprecationReason: deprecationReason(in: directives), directives: directives)
    }

    private mutating func buildEnumValue(_ definition: EnumValueDefinition) -> GraphQLEnumValue {
        let directives = applyDirectives(definition.directives, at: .enumValue)
        return GraphQLEnumValue(
            name: definition.name, description: definition.description,
            deprecationReason: deprecationReason(in: directives), directives: directives)
    }

    private func deprecationReason(in directives: [GraphQLAppliedDirective]) -> String? {
        guard let deprecated = directives.first(named: "deprecated") else { return nil }
        return deprecated.arguments["reason"]?.stringValue ?? "No longer supported"
    }

    /// Resolves a written type; names were checked before, so a miss cannot happen
    /// unless nesting exceeds ``GraphQLTypeRef/maxWrapperDepth``, which is reported.
    private mutating func resolve(_ expression: TypeExpression) -> GraphQLTypeRef {
        switch expression {
        case .named(let name):
            return .named(idByName[name] ?? TypeID(0))
        case .list(let inner):
            if let ref = GraphQLTypeRef.list(resolve(inner)) { return ref }
        case .nonNull(let inner):
            if let ref = GraphQLTypeRef.nonNull(resolve(inner)) { return ref }
        }
        errors.append("Type \"\(expression.namedTypeName)\" is wrapped in more than \(GraphQLTypeRef.maxWrapperDepth) lists and non-nulls.")
        return .named(idByName[expression.namedTypeName] ?? TypeID(0))
    }

    /// A definition value in its coerced form.
    private func coerce(_ value: DefinitionValue, to type: GraphQLTypeRef) -> GraphQLValue? {
        switch value {
        case .value(let value): value
        }
    }

    /// Coerces the arguments of directives applied at `location` against their
    /// definitions (graphql-js `getDirectiveValues`).
    mutating func applyDirectives(_ applied: [AppliedDirectiveDefinition], at location: DirectiveLocation)
        -> [GraphQLAppliedDirective]
    {
        var seen: Set<String> = []
        return applied.compactMap { directive in
            guard let definition = directiveDefinitions.first(where: { $0.name == directive.name }) else {
                errors.append("Unknown directive \"@\(directive.name)\".")
                return nil
            }
            guard definition.locations.contains(location) else {
                errors.append("Directive \"@\(directive.name)\" may not be used on \(location.rawValue).")
                return nil
            }
            if !seen.insert(directive.name).inserted, !definition.isRepeatable {
                errors.append("The directive \"@\(directive.name)\" can only be used once at this location.")
            }
            var arguments = GraphQLObjectValue()
            for argument in definition.arguments {
                let type = resolve(argument.type)
                if let given = directive.arguments.first(where: { $0.name == argument.name }),
                    let value = coerce(given.value, to: type)
                {
                    arguments.append(key: argument.name, value: value)
                } else if let defaultValue = argument.defaultValue, let value = coerce(defaultValue, to: type) {
                    arguments.append(key: argument.name, value: value)
                }
            }
            return GraphQLAppliedDirective(name: directive.name, arguments: arguments)
        }
    }
}
