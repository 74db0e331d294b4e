import GraphQLLanguage
import GraphQLType

/// Every selected field is defined on the type it is selected on
/// ([spec §5.3.1](https://spec.graphql.org/October2021/#sec-Field-Selections)).
///
/// Like graphql-js, an unknown field on an abstract type suggests the types
/// that have it (to use in an inline fragment), else similarly named fields.
struct FieldsOnCorrectTypeRule: ASTVisitor {
    let context: ValidationContext

    mutating func enter(_ node: FieldNode) -> VisitAction {
        guard let parentType = context.parentType, context.fieldDefinition == nil else { return .continue }
        let name = node.name.value
        var suggestion = didYouMean("to use an inline fragment on", suggestedTypeNames(parentType, name))
        if suggestion.isEmpty {
            let fieldNames = context.schema[parentType].fields?.map(\.name) ?? []
            suggestion = didYouMean(suggestionList(name, options: fieldNames))
        }
        context.report(
            "Cannot query field \"\(name)\" on type \"\(context.schema[parentType].name)\"." + suggestion,
            nodes: [node])
        return .continue
    }

    /// The possible types of an abstract type, and their interfaces, that define
    /// `fieldName`: the types used most often first, interfaces before the types
    /// implementing them, then by name (graphql-js `getSuggestedTypeNames`).
    private func suggestedTypeNames(_ type: TypeID, _ fieldName: String) -> [String] {
        let schema = context.schema
        guard schema[type].isAbstractType else { return [] }
        var suggested: [TypeID] = []
        var usageCount: [TypeID: Int] = [:]
        for possibleType in schema.possibleTypes(of: type) {
            guard schema[possibleType].field(named: fieldName) != nil else { continue }
            if usageCount[possibleType] == nil { suggested.append(possibleType) }
            usageCount[possibleType] = 1
            for interface in schema[possibleType].interfaces {
                guard schema[interface].field(named: fieldName) != nil else { continue }
                if usageCount[interface] == nil { suggested.append(interface) }
                usageCount[interface, default: 0] += 1
            }
        }
        suggested.sort { typeA, typeB in
            let countA = usageCount[typeA] ?? 0
            let countB = usageCount[typeB] ?? 0
            if countA != countB { return countA > countB }
            if schema[typeA].asInterface != nil, schema.isSubType(abstract: typeA, maybeSub: typeB) { return true }
            if schema[typeB].asInterface != nil, schema.isSubType(abstract: typeB, maybeSub: typeA) { return false }
            return naturalCompare(schema[typeA].name, schema[typeB].name) < 0
        }
        return suggested.map { schema[$0].name }
    }

}

extension ValidationRule {
    public static let fieldsOnCorrectType = ValidationRule(name: "FieldsOnCorrectTypeRule", visits: .field) {
        FieldsOnCorrectTypeRule(context: $0)
    }
}
