import GraphQLLanguage

extension GraphQLSchema {
    /// Coerces an external input value (a variable from request JSON) to `type`
    /// (spec §3.5 and §3.9-§3.12 "Input Coercion", graphql-js `coerceInputValue`).
    ///
    /// Ints are 32-bit, Floats accept ints, Strings and Booleans are strict, IDs accept
    /// strings and integers, enums are given by name as strings, a single value stands
    /// for a list of one, input objects get their defaults, unknown and missing
    /// required fields are errors, and a OneOf input object needs exactly one non-null field.
    public func coerceInputValue(_ value: GraphQLValue, to type: GraphQLTypeRef)
        throws(InputCoercionFailure) -> GraphQLValue
    {
        var errors: [InputCoercionError] = []
        let coerced = coerceInputValue(value, to: type) { errors.append($0) }
        guard errors.isEmpty, let coerced else { throw InputCoercionFailure(errors: errors) }
        return coerced
    }

    /// Like ``coerceInputValue(_:to:)``, reporting each problem to `onError`; the
    /// result is `nil` when the value is invalid.
    public func coerceInputValue(
        _ value: GraphQLValue, to type: GraphQLTypeRef, onError: (InputCoercionError) -> Void
    ) -> GraphQLValue? {
        var path: [GraphQLError.PathComponent] = []
        var failed = false
        let result = InputValueCoercer(types: self).coerce(value, to: type, path: &path) { error in
            failed = true
            onError(error)
        }
        return failed ? nil : result
    }
}

/// graphql-js `coerceInputValueImpl` over a ``TypeTable``.
struct InputValueCoercer<Types: TypeTable> {
    let types: Types

    func coerce(
        _ value: GraphQLValue, to type: GraphQLTypeRef, path: inout [GraphQLError.PathComponent],
        onError: (InputCoercionError) -> Void
    ) -> GraphQLValue? {
        switch type.shape {
        case .nonNull(let inner):
            if case .null = value {
                onError(
                    InputCoercionError(
                        path: path, invalidValue: value,
                        message: "Expected non-nullable type \"\(types.typeString(type))\" not to be null."))
                return nil
            }
            return coerce(value, to: inner, path: &path, onError: onError)
        case .list(let itemType):
            if case .null = value { return .null }
            guard case .list(let items) = value else {
                // A single value stands for a list of one (spec §3.11).
                return coerce(value, to: itemType, path: &path, onError: onError).map { .list([$0]) }
            }
            var coerced: [GraphQLValue] = []
            coerced.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                path.append(.index(index))
                coerced.append(coerce(item, to: itemType, path: &path, onError: onError) ?? .null)
                path.removeLast()
            }
            return .list(coerced)
        case .named(let id):
            if case .null = value { return .null }
            switch types[id] {
            case .inputObject(let inputObject):
                return coerceObject(value, to: inputObject, path: &path, onError: onError)
            case .scalar(let scalar):
                do {
                    return try scalar.parseValue(value)
                } catch {
                    onError(InputCoercionError(path: path, invalidValue: value, message: error.message))
                    return nil
                }
            case .enumeration(let enumType):
                do {
                    return try enumType.parseValue(value)
                } catch {
                    onError(InputCoercionError(path: path, invalidValue: value, message: error.message))
                    return nil
                }
            case .object, .interface, .union:
                onError(
                    InputCoercionError(
                        path: path, invalidValue: value,
                        message: "Expected type \"\(types[id].name)\" to be an input type."))
                return nil
            }
        }
    }

    private func coerceObject(
        _ value: GraphQLValue, to type: GraphQLInputObjectType, path: inout [GraphQLError.PathComponent],
        onError: (InputCoercionError) -> Void
    ) -> GraphQLValue? {
        guard case .object(let given) = value else {
            onError(
                InputCoercionError(path: path, invalidValue: value, message: "Expected type \"\(type.name)\" to be an object."))
            return nil
        }
        var coerced = GraphQLObjectValue()
        for field in type.fields {
            guard let fieldValue = given[field.name] else {
                if let defaultValue = field.defaultValue {
                    coerced.append(key: field.name, value: defaultValue)
                } else if field.type.isNonNull {
                    onError(
                        InputCoercionError(
                            path: path, invalidValue: value,
                            message: "Field \"\(field.name)\" of required type \"\(types.typeString(field.type))\" was not provided."))
                }
                continue
            }
            path.append(.key(field.name))
            coerced.append(key: field.name, value: coerce(fieldValue, to: field.type, path: &path, onError: onError) ?? .null)
            path.removeLast()
        }
        for key in given.keys where type.field(named: key) == nil {
            let suggestions = suggestionList(key, options: type.fields.map(\.name))
            onError(
                InputCoercionError(
                    path: path, invalidValue: value,
                    message: "Field \"\(key)\" is not defined by type \"\(type.name)\"." + didYouMean(suggestions)))
        }
        if type.isOneOf {
            if coerced.count != 1 {
                onError(
                    InputCoercionError(
                        path: path, invalidValue: value,
                        message: "Exactly one key must be specified for OneOf type \"\(type.name)\"."))
            }
            if let only = coerced.first, case .null = only.value {
                onError(
                    InputCoercionError(
                        path: path + [.key(only.key)], invalidValue: .null,
                        message: "Field \"\(only.key)\" must be non-null."))
            }
        }
        return .object(coerced)
    }
}
