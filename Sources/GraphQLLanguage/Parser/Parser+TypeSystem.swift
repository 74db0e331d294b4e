extension Parser {
    func peekDescription() -> Bool { peek(.string) || peek(.blockString) }

    /// Description : StringValue
    mutating func parseDescription() throws(GraphQLError) -> StringValueNode? {
        peekDescription() ? try parseStringLiteral() : nil
    }

    /// SchemaDefinition : Description? schema Directives[Const]? { RootOperationTypeDefinition+ }
    mutating func parseSchemaDefinition() throws(GraphQLError) -> SchemaDefinitionNode {
        let start = lexer.token
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(isConst: true)
        try expectToken(.braceL)
        var operationTypes: [OperationTypeDefinitionNode] = []
        repeat {
            operationTypes.append(try parseOperationTypeDefinition())
        } while try !expectOptionalToken(.braceR)
        return SchemaDefinitionNode(
            description: description, directives: directives, operationTypes: operationTypes,
            loc: location(from: start))
    }

    /// RootOperationTypeDefinition : OperationType : NamedType
    mutating func parseOperationTypeDefinition() throws(GraphQLError) -> OperationTypeDefinitionNode {
        let start = lexer.token
        let operation = try parseOperationType()
        try expectToken(.colon)
        let type = try parseNamedType()
        return OperationTypeDefinitionNode(operation: operation, type: type, loc: location(from: start))
    }

    /// ScalarTypeDefinition : Description? scalar Name Directives[Const]?
    mutating func parseScalarTypeDefinition() throws(GraphQLError) -> ScalarTypeDefinitionNode {
        let start = lexer.token
        let description = try parseDescription()
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        return ScalarTypeDefinitionNode(
            description: description, name: name, directives: directives, loc: location(from: start))
    }

    /// ObjectTypeDefinition :
    ///   Description? type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    mutating func parseObjectTypeDefinition() throws(GraphQLError) -> ObjectTypeDefinitionNode {
        let start = lexer.token
        let description = try parseDescription()
        try expectKeyword("type")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        return ObjectTypeDefinitionNode(
            description: description, name: name, interfaces: interfaces, directives: directives, fields: fields,
            loc: location(from: start))
    }

    /// ImplementsInterfaces :
    ///   - implements `&`? NamedType
    ///   - ImplementsInterfaces & NamedType
    mutating func parseImplementsInterfaces() throws(GraphQLError) -> [NamedTypeNode] {
        guard try expectOptionalKeyword("implements") else { return [] }
        _ = try expectOptionalToken(.amp)
        var interfaces: [NamedTypeNode] = []
        repeat {
            interfaces.append(try parseNamedType())
        } while try expectOptionalToken(.amp)
        return interfaces
    }

    /// FieldsDefinition : { FieldDefinition+ }
    mutating func parseFieldsDefinition() throws(GraphQLError) -> [FieldDefinitionNode] {
        guard try expectOptionalToken(.braceL) else { return [] }
        var fields: [FieldDefinitionNode] = []
        repeat {
            fields.append(try parseFieldDefinition())
        } while try !expectOptionalToken(.braceR)
        return fields
    }

    /// FieldDefinition : Description? Name ArgumentsDefinition? : Type Directives[Const]?
    mutating func parseFieldDefinition() throws(GraphQLError) -> FieldDefinitionNode {
        let start = lexer.token
        let description = try parseDescription()
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        try expectToken(.colon)
        let type = try parseTypeReference()
        let directives = try parseDirectives(isConst: true)
        return FieldDefinitionNode(
            description: description, name: name, arguments: arguments, type: type, directives: directives,
            loc: location(from: start))
    }

    /// ArgumentsDefinition : ( InputValueDefinition+ )
    mutating func parseArgumentsDefinition() throws(GraphQLError) -> [InputValueDefinitionNode] {
        guard try expectOptionalToken(.parenL) else { return [] }
        var arguments: [InputValueDefinitionNode] = []
        repeat {
            arguments.append(try parseInputValueDefinition())
        } while try !expectOptionalToken(.parenR)
        return arguments
    }

    /// InputValueDefinition : Description? Name : Type DefaultValue? Directives[Const]?
    mutating func parseInputValueDefinition() throws(GraphQLError) -> InputValueDefinitionNode {
        let start = lexer.token
        let description = try parseDescription()
        let name = try parseName()
        try expectToken(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptionalToken(.equals) ? try parseValueLiteral(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return InputValueDefinitionNode(
            description: description, name: name, type: type, defaultValue: defaultValue, directives: directives,
            loc: location(from: start))
    }

    /// InterfaceTypeDefinition :
    ///   Description? interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    mutating func parseInterfaceTypeDefinition() throws(GraphQLError) -> InterfaceTypeDefinitionNode {
        let start = lexer.token
        let description = try parseDescription()
        try expectKeyword("interface")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        return InterfaceTypeDefinitionNode(
            description: description, name: name, interfaces: interfaces, directives: directives, fields: fields,
            loc: location(from: start))
    }

    /// UnionTypeDefinition : Description? union Name Directives[Const]? UnionMemberTypes?
    mutating func parseUnionTypeDefinition() throws(GraphQLError) -> UnionTypeDefinitionNode {
        let start = lexer.token
        let description = try parseDescription()
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let types = try parseUnionMemberTypes()
        return UnionTypeDefinitionNode(
            description: description, name: name, directives: directives, types: types, loc: location(from: start))
    }

    /// UnionMemberTypes :
    ///   - = `|`? NamedType
    ///   - UnionMemberTypes | NamedType
    mutating func parseUnionMemberTypes() throws(GraphQLError) -> [NamedTypeNode] {
        guard try expectOptionalToken(.equals) else { return [] }
        _ = try expectOptionalToken(.pipe)
        var types: [NamedTypeNode] = []
        repeat {
            types.append(try parseNamedType())
        } while try expectOptionalToken(.pipe)
        return types
    }

    /// EnumTypeDefinition : Description? enum Name Directives[Const]? EnumValuesDefinition?
    mutating func parseEnumTypeDefinition() throws(GraphQLError) -> EnumTypeDefinitionNode {
        let start = lexer.token
        let description = try parseDescription()
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let values = try parseEnumValuesDefinition()
        return EnumTypeDefinitionNode(
            description: description, name: name, directives: directives, values: values, loc: location(from: start))
    }

    /// EnumValuesDefinition : { EnumValueDefinition+ }
    mutating func parseEnumValuesDefinition() throws(GraphQLError) -> [EnumValueDefinitionNode] {
        guard try expectOptionalToken(.braceL) else { return [] }
        var values: [EnumValueDefinitionNode] = []
        repeat {
            values.append(try parseEnumValueDefinition())
        } while try !expectOptionalToken(.braceR)
        return values
    }

    /// EnumValueDefinition : Description? EnumValue Directives[Const]?
    mutating func parseEnumValueDefinition() throws(GraphQLError) -> EnumValueDefinitionNode {
        let start = lexer.token
        let description = try parseDescription()
        let name = try parseEnumValueName()
        let directives = try parseDirectives(isConst: true)
        return EnumValueDefinitionNode(
            description: description, name: name, directives: directives, loc: location(from: start))
    }

    /// EnumValue : Name but not `true`, `false` or `null`
    mutating func parseEnumValueName() throws(GraphQLError) -> NameNode {
        if peekKeyword("true") || peekKeyword("false") || peekKeyword("null") {
            throw lexer.syntaxError(
                "\(describe(lexer.token)) is reserved and cannot be used for an enum value.", at: lexer.token.start)
        }
        return try parseName()
    }

    /// InputObjectTypeDefinition : Description? input Name Directives[Const]? InputFieldsDefinition?
    mutating func parseInputObjectTypeDefinition() throws(GraphQLError) -> InputObjectTypeDefinitionNode {
        let start = lexer.token
        let description = try parseDescription()
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseInputFieldsDefinition()
        return InputObjectTypeDefinitionNode(
            description: description, name: name, directives: directives, fields: fields, loc: location(from: start))
    }

    /// InputFieldsDefinition : { InputValueDefinition+ }
    mutating func parseInputFieldsDefinition() throws(GraphQLError) -> [InputValueDefinitionNode] {
        guard try expectOptionalToken(.braceL) else { return [] }
        var fields: [InputValueDefinitionNode] = []
        repeat {
            fields.append(try parseInputValueDefinition())
        } while try !expectOptionalToken(.braceR)
        return fields
    }

    /// DirectiveDefinition :
    ///   Description? directive @ Name ArgumentsDefinition? `repeatable`? on DirectiveLocations
    mutating func parseDirectiveDefinition() throws(GraphQLError) -> DirectiveDefinitionNode {
        let start = lexer.token
        let description = try parseDescription()
        try expectKeyword("directive")
        try expectToken(.at)
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        let repeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        let locations = try parseDirectiveLocations()
        return DirectiveDefinitionNode(
            description: description, name: name, arguments: arguments, repeatable: repeatable, locations: locations,
            loc: location(from: start))
    }

    /// DirectiveLocations :
    ///   - `|`? DirectiveLocation
    ///   - DirectiveLocations | DirectiveLocation
    mutating func parseDirectiveLocations() throws(GraphQLError) -> [NameNode] {
        _ = try expectOptionalToken(.pipe)
        var locations: [NameNode] = []
        repeat {
            locations.append(try parseDirectiveLocation())
        } while try expectOptionalToken(.pipe)
        return locations
    }

    /// DirectiveLocation : ExecutableDirectiveLocation | TypeSystemDirectiveLocation
    /// (one of the names of `DirectiveLocation`).
    mutating func parseDirectiveLocation() throws(GraphQLError) -> NameNode {
        let start = lexer.token
        let name = try parseName()
        guard DirectiveLocation(rawValue: name.value) != nil else { throw unexpected(start) }
        return name
    }
}
