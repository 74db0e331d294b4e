import GraphQLLanguage
import GraphQLType

/// Binds resolvers to an SDL-built schema by type and field name, then checks the
/// bindings once at start-up (``build()``): a typo in a type or field name, or an
/// object field nobody resolves, fails there with a clear message instead of at
/// request time.
///
/// ```swift
/// var builder = ExecutableSchemaBuilder<AppContext>(schema: schema)
/// builder.resolve("Query", "viewer") { info in info.context.viewer }
/// builder.resolveAsync("User", "friends") { info in try await ... }
/// builder.readFields(of: UserRecord.self)      // other User fields: UserRecord's table
/// builder.readProperties(of: "PageInfo")      // fields read from a FieldReadable value
/// builder.resolveType("SearchResult") { value, _, _ in ... }
/// builder.guardFields(withDirective: "auth") { directive in { info in ... } }
/// let executable = try builder.build()
/// ```
///
/// A field counts as resolved when it has a resolver (a ``GraphQLRecord`` table
/// entry bound by ``readFields(of:)`` is one), or when its type is declared
/// with ``readProperties(of:fields:)`` (the default resolver reads the source's
/// ``FieldReadable`` value of the same name). Introspection types (`__Type`, …) are
/// exempt: their values read themselves.
public struct ExecutableSchemaBuilder<Context: Sendable> {
    public let schema: GraphQLSchema
    private var bindings: [[FieldBinding<Context>]]
    private var metaFieldResolvers: [String: FieldResolver<Context>] = [:]
    private var typeResolvers: [TypeResolver<Context>?]
    private var propertyFields: [Set<String>?]
    private var guards: [(name: String, bind: @Sendable (GraphQLAppliedDirective) -> BoundGuard)] = []
    private var problems: [String] = []

    public init(schema: GraphQLSchema) {
        self.schema = schema
        self.bindings = schema.types.map { type in
            Array(repeating: FieldBinding(), count: type.asObject?.fields.count ?? 0)
        }
        self.typeResolvers = Array(repeating: nil, count: schema.types.count)
        self.propertyFields = Array(repeating: nil, count: schema.types.count)
        bindIntrospection()
    }

    /// Binds a resolver to `typeName.fieldName`.
    public mutating func bind(_ typeName: String, _ fieldName: String, to resolver: FieldResolver<Context>) {
        if fieldName == "__schema" || fieldName == "__type", typeName == schema.queryType?.name {
            metaFieldResolvers[fieldName] = resolver
            return
        }
        guard let (type, position) = locate(typeName, fieldName) else { return }
        // Introspection's own bindings may be replaced (by introspectionViews); a user's may not.
        if bindings[Int(type.id.index)][position].resolver != nil, !typeName.hasPrefix("__") {
            problems.append("Field \"\(typeName).\(fieldName)\" is bound twice.")
        }
        bindings[Int(type.id.index)][position].resolver = resolver
    }

    /// Binds a synchronous resolver (its value completes inline).
    @inlinable public mutating func resolve(
        _ typeName: String, _ fieldName: String, _ resolve: @escaping FieldResolver<Context>.Sync
    ) {
        bind(typeName, fieldName, to: .sync(resolve))
    }

    /// Binds an asynchronous resolver.
    @inlinable public mutating func resolveAsync(
        _ typeName: String, _ fieldName: String, _ resolve: @escaping FieldResolver<Context>.Async
    ) {
        bind(typeName, fieldName, to: .async(resolve))
    }

    /// Binds a synchronous resolver whose source is of a known Swift type; a source of
    /// another type is a field error naming both types.
    @inlinable public mutating func resolve<Source>(
        _ typeName: String, _ fieldName: String, source: Source.Type,
        _ resolve: @escaping @Sendable (Source, ResolveInfo<Context>) throws -> (any Sendable)?
    ) {
        bind(typeName, fieldName, to: .sync { info in try resolve(try info.source(as: Source.self), info) })
    }

