import Synchronization

/// The text of a GraphQL document, held as UTF-8 bytes.
///
/// The lexer reads `body` by integer offsets, and every AST node's `Location`
/// points back here, so an error raised anywhere downstream (validation,
/// execution) can report a 1-based line and column (spec §2.1 "Source Text").
/// The table of line starts is built on first use (errors are rare) and then
/// reused, each lookup being a binary search.
public final class Source: Sendable {
    /// The document's bytes, UTF-8 encoded.
    public let body: [UInt8]
    /// A name for the source, e.g. a file name; graphql-js uses "GraphQL request".
    public let name: String
    /// Offsets at which each line begins; computed lazily. A `Mutex` keeps the
    /// lazy fill Sendable: several tasks may report errors on one cached document.
    private let lineStartsCache = Mutex<[Int]?>(nil)

    public init(body: String, name: String = "GraphQL request") {
        self.body = Array(body.utf8)
        self.name = name
    }

    public init(bytes: [UInt8], name: String = "GraphQL request") {
        self.body = bytes
        self.name = name
    }

    /// The 1-based line and column of a byte offset. Lines end at `\n`, `\r\n`
    /// or `\r` (spec §2.1.2); columns count UTF-16 code units like graphql-js,
    /// so messages name the same column for non-ASCII text.
    public func location(at offset: Int) -> SourceLocation {
        let starts = lineStarts()
        let position = max(0, min(offset, body.count))
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= position { low = mid } else { high = mid - 1 }
        }
        let lineStart = starts[low]
        var column = 1
        var index = lineStart
        while index < position {
            let byte = body[index]
            if byte < 0x80 || byte >= 0xC0 {
                // A leading byte: one UTF-16 unit, two for a 4-byte sequence.
                column += byte >= 0xF0 ? 2 : 1
            }
            index += 1
        }
        return SourceLocation(line: low + 1, column: column)
    }

    private func lineStarts() -> [Int] {
        lineStartsCache.withLock { cache in
            if let cache { return cache }
            var starts = [0]
            var index = 0
            let count = body.count
            while index < count {
                let byte = body[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < count, body[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
            cache = starts
            return starts
        }
    }
}

/// A 1-based line and column in a `Source`, as reported in `GraphQLError.locations`.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// Where an AST node lies in its `Source`: byte offsets `start..<end`, and
/// the 1-based line and column of `start` (columns in UTF-16 code units, as
/// `Source.location(at:)` counts them).
///
/// The lexer knows the line and column of every token, so the parser records
/// them here and an error about a node needs no lookup. A location is a
/// plain 16-byte value without references: copying AST nodes costs no
/// reference counting, which keeps parsing fast.
public struct Location: Sendable, Hashable {
    private var storedStart: UInt32
    private var storedEnd: UInt32
    private var storedLine: UInt32
    private var storedColumn: UInt32

    /// `line` and `column` are 1-based (a location on line 0 reads as absent).
    public init(start: Int, end: Int, line: Int, column: Int) {
        storedStart = UInt32(clamping: start)
        storedEnd = UInt32(clamping: end)
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
    }

    /// A location whose line and column are looked up in `source`.
    public init(start: Int, end: Int, source: Source) {
        let location = source.location(at: start)
        self.init(start: start, end: end, line: location.line, column: location.column)
    }

    /// Byte offset of the node's first byte.
    public var start: Int { Int(storedStart) }
    /// Byte offset just past the node's last byte.
    public var end: Int { Int(storedEnd) }
    /// 1-based line of `start`.
    public var line: Int { Int(storedLine) }
    /// 1-based column of `start`.
    public var column: Int { Int(storedColumn) }

    /// The line and column where the node starts.
    public var startLocation: SourceLocation { SourceLocation(line: line, column: column) }
}

/// Stores a node's optional `loc` in 16 bytes instead of 17: "no location"
/// is a location on line 0, which the parser never produces. Keeps AST
/// nodes compact (they are copied into lists while parsing).
///
/// Nodes keep it in a plain stored property `packedLoc` (with a computed
/// `loc`) and declare their public initializers in extensions, so each node
/// also has the compiler's memberwise initializer, to which the public one
/// delegates. That assembles the node in place, whereas a hand-written
/// initializer that sets each property of a large node compiles to an extra
/// copy of it (a retain and a release of every array and string in it) in
/// optimized builds, which was a tenth of the parser's time.
public struct PackedLocation: Sendable, Hashable {
    private var stored: Location

    public init(_ location: Location?) {
        stored = location ?? Location(start: 0, end: 0, line: 0, column: 0)
    }

    public var location: Location? {
        get { stored.line == 0 ? nil : stored }
        set { stored = newValue ?? Location(start: 0, end: 0, line: 0, column: 0) }
    }
}
