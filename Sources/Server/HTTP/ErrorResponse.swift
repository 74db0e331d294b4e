import Hummingbird

/// Errors answered by the HTTP layer itself (before or around GraphQL
/// execution), in the GraphQL response shape so that clients parse one format:
/// `{"errors":[{"message":"…","extensions":{"code":"…"}}]}`.
public struct QuarryHTTPError: Error, HTTPResponseError, Sendable {
    public let status: HTTPResponse.Status
    /// Machine-readable UPPER_SNAKE code, e.g. `REQUEST_TOO_LARGE`.
    public let code: String
    public let message: String
    public let headers: HTTPFields

    public init(_ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = Self.jsonResponse(status: status, body: Self.body(code: code, message: message))
        for field in headers { response.headers.append(field) }
        return response
    }

    /// The JSON body of a single error.
    static func body(code: String, message: String) -> String {
        #"{"errors":[{"message":"# + JSONText.quoted(message) + #","extensions":{"code":"#
            + JSONText.quoted(code) + "}}]}"
    }

    static func jsonResponse(
        status: HTTPResponse.Status, body: String, contentType: String = "application/json; charset=utf-8"
    ) -> Response {
        Response(
            status: status,
            headers: [.contentType: contentType],
            body: .init(byteBuffer: ByteBuffer(string: body))
        )
    }
}

/// Minimal JSON text helpers for the few bodies the HTTP layer writes itself.
enum JSONText {
    /// `text` as a JSON string literal, escaped as `JSON.stringify` does.
    static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
