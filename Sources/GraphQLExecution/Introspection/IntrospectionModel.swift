import GraphQLLanguage
import GraphQLType

/// Everything introspection can answer about one schema, computed once when the
/// executable schema is built (spec §4.2): every named type and every list and
/// non-null wrapper the schema uses as an ``IntrospectionType``, with printed
/// default values and the lists `includeDeprecated` selects between. Answering the
/// introspection query then allocates nothing but the response.
///
/// A model may show only part of the schema (see
/// ``ExecutableSchemaBuilder/introspectionViews(_:of:showsField:)``): the fields
/// `showsField` rejects are left out, and so is every object or interface type
/// left with no field (and, in turn, the fields of that type and the unions left
/// with no member), so that what a client sees is still a valid schema.
final class IntrospectionModel: Sendable {
    let schema: GraphQLSchema
    /// Named types first, at their `TypeID` index; then the wrappers.
    let types: [IntrospectionType]
    /// `interfaces` and `possibleTypes` of each named type (`nil` where the kind has none).
    let interfaces: [[(any Sendable)?]?]
    let possibleTypes: [[(any Sendable)?]?]
    let schemaValue: IntrospectionSchema

    init(schema: GraphQLSchema, showsField: ((GraphQLNamedType, GraphQLField) -> Bool)? = nil) {
        let hidden = showsField.map { Self.hiddenTypes(schema, showsField: $0) } ?? []
        let visible = { (type: GraphQLNamedType, field: GraphQLField) in
            !hidden.contains(field.type.namedType) && (showsField?(type, field) ?? true)
        }
        var builder = Builder(schema: schema, showsField: visible)
        let named = schema.types.map { builder.namedType($0) }
        let directives = schema.directives.map { builder.directive($0) }
        var types = named
        for ref in builder.wrapperRefs {
            let kind: GraphQLTypeKind = ref.isNonNull ? .nonNull : .list
            types.append(
                IntrospectionType(
                    ref: ref, kind: kind, name: nil, description: nil, specifiedByURL: nil, isOneOf: nil,
                    fields: nil, enumValues: nil, inputFields: nil, ofType: ref.ofType.map { types[builder.slots[$0]!] }))
        }
        self.schema = schema
        self.types = types
        self.hiddenTypes = hidden
        self.interfaces = schema.types.map { type in
            switch type {
            case .object, .interface: type.interfaces.filter { !hidden.contains($0) }.map { named[Int($0.index)] }
            default: nil
            }
        }
        self.possibleTypes = schema.types.map { type in
            type.isAbstractType
                ? schema.possibleTypes(of: type.id).filter { !hidden.contains($0) }.map { named[Int($0.index)] } : nil
        }
        schemaValue = IntrospectionSchema(
            description: schema.description, types: schema.types.filter { !hidden.contains($0.id) }.map { named[Int($0.id.index)] },
            queryType: schema.queryType.map { named[Int($0.id.index)] },
            mutationType: schema.mutationType.flatMap { hidden.contains($0.id) ? nil : named[Int($0.id.index)] },
            subscriptionType: schema.subscriptionType.flatMap { hidden.contains($0.id) ? nil : named[Int($0.id.index)] },
            directives: directives)
    }

    /// Types this model leaves out.
    let hiddenTypes: Set<TypeID>

    /// `__type(name:)` (spec §4.1): the named type, or `nil`.
    func type(named name: String) -> IntrospectionType? {
        schema.typeID(named: name).flatMap { hiddenTypes.contains($0) ? nil : types[Int($0.index)] }
    }

