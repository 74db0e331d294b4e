import GraphQLLanguage

/// A GraphQL schema (spec §3.3): its named types, root operation types and directives.
///
/// Immutable after building (``buildSchema(sdl:scalars:)`` or the assembler), so one
/// instance is shared by every request. Named types live in one table indexed by
/// ``TypeID``; the order of the table is graphql-js's type map order, which is the
/// order introspection lists types in. Lookups the executor and validator make per
/// field (type by id, field by name, possible types of an abstract type) are array
/// accesses or single hash lookups over precomputed tables.
public final class GraphQLSchema: Sendable {
    public let description: String?
    /// All named types, including the introspection types, in graphql-js order.
    public let types: [GraphQLNamedType]
    public let queryType: GraphQLObjectType?
    public let mutationType: GraphQLObjectType?
    public let subscriptionType: GraphQLObjectType?
    /// All directives: the specified ones first (unless redefined), then the SDL's.
    public let directives: [GraphQLDirective]
    /// Directives applied to the `schema` definition and its extensions.
    public let schemaDirectives: [GraphQLAppliedDirective]
    /// The SDL `schema` definition, when there was one.
    public let astNode: SchemaDefinitionNode?

    let typeIndex: [String: TypeID]
    let directiveIndex: [String: Int]
    /// For each abstract type (by index), its possible object types in type-table order.
    let possibleTypeTable: [[TypeID]]
    /// For each abstract type (by index), every object and interface that is its subtype.
    let subTypeTable: [Set<TypeID>]
    /// For each interface (by index), the interfaces implementing it.
    let implementingInterfaceTable: [[TypeID]]

    /// The meta-fields every schema answers (spec §4.1): `__typename` on every
    /// composite type, `__schema` and `__type(name:)` on the query type.
    public let typeNameMetaField: GraphQLField
    public let schemaMetaField: GraphQLField
    public let typeMetaField: GraphQLField

    init(
        description: String?,
        types: [GraphQLNamedType],
        queryType: GraphQLObjectType?,
        mutationType: GraphQLObjectType?,
        subscriptionType: GraphQLObjectType?,
        directives: [GraphQLDirective],
        schemaDirectives: [GraphQLAppliedDirective],
        astNode: SchemaDefinitionNode?,
        metaFields: (typeName: GraphQLField, schema: GraphQLField, type: GraphQLField)
    ) {
        self.description = description
        self.types = types
        self.queryType = queryType
        self.mutationType = mutationType
        self.subscriptionType = subscriptionType
        self.directives = directives
        self.schemaDirectives = schemaDirectives
        self.astNode = astNode
        var typeIndex: [String: TypeID] = [:]
        for type in types where typeIndex[type.name] == nil {
            typeIndex[type.name] = type.id
        }
        self.typeIndex = typeIndex
        self.directiveIndex = indexByName(directives.map(\.name))
        let tables = SubtypeTables(types: types)
        self.possibleTypeTable = tables.possibleTypes
        self.subTypeTable = tables.subTypes
        self.implementingInterfaceTable = tables.implementingInterfaces
        self.typeNameMetaField = metaFields.typeName
        self.schemaMetaField = metaFields.schema
        self.typeMetaField = metaFields.type
    }

    /// The named type with this id (which must come from this schema).
    @inlinable public subscript(id: TypeID) -> GraphQLNamedType {
        types[Int(id.index)]
    }

    /// The named type at the core of a reference.
    @inlinable public subscript(ref: GraphQLTypeRef) -> GraphQLNamedType {
        types[Int(ref.namedType.index)]
    }

    /// The type named `name`, if the schema has it.
    public func type(named name: String) -> GraphQLNamedType? {
        typeIndex[name].map { self[$0] }
    }

    /// The id of the type named `name`.
    public func typeID(named name: String) -> TypeID? {
        typeIndex[name]
    }

    /// The directive named `name`.
    public func directive(named name: String) -> GraphQLDirective? {
        directiveIndex[name].map { directives[$0] }
    }

    /// The root type of an operation (spec §3.3.1).
    public func rootType(for operation: OperationType) -> GraphQLObjectType? {
        switch operation {
        case .query: queryType
        case .mutation: mutationType
        case .subscription: subscriptionType
        }
    }

    /// The object types an abstract type may resolve to (spec §3.7, §3.8), in
    /// type-table order for interfaces and member order for unions; the object
    /// itself for an object type; empty otherwise.
    public func possibleTypes(of abstract: TypeID) -> [TypeID] {
        switch self[abstract] {
        case .object: [abstract]
        case .union, .interface: possibleTypeTable[Int(abstract.index)]
        default: []
        }
    }

    /// Whether `maybeSub` is an object or interface that `abstract` (an interface or
    /// union) includes: union members, implementations of an interface, directly or
    /// through other interfaces.
    public func isSubType(abstract: TypeID, maybeSub: TypeID) -> Bool {
        subTypeTable[Int(abstract.index)].contains(maybeSub)
    }

    /// Whether `object` is one of the possible types of `abstract` (or is `abstract`).
    public func isPossibleType(abstract: TypeID, object: TypeID) -> Bool {
        abstract == object || subTypeTable[Int(abstract.index)].contains(object)
    }

    /// Object types and interfaces that implement `interface`.
    public func implementations(of interface: TypeID) -> (objects: [TypeID], interfaces: [TypeID]) {
        guard case .interface = self[interface] else { return ([], []) }
        return (possibleTypeTable[Int(interface.index)], implementingInterfaceTable[Int(interface.index)])
    }

    /// The definition of the field `name` selected on `parent`, including the
    /// introspection meta-fields (spec §4.1, graphql-js `getFieldDef`).
    public func field(named name: String, in parent: TypeID) -> GraphQLField? {
        if name.utf8.first == UInt8(ascii: "_") {
            if name == "__typename", self[parent].isCompositeType { return typeNameMetaField }
            if parent == queryType?.id {
                if name == "__schema" { return schemaMetaField }
                if name == "__type" { return typeMetaField }
            }
        }
        return self[parent].field(named: name)
    }
}
