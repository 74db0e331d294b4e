extension Parser {
    /// Value[Const] :
    ///   - [~Const] Variable
    ///   - IntValue
    ///   - FloatValue
    ///   - StringValue
    ///   - BooleanValue
    ///   - NullValue
    ///   - EnumValue
    ///   - ListValue[?Const]
    ///   - ObjectValue[?Const]
    ///
    /// BooleanValue : one of `true` `false`
    ///
    /// NullValue : `null`
    ///
    /// EnumValue : Name but not `true`, `false` or `null`
    mutating func parseValueLiteral(isConst: Bool) throws(GraphQLError) -> ValueNode {
        let token = lexer.token
        switch token.kind {
        case .bracketL:
            return .list(try parseList(isConst: isConst))
        case .braceL:
            return .object(try parseObject(isConst: isConst))
        case .int:
            try advance()
            return .int(IntValueNode(value: text(of: token), loc: location(from: token)))
        case .float:
            try advance()
            return .float(FloatValueNode(value: text(of: token), loc: location(from: token)))
        case .string, .blockString:
            return .string(try parseStringLiteral())
        case .name:
            try advance()
            if lexer.token(token, is: "true") { return .boolean(BooleanValueNode(value: true, loc: location(from: token))) }
            if lexer.token(token, is: "false") { return .boolean(BooleanValueNode(value: false, loc: location(from: token))) }
            if lexer.token(token, is: "null") { return .null(NullValueNode(loc: location(from: token))) }
            return .enum(EnumValueNode(value: text(of: token), loc: location(from: token)))
        case .dollar:
            if isConst {
                try advance()
                if peek(.name) {
                    throw lexer.syntaxError(
                        "Unexpected variable \"$\(lexer.text(of: lexer.token))\" in constant value.", at: token.start)
                }
                throw unexpected(token)
            }
            return .variable(try parseVariable())
        default:
            throw unexpected()
        }
    }

    /// StringValue, either form; the token's value is already decoded.
    mutating func parseStringLiteral() throws(GraphQLError) -> StringValueNode {
        let token = lexer.token
        let value = lexer.stringValue
        try advance()
        return StringValueNode(value: value, block: token.kind == .blockString, loc: location(from: token))
    }

    /// ListValue[Const] :
    ///   - [ ]
    ///   - [ Value[?Const]+ ]
    mutating func parseList(isConst: Bool) throws(GraphQLError) -> ListValueNode {
        let start = lexer.token
        try enterNesting()
        try expectToken(.bracketL)
        let mark = scratch.values.count
        while try !expectOptionalToken(.bracketR) {
            let value = try parseValueLiteral(isConst: isConst)
            scratch.values.push(value)
        }
        leaveNesting()
        return ListValueNode(values: scratch.values.popArray(from: mark), loc: location(from: start))
    }

    /// ObjectValue[Const] :
    ///   - { }
    ///   - { ObjectField[?Const]+ }
    mutating func parseObject(isConst: Bool) throws(GraphQLError) -> ObjectValueNode {
        let start = lexer.token
        try enterNesting()
        try expectToken(.braceL)
        let mark = scratch.objectFields.count
        while try !expectOptionalToken(.braceR) {
            let field = try parseObjectField(isConst: isConst)
            scratch.objectFields.push(field)
        }
        leaveNesting()
        return ObjectValueNode(fields: scratch.objectFields.popArray(from: mark), loc: location(from: start))
    }

    /// ObjectField[Const] : Name : Value[?Const]
    mutating func parseObjectField(isConst: Bool) throws(GraphQLError) -> ObjectFieldNode {
        let start = lexer.token
        let name = try parseName()
        try expectToken(.colon)
        let value = try parseValueLiteral(isConst: isConst)
        return ObjectFieldNode(name: name, value: value, loc: location(from: start))
    }

    /// Directives[Const] : Directive[?Const]+
    mutating func parseDirectives(isConst: Bool) throws(GraphQLError) -> [DirectiveNode] {
        guard peek(.at) else { return [] }
        let mark = scratch.directives.count
        repeat {
            let directive = try parseDirective(isConst: isConst)
            scratch.directives.push(directive)
        } while peek(.at)
        return scratch.directives.popArray(from: mark)
    }

    /// Directive[Const] : @ Name Arguments[?Const]?
    mutating func parseDirective(isConst: Bool) throws(GraphQLError) -> DirectiveNode {
        let start = try expectToken(.at)
        let name = try parseName()
        let arguments = try parseArguments(isConst: isConst)
        return DirectiveNode(name: name, arguments: arguments, loc: location(from: start))
    }

    /// Type :
    ///   - NamedType
    ///   - ListType
    ///   - NonNullType
    ///
    /// ListType : [ Type ]
    ///
    /// NonNullType : NamedType ! | ListType !
    mutating func parseTypeReference() throws(GraphQLError) -> TypeNode {
        let start = lexer.token
        let type: TypeNode
        if peek(.bracketL) {
            try enterNesting()
            try advance()
            let inner = try parseTypeReference()
            try expectToken(.bracketR)
            leaveNesting()
            type = .list(ListTypeNode(type: inner, loc: location(from: start)))
        } else {
            type = .named(try parseNamedType())
        }
        if try expectOptionalToken(.bang) {
            return .nonNull(NonNullTypeNode(type: type, loc: location(from: start)))
        }
        return type
    }

    /// NamedType : Name
    mutating func parseNamedType() throws(GraphQLError) -> NamedTypeNode {
        let start = lexer.token
        let name = try parseName()
        return NamedTypeNode(name: name, loc: location(from: start))
    }
}
