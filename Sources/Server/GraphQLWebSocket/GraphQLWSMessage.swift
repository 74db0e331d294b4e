import GraphQLExecution
import GraphQLLanguage
import GraphQLType

/// A message a client sends over the `graphql-transport-ws` protocol
/// (github.com/enisdenjo/graphql-ws, PROTOCOL.md "Message types"): every
/// message is a JSON object with a string `type`; `subscribe` and `complete`
/// carry the operation's `id`.
enum GraphQLWSClientMessage: Sendable, Equatable {
    /// `connection_init`, with its optional payload (an object: where the client puts its credentials).
    case connectionInit(payload: GraphQLObjectValue)
    case ping
    case pong
    /// `subscribe`: one operation of any type, identified by `id` while it runs.
    case subscribe(id: String, parameters: GraphQLRequestParameters)
    /// `complete`: the client stops the operation `id`.
    case complete(id: String)

    /// Reads one text message; anything the protocol does not allow is the
    /// close `4400` with the reason (PROTOCOL.md: "receiving a message of a
    /// type or format which is not specified in this document will result in
    /// an immediate socket closure with the event 4400").
    static func parse(_ text: String) throws(GraphQLWSClose) -> GraphQLWSClientMessage {
        guard let value = try? JSONReader.read(text), case .object(let object) = value else {
            throw .invalidMessage("Invalid message received: not a JSON object")
        }
        guard case .string(let type)? = object["type"] else {
            throw .invalidMessage("Invalid message received: \"type\" must be a string")
        }
        switch type {
        case "connection_init": return .connectionInit(payload: try payload(object, of: type))
        case "ping":
            _ = try payload(object, of: type)
            return .ping
        case "pong":
            _ = try payload(object, of: type)
            return .pong
        case "subscribe":
            let id = try operationID(object, of: type)
            guard case .object(let payload)? = object["payload"] else {
                throw .invalidMessage("Invalid message received: \"subscribe\" needs a \"payload\" object")
            }
            do {
                return .subscribe(id: id, parameters: try GraphQLRequestParameters(json: .object(payload)))
            } catch {
                throw .invalidMessage("Invalid message received: \(error.errors.first?.message ?? "bad payload")")
            }
        case "complete": return .complete(id: try operationID(object, of: type))
        default: throw .invalidMessage("Invalid message received: unknown type \"\(type)\"")
        }
    }

    private static func payload(_ object: GraphQLObjectValue, of type: String) throws(GraphQLWSClose) -> GraphQLObjectValue {
        switch object["payload"] {
        case nil, .null?: return [:]
        case .object(let payload)?: return payload
        default: throw .invalidMessage("Invalid message received: the payload of \"\(type)\" must be an object")
        }
    }

    private static func operationID(_ object: GraphQLObjectValue, of type: String) throws(GraphQLWSClose) -> String {
        guard case .string(let id)? = object["id"], !id.isEmpty else {
            throw .invalidMessage("Invalid message received: \"\(type)\" needs a non-empty string \"id\"")
        }
        return id
    }
}

/// The messages the server sends (PROTOCOL.md), written as JSON text.
enum GraphQLWSServerMessage {
    static let connectionAck = #"{"type":"connection_ack"}"#
    static let pong = #"{"type":"pong"}"#

    /// `next`: one execution result (`{"data":…,"errors":[…]}`) of operation `id`.
    static func next(id: String, result: [UInt8]) -> String { withPayload("next", id: id, payload: result) }

    /// `error`: the operation `id` failed before it ran; `errors` is a JSON array of GraphQL errors.
    static func error(id: String, errors: [UInt8]) -> String { withPayload("error", id: id, payload: errors) }

    /// `complete`: the operation `id` has ended.
    static func complete(id: String) -> String {
        var writer = JSONWriter(capacity: 64)
        writer.raw(#"{"id":"#)
        writer.string(id)
        writer.raw(#","type":"complete"}"#)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func withPayload(_ type: StaticString, id: String, payload: [UInt8]) -> String {
        var writer = JSONWriter(capacity: payload.count + 64)
        writer.raw(#"{"id":"#)
        writer.string(id)
        writer.raw(#","type":""#)
        writer.raw(type)
        writer.raw(#"","payload":"#)
        writer.bytes.append(contentsOf: payload)
        writer.byte(UInt8(ascii: "}"))
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// Why the server closes a `graphql-transport-ws` socket: the close codes
/// and reasons of PROTOCOL.md.
struct GraphQLWSClose: Error, Sendable, Equatable {
    let code: UInt16
    let reason: String

    /// The longest reason a close frame holds: RFC 6455 §5.5 allows a control frame
    /// 125 bytes of payload, 2 of them the code. A client fails a connection whose close
    /// frame is longer (browsers with 1002) and never sees the code.
    static let maxReasonBytes = 123

    /// A reason longer than ``maxReasonBytes`` (it may quote the client's `type` or `id`,
    /// or a long request error) is cut at a character boundary and ends with "…".
    init(code: UInt16, reason: String) {
        self.code = code
        guard reason.utf8.count > Self.maxReasonBytes else {
            self.reason = reason
            return
        }
        var cut = ""
        var bytes = "…".utf8.count
        for scalar in reason.unicodeScalars {
            bytes += scalar.utf8.count
            if bytes > Self.maxReasonBytes { break }
            cut.unicodeScalars.append(scalar)
        }
        self.reason = cut + "…"
    }

    /// 4400: a message the protocol does not allow.
    static func invalidMessage(_ reason: String) -> GraphQLWSClose { GraphQLWSClose(code: 4400, reason: reason) }
    /// 4401: `subscribe` before the connection was acknowledged.
    static let unauthorized = GraphQLWSClose(code: 4401, reason: "Unauthorized")
    /// 4403: `connection_init` carried credentials the server does not accept.
    static let forbidden = GraphQLWSClose(code: 4403, reason: "Forbidden")
    /// 4408: no `connection_init` in time.
    static let initialisationTimeout = GraphQLWSClose(code: 4408, reason: "Connection initialisation timeout")
    /// 4409: `subscribe` with the id of an operation that is still running.
    static func subscriberExists(_ id: String) -> GraphQLWSClose {
        GraphQLWSClose(code: 4409, reason: "Subscriber for \(id) already exists")
    }
    /// 4429: a second `connection_init`.
    static let tooManyInitialisationRequests = GraphQLWSClose(code: 4429, reason: "Too many initialisation requests")
    /// 4500: the server failed.
    static let internalError = GraphQLWSClose(code: 4500, reason: "Internal server error")
}
