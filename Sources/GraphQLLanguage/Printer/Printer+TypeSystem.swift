/// Type system definitions and extensions in graphql-js's `print` format;
/// see `printAST(_: DocumentNode)`.
public func printAST(_ node: SchemaDefinitionNode) -> String {
    printDescription(node.description)
        + join(["schema", printDirectives(node.directives), block(node.operationTypes.map(printAST))], " ")
}

public func printAST(_ node: OperationTypeDefinitionNode) -> String {
    node.operation.rawValue + ": " + node.type.name.value
}

public func printAST(_ node: TypeDefinitionNode) -> String {
    switch node {
    case .scalar(let scalar):
        printDescription(scalar.description)
            + join(["scalar", scalar.name.value, printDirectives(scalar.directives)], " ")
    case .object(let object):
        printDescription(object.description)
            + join(
                [
                    "type", object.name.value, printInterfaces(object.interfaces), printDirectives(object.directives),
                    block(object.fields.map(printAST)),
                ], " ")
    case .interface(let interface):
        printDescription(interface.description)
            + join(
                [
                    "interface", interface.name.value, printInterfaces(interface.interfaces),
                    printDirectives(interface.directives), block(interface.fields.map(printAST)),
                ], " ")
    case .union(let union):
        printDescription(union.description)
            + join(["union", union.name.value, printDirectives(union.directives), printMembers(union.types)], " ")
    case .enum(let enumType):
        printDescription(enumType.description)
            + join(["enum", enumType.name.value, printDirectives(enumType.directives), block(enumType.values.map(printAST))], " ")
    case .inputObject(let input):
        printDescription(input.description)
            + join(["input", input.name.value, printDirectives(input.directives), block(input.fields.map(printAST))], " ")
    }
}

public func printAST(_ node: FieldDefinitionNode) -> String {
    printDescription(node.description) + node.name.value + printArgumentDefinitions(node.arguments) + ": "
        + printAST(node.type) + wrap(" ", printDirectives(node.directives))
}

public func printAST(_ node: InputValueDefinitionNode) -> String {
    printDescription(node.description)
        + join(
            [
                node.name.value + ": " + printAST(node.type), wrap("= ", node.defaultValue.map(printAST) ?? ""),
                printDirectives(node.directives),
            ], " ")
}

public func printAST(_ node: EnumValueDefinitionNode) -> String {
    printDescription(node.description) + join([node.name.value, printDirectives(node.directives)], " ")
}

public func printAST(_ node: DirectiveDefinitionNode) -> String {
    printDescription(node.description) + "directive @" + node.name.value + printArgumentDefinitions(node.arguments)
        + (node.repeatable ? " repeatable" : "") + " on " + join(node.locations.map(\.value), " | ")
}

public func printAST(_ node: SchemaExtensionNode) -> String {
    join(["extend schema", printDirectives(node.directives), block(node.operationTypes.map(printAST))], " ")
}

public func printAST(_ node: TypeExtensionNode) -> String {
    switch node {
    case .scalar(let scalar):
        join(["extend scalar", scalar.name.value, printDirectives(scalar.directives)], " ")
    case .object(let object):
        join(
            [
                "extend type", object.name.value, printInterfaces(object.interfaces),
                printDirectives(object.directives), block(object.fields.map(printAST)),
            ], " ")
    case .interface(let interface):
        join(
            [
                "extend interface", interface.name.value, printInterfaces(interface.interfaces),
                printDirectives(interface.directives), block(interface.fields.map(printAST)),
            ], " ")
    case .union(let union):
        join(["extend union", union.name.value, printDirectives(union.directives), printMembers(union.types)], " ")
    case .enum(let enumType):
        join(["extend enum", enumType.name.value, printDirectives(enumType.directives), block(enumType.values.map(printAST))], " ")
    case .inputObject(let input):
        join(["extend input", input.name.value, printDirectives(input.directives), block(input.fields.map(printAST))], " ")
    }
}

/// A description followed by a line break, or "".
private func printDescription(_ description: StringValueNode?) -> String {
    guard let description else { return "" }
    return printAST(ValueNode.string(description)) + "\n"
}

private func printInterfaces(_ interfaces: [NamedTypeNode]) -> String {
    wrap("implements ", join(interfaces.map(\.name.value), " & "))
}

private func printMembers(_ types: [NamedTypeNode]) -> String {
    wrap("= ", join(types.map(\.name.value), " | "))
}

/// Argument definitions on one line, or one per line when any spans lines
/// (e.g. has a block-string description).
private func printArgumentDefinitions(_ arguments: [InputValueDefinitionNode]) -> String {
    let printed = arguments.map(printAST)
    if printed.contains(where: { $0.contains("\n") }) {
        return wrap("(\n", indent(join(printed, "\n")), "\n)")
    }
    return wrap("(", join(printed, ", "), ")")
}
