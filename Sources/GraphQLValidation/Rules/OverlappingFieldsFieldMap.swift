import GraphQLLanguage
import GraphQLType

/// One field of a selection set as field selection merging sees it (spec §5.3.2):
/// the type it was selected on, its node, its definition when the schema has one,
/// and its arguments in a canonical form so that comparing two fields' arguments
/// is one string comparison however often the pair is compared.
struct OverlappingField {
    /// The type the field was selected on; nil when unknown (another rule reports that).
    let parentType: TypeID?
    let node: FieldNode
    let definition: GraphQLField?
    /// Arguments sorted by name, values printed with input object fields sorted
    /// (arguments and input object fields are unordered, spec §2.6 and §2.9.8).
    let argumentsKey: String

    init(parentType: TypeID?, node: FieldNode, definition: GraphQLField?) {
        self.parentType = parentType
        self.node = node
        self.definition = definition
        self.argumentsKey = OverlappingField.canonicalArguments(node.arguments)
    }

    static func canonicalArguments(_ arguments: [ArgumentNode]) -> String {
        if arguments.isEmpty { return "" }
        let sorted = arguments.enumerated().sorted { lhs, rhs in
            lhs.element.name.value == rhs.element.name.value
                ? lhs.offset < rhs.offset : lhs.element.name.value < rhs.element.name.value
        }
        return sorted.map { $0.element.name.value + ":" + printValue(sortedFields($0.element.value)) }
            .joined(separator: ",")
    }

    /// The value with the fields of every input object sorted by name (graphql-js `sortValueNode`).
    private static func sortedFields(_ value: ValueNode) -> ValueNode {
        switch value {
        case .list(var list):
            list.values = list.values.map(sortedFields)
            return .list(list)
        case .object(var object):
            object.fields = object.fields.enumerated().sorted { lhs, rhs in
                lhs.element.name.value == rhs.element.name.value
                    ? lhs.offset < rhs.offset : lhs.element.name.value < rhs.element.name.value
            }.map { entry in
                var field = entry.element
                field.value = sortedFields(field.value)
                return field
            }
            return .object(object)
        default:
            return value
        }
    }
}

/// The fields a selection set selects, inline fragments included, grouped by
/// response name in first-seen order, and the names of the fragments it spreads
/// (each once, in first-seen order). graphql-js calls this pair
/// "fields and fragment names"; it is computed once per selection set.
final class OverlappingFieldMap {
    /// Response names in the order they first appear.
    private(set) var responseNames: [String] = []
    /// For each response name (same positions as `responseNames`), its fields in order.
    private(set) var groups: [[OverlappingField]] = []
    private var groupIndex: [String: Int] = [:]
    /// Fragments spread directly or through inline fragments, each named once.
    private(set) var fragmentNames: [String] = []
    private var seenFragments: Set<String> = []
    /// A number no other map of the same validation has, naming it in ``FieldsAndFragmentPairSet``.
    let serial: Int

    init(serial: Int) {
        self.serial = serial
    }

    /// Whether the map has no fields (it may still spread fragments).
    var isEmpty: Bool { groups.isEmpty }

    /// The fields with the given response name.
    func fields(named responseName: String) -> [OverlappingField]? {
        groupIndex[responseName].map { groups[$0] }
    }

    /// Collects `selectionSet`'s fields and spreads as selected on `parentType`.
    func collect(_ selectionSet: SelectionSetNode, parentType: TypeID?, schema: GraphQLSchema) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let node):
                var definition: GraphQLField?
                if let parentType {
                    let type = schema[parentType]
                    if type.asObject != nil || type.asInterface != nil {
                        definition = type.field(named: node.name.value)
                    }
                }
                add(OverlappingField(parentType: parentType, node: node, definition: definition))
            case .fragmentSpread(let spread):
                if seenFragments.insert(spread.name.value).inserted {
                    fragmentNames.append(spread.name.value)
                }
            case .inlineFragment(let inline):
                var type = parentType
                if let condition = inline.typeCondition { type = schema.typeID(named: condition.name.value) }
                collect(inline.selectionSet, parentType: type, schema: schema)
            }
        }
    }

    private func add(_ field: OverlappingField) {
        let responseName = field.node.responseKey
        if let index = groupIndex[responseName] {
            groups[index].append(field)
        } else {
            groupIndex[responseName] = groups.count
            responseNames.append(responseName)
            groups.append([field])
        }
    }
}
