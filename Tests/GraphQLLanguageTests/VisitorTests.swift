import Testing

@testable import GraphQLLanguage

/// Records every callback as a line, optionally skipping or stopping at a field.
private struct RecordingVisitor: ASTVisitor {
    var log: [String] = []
    var skipField: String?
    var stopAtField: String?

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        log.append("enter operation \(node.name?.value ?? "")")
        return .continue
    }
    mutating func leave(_ node: OperationDefinitionNode) { log.append("leave operation") }
    mutating func enter(_ node: FieldNode) -> VisitAction {
        log.append("enter field \(node.name.value)")
        if node.name.value == skipField { return .skipChildren }
        if node.name.value == stopAtField { return .stop }
        return .continue
    }
    mutating func leave(_ node: FieldNode) { log.append("leave field \(node.name.value)") }
    mutating func enter(_ node: DirectiveNode, location: DirectiveLocation) -> VisitAction {
        log.append("enter directive \(node.name.value) \(location.rawValue)")
        return .continue
    }
    mutating func enter(_ node: ValueNode) -> VisitAction {
        if case .variable(let variable) = node { log.append("enter variable \(variable.name.value)") }
        return .continue
    }
    mutating func enter(_ node: NamedTypeNode) -> VisitAction {
        log.append("enter type \(node.name.value)")
        return .continue
    }
}

/// `query Q($v: [Int!]) @live { a(x: {y: [$v]}) { b @skip(if: $v) } c }`, built by hand.
private func sampleDocument() -> DocumentNode {
    func name(_ value: String) -> NameNode { NameNode(value: value) }
    let variable = VariableNode(name: name("v"))
    let argument = ArgumentNode(
        name: name("x"),
        value: .object(ObjectValueNode(fields: [
            ObjectFieldNode(name: name("y"), value: .list(ListValueNode(values: [.variable(variable)])))
        ])))
    let b = FieldNode(
        name: name("b"),
        directives: [DirectiveNode(name: name("skip"), arguments: [ArgumentNode(name: name("if"), value: .variable(variable))])])
    let a = FieldNode(name: name("a"), arguments: [argument], selectionSet: SelectionSetNode(selections: [.field(b)]))
    let c = FieldNode(name: name("c"))
    let operation = OperationDefinitionNode(
        operation: .query, name: name("Q"),
        variableDefinitions: [
            VariableDefinitionNode(
                variable: variable,
                type: .list(ListTypeNode(type: .nonNull(NonNullTypeNode(type: .named(NamedTypeNode(name: name("Int"))))))))
        ],
        directives: [DirectiveNode(name: name("live"))],
        selectionSet: SelectionSetNode(selections: [.field(a), .field(c)]))
    return DocumentNode(definitions: [.operation(operation)])
}

/// Appends lines from several visitors into one shared log.
private final class Sink: @unchecked Sendable {
    // Only used within one synchronous test; never shared across tasks.
    var lines: [String] = []
}

private struct Tagged: ASTVisitor {
    let tag: String
    let sink: Sink
    mutating func enter(_ node: FieldNode) -> VisitAction {
        sink.lines.append("enter \(tag)")
        return .continue
    }
    mutating func leave(_ node: FieldNode) { sink.lines.append("leave \(tag)") }
}

@Suite struct VisitorTests {
    @Test func walksInDocumentOrder() {
        var visitor = RecordingVisitor()
        visit(sampleDocument(), with: &visitor)
        #expect(visitor.log == [
            "enter operation Q", "enter type Int", "enter directive live QUERY",
            "enter field a", "enter variable v",
            "enter field b", "enter directive skip FIELD", "enter variable v", "leave field b",
            "leave field a", "enter field c", "leave field c", "leave operation",
        ])
    }

    @Test func skipChildrenSkipsTheSubtreeAndItsLeave() {
        var visitor = RecordingVisitor(skipField: "a")
        visit(sampleDocument(), with: &visitor)
        #expect(visitor.log == [
            "enter operation Q", "enter type Int", "enter directive live QUERY",
            "enter field a", "enter field c", "leave field c", "leave operation",
        ])
    }

    @Test func stopEndsTheWalk() {
        var visitor = RecordingVisitor(stopAtField: "b")
        visit(sampleDocument(), with: &visitor)
        #expect(visitor.log.last == "enter field b")
        #expect(!visitor.log.contains("leave operation"))
    }

    @Test func parallelVisitorsSkipAndStopIndependently() {
        var parallel = ParallelVisitor([
            RecordingVisitor(skipField: "a"), RecordingVisitor(), RecordingVisitor(stopAtField: "a"),
        ])
        visit(sampleDocument(), with: &parallel)
        let logs = parallel.visitors.compactMap { ($0 as? RecordingVisitor)?.log }
        var alone = RecordingVisitor(skipField: "a")
        visit(sampleDocument(), with: &alone)
        var full = RecordingVisitor()
        visit(sampleDocument(), with: &full)
        #expect(logs.count == 3)
        #expect(logs[0] == alone.log)
        #expect(logs[1] == full.log)
        #expect(logs[2].last == "enter field a")
    }

    @Test func leaveRunsInReverseOrder() {
        let sink = Sink()
        var walker = ASTWalker(visitor: ParallelVisitor([Tagged(tag: "1", sink: sink), Tagged(tag: "2", sink: sink)]))
        walker.walk(FieldNode(name: NameNode(value: "f")))
        #expect(sink.lines == ["enter 1", "enter 2", "leave 2", "leave 1"])
    }

    @Test func allVisitorsSkippingDoesNotDescend() {
        var parallel = ParallelVisitor([RecordingVisitor(skipField: "a"), RecordingVisitor(skipField: "a")])
        visit(sampleDocument(), with: &parallel)
        let logs = parallel.visitors.compactMap { ($0 as? RecordingVisitor)?.log }
        #expect(logs.count == 2)
        for log in logs {
            #expect(log == [
                "enter operation Q", "enter type Int", "enter directive live QUERY",
                "enter field a", "enter field c", "leave field c", "leave operation",
            ])
        }
    }
}
