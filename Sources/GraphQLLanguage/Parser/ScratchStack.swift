/// A stack the parser collects list items on before turning them into an
/// exactly-sized array, so each list of the AST costs one allocation instead
/// of one per doubling while it grows.
///
/// Items are moved, never copied: `push` moves an item in, `popArray(from:)`
/// moves the items above a mark into a new array. Nested lists share one
/// stack: an inner list is pushed and popped above its parent's mark.
///
/// A value type held in the parser (not a class), so pushing while the
/// parser recurses costs no reference counting. Its owner calls
/// `deallocate()` exactly once, when the parse ends.
struct ScratchStack<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        storage = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    /// Destroys the items left on the stack (after an error) and frees it.
    func deallocate() {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    @inline(__always) mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    /// Moves the items pushed since `mark` (a former `count`) into an array.
    mutating func popArray(from mark: Int) -> [Element] {
        let length = count - mark
        if length == 0 { return [] }
        var array: [Element] = []
        array.reserveCapacity(length)
        for index in mark..<count {
            array.append((storage + index).move())
        }
        count = mark
        return array
    }
}

/// The parser's scratch stacks, one per kind of list item.
struct ParserScratch {
    var selections = ScratchStack<SelectionNode>()
    var arguments = ScratchStack<ArgumentNode>()
    var directives = ScratchStack<DirectiveNode>()
    var values = ScratchStack<ValueNode>()
    var objectFields = ScratchStack<ObjectFieldNode>()
    var variableDefinitions = ScratchStack<VariableDefinitionNode>(capacity: 8)
    var definitions = ScratchStack<DefinitionNode>(capacity: 8)

    /// Frees every stack; called once, when the parse ends.
    func deallocate() {
        selections.deallocate()
        arguments.deallocate()
        directives.deallocate()
        values.deallocate()
        objectFields.deallocate()
        variableDefinitions.deallocate()
        definitions.deallocate()
    }
}