    /// The object and interface types with no field left to show, and the unions
    /// with no member left, until nothing changes (hiding a type hides the fields
    /// that return it). The query root always stays (spec §3.3: a schema must
    /// have one); a mutation or subscription root left empty goes, and
    /// `__schema` then names none, for an object type with no field makes the
    /// schema invalid (spec §3.6.1), and clients that rebuild it (graphql-js's
    /// `buildClientSchema`, then validation) refuse it.
    private static func hiddenTypes(_ schema: GraphQLSchema, showsField: (GraphQLNamedType, GraphQLField) -> Bool) -> Set<TypeID> {
        let roots = Set([schema.queryType?.id].compactMap { $0 })
        var hidden: Set<TypeID> = []
        var changed = true
        while changed {
            changed = false
            for type in schema.types where !hidden.contains(type.id) && !roots.contains(type.id) && !type.name.hasPrefix("__") {
                let empty: Bool
                if let fields = type.fields {
                    empty = !fields.contains { !hidden.contains($0.type.namedType) && showsField(type, $0) }
                } else if type.isAbstractType, type.asInterface == nil {
                    empty = !schema.possibleTypes(of: type.id).contains { !hidden.contains($0) }
                } else {
                    empty = false
                }
                if empty {
                    hidden.insert(type.id)
                    changed = true
                }
            }
        }
        return hidden
    }

    /// Builds the per-element values, numbering every wrapper type it meets.
    private struct Builder {
        let schema: GraphQLSchema
        let showsField: (GraphQLNamedType, GraphQLField) -> Bool
        /// Where each type reference's value sits in `types`.
        var slots: [GraphQLTypeRef: Int] = [:]
        var wrapperRefs: [GraphQLTypeRef] = []

        init(schema: GraphQLSchema, showsField: @escaping (GraphQLNamedType, GraphQLField) -> Bool) {
            self.schema = schema
            self.showsField = showsField
            for type in schema.types { slots[.named(type.id)] = Int(type.id.index) }
        }

        /// The slot of `ref`, numbering it and the wrappers inside it if new (inner first).
        mutating func slot(_ ref: GraphQLTypeRef) -> Int {
            if let slot = slots[ref] { return slot }
            if let inner = ref.ofType { _ = slot(inner) }
            let slot = schema.types.count + wrapperRefs.count
            wrapperRefs.append(ref)
            slots[ref] = slot
            return slot
        }

        mutating func namedType(_ type: GraphQLNamedType) -> IntrospectionType {
            var fields: IncludeDeprecatedLists?
            var enumValues: IncludeDeprecatedLists?
            var inputFields: IncludeDeprecatedLists?
            if let all = type.fields {
                let definitions = all.filter { showsField(type, $0) }
                let values = definitions.map { field($0) }
                fields = IncludeDeprecatedLists(all: values) { definitions[$0].isDeprecated }
            }
            if let enumType = type.asEnum {
                let values = enumType.values.map {
                    IntrospectionEnumValue(name: $0.name, description: $0.description, deprecationReason: $0.deprecationReason)
                }
                enumValues = IncludeDeprecatedLists(all: values) { enumType.values[$0].isDeprecated }
            }
            if let inputObject = type.asInputObject {
                inputFields = inputValues(inputObject.fields)
            }
            return IntrospectionType(
                ref: .named(type.id), kind: type.kind, name: type.name, description: type.description,
                specifiedByURL: type.asScalar?.specifiedByURL, isOneOf: type.asInputObject?.isOneOf,
                fields: fields, enumValues: enumValues, inputFields: inputFields, ofType: nil)
        }

        mutating func field(_ field: GraphQLField) -> IntrospectionField {
            IntrospectionField(
                name: field.name, description: field.description, args: inputValues(field.arguments),
                typeSlot: slot(field.type), deprecationReason: field.deprecationReason)
        }

        mutating func inputValues(_ definitions: [GraphQLInputValue]) -> IncludeDeprecatedLists {
            var values: [IntrospectionInputValue] = []
            for value in definitions {
                values.append(
                    IntrospectionInputValue(
                        name: value.name, description: value.description, typeSlot: slot(value.type),
                        defaultValue: schema.printDefaultValue(of: value), deprecationReason: value.deprecationReason))
            }
            return IncludeDeprecatedLists(all: values) { definitions[$0].isDeprecated }
        }

        mutating func directive(_ directive: GraphQLDirective) -> IntrospectionDirective {
            IntrospectionDirective(
                name: directive.name, description: directive.description, locations: directive.locations,
                args: inputValues(directive.arguments), isRepeatable: directive.isRepeatable)
        }
    }
}
