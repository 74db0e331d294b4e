import GraphQLLanguage
import GraphQLType

/// The search for fields that cannot be merged (spec §5.3.2 "Field Selection
/// Merging", `FieldsInSetCanMerge`), with graphql-js's strategy for doing it
/// without comparing the same things over and over:
///
/// - Each selection set is collected once into an ``OverlappingFieldMap``
///   (fields by response name, inline fragments flattened, fragment names).
/// - (A) Fields are compared with each other *within* a selection set only when
///   the traversal visits that set; every other comparison is *between* sets.
/// - (B) A set's fields are compared with each fragment it spreads, and (E) with
///   the fragments those spread, transitively; (C) the spread fragments are
///   compared with each other, and (F, G) so are the fragments they spread.
/// - (H, I, J) Two fields with the same response name have their subselections
///   compared the same way: fields with fields, fields with the other side's
///   fragments, fragments with fragments.
/// - Pairs already compared are remembered, fragment with fragment
///   (``FragmentPairSet``) and field map with fragment (``FieldsAndFragmentPairSet``),
///   with whether their parents were mutually exclusive, so no pair is compared
///   twice and fragments spreading each other cannot loop.
///
/// Fields whose parent types are two different object types can never be
/// selected on the same object ("mutually exclusive"): they may differ in name
/// and arguments, but their return types must still have the same shape. The
/// order of the comparisons, and so of the errors and their locations, is
/// graphql-js's (16.9 and later).
struct OverlappingFieldsComparator {
    let schema: GraphQLSchema
    /// Fragment definitions by numbered name (the last of duplicated names, as in graphql-js).
    private let fragments: [Int: FragmentDefinitionNode]
    private let numbers = OverlappingFieldsNumbering()
    /// Field maps of selection sets by start offset, and of fragments by numbered name.
    private var fieldMapsByOffset: [Int: OverlappingFieldMap] = [:]
    private var fragmentFieldMaps: [Int: OverlappingFieldMap] = [:]
    private var mapCount = 0
    private var comparedFieldsAndFragments = FieldsAndFragmentPairSet()
    private var comparedFragmentPairs = FragmentPairSet()
    /// How many subselection comparisons are under way, one inside the other.
    private var nesting = 0
    /// The first pair of fields whose subselections were too deep to compare.
    private(set) var tooDeep: (FieldNode, FieldNode)?

    /// How deeply subselections are compared, one level per pair of fields. Through
    /// fragments a short document can nest thousands of levels, and each level takes
    /// stack: past this depth (twice the parser's nesting limit) the comparison stops
    /// and ``tooDeep`` records where, for the rule to report.
    static let maximumNesting = 256

    init(schema: GraphQLSchema, fragments: [String: FragmentDefinitionNode]) {
        self.schema = schema
        var numbered: [Int: FragmentDefinitionNode] = [:]
        for (name, fragment) in fragments { numbered[numbers.number(name)] = fragment }
        self.fragments = numbered
    }

    /// All conflicts within `selectionSet`, selected on `parentType`, including those
    /// its fragment spreads bring in. Called once for each selection set of a document;
    /// `fragment` is the definition whose own selection set this is, if any.
    mutating func conflictsWithin(
        _ selectionSet: SelectionSetNode, parentType: TypeID?, fragment: FragmentDefinitionNode? = nil
    ) -> [FieldConflict] {
        var conflicts: [FieldConflict] = []
        let map: OverlappingFieldMap
        if let fragment, isDefinition(fragment) {
            // The same map as the fragment's spreads get: a fragment is never compared with itself.
            map = fragmentFieldMap(numbers.number(fragment.name.value)) ?? fieldMap(selectionSet, parentType: parentType)
        } else {
            map = fieldMap(selectionSet, parentType: parentType)
        }
        collectConflictsWithin(map, into: &conflicts)
        let spread = map.fragments
        for (position, fragment) in spread.enumerated() {
            collectConflicts(between: map, andFragment: fragment, mutuallyExclusive: false, into: &conflicts)
            for other in spread[(position + 1)...] {
                collectConflicts(betweenFragments: fragment, other, mutuallyExclusive: false, into: &conflicts)
            }
        }
        return conflicts
    }

    // MARK: Field maps

    private mutating func fieldMap(_ selectionSet: SelectionSetNode, parentType: TypeID?) -> OverlappingFieldMap {
        let offset = selectionSet.loc?.start
        if let offset, let cached = fieldMapsByOffset[offset] { return cached }
        let map = OverlappingFieldMap(serial: mapCount)
        mapCount += 1
        map.collect(selectionSet, parentType: parentType, schema: schema, numbers: numbers)
        if let offset { fieldMapsByOffset[offset] = map }
        return map
    }