    /// Binds the source stream of a subscription root field (spec §6.2.3.1); the
    /// field's resolver (bound or default) then maps each event (spec §6.2.3.2).
    public mutating func subscribe(_ typeName: String, _ fieldName: String, _ subscribe: @escaping SubscribeResolver<Context>) {
        guard let (type, position) = locate(typeName, fieldName) else { return }
        if type.id != schema.subscriptionType?.id {
            problems.append("Cannot bind a source stream to \"\(typeName).\(fieldName)\": \"\(typeName)\" is not the subscription type.")
        }
        bindings[Int(type.id.index)][position].subscribe = subscribe
    }

    /// Binds every entry of `Record`'s field table to its field of `Record.objectTypeName`
    /// (see ``GraphQLRecord``): an entry naming no field, or a field with arguments
    /// (which needs a resolver to read them), is a problem ``build()`` reports.
    ///
    /// Inlinable for the same reason as ``readFields(of:as:)``, which it calls.
    @inlinable public mutating func readFields<Record: GraphQLRecord>(of record: Record.Type) {
        readFields(of: record, as: Record.objectTypeName)
    }

    /// Binds every entry of `Table`'s field table to its field of `typeName` (see ``GraphQLFieldTable``).
    ///
    /// Inlinable so that each reader is specialized for `Table` in the module that knows
    /// it: unspecialized, the cast of every source looked `Table`'s generic metadata up
    /// (issue 17).
    @inlinable public mutating func readFields<Table: GraphQLFieldTable>(of table: Table.Type, as typeName: String) {
        bindReaders(Table.fieldReaders.map { name, read in
            (name, ErasedResolver.read { source in
                guard let value = source as? Table else {
                    throw GraphQLError("Expected the source of \(typeName).\(name) to be \(Table.self), got \(Swift.type(of: source)).")
                }
                return read(value)
            })
        }, of: typeName, from: "\(Table.self)")
    }

    /// Binds each field table entry `readers` holds, in name order (so problems are reported in a stable order).
    @usableFromInline mutating func bindReaders(_ readers: [(String, ErasedResolver)], of typeName: String, from table: String) {
        for (name, reader) in readers.sorted(by: { $0.0 < $1.0 }) {
            guard let (type, position) = locate(typeName, name) else { continue }
            guard type.fields[position].arguments.isEmpty else {
                problems.append("Field \"\(typeName).\(name)\" takes arguments: bind a resolver, not a \(table).fieldReaders entry.")
                continue
            }
            bind(typeName, name, to: FieldResolver(erased: reader))
        }
    }

    /// Declares that the fields of `typeName` not bound to a resolver are read from
    /// the source (``FieldReadable``); with `fields`, only those, each checked to exist.
    public mutating func readProperties(of typeName: String, fields: [String]? = nil) {
        guard let type = objectType(typeName) else { return }
        if let fields {
            for name in fields where type.field(named: name) == nil {
                problems.append(unknownField(name, in: type))
            }
            propertyFields[Int(type.id.index)] = (propertyFields[Int(type.id.index)] ?? []).union(fields)
        } else {
            propertyFields[Int(type.id.index)] = Set(type.fields.map(\.name))
        }
    }

    /// Binds the hook that picks the object type of values of an interface or union.
    public mutating func resolveType(_ abstractTypeName: String, _ resolve: @escaping TypeResolver<Context>) {
        guard let type = schema.type(named: abstractTypeName), type.isAbstractType else {
            problems.append("Cannot bind resolveType to \"\(abstractTypeName)\": no interface or union has that name.")
            return
        }
        typeResolvers[Int(type.id.index)] = resolve
    }

    /// Runs `check` before the resolver of every field whose definition, or whose
    /// object type, carries the directive `directiveName` (see ``FieldGuard``).
    ///
    /// Inlinable so that the wrapper restoring the context's type is specialized in the
    /// module that knows the context type (as ``FieldResolver/sync(_:)``'s is).
    @inlinable public mutating func guardFields(withDirective directiveName: String, _ check: @escaping FieldGuard<Context>) {
        addGuard(directiveName) { directive in
            let fieldCheck = check(directive)
            return BoundGuard { parts in try fieldCheck(parts.info(Context.self)) }
        }
    }

