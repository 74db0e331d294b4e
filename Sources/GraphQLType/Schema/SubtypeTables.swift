/// The abstract-type relations of a schema, computed once when it is built.
struct SubtypeTables {
    var possibleTypes: [[TypeID]]
    var subTypes: [Set<TypeID>]
    var implementingInterfaces: [[TypeID]]

    init(types: [GraphQLNamedType]) {
        possibleTypes = Array(repeating: [], count: types.count)
        subTypes = Array(repeating: [], count: types.count)
        implementingInterfaces = Array(repeating: [], count: types.count)
        for type in types {
            switch type {
            case .union(let union):
                let members = union.members.filter { Int($0.index) < types.count }
                possibleTypes[Int(union.id.index)] = members
                subTypes[Int(union.id.index)].formUnion(members)
            case .object(let object):
                for interface in object.interfaces where isInterface(interface, in: types) {
                    possibleTypes[Int(interface.index)].append(object.id)
                    subTypes[Int(interface.index)].insert(object.id)
                }
            case .interface(let implementing):
                for interface in implementing.interfaces where isInterface(interface, in: types) {
                    implementingInterfaces[Int(interface.index)].append(implementing.id)
                    subTypes[Int(interface.index)].insert(implementing.id)
                }
            default:
                continue
            }
        }
    }

    private func isInterface(_ id: TypeID, in types: [GraphQLNamedType]) -> Bool {
        guard Int(id.index) < types.count, case .interface = types[Int(id.index)] else { return false }
        return true
    }
}
