extension Parser {
    /// Document : Definition+
    mutating func parseDocument() throws(GraphQLError) -> DocumentNode {
        let mark = scratch.definitions.count
        repeat {
            let definition = try parseDefinition()
            scratch.definitions.push(definition)
        } while !peek(.endOfFile)
        return DocumentNode(
            definitions: scratch.definitions.popArray(from: mark), loc: Location(start: 0, end: lexer.bytes.count, line: 1, column: 1))
    }

    /// Definition :
    ///   - ExecutableDefinition
    ///   - TypeSystemDefinition
    ///   - TypeSystemExtension
    ///
    /// ExecutableDefinition : OperationDefinition | FragmentDefinition
    ///
    /// TypeSystemDefinition : SchemaDefinition | TypeDefinition | DirectiveDefinition
    mutating func parseDefinition() throws(GraphQLError) -> DefinitionNode {
        if peek(.braceL) { return .operation(try parseOperationDefinition()) }
        // Type system definitions may start with a description.
        let hasDescription = peekDescription()
        let keyword = hasDescription ? try lexer.lookahead() : lexer.token
        if keyword.kind == .name {
            if lexer.token(keyword, is: "schema") { return .schema(try parseSchemaDefinition()) }
            if lexer.token(keyword, is: "scalar") { return .type(.scalar(try parseScalarTypeDefinition())) }
            if lexer.token(keyword, is: "type") { return .type(.object(try parseObjectTypeDefinition())) }
            if lexer.token(keyword, is: "interface") { return .type(.interface(try parseInterfaceTypeDefinition())) }
            if lexer.token(keyword, is: "union") { return .type(.union(try parseUnionTypeDefinition())) }
            if lexer.token(keyword, is: "enum") { return .type(.enum(try parseEnumTypeDefinition())) }
            if lexer.token(keyword, is: "input") { return .type(.inputObject(try parseInputObjectTypeDefinition())) }
            if lexer.token(keyword, is: "directive") { return .directive(try parseDirectiveDefinition()) }
            if hasDescription {
                throw lexer.syntaxError(
                    "Unexpected description, descriptions are supported only on type definitions.",
                    at: lexer.token.start)
            }
            if lexer.token(keyword, is: "query") || lexer.token(keyword, is: "mutation")
                || lexer.token(keyword, is: "subscription")
            {
                return .operation(try parseOperationDefinition())
            }
            if lexer.token(keyword, is: "fragment") { return .fragment(try parseFragmentDefinition()) }
            if lexer.token(keyword, is: "extend") { return try parseTypeSystemExtension() }
        }
        throw unexpected(keyword)
    }

    /// OperationDefinition :
    ///   - SelectionSet
    ///   - OperationType Name? VariableDefinitions? Directives? SelectionSet
    mutating func parseOperationDefinition() throws(GraphQLError) -> OperationDefinitionNode {
        let start = lexer.token
        if peek(.braceL) {
            let selectionSet = try parseSelectionSet()
            return OperationDefinitionNode(operation: .query, selectionSet: selectionSet, loc: location(from: start))
        }
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : nil
        let variableDefinitions = try parseVariableDefinitions()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinitionNode(
            operation: operation, name: name, variableDefinitions: variableDefinitions, directives: directives,
            selectionSet: selectionSet, loc: location(from: start))
    }

    /// OperationType : one of `query` `mutation` `subscription`
    mutating func parseOperationType() throws(GraphQLError) -> OperationType {
        let token = try expectToken(.name)
        if lexer.token(token, is: "query") { return .query }
        if lexer.token(token, is: "mutation") { return .mutation }
        if lexer.token(token, is: "subscription") { return .subscription }
        throw unexpected(token)
    }

    /// VariableDefinitions : ( VariableDefinition+ )
    mutating func parseVariableDefinitions() throws(GraphQLError) -> [VariableDefinitionNode] {
        guard try expectOptionalToken(.parenL) else { return [] }
        let mark = scratch.variableDefinitions.count
        repeat {
            let definition = try parseVariableDefinition()
            scratch.variableDefinitions.push(definition)
        } while try !expectOptionalToken(.parenR)
        return scratch.variableDefinitions.popArray(from: mark)
    }