    /// Keeps `bind`, which makes a field's ``BoundGuard`` from its applied `directiveName`.
    @usableFromInline mutating func addGuard(
        _ directiveName: String, _ bind: @escaping @Sendable (GraphQLAppliedDirective) -> BoundGuard
    ) {
        guard schema.directive(named: directiveName) != nil else {
            problems.append("Cannot guard fields with \"@\(directiveName)\": the schema defines no such directive.")
            return
        }
        guards.append((directiveName, bind))
    }

    /// Checks the bindings and returns the executable schema, or every problem at once.
    public func build() throws(SchemaBindingError) -> ExecutableSchema<Context> {
        var problems = problems
        var erased = schema.types.map { type in
            Array(repeating: ErasedBinding(), count: type.asObject?.fields.count ?? 0)
        }
        for type in schema.types {
            guard let object = type.asObject else { continue }
            let isIntrospectionType = object.name.hasPrefix("__")
            let readable = propertyFields[Int(object.id.index)] ?? []
            let isSubscriptionType = object.id == schema.subscriptionType?.id
            for (position, field) in object.fields.enumerated() {
                let binding = bindings[Int(object.id.index)][position]
                var target = ErasedBinding()
                target.resolver = binding.resolver?.erased
                if let subscribe = binding.subscribe {
                    target.subscribe = { parts in try await subscribe(parts.info(Context.self)) }
                }
                if isSubscriptionType, binding.resolver == nil {
                    // Each event is the root field's value unless a resolver maps it.
                    target.resolver = .sync { parts in parts.source }
                }
                target.guards = guards.enumerated().compactMap { position, entry in
                    if let own = field.directives.first(named: entry.name) { return entry.bind(own) }
                    guard let shared = object.directives.first(named: entry.name) else { return nil }
                    var bound = entry.bind(shared)
                    bound.objectLevel = position
                    return bound
                }
                erased[Int(object.id.index)][position] = target
                guard !isIntrospectionType else { continue }
                if isSubscriptionType, binding.subscribe == nil {
                    problems.append("Subscription field \"\(object.name).\(field.name)\" has no source stream: bind one with subscribe(_:_:_:).")
                }
                if binding.resolver == nil, !readable.contains(field.name), !isSubscriptionType {
                    problems.append("Field \"\(object.name).\(field.name)\" has no resolver: add it to its record's fieldReaders, bind a resolver, or declare it with readProperties(of:).")
                }
            }
        }
        guard problems.isEmpty else { throw SchemaBindingError(problems: problems) }
        let typeResolvers = typeResolvers.map { hook in
            hook.map { hook in
                { @Sendable (value: any Sendable, context: any Sendable, type: GraphQLNamedType) -> String? in
                    hook(value, context as! Context, type)
                }
            }
        }
        return ExecutableSchema(
            core: ExecutionCore(
                schema: schema, bindings: erased, metaFieldResolvers: metaFieldResolvers.mapValues(\.erased),
                typeResolvers: typeResolvers))
    }

    private mutating func objectType(_ typeName: String) -> GraphQLObjectType? {
        guard let type = schema.type(named: typeName) else {
            let names = schema.types.compactMap { $0.asObject?.name }
            problems.append("Unknown type \"\(typeName)\"." + didYouMean(suggestionList(typeName, options: names)))
            return nil
        }
        guard let object = type.asObject else {
            problems.append("Cannot bind fields of \"\(typeName)\": it is not an object type.")
            return nil
        }
        return object
    }

    private mutating func locate(_ typeName: String, _ fieldName: String) -> (GraphQLObjectType, Int)? {
        guard let type = objectType(typeName) else { return nil }
        guard let position = type.fieldPosition(named: fieldName) else {
            problems.append(unknownField(fieldName, in: type))
            return nil
        }
        return (type, position)
    }

    private func unknownField(_ name: String, in type: GraphQLObjectType) -> String {
        "Cannot bind \"\(type.name).\(name)\": type \"\(type.name)\" has no field \"\(name)\"."
            + didYouMean(suggestionList(name, options: type.fields.map(\.name)))
    }
}

/// The problems found when binding resolvers to a schema, all at once.
public struct SchemaBindingError: Error, Sendable, CustomStringConvertible {
    public let problems: [String]

    public var description: String { problems.joined(separator: "\n") }
}
