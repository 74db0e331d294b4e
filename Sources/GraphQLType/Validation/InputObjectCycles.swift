/// Finds input objects that contain themselves through non-null fields, which no
/// finite value could satisfy (spec §3.10 "Type Validation" 3; graphql-js
/// `validateInputObjectCircularRefs`). Each cycle is reported once, from the first
/// type of the schema that is on it.
struct InputObjectCycleDetector {
    let schema: GraphQLSchema
    private var visited: Set<TypeID> = []
    private var fieldPath: [String] = []
    private var pathIndexByType: [TypeID: Int] = [:]
    private var messages: [String] = []

    init(schema: GraphQLSchema) {
        self.schema = schema
    }

    mutating func detect(from inputObject: GraphQLInputObjectType) -> [String] {
        messages = []
        visit(inputObject)
        return messages
    }

    private mutating func visit(_ inputObject: GraphQLInputObjectType) {
        guard visited.insert(inputObject.id).inserted else { return }
        pathIndexByType[inputObject.id] = fieldPath.count
        for field in inputObject.fields {
            guard case .nonNull(let inner) = field.type.shape, inner.isNamed,
                let fieldType = schema[inner].asInputObject
            else { continue }
            fieldPath.append(field.name)
            if let cycleIndex = pathIndexByType[fieldType.id] {
                let path = fieldPath[cycleIndex...].joined(separator: ".")
                messages.append(
                    "Cannot reference Input Object \"\(fieldType.name)\" within itself through a series of non-null fields: \"\(path)\".")
            } else {
                visit(fieldType)
            }
            fieldPath.removeLast()
        }
        pathIndexByType[inputObject.id] = nil
    }
}
