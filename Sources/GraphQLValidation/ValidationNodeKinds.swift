import GraphQLLanguage

/// The kinds of node a rule's visitor handles. The validation walk calls a rule
/// only for these (entering and leaving), so a rule that checks, say, directives
/// costs nothing at the many fields of a document. A rule handling a kind not
/// listed is simply not called for it; `.all` is always correct.
public struct ValidationNodeKinds: OptionSet, Sendable {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    public static let document = ValidationNodeKinds(rawValue: 1 << 0)
    public static let operationDefinition = ValidationNodeKinds(rawValue: 1 << 1)
    public static let variableDefinition = ValidationNodeKinds(rawValue: 1 << 2)
    public static let selectionSet = ValidationNodeKinds(rawValue: 1 << 3)
    public static let field = ValidationNodeKinds(rawValue: 1 << 4)
    public static let argument = ValidationNodeKinds(rawValue: 1 << 5)
    public static let fragmentSpread = ValidationNodeKinds(rawValue: 1 << 6)
    public static let inlineFragment = ValidationNodeKinds(rawValue: 1 << 7)
    public static let fragmentDefinition = ValidationNodeKinds(rawValue: 1 << 8)
    public static let directive = ValidationNodeKinds(rawValue: 1 << 9)
    public static let namedType = ValidationNodeKinds(rawValue: 1 << 10)
    public static let value = ValidationNodeKinds(rawValue: 1 << 11)
    public static let objectField = ValidationNodeKinds(rawValue: 1 << 12)

    /// Every kind of node.
    public static let all = ValidationNodeKinds(rawValue: (1 << 13) - 1)

    /// Number of kinds, for tables indexed by kind.
    static let count = 13
}

/// Calls each rule's visitor for the node kinds it handles, in one walk
/// (graphql-js `visitInParallel`): `enter` in rule order, `leave` in reverse
/// order; a rule that skips a node is not called inside it, nor for its
/// `leave`; a rule that stops is not called again.
struct RuleDispatcher {
    private var visitors: [any ASTVisitor]
    /// For each node kind (by bit index), the rules handling it, in rule order.
    private let rulesByKind: [[Int]]
    /// Per rule: 0 when active, the depth of the node it skipped, or -1 once stopped.
    private var skipping: [Int]
    private var depth = 0

    init(visitors: [any ASTVisitor], kinds: [ValidationNodeKinds]) {
        self.visitors = visitors
        skipping = Array(repeating: 0, count: visitors.count)
        var table = Array(repeating: [Int](), count: ValidationNodeKinds.count)
        for (index, ruleKinds) in kinds.enumerated() {
            for bit in 0..<ValidationNodeKinds.count where ruleKinds.rawValue & (1 << bit) != 0 {
                table[bit].append(index)
            }
        }
        rulesByKind = table
    }

    /// Enters a node of `kind` (a single-bit set) for the rules handling it.
    mutating func enter(_ kind: ValidationNodeKinds, _ call: (inout any ASTVisitor) -> VisitAction) {
        depth += 1
        for index in rulesByKind[kind.rawValue.trailingZeroBitCount] where skipping[index] == 0 {
            switch call(&visitors[index]) {
            case .continue: break
            case .skipChildren: skipping[index] = depth
            case .stop: skipping[index] = -1
            }
        }
    }

    /// Leaves a node of `kind`; rules that skipped it become active again.
    mutating func leave(_ kind: ValidationNodeKinds, _ call: (inout any ASTVisitor) -> Void) {
        for index in rulesByKind[kind.rawValue.trailingZeroBitCount].reversed() {
            if skipping[index] == 0 {
                call(&visitors[index])
            } else if skipping[index] == depth {
                skipping[index] = 0
            }
        }
        depth -= 1
    }
}