    /// The field map of the numbered fragment, selected on its type condition;
    /// nil for an unknown fragment (another rule reports it).
    private mutating func fragmentFieldMap(_ number: Int) -> OverlappingFieldMap? {
        if let cached = fragmentFieldMaps[number] { return cached }
        guard let fragment = fragments[number] else { return nil }
        let map = fieldMap(fragment.selectionSet, parentType: schema.typeID(named: fragment.typeCondition.name.value))
        fragmentFieldMaps[number] = map
        return map
    }

    /// The field map of a field's selection set, remembered on the field.
    private mutating func subselectionMap(of field: OverlappingField, _ selectionSet: SelectionSetNode) -> OverlappingFieldMap {
        if let known = field.subselectionMap { return known }
        let map = fieldMap(selectionSet, parentType: field.definition?.type.namedType)
        field.subselectionMap = map
        return map
    }

    /// Whether `fragment` is the definition its name refers to (the last of duplicates).
    private func isDefinition(_ fragment: FragmentDefinitionNode) -> Bool {
        guard let known = fragments[numbers.number(fragment.name.value)] else { return false }
        if let loc = fragment.loc, let knownLoc = known.loc { return loc == knownLoc }
        return known == fragment
    }

    // MARK: Comparing sets of fields

    /// (A) Every pair of fields sharing a response name within one map.
    private mutating func collectConflictsWithin(_ map: OverlappingFieldMap, into conflicts: inout [FieldConflict]) {
        // Fields of a group of identical leaves merge with each other: nothing to compare.
        for group in map.groups.indices where map.groups[group].count > 1 && map.uniformLeaves[group] == nil {
            let fields = map.groups[group]
            for first in 0..<fields.count {
                for second in (first + 1)..<fields.count {
                    if let conflict = findConflict(
                        map.responseNames[group], fields[first], fields[second], parentsMutuallyExclusive: false)
                    {
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }

    /// Every field of `map1` against every field of `map2` with the same response name.
    /// Conflicts within each map have been (or will be) found when its set is visited.
    private mutating func collectConflicts(
        between map1: OverlappingFieldMap, _ map2: OverlappingFieldMap, mutuallyExclusive: Bool,
        into conflicts: inout [FieldConflict]
    ) {
        for group1 in map1.groups.indices {
            guard let group2 = map2.group(ofResponseName: map1.responseNumbers[group1]) else { continue }
            if let leaves = map1.uniformLeaves[group1], leaves == map2.uniformLeaves[group2] { continue }
            let responseName = map1.responseNames[group1]
            for field1 in map1.groups[group1] {
                for field2 in map2.groups[group2] {
                    if let conflict = findConflict(
                        responseName, field1, field2, parentsMutuallyExclusive: mutuallyExclusive)
                    {
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }

    /// (B, D, E) `map`'s fields against the numbered fragment and, depth first,
    /// against every fragment it spreads, each (map, fragment) pair once.
    /// An explicit stack replaces graphql-js's recursion (a long chain of spreads
    /// must not exhaust the thread's stack) and visits in the same order.
    private mutating func collectConflicts(
        between map: OverlappingFieldMap, andFragment fragment: Int, mutuallyExclusive: Bool,
        into conflicts: inout [FieldConflict]
    ) {
        // A map without fields has nothing to compare, however deep the fragments go.
        if map.isEmpty { return }
        var pending = [fragment]
        while let next = pending.popLast() {
            if comparedFieldsAndFragments.contains(map, next, mutuallyExclusive: mutuallyExclusive) { continue }
            comparedFieldsAndFragments.insert(map, next, mutuallyExclusive: mutuallyExclusive)
            guard let fragmentMap = fragmentFieldMap(next), fragmentMap !== map else { continue }
            collectConflicts(between: map, fragmentMap, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
            pending.append(contentsOf: fragmentMap.fragments.reversed())
        }
    }

    /// (C, F, G) Two numbered fragments against each other, then each against the
    /// fragments the other spreads, depth first, each pair once.
    private mutating func collectConflicts(
        betweenFragments fragment1: Int, _ fragment2: Int, mutuallyExclusive: Bool,
        into conflicts: inout [FieldConflict]
    ) {
        var pending: [(Int, Int)] = [(fragment1, fragment2)]
        while let pair = pending.popLast() {
            let (first, second) = pair
            if first == second { continue }
            if comparedFragmentPairs.contains(first, second, mutuallyExclusive: mutuallyExclusive) { continue }
            comparedFragmentPairs.insert(first, second, mutuallyExclusive: mutuallyExclusive)
            guard let map1 = fragmentFieldMap(first), let map2 = fragmentFieldMap(second) else { continue }
            collectConflicts(between: map1, map2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
            // Visited in this order: `first` with each fragment `second` spreads,
            // then each fragment `first` spreads with `second`.
            for referenced in map1.fragments.reversed() { pending.append((referenced, second)) }
            for referenced in map2.fragments.reversed() { pending.append((first, referenced)) }
        }
    }

    /// (H, I, J) The subselections of two fields with the same response name.
    private mutating func conflictsBetweenSubselections(
        _ map1: OverlappingFieldMap, _ map2: OverlappingFieldMap, mutuallyExclusive: Bool
    ) -> [FieldConflict] {
        var conflicts: [FieldConflict] = []
        collectConflicts(between: map1, map2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
        for fragment in map2.fragments {
            collectConflicts(between: map1, andFragment: fragment, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
        }
        for fragment in map1.fragments {
            collectConflicts(between: map2, andFragment: fragment, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
        }
        for fragment1 in map1.fragments {
            for fragment2 in map2.fragments {
                collectConflicts(
                    betweenFragments: fragment1, fragment2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
            }
        }
        return conflicts
    }

    // MARK: Comparing two fields

    /// Whether two fields with the same response name can be merged
    /// (spec `SameResponseShape` and `FieldsInSetCanMerge`), subfields included.
    private mutating func findConflict(
        _ responseName: String, _ field1: OverlappingField, _ field2: OverlappingField,
        parentsMutuallyExclusive: Bool
    ) -> FieldConflict? {
        let mutuallyExclusive =
            parentsMutuallyExclusive
            || (field1.parentType != field2.parentType && isObjectType(field1.parentType)
                && isObjectType(field2.parentType))
        if !mutuallyExclusive {
            if field1.nameID != field2.nameID {
                return FieldConflict(
                    responseName: responseName,
                    reason: .message(
                        "\"\(field1.node.name.value)\" and \"\(field2.node.name.value)\" are different fields"),
                    fields1: [field1.node], fields2: [field2.node])
            }
            if field1.argumentsID != field2.argumentsID {
                return FieldConflict(
                    responseName: responseName, reason: .message("they have differing arguments"),
                    fields1: [field1.node], fields2: [field2.node])
            }
        }
        let type1 = field1.definition?.type
        let type2 = field2.definition?.type
        if let type1, let type2, type1 != type2, typesConflict(type1, type2) {
            return FieldConflict(
                responseName: responseName,
                reason: .message(
                    "they return conflicting types \"\(schema.typeString(type1))\" and \"\(schema.typeString(type2))\""),
                fields1: [field1.node], fields2: [field2.node])
        }
        guard let selectionSet1 = field1.node.selectionSet, let selectionSet2 = field2.node.selectionSet else {
            return nil
        }
        guard nesting < Self.maximumNesting else {
            if tooDeep == nil { tooDeep = (field1.node, field2.node) }
            return nil
        }
        nesting += 1
        let subconflicts = conflictsBetweenSubselections(
            subselectionMap(of: field1, selectionSet1), subselectionMap(of: field2, selectionSet2),
            mutuallyExclusive: mutuallyExclusive)
        nesting -= 1
        if subconflicts.isEmpty { return nil }
        return FieldConflict(
            responseName: responseName,
            reason: .subfields(subconflicts.map { ($0.responseName, $0.reason) }),
            fields1: [field1.node] + subconflicts.flatMap(\.fields1),
            fields2: [field2.node] + subconflicts.flatMap(\.fields2))
    }

    private func isObjectType(_ type: TypeID?) -> Bool {
        guard let type else { return false }
        return schema[type].asObject != nil
    }

    /// Whether two return types could not describe the same value: lists and
    /// non-nulls must match layer by layer, and leaf types must be the same type.
    /// Composite types never conflict here; their subfields are compared instead.
    private func typesConflict(_ type1: GraphQLTypeRef, _ type2: GraphQLTypeRef) -> Bool {
        switch (type1.shape, type2.shape) {
        case (.list(let inner1), .list(let inner2)), (.nonNull(let inner1), .nonNull(let inner2)):
            return typesConflict(inner1, inner2)
        case (.list, _), (_, .list), (.nonNull, _), (_, .nonNull):
            return true
        case (.named(let id1), .named(let id2)):
            if schema[id1].isLeafType || schema[id2].isLeafType { return id1 != id2 }
            return false
        }
    }
}
