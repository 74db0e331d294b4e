import GraphQLLanguage
import GraphQLType
import Testing

@testable import GraphQLValidation

/// A rule that reports, when leaving each operation (before later fragments are
/// walked), the variable usages and fragments the context gives for it.
private struct UsageProbeRule: ASTVisitor {
    let context: ValidationContext

    mutating func leave(_ node: OperationDefinitionNode) {
        let usages = context.recursiveVariableUsages(of: node).map { usage in
            "$" + usage.node.name.value + ":" + (usage.type.map { context.schema.typeString($0) } ?? "?")
                + (usage.defaultValue == nil ? "" : "=default")
        }
        let fragments = context.recursivelyReferencedFragments(of: node).map(\.name.value)
        context.report(usages.joined(separator: " ") + " | " + fragments.joined(separator: " "), nodes: [node])
    }
}

/// Reports each call the walk makes to it, so the errors record the order of calls.
private struct LoggingRule: ASTVisitor {
    let name: String
    let context: ValidationContext
    let skipFields: Bool

    mutating func enter(_ node: FieldNode) -> VisitAction {
        context.report(GraphQLError("\(name)>\(node.name.value)"))
        return skipFields && node.selectionSet != nil ? .skipChildren : .continue
    }

    mutating func leave(_ node: FieldNode) {
        context.report(GraphQLError("\(name)<\(node.name.value)"))
    }

    mutating func enter(_ node: ArgumentNode) -> VisitAction {
        context.report(GraphQLError("\(name)@\(node.name.value)"))
        return .continue
    }
}

@Suite struct ValidationContextTests {
    @Test func usagesAskedMidWalkIncludeLaterFragmentsOnce() throws {
        let probe = ValidationRule(name: "Probe", visits: .operationDefinition) { UsageProbeRule(context: $0) }
        let errors = try validationErrors([probe], """
            query Q($a: Boolean, $b: Int) {
              dog { isHouseTrained(atOtherHomes: $a) ...F }
            }
            fragment F on Dog { ...G isAtLocation(x: $b) }
            fragment G on Dog { doesKnowCommand(dogCommand: $c) ...F }
            """)
        #expect(errors.map(\.message) == ["$a:Boolean=default $b:Int $c:DogCommand | F G"])
    }

    @Test func rulesAreCalledOnlyForTheirKindsInOrder() throws {
        let first = ValidationRule(name: "First", visits: .field) {
            LoggingRule(name: "A", context: $0, skipFields: true)
        }
        let second = ValidationRule(name: "Second", visits: [.field, .argument]) {
            LoggingRule(name: "B", context: $0, skipFields: false)
        }
        let calls = try validationErrors([first, second], "{ dog { name(surname: true) } cat { name } }")
        #expect(calls.map(\.message) == [
            "A>dog", "B>dog", "B>name", "B@surname", "B<name", "B<dog",
            "A>cat", "B>cat", "B>name", "B<name", "B<cat",
        ])
    }

    @Test func fragmentSpreadsInSelectionSets() throws {
        let document = try Parser.parse("""
            { a { ...A ... on T { ...B } } ...C }
            fragment A on T { ...D }
            """)
        let context = ValidationContext(schema: harnessSchema, document: document, maxErrors: 10)
        #expect(context.fragmentSpreads(in: document.operations[0].selectionSet).map(\.name.value) == ["C", "A", "B"])
        #expect(context.fragmentSpreads(ofFragment: "A").map(\.name.value) == ["D"])
        #expect(context.fragment(named: "A")?.typeCondition.name.value == "T")
        #expect(context.recursivelyReferencedFragments(of: document.operations[0]).map(\.name.value) == ["A"])
    }
}
