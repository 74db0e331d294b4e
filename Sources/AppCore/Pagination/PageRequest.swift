import GraphQLLanguage
import GraphQLType
import Postgres

/// The page a connection field is asked for (Relay cursor connections spec,
/// "Arguments"): `first`/`after` read forward in the list's own order,
/// `last`/`before` read backward from its end; `after` and `before` may bound
/// either. Lists are ordered by time, then id (see ``Cursor``), and read with
/// keyset conditions, so a page costs one index range scan however deep it is.
public struct PageRequest: Sendable, Hashable {
    /// The order of the whole list.
    package enum Order: Sendable, Hashable {
        case newestFirst
        case oldestFirst
    }

    let order: Order
    /// How many items the page holds at most.
    public let size: Int
    /// Whether the page is the last `size` items before `before` (`last` was given).
    @usableFromInline let fromEnd: Bool
    package let after: Cursor?
    package let before: Cursor?

    /// Items per page when neither `first` nor `last` is given, and the most either may ask for.
    static let defaultSize = 20
    package static let maximumSize = 100

    /// Reads `first`, `after`, `last` and `before` from a field's arguments.
    /// Out-of-range sizes, both `first` and `last`, and cursors that are not
    /// ours are `BAD_USER_INPUT` errors naming the argument.
    package init(arguments: GraphQLObjectValue, order: Order, defaultSize: Int = PageRequest.defaultSize) throws(GraphQLError) {
        let first = arguments.optionalInt("first")
        let last = arguments.optionalInt("last")
        for (name, value) in [("first", first), ("last", last)] {
            if let value, !(0...Self.maximumSize).contains(value) {
                throw ClientError.invalidInput([(name, "\(name) must be between 0 and \(Self.maximumSize).")])
            }
        }
        if first != nil, last != nil {
            throw ClientError.invalidInput([("last", "Ask for either first or last, not both.")])
        }
        self.order = order
        size = first ?? last ?? defaultSize
        fromEnd = last != nil
        after = try Cursor.argument("after", arguments.optionalString("after"))
        before = try Cursor.argument("before", arguments.optionalString("before"))
    }

    package init(order: Order, size: Int, fromEnd: Bool = false, after: Cursor? = nil, before: Cursor? = nil) {
        self.order = order
        self.size = size
        self.fromEnd = fromEnd
        self.after = after
        self.before = before
    }

    /// `first` of a forward-only list with a cursor of its own (cards by name, `searchPosts` by rank):
    /// ``defaultSize`` when absent; outside 0…``maximumSize`` a `BAD_USER_INPUT` error naming `first`.
    package static func first(of arguments: GraphQLObjectValue) throws(GraphQLError) -> Int {
        let first = arguments.optionalInt("first")
        if let first, !(0...maximumSize).contains(first) {
            throw ClientError.invalidInput([("first", "first must be between 0 and \(maximumSize).")])
        }
        return first ?? defaultSize
    }

    /// `after` of such a list, read by `decode` (`nil` for a text it did not make: a `BAD_USER_INPUT` error naming
    /// `after`); `nil` when absent.
    package static func after<Position>(
        of arguments: GraphQLObjectValue, _ decode: (String) -> Position?
    ) throws(GraphQLError) -> Position? {
        guard let text = arguments.optionalString("after") else { return nil }
        guard let position = decode(text) else { throw invalidCursor() }
        return position
    }

    /// The answer to a cursor argument (`after`, `before`) the list did not make, or cannot take (an offers
    /// list with a point given a cursor of one without, a newsfeed tier that does not exist).
    package static func invalidCursor(_ argument: String = "after") -> GraphQLError {
        ClientError.invalidInput([(argument, "This cursor is not valid; use one from a previous page.")])
    }

    /// The conditions `after` and `before` put on rows whose time and id are
    /// the columns `time` and `id` (statement text, never input); `TRUE` when neither is given.
    package func condition(time: SQL, id: SQL) -> SQL {
        var condition: SQL = "TRUE"
        let later = order == .oldestFirst
        if let after { condition = condition + " AND (\(time), \(id)) \(unsafeSQL: later ? ">" : "<") (\(after.time), \(after.id))" }
        if let before { condition = condition + " AND (\(time), \(id)) \(unsafeSQL: later ? "<" : ">") (\(before.time), \(before.id))" }
        return condition
    }

    /// The `ORDER BY` list that reads the page: the list's order, reversed for `last`.
    package func ordering(time: SQL, id: SQL) -> SQL {
        let descending = (order == .newestFirst) != fromEnd
        let direction = descending ? "DESC" : "ASC"
        return "\(time) \(unsafeSQL: direction), \(id) \(unsafeSQL: direction)"
    }

    /// Rows to read: one more than the page holds, which tells whether more follow.
    package var limit: Int { size + 1 }
}
