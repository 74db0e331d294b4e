import GraphQLLanguage

/// Errors a client can act on (API.md "Conventions"): a human message, an
/// UPPER_SNAKE `extensions.code`, and for input validation the offending
/// fields as `extensions.fields: [{field, message}]`.
package enum ClientError {
    /// An error with `code` and, when given, the input fields at fault.
    package static func make(_ code: String, _ message: String, fields: [(field: String, message: String)] = []) -> GraphQLError {
        var extensions: ErrorExtensions = ["code": .string(code)]
        if !fields.isEmpty {
            let list = fields.map { ErrorExtensionValue.object(["field": .string($0.field), "message": .string($0.message)]) }
            extensions = ErrorExtensions(entries: extensions.entries + [.init(key: "fields", value: .list(list))])
        }
        return GraphQLError(message, extensions: extensions)
    }

    /// Input that fails validation: `BAD_USER_INPUT` listing every field at fault,
    /// the first field's message as the error's message.
    package static func invalidInput(_ fields: [(field: String, message: String)]) -> GraphQLError {
        make("BAD_USER_INPUT", fields.first?.message ?? "Invalid input", fields: fields)
    }
}
