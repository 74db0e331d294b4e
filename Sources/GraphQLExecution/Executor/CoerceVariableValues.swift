import GraphQLLanguage
import GraphQLType

/// CoerceVariableValues (spec §6.1.2): the operation's variables from the request's
/// raw values (JSON-shaped), with defaults; every problem reported with graphql-js's
/// message at the variable definition.
func coerceVariableValues(
    schema: GraphQLSchema, operation: OperationDefinitionNode, inputs: GraphQLObjectValue
) -> Result<GraphQLObjectValue, RequestErrors> {
    var coerced = GraphQLObjectValue()
    var errors: [GraphQLError] = []
    for definition in operation.variableDefinitions {
        let name = definition.variable.name.value
        let typeText = printType(definition.type)
        guard let type = typeRef(definition.type, in: schema), schema[type].isInputType else {
            errors.append(
                GraphQLError(
                    "Variable \"$\(name)\" expected value of type \"\(typeText)\" which cannot be used as an input type.",
                    nodes: [definition.type]))
            continue
        }
        guard let value = inputs[name] else {
            if let defaultValue = definition.defaultValue {
                if let value = schema.valueFromAST(defaultValue, type: type) {
                    coerced.append(key: name, value: value)
                }
            } else if type.isNonNull {
                errors.append(
                    GraphQLError("Variable \"$\(name)\" of required type \"\(typeText)\" was not provided.", nodes: [definition]))
            }
            continue
        }
        if value.isNull, type.isNonNull {
            errors.append(
                GraphQLError("Variable \"$\(name)\" of non-null type \"\(typeText)\" must not be null.", nodes: [definition]))
            continue
        }
        let result = schema.coerceInputValue(value, to: type) { problem in
            let at = problem.path.isEmpty ? "" : " at \"\(name)\(printPath(problem.path))\""
            let shown = (problem.invalidValue ?? value).inspected
            errors.append(
                GraphQLError(
                    "Variable \"$\(name)\" got invalid value \(shown)\(at); \(problem.message)", nodes: [definition]))
        }
        if let result { coerced.append(key: name, value: result) }
    }
    return errors.isEmpty ? .success(coerced) : .failure(RequestErrors(errors: errors))
}

/// graphql-js `printPathArray`: `.key` and `[index]`.
private func printPath(_ path: [GraphQLError.PathComponent]) -> String {
    path.map { component in
        switch component {
        case .key(let key): "." + key
        case .index(let index): "[\(index)]"
        }
    }.joined()
}

/// The schema type a type node names (graphql-js `typeFromAST`); `nil` for an unknown name.
func typeRef(_ node: TypeNode, in schema: GraphQLSchema) -> GraphQLTypeRef? {
    switch node {
    case .named(let named): schema.typeID(named: named.name.value).map { .named($0) }
    case .list(let list): typeRef(list.type, in: schema).flatMap { .list($0) }
    case .nonNull(let nonNull): typeRef(nonNull.type, in: schema).flatMap { .nonNull($0) }
    }
}
