/// Who is calling, as far as HTTP knows: the bearer token (unchecked: the
/// accounts area decides what it means), the request id for logs, and the
/// client's address and user agent for the event log.
public struct RequestCredential: Sendable, Equatable {
    public let bearerToken: String?
    public let requestID: String
    public let clientAddress: String?
    public let userAgent: String?

    public init(bearerToken: String?, requestID: String, clientAddress: String? = nil, userAgent: String? = nil) {
        self.bearerToken = bearerToken
        self.requestID = requestID
        self.clientAddress = clientAddress
        self.userAgent = userAgent
    }
}
