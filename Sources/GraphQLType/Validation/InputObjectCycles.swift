import GraphQLLanguage

/// Finds input objects that contain themselves through non-null fields, which no
/// finite value could satisfy (spec §3.10 "Type Validation" 3; graphql-js
/// `validateInputObjectCircularRefs`). Each cycle is reported once, from the first
/// type of the schema that is on it.
struct InputObjectCycleDetector {
    let schema: GraphQLSchema
    private var visited: Set<TypeID> = []
    private var fieldPath: [GraphQLInputValue] = []
    private var pathIndexByType: [TypeID: Int] = [:]
    private var cycles: [(message: String, nodes: [any ASTNode])] = []

    init(schema: GraphQLSchema) {
        self.schema = schema
    }

    /// The cycles through `inputObject` not reported yet, with the fields on each.
    mutating func detect(from inputObject: GraphQLInputObjectType) -> [(message: String, nodes: [any ASTNode])] {
        cycles = []
        visit(inputObject)
        return cycles
    }

    private mutating func visit(_ inputObject: GraphQLInputObjectType) {
        guard visited.insert(inputObject.id).inserted else { return }
        pathIndexByType[inputObject.id] = fieldPath.count
        for field in inputObject.fields {
            guard case .nonNull(let inner) = field.type.shape, inner.isNamed,
                let fieldType = schema[inner].asInputObject
            else { continue }
            fieldPath.append(field)
            if let cycleIndex = pathIndexByType[fieldType.id] {
                let cycle = fieldPath[cycleIndex...]
                let path = cycle.map(\.name).joined(separator: ".")
                cycles.append((
                    "Cannot reference Input Object \"\(fieldType.name)\" within itself through a series of non-null fields: \"\(path)\".",
                    cycle.compactMap { $0.astNode }
                ))
            } else {
                visit(fieldType)
            }
            fieldPath.removeLast()
        }
        pathIndexByType[inputObject.id] = nil
    }
}
