import GraphQLLanguage
import GraphQLType

extension ExecutionState {
    /// CoerceArgumentValues (spec §6.4.1): the field's arguments from its first node,
    /// variables substituted, defaults applied; `nil` after recording the error.
    /// Coerced once per field of a request (variables are fixed) and reused.
    func coerceArgumentValues(_ plan: FieldPlan) -> GraphQLObjectValue? {
        switch plan.arguments {
        case .coerced(let values): return values
        case .failed(let error):
            recordFieldError(error, plan: plan)
            return nil
        case .notCoerced:
            break
        }
        do throws(GraphQLError) {
            let values = try coerceArgumentValues(
                plan.selection.field.arguments, nodes: plan.selection.fieldNodes[0].arguments,
                fieldNode: plan.selection.fieldNodes[0])
            plan.arguments = .coerced(values)
            return values
        } catch {
            plan.arguments = .failed(error)
            recordFieldError(error, plan: plan)
            return nil
        }
    }

    /// CoerceArgumentValues for any argument definitions (fields and directives), with
    /// graphql-js's messages.
    func coerceArgumentValues(
        _ definitions: [GraphQLInputValue], nodes: [ArgumentNode], fieldNode: any ASTNode
    ) throws(GraphQLError) -> GraphQLObjectValue {
        var coerced = GraphQLObjectValue()
        for definition in definitions {
            let name = definition.name
            let typeName = schema.typeString(definition.type)
            guard let argument = nodes.first(where: { $0.name.value == name }) else {
                if let defaultValue = definition.defaultValue {
                    coerced.append(key: name, value: defaultValue)
                } else if definition.type.isNonNull {
                    throw GraphQLError(
                        "Argument \"\(name)\" of required type \"\(typeName)\" was not provided.", nodes: [fieldNode])
                }
                continue
            }
            if case .variable(let variable) = argument.value {
                let variableName = variable.name.value
                guard let value = request.variables[variableName] else {
                    if let defaultValue = definition.defaultValue {
                        coerced.append(key: name, value: defaultValue)
                    } else if definition.type.isNonNull {
                        throw GraphQLError(
                            "Argument \"\(name)\" of required type \"\(typeName)\" was provided the variable "
                                + "\"$\(variableName)\" which was not provided a runtime value.",
                            nodes: [argument.value])
                    }
                    continue
                }
                if value.isNull, definition.type.isNonNull {
                    throw GraphQLError(
                        "Argument \"\(name)\" of non-null type \"\(typeName)\" must not be null.", nodes: [argument.value])
                }
                coerced.append(key: name, value: value)
                continue
            }
            guard let value = schema.valueFromAST(argument.value, type: definition.type, variables: request.variables.dictionary)
            else {
                throw GraphQLError(
                    "Argument \"\(name)\" has invalid value \(printValue(argument.value)).", nodes: [argument.value])
            }
            coerced.append(key: name, value: value)
        }
        return coerced
    }
}

extension GraphQLObjectValue {
    /// The fields as a dictionary (for ``GraphQLSchema/valueFromAST(_:type:variables:)``).
    var dictionary: [String: GraphQLValue] {
        Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
