import GraphQLLanguage

/// The SDL validation graphql-js runs before building (`assertValidSDL`), for the
/// rules that concern definitions rather than applied directives: one schema
/// definition, unique operation types, type, directive, field, enum value and
/// argument names, known type names, extensions of defined types of the same
/// kind, unique argument and input field names in values (spec §3). Which
/// directives may be applied where is checked while assembling.
struct SDLChecks {
    let index: SDLDocumentIndex
    var errors: [GraphQLError] = []

    init(index: SDLDocumentIndex) {
        self.index = index
    }

    mutating func run() -> [GraphQLError] {
        checkSchemaDefinitions()
        checkUniqueTypeNames()
        checkUniqueDirectiveNames()
        checkTypeExtensions()
        checkMembers()
        checkKnownTypeNames()
        checkUniqueArgumentsAndInputFields()
        return errors
    }

    /// LoneSchemaDefinition and UniqueOperationTypes.
    private mutating func checkSchemaDefinitions() {
        for extra in index.schemaDefinitions.dropFirst() {
            errors.append(GraphQLError("Must provide only one schema definition.", nodes: [extra]))
        }
        var defined: [OperationType: OperationTypeDefinitionNode] = [:]
        let operationTypes = index.schemaDefinitions.flatMap(\.operationTypes)
            + index.schemaExtensions.flatMap(\.operationTypes)
        for operationType in operationTypes {
            if let existing = defined[operationType.operation] {
                errors.append(
                    GraphQLError(
                        "There can be only one \(operationType.operation.rawValue) type in schema.",
                        nodes: [existing, operationType]))
            } else {
                defined[operationType.operation] = operationType
            }
        }
    }

    /// UniqueTypeNames.
    private mutating func checkUniqueTypeNames() {
        var first: [String: NameNode] = [:]
        for definition in index.typeDefinitions {
            let name = definition.name
            if let existing = first[name.value] {
                errors.append(GraphQLError("There can be only one type named \"\(name.value)\".", nodes: [existing, name]))
            } else {
                first[name.value] = name
            }
        }
    }

    /// UniqueDirectiveNames and UniqueArgumentDefinitionNames on directives.
    private mutating func checkUniqueDirectiveNames() {
        var first: [String: NameNode] = [:]
        for directive in index.directiveDefinitions {
            let name = directive.name
            if let existing = first[name.value] {
                errors.append(
                    GraphQLError("There can be only one directive named \"@\(name.value)\".", nodes: [existing, name]))
            } else {
                first[name.value] = name
            }
            checkUniqueArguments(directive.arguments, owner: "@\(name.value)")
        }
    }

    /// PossibleTypeExtensions.
    private mutating func checkTypeExtensions() {
        let definitions = index.definitionsByName
        for ext in index.typeExtensions {
            let name = ext.name.value
            guard let definition = definitions[name] else {
                let known = Array(definitions.keys).sorted() + SDLChecks.standardTypeNames
                errors.append(
                    GraphQLError(
                        "Cannot extend type \"\(name)\" because it is not defined."
                            + didYouMean(suggestionList(name, options: known)),
                        nodes: [ext.name]))
                continue
            }
            let kind = Self.kindName(ext)
            if kind != Self.kindName(definition) {
                errors.append(GraphQLError("Cannot extend non-\(kind) type \"\(name)\".", nodes: [definition, ext]))
            }
        }
    }

    /// UniqueFieldDefinitionNames, UniqueEnumValueNames, UniqueArgumentDefinitionNames,
    /// across each definition and its extensions.
    private mutating func checkMembers() {
        var seenTypes: Set<String> = []
        for definition in index.typeDefinitions where seenTypes.insert(definition.name.value).inserted {
            let typeName = definition.name.value
            let extensions = index.extensions(of: typeName)
            switch definition {
            case .object(let node):
                var fields = node.fields
                for case .object(let ext) in extensions { fields += ext.fields }
                checkUniqueFields(fields.map(\.name), typeName: typeName)
                for field in fields { checkUniqueArguments(field.arguments, owner: "\(typeName).\(field.name.value)") }
            case .interface(let node):
                var fields = node.fields
                for case .interface(let ext) in extensions { fields += ext.fields }
                checkUniqueFields(fields.map(\.name), typeName: typeName)
                for field in fields { checkUniqueArguments(field.arguments, owner: "\(typeName).\(field.name.value)") }
            case .inputObject(let node):
                var fields = node.fields
                for case .inputObject(let ext) in extensions { fields += ext.fields }
                checkUniqueFields(fields.map(\.name), typeName: typeName)
            case .enum(let node):
                var values = node.values
                for case .enum(let ext) in extensions { values += ext.values }
                var first: [String: NameNode] = [:]
                for value in values {
                    if let existing = first[value.name.value] {
                        errors.append(
                            GraphQLError(
                                "Enum value \"\(typeName).\(value.name.value)\" can only be defined once.",
                                nodes: [existing, value.name]))
                    } else {
                        first[value.name.value] = value.name
                    }
                }
            case .scalar, .union:
                continue
            }
        }
    }

    private mutating func checkUniqueFields(_ names: [NameNode], typeName: String) {
        var first: [String: NameNode] = [:]
        for name in names {
            if let existing = first[name.value] {
                errors.append(
                    GraphQLError("Field \"\(typeName).\(name.value)\" can only be defined once.", nodes: [existing, name]))
            } else {
                first[name.value] = name
            }
        }
    }

    private mutating func checkUniqueArguments(_ arguments: [InputValueDefinitionNode], owner: String) {
        var first: [String: NameNode] = [:]
        for argument in arguments {
            if let existing = first[argument.name.value] {
                errors.append(
                    GraphQLError(
                        "Argument \"\(owner)(\(argument.name.value):)\" can only be defined once.",
                        nodes: [existing, argument.name]))
            } else {
                first[argument.name.value] = argument.name
            }
        }
    }

    /// The names of the built-in scalars and introspection types, which SDL may use without defining.
    static let standardTypeNames: [String] =
        (SpecifiedScalarDefinitions.all + IntrospectionTypeDefinitions.all).map(\.name)

    private static func kindName(_ node: TypeDefinitionNode) -> String {
        switch node {
        case .scalar: "scalar"
        case .object: "object"
        case .interface: "interface"
        case .union: "union"
        case .enum: "enum"
        case .inputObject: "input object"
        }
    }

    private static func kindName(_ node: TypeExtensionNode) -> String {
        switch node {
        case .scalar: "scalar"
        case .object: "object"
        case .interface: "interface"
        case .union: "union"
        case .enum: "enum"
        case .inputObject: "input object"
        }
    }
}
