/// Prints ASTs as canonical GraphQL text, in graphql-js's `print` format:
/// two-space indentation, one selection or field per line, arguments on one
/// line unless it would pass 80 characters, block strings kept as block
/// strings, definitions separated by a blank line. Parsing the output gives
/// the same document back, so parse → print → parse is a fixed point.
public func printAST(_ node: DocumentNode) -> String {
    join(node.definitions.map(printAST), "\n\n")
}

public func printAST(_ node: DefinitionNode) -> String {
    switch node {
    case .operation(let operation): printAST(operation)
    case .fragment(let fragment): printAST(fragment)
    case .schema(let schema): printAST(schema)
    case .type(let type): printAST(type)
    case .directive(let directive): printAST(directive)
    case .schemaExtension(let schemaExtension): printAST(schemaExtension)
    case .typeExtension(let typeExtension): printAST(typeExtension)
    }
}

public func printAST(_ node: OperationDefinitionNode) -> String {
    let variables = wrap("(", join(node.variableDefinitions.map(printAST), ", "), ")")
    let prefix = join(
        [node.operation.rawValue, join([node.name?.value ?? "", variables]), printDirectives(node.directives)], " ")
    // An anonymous query without variables or directives uses the shorthand.
    return (prefix == "query" ? "" : prefix + " ") + printAST(node.selectionSet)
}

public func printAST(_ node: VariableDefinitionNode) -> String {
    "$" + node.variable.name.value + ": " + printAST(node.type)
        + wrap(" = ", node.defaultValue.map(printAST) ?? "") + wrap(" ", printDirectives(node.directives))
}

public func printAST(_ node: SelectionSetNode) -> String {
    block(node.selections.map(printAST))
}

public func printAST(_ node: SelectionNode) -> String {
    switch node {
    case .field(let field): printAST(field)
    case .fragmentSpread(let spread): "..." + spread.name.value + wrap(" ", printDirectives(spread.directives))
    case .inlineFragment(let fragment):
        join(
            [
                "...", wrap("on ", fragment.typeCondition?.name.value ?? ""), printDirectives(fragment.directives),
                printAST(fragment.selectionSet),
            ], " ")
    }
}

public func printAST(_ node: FieldNode) -> String {
    let prefix = wrap("", node.alias?.value ?? "", ": ") + node.name.value
    let arguments = node.arguments.map(printAST)
    var argumentsLine = prefix + wrap("(", join(arguments, ", "), ")")
    if argumentsLine.utf16.count > maxLineLength {
        argumentsLine = prefix + wrap("(\n", indent(join(arguments, "\n")), "\n)")
    }
    return join([argumentsLine, printDirectives(node.directives), node.selectionSet.map(printAST) ?? ""], " ")
}

public func printAST(_ node: ArgumentNode) -> String {
    node.name.value + ": " + printAST(node.value)
}

public func printAST(_ node: FragmentDefinitionNode) -> String {
    "fragment \(node.name.value) on \(node.typeCondition.name.value) "
        + wrap("", printDirectives(node.directives), " ") + printAST(node.selectionSet)
}

public func printAST(_ node: DirectiveNode) -> String {
    "@" + node.name.value + wrap("(", join(node.arguments.map(printAST), ", "), ")")
}

public func printAST(_ node: ValueNode) -> String {
    switch node {
    case .variable(let variable): "$" + variable.name.value
    case .int(let int): int.value
    case .float(let float): float.value
    case .string(let string): string.block ? printBlockString(string.value) : printString(string.value)
    case .boolean(let boolean): boolean.value ? "true" : "false"
    case .null: "null"
    case .enum(let value): value.value
    case .list(let list): "[" + join(list.values.map(printAST), ", ") + "]"
    case .object(let object):
        "{" + join(object.fields.map { $0.name.value + ": " + printAST($0.value) }, ", ") + "}"
    }
}

public func printAST(_ node: TypeNode) -> String {
    switch node {
    case .named(let named): named.name.value
    case .list(let list): "[" + printAST(list.type) + "]"
    case .nonNull(let nonNull): printAST(nonNull.type) + "!"
    }
}

/// A value as GraphQL text, e.g. `{a: [1, "x"]}`; used in error messages.
public func printValue(_ value: ValueNode) -> String { printAST(value) }

/// A type reference as GraphQL text, e.g. `[Int!]!`.
public func printType(_ type: TypeNode) -> String { printAST(type) }

// MARK: - Helpers (graphql-js printer's join/wrap/block/indent)

let maxLineLength = 80

func printDirectives(_ directives: [DirectiveNode]) -> String {
    join(directives.map(printAST), " ")
}

/// The non-empty items joined with `separator`.
func join(_ items: [String], _ separator: String = "") -> String {
    var result = ""
    var first = true
    for item in items where !item.isEmpty {
        if !first { result += separator }
        result += item
        first = false
    }
    return result
}

/// Each item on its own line inside an indented `{ }` block.
func block(_ items: [String]) -> String {
    wrap("{\n", indent(join(items, "\n")), "\n}")
}

/// `start + text + end` when `text` is not empty, else "".
func wrap(_ start: String, _ text: String, _ end: String = "") -> String {
    text.isEmpty ? "" : start + text + end
}

/// Indents every line of `text` by two spaces.
func indent(_ text: String) -> String {
    wrap("  ", text.replacing("\n", with: "\n  "))
}
