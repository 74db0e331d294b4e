import GraphQLType

extension ExecutableSchemaBuilder {
    /// Binds the introspection meta-fields `__schema` and `__type(name:)` (spec §4.1)
    /// and the fields of the introspection types (spec §4.2) that take arguments or
    /// lead to a `__Type`; the others are read from the values themselves. Called by
    /// the builder's initializer, so every executable schema answers introspection
    /// (including the standard introspection query) with no resolvers from its user.
    mutating func bindIntrospection() {
        let model = IntrospectionModel(schema: schema)
        bindIntrospection { _ in model }
    }

    /// Answers introspection from one of several views of the schema, the one
    /// `viewOf` picks for the request's context: each view shows the fields
    /// `showsField` accepts for it (and the types that keep a field; see
    /// ``IntrospectionModel``). Quarry uses it to show each role only what it may
    /// use. Every view is computed here, once.
    public mutating func introspectionViews<View: Hashable & Sendable>(
        _ views: [View], of viewOf: @escaping @Sendable (Context) -> View,
        showsField: (View, GraphQLNamedType, GraphQLField) -> Bool
    ) {
        let full = IntrospectionModel(schema: schema)
        // The models keep only the fields they show, not the predicate.
        let chosen = withoutActuallyEscaping(showsField) { shows in
            Dictionary(uniqueKeysWithValues: views.map { view in
                (view, IntrospectionModel(schema: schema) { type, field in shows(view, type, field) })
            })
        }
        bindIntrospection { context in chosen[viewOf(context)] ?? full }
    }

    /// Binds the introspection resolvers to the model `model` picks for a request;
    /// binding again replaces the previous ones.
    private mutating func bindIntrospection(_ model: @escaping @Sendable (Context) -> IntrospectionModel) {
        guard let queryType = schema.queryType?.name else { return }
        resolve(queryType, "__schema") { info in model(info.context).schemaValue }
        resolve(queryType, "__type") { info in
            info.args["name"]?.stringValue.flatMap { model(info.context).type(named: $0) }
        }
        resolve("__Type", "fields", source: IntrospectionType.self) { type, info in type.fields?.select(info.args) }
        resolve("__Type", "enumValues", source: IntrospectionType.self) { type, info in
            type.enumValues?.select(info.args)
        }
        resolve("__Type", "inputFields", source: IntrospectionType.self) { type, info in
            type.inputFields?.select(info.args)
        }
        resolve("__Type", "interfaces", source: IntrospectionType.self) { type, info in
            type.ref.isNamed ? model(info.context).interfaces[Int(type.ref.namedType.index)] : nil
        }
        resolve("__Type", "possibleTypes", source: IntrospectionType.self) { type, info in
            type.ref.isNamed ? model(info.context).possibleTypes[Int(type.ref.namedType.index)] : nil
        }
        resolve("__Field", "args", source: IntrospectionField.self) { field, info in field.args.select(info.args) }
        resolve("__Field", "type", source: IntrospectionField.self) { field, info in model(info.context).types[field.typeSlot] }
        resolve("__InputValue", "type", source: IntrospectionInputValue.self) { value, info in
            model(info.context).types[value.typeSlot]
        }
        resolve("__Directive", "args", source: IntrospectionDirective.self) { directive, info in
            directive.args.select(info.args)
        }
    }
}
