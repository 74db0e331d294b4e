import GraphQLLanguage

/// The result of executing a request (spec §7.1 "Response Format"): the `data`
/// entry already written as JSON bytes in selection order, and the errors.
public struct ExecutionResult: Sendable {
    /// The JSON text of `data`: an object, or `null` when a non-null root field
    /// failed; `nil` when execution did not start (a request error, spec §7.1.2).
    public let data: [UInt8]?
    /// Request errors, or field errors in the order they arose.
    public let errors: [GraphQLError]

    public init(data: [UInt8]?, errors: [GraphQLError]) {
        self.data = data
        self.errors = errors
    }

    /// A result for a request error (no `data` entry).
    public init(requestErrors: [GraphQLError]) {
        self.init(data: nil, errors: requestErrors)
    }

    /// `data` as text (for logs and tests).
    public var dataText: String? {
        data.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes the whole response: `{"data":...}`, then `"errors":[...]` when there
    /// are errors — graphql-js's and graphql-core's key order — or `{"errors":[...]}`
    /// when there is no data.
    public func writeJSON(into writer: inout JSONWriter) {
        writer.byte(UInt8(ascii: "{"))
        if let data {
            writer.raw("\"data\":")
            writer.bytes.append(contentsOf: data)
        }
        if !errors.isEmpty {
            if data != nil { writer.byte(UInt8(ascii: ",")) }
            writer.raw("\"errors\":")
            writer.errors(errors)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// The whole response as JSON bytes.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: (data?.count ?? 0) + 64 + errors.count * 128)
        writeJSON(into: &writer)
        return writer.bytes
    }

    /// The whole response as JSON text.
    public var jsonText: String {
        String(decoding: jsonBytes(), as: UTF8.self)
    }
}
