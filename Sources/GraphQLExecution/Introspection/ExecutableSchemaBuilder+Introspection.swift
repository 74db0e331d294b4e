import GraphQLType

extension ExecutableSchemaBuilder {
    /// Binds the introspection meta-fields `__schema` and `__type(name:)` (spec §4.1)
    /// and the fields of the introspection types (spec §4.2) that take arguments or
    /// lead to a `__Type`; the others are read from the values themselves. Called by
    /// the builder's initializer, so every executable schema answers introspection
    /// (including the standard introspection query) with no resolvers from its user.
    mutating func bindIntrospection() {
        let model = IntrospectionModel(schema: schema)
        guard let queryType = schema.queryType?.name else { return }
        resolve(queryType, "__schema") { _ in model.schemaValue }
        resolve(queryType, "__type") { info in
            info.args["name"]?.stringValue.flatMap { model.type(named: $0) }
        }
        resolve("__Type", "fields", source: IntrospectionType.self) { type, info in type.fields?.select(info.args) }
        resolve("__Type", "enumValues", source: IntrospectionType.self) { type, info in
            type.enumValues?.select(info.args)
        }
        resolve("__Type", "inputFields", source: IntrospectionType.self) { type, info in
            type.inputFields?.select(info.args)
        }
        resolve("__Type", "interfaces", source: IntrospectionType.self) { type, _ in
            type.ref.isNamed ? model.interfaces[Int(type.ref.namedType.index)] : nil
        }
        resolve("__Type", "possibleTypes", source: IntrospectionType.self) { type, _ in
            type.ref.isNamed ? model.possibleTypes[Int(type.ref.namedType.index)] : nil
        }
        resolve("__Field", "args", source: IntrospectionField.self) { field, info in field.args.select(info.args) }
        resolve("__Field", "type", source: IntrospectionField.self) { field, _ in model.types[field.typeSlot] }
        resolve("__InputValue", "type", source: IntrospectionInputValue.self) { value, _ in model.types[value.typeSlot] }
        resolve("__Directive", "args", source: IntrospectionDirective.self) { directive, info in
            directive.args.select(info.args)
        }
    }
}
