import GraphQLLanguage
import GraphQLType

/// One field of a selection set as field selection merging sees it (spec §5.3.2):
/// the type it was selected on, its node, its definition when the schema has one,
/// and numbers for its name and its arguments (in a canonical form) so that
/// comparing two fields is a few integer comparisons however often they are compared.
///
/// A class: the algorithm passes fields around in tight loops, and a reference is
/// one word where the node is many.
final class OverlappingField {
    /// The type the field was selected on; nil when unknown (another rule reports that).
    let parentType: TypeID?
    let node: FieldNode
    let definition: GraphQLField?
    /// The field's name, numbered.
    let nameID: Int
    /// The arguments sorted by name, values printed with input object fields sorted
    /// (arguments and input object fields are unordered, spec §2.6 and §2.9.8), numbered.
    let argumentsID: Int
    /// The field map of the field's selection set, once the comparator has made it.
    var subselectionMap: OverlappingFieldMap?

    /// What decides a comparison of two fields without selection sets: two such
    /// fields with the same signature always merge (same name, same arguments,
    /// same type), whatever their parents.
    struct LeafSignature: Equatable {
        let nameID: Int
        let argumentsID: Int
        let type: GraphQLTypeRef?
    }

    /// The field's leaf signature; nil when it has a selection set.
    var leafSignature: LeafSignature? {
        node.selectionSet == nil ? LeafSignature(nameID: nameID, argumentsID: argumentsID, type: definition?.type) : nil
    }

    init(parentType: TypeID?, node: FieldNode, definition: GraphQLField?, numbers: OverlappingFieldsNumbering) {
        self.parentType = parentType
        self.node = node
        self.definition = definition
        self.nameID = numbers.number(node.name.value)
        self.argumentsID = node.arguments.isEmpty ? -1 : numbers.number(Self.canonicalArguments(node.arguments))
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

/// Numbers for strings (field names, response names, argument lists, fragment
/// names), so that the comparisons and the memo tables compare integers.
final class OverlappingFieldsNumbering {
    private var numbers: [String: Int] = [:]

    func number(_ string: String) -> Int {
        if let known = numbers[string] { return known }
        let new = numbers.count
        numbers[string] = new
        return new
    }
}

/// The fields a selection set selects, inline fragments included, grouped by
/// response name in first-seen order, and the fragments it spreads (each once,
/// in first-seen order). graphql-js calls this pair "fields and fragment names";
/// it is computed once per selection set.
final class OverlappingFieldMap {
    /// Response names in the order they first appear.
    private(set) var responseNames: [String] = []
    /// For each response name (same positions as `responseNames`), its fields in order.
    private(set) var groups: [[OverlappingField]] = []
    /// For each group, its response name numbered.
    private(set) var responseNumbers: [Int] = []
    /// For each group, the signature all its fields share when they are all leaves
    /// with one signature (such fields never conflict with each other); else nil.
    private(set) var uniformLeaves: [OverlappingField.LeafSignature?] = []
    /// Position in `groups` by numbered response name.
    private var groupIndex: [Int: Int] = [:]
    /// Fragments spread directly or through inline fragments, numbered, each once.
    private(set) var fragments: [Int] = []
    private var seenFragments: Set<Int> = []
    /// A number no other map of the same validation has, naming it in ``FieldsAndFragmentPairSet``.
    let serial: Int

    init(serial: Int) {
        self.serial = serial
    }

    /// Whether the map has no fields (it may still spread fragments).
    var isEmpty: Bool { groups.isEmpty }

    /// The position in ``groups`` of the fields with the numbered response name.
    func group(ofResponseName number: Int) -> Int? {
        groupIndex[number]
    }

    /// Collects `selectionSet`'s fields and spreads as selected on `parentType`.
    func collect(
        _ selectionSet: SelectionSetNode, parentType: TypeID?, schema: GraphQLSchema, numbers: OverlappingFieldsNumbering
    ) {
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
                let field = OverlappingField(parentType: parentType, node: node, definition: definition, numbers: numbers)
                add(field, responseName: node.responseKey, number: numbers.number(node.responseKey))
            case .fragmentSpread(let spread):
                let number = numbers.number(spread.name.value)
                if seenFragments.insert(number).inserted { fragments.append(number) }
            case .inlineFragment(let inline):
                var type = parentType
                if let condition = inline.typeCondition { type = schema.typeID(named: condition.name.value) }
                collect(inline.selectionSet, parentType: type, schema: schema, numbers: numbers)
            }
        }
    }

    private func add(_ field: OverlappingField, responseName: String, number: Int) {
        if let index = groupIndex[number] {
            groups[index].append(field)
            if let uniform = uniformLeaves[index], field.leafSignature != uniform { uniformLeaves[index] = nil }
        } else {
            groupIndex[number] = groups.count
            responseNames.append(responseName)
            responseNumbers.append(number)
            uniformLeaves.append(field.leafSignature)
            groups.append([field])
        }
    }
}