    /// VariableDefinition : Variable : Type DefaultValue? Directives[Const]?
    ///
    /// DefaultValue : = Value[Const]
    mutating func parseVariableDefinition() throws(GraphQLError) -> VariableDefinitionNode {
        let start = lexer.token
        let variable = try parseVariable()
        try expectToken(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptionalToken(.equals) ? try parseValueLiteral(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return VariableDefinitionNode(
            variable: variable, type: type, defaultValue: defaultValue, directives: directives,
            loc: location(from: start))
    }

    /// Variable : $ Name
    mutating func parseVariable() throws(GraphQLError) -> VariableNode {
        let start = try expectToken(.dollar)
        let name = try parseName()
        return VariableNode(name: name, loc: location(from: start))
    }

    /// SelectionSet : { Selection+ }
    mutating func parseSelectionSet() throws(GraphQLError) -> SelectionSetNode {
        let start = lexer.token
        try enterNesting()
        try expectToken(.braceL)
        let mark = scratch.selections.count
        repeat {
            let selection = try parseSelection()
            scratch.selections.push(selection)
        } while try !expectOptionalToken(.braceR)
        leaveNesting()
        return SelectionSetNode(selections: scratch.selections.popArray(from: mark), loc: location(from: start))
    }

    /// Selection : Field | FragmentSpread | InlineFragment
    mutating func parseSelection() throws(GraphQLError) -> SelectionNode {
        if peek(.spread) { return try parseFragment() }
        let field = try parseField()
        return .field(consume field)
    }

    /// Field : Alias? Name Arguments? Directives? SelectionSet?
    ///
    /// Alias : Name :
    mutating func parseField() throws(GraphQLError) -> FieldNode {
        let start = lexer.token
        let first = try parseName()
        let alias: NameNode?
        let name: NameNode
        if try expectOptionalToken(.colon) {
            alias = first
            name = try parseName()
        } else {
            alias = nil
            name = first
        }
        let arguments = try parseArguments(isConst: false)
        let directives = try parseDirectives(isConst: false)
        let selectionSet = peek(.braceL) ? try parseSelectionSet() : nil
        let loc = location(from: start)
        return FieldNode(
            alias: alias, name: name, arguments: arguments, directives: directives, selectionSet: selectionSet,
            loc: loc)
    }

    /// Arguments[Const] : ( Argument[?Const]+ )
    mutating func parseArguments(isConst: Bool) throws(GraphQLError) -> [ArgumentNode] {
        guard try expectOptionalToken(.parenL) else { return [] }
        let mark = scratch.arguments.count
        repeat {
            let argument = try parseArgument(isConst: isConst)
            scratch.arguments.push(argument)
        } while try !expectOptionalToken(.parenR)
        return scratch.arguments.popArray(from: mark)
    }

    /// Argument[Const] : Name : Value[?Const]
    mutating func parseArgument(isConst: Bool) throws(GraphQLError) -> ArgumentNode {
        let start = lexer.token
        let name = try parseName()
        try expectToken(.colon)
        let value = try parseValueLiteral(isConst: isConst)
        return ArgumentNode(name: name, value: value, loc: location(from: start))
    }

    /// FragmentSpread : ... FragmentName Directives?
    ///
    /// InlineFragment : ... TypeCondition? Directives? SelectionSet
    mutating func parseFragment() throws(GraphQLError) -> SelectionNode {
        let start = try expectToken(.spread)
        let hasTypeCondition = try expectOptionalKeyword("on")
        if !hasTypeCondition && peek(.name) {
            let name = try parseFragmentName()
            let directives = try parseDirectives(isConst: false)
            return .fragmentSpread(FragmentSpreadNode(name: name, directives: directives, loc: location(from: start)))
        }
        let typeCondition = hasTypeCondition ? try parseNamedType() : nil
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return .inlineFragment(
            InlineFragmentNode(
                typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
                loc: location(from: start)))
    }

    /// FragmentDefinition : fragment FragmentName TypeCondition Directives? SelectionSet
    ///
    /// TypeCondition : on NamedType
    mutating func parseFragmentDefinition() throws(GraphQLError) -> FragmentDefinitionNode {
        let start = lexer.token
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        try expectKeyword("on")
        let typeCondition = try parseNamedType()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return FragmentDefinitionNode(
            name: name, typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
            loc: location(from: start))
    }

    /// FragmentName : Name but not `on`
    mutating func parseFragmentName() throws(GraphQLError) -> NameNode {
        if peekKeyword("on") { throw unexpected() }
        return try parseName()
    }
}
