extension Parser {
    /// TypeSystemExtension : SchemaExtension | TypeExtension
    ///
    /// TypeExtension :
    ///   - ScalarTypeExtension
    ///   - ObjectTypeExtension
    ///   - InterfaceTypeExtension
    ///   - UnionTypeExtension
    ///   - EnumTypeExtension
    ///   - InputObjectTypeExtension
    mutating func parseTypeSystemExtension() throws(GraphQLError) -> DefinitionNode {
        let keyword = try lexer.lookahead()
        if keyword.kind == .name {
            if lexer.token(keyword, is: "schema") { return .schemaExtension(try parseSchemaExtension()) }
            if lexer.token(keyword, is: "scalar") { return .typeExtension(.scalar(try parseScalarTypeExtension())) }
            if lexer.token(keyword, is: "type") { return .typeExtension(.object(try parseObjectTypeExtension())) }
            if lexer.token(keyword, is: "interface") {
                return .typeExtension(.interface(try parseInterfaceTypeExtension()))
            }
            if lexer.token(keyword, is: "union") { return .typeExtension(.union(try parseUnionTypeExtension())) }
            if lexer.token(keyword, is: "enum") { return .typeExtension(.enum(try parseEnumTypeExtension())) }
            if lexer.token(keyword, is: "input") {
                return .typeExtension(.inputObject(try parseInputObjectTypeExtension()))
            }
        }
        throw unexpected(keyword)
    }

    /// SchemaExtension :
    ///   - extend schema Directives[Const]? { RootOperationTypeDefinition+ }
    ///   - extend schema Directives[Const] [lookahead != `{`]
    mutating func parseSchemaExtension() throws(GraphQLError) -> SchemaExtensionNode {
        let start = lexer.token
        try expectKeyword("extend")
        try expectKeyword("schema")
        let directives = try parseDirectives(isConst: true)
        var operationTypes: [OperationTypeDefinitionNode] = []
        if try expectOptionalToken(.braceL) {
            repeat {
                operationTypes.append(try parseOperationTypeDefinition())
            } while try !expectOptionalToken(.braceR)
        }
        if directives.isEmpty && operationTypes.isEmpty { throw unexpected() }
        return SchemaExtensionNode(directives: directives, operationTypes: operationTypes, loc: location(from: start))
    }

    /// ScalarTypeExtension : extend scalar Name Directives[Const]
    mutating func parseScalarTypeExtension() throws(GraphQLError) -> ScalarTypeExtensionNode {
        let start = lexer.token
        try expectKeyword("extend")
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        if directives.isEmpty { throw unexpected() }
        return ScalarTypeExtensionNode(name: name, directives: directives, loc: location(from: start))
    }

    /// ObjectTypeExtension :
    ///   - extend type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition
    ///   - extend type Name ImplementsInterfaces? Directives[Const]
    ///   - extend type Name ImplementsInterfaces
    mutating func parseObjectTypeExtension() throws(GraphQLError) -> ObjectTypeExtensionNode {
        let start = lexer.token
        try expectKeyword("extend")
        try expectKeyword("type")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        if interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
        return ObjectTypeExtensionNode(
            name: name, interfaces: interfaces, directives: directives, fields: fields, loc: location(from: start))
    }

    /// InterfaceTypeExtension :
    ///   - extend interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition
    ///   - extend interface Name ImplementsInterfaces? Directives[Const]
    ///   - extend interface Name ImplementsInterfaces
    mutating func parseInterfaceTypeExtension() throws(GraphQLError) -> InterfaceTypeExtensionNode {
        let start = lexer.token
        try expectKeyword("extend")
        try expectKeyword("interface")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        if interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
        return InterfaceTypeExtensionNode(
            name: name, interfaces: interfaces, directives: directives, fields: fields, loc: location(from: start))
    }

    /// UnionTypeExtension :
    ///   - extend union Name Directives[Const]? UnionMemberTypes
    ///   - extend union Name Directives[Const]
    mutating func parseUnionTypeExtension() throws(GraphQLError) -> UnionTypeExtensionNode {
        let start = lexer.token
        try expectKeyword("extend")
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let types = try parseUnionMemberTypes()
        if directives.isEmpty && types.isEmpty { throw unexpected() }
        return UnionTypeExtensionNode(name: name, directives: directives, types: types, loc: location(from: start))
    }

    /// EnumTypeExtension :
    ///   - extend enum Name Directives[Const]? EnumValuesDefinition
    ///   - extend enum Name Directives[Const]
    mutating func parseEnumTypeExtension() throws(GraphQLError) -> EnumTypeExtensionNode {
        let start = lexer.token
        try expectKeyword("extend")
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let values = try parseEnumValuesDefinition()
        if directives.isEmpty && values.isEmpty { throw unexpected() }
        return EnumTypeExtensionNode(name: name, directives: directives, values: values, loc: location(from: start))
    }

    /// InputObjectTypeExtension :
    ///   - extend input Name Directives[Const]? InputFieldsDefinition
    ///   - extend input Name Directives[Const]
    mutating func parseInputObjectTypeExtension() throws(GraphQLError) -> InputObjectTypeExtensionNode {
        let start = lexer.token
        try expectKeyword("extend")
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseInputFieldsDefinition()
        if directives.isEmpty && fields.isEmpty { throw unexpected() }
        return InputObjectTypeExtensionNode(
            name: name, directives: directives, fields: fields, loc: location(from: start))
    }
}
