import HTTPTypes

/// The two response media types of the GraphQL-over-HTTP specification
/// (https://graphql.github.io/graphql-over-http/draft/#sec-Media-Types), and
/// the choice between them from a request's `Accept` header.
public enum GraphQLMediaType: String, Sendable, Equatable {
    /// `application/graphql-response+json`: HTTP status codes carry the outcome
    /// (400 for requests that cannot execute).
    case graphQLResponseJSON = "application/graphql-response+json"
    /// `application/json`: the legacy type; 200 for every GraphQL response,
    /// errors are only in the body.
    case json = "application/json"

    /// The `Content-Type` header value of a response of this type.
    var contentType: String { rawValue + "; charset=utf-8" }

    /// A response's headers before the middleware decorates them: `Content-Type` only. Built
    /// once, so a response copies them (a retain) instead of building a dictionary literal.
    var responseHeaders: HTTPFields {
        switch self {
        case .graphQLResponseJSON: Self.graphQLResponseJSONHeaders
        case .json: Self.jsonHeaders
        }
    }

    private static let graphQLResponseJSONHeaders: HTTPFields = [.contentType: GraphQLMediaType.graphQLResponseJSON.contentType]
    private static let jsonHeaders: HTTPFields = [.contentType: GraphQLMediaType.json.contentType]

    /// Picks the response media type for an `Accept` header (RFC 9110 §12.5.1),
    /// or `nil` when the client accepts neither (the caller answers 406).
    ///
    /// No header means `application/json` (spec §"Legacy watershed": clients
    /// that predate `application/graphql-response+json` send none). Wildcards
    /// `*/*` and `application/*` also yield `application/json`, the type every
    /// client understands. Between explicitly listed types the higher `q`
    /// wins; on a tie `application/graphql-response+json` is preferred. A
    /// `charset` other than UTF-8 makes an entry unusable: Quarry only writes UTF-8.
    static func negotiate(accept: String?) -> GraphQLMediaType? {
        guard let accept, !accept.allSatisfy(\.isWhitespace) else { return .json }
        var best: (type: GraphQLMediaType, rank: (Double, Int, Int))?
        for entry in accept.split(separator: ",") {
            guard let range = MediaRange(entry), range.quality > 0, range.charsetIsUTF8 else { continue }
            let type: GraphQLMediaType
            let explicit: Int
            switch (range.type, range.subtype) {
            case ("application", "graphql-response+json"): (type, explicit) = (.graphQLResponseJSON, 1)
            case ("application", "json"): (type, explicit) = (.json, 1)
            case ("application", "*"), ("*", "*"): (type, explicit) = (.json, 0)
            default: continue
            }
            let rank = (range.quality, explicit, type == .graphQLResponseJSON ? 1 : 0)
            if let current = best, current.rank >= rank { continue }
            best = (type, rank)
        }
        return best?.type
    }

    /// Whether an `Accept` header prefers `text/html` to both JSON types, as a
    /// browser opening a page does (`text/html,…,*/*;q=0.8`). Each type gets the
    /// `q` of the most specific range that matches it (RFC 9110 §12.5.1); HTML
    /// must be strictly better, so `*/*` or no header at all means JSON.
    static func prefersHTML(accept: String?) -> Bool {
        guard let accept else { return false }
        let ranges = accept.split(separator: ",").compactMap { MediaRange($0) }
        func quality(_ type: String, _ subtype: String) -> Double {
            let matching = ranges.filter { ($0.type == type || $0.type == "*") && ($0.subtype == subtype || $0.subtype == "*") }
            let specificity = { (range: MediaRange) in (range.type == "*" ? 0 : 1) + (range.subtype == "*" ? 0 : 1) }
            return matching.max { specificity($0) < specificity($1) }?.quality ?? 0
        }
        let json = max(quality("application", "json"), quality("application", "graphql-response+json"))
        return quality("text", "html") > json
    }
}

/// One element of an `Accept` or `Content-Type` header: `type/subtype;param=value`.
struct MediaRange: Equatable {
    let type: String
    let subtype: String
    let parameters: [String: String]

    init?(_ text: some StringProtocol) {
        let pieces = text.split(separator: ";", omittingEmptySubsequences: false)
        let essence = pieces[0].trimmingWhitespaceAndLowercased()
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty else { return nil }
        type = String(halves[0])
        subtype = String(halves[1])
        var parameters: [String: String] = [:]
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            var value = pair[1].trimmingWhitespaceAndLowercased()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            parameters[pair[0].trimmingWhitespaceAndLowercased()] = value
        }
        self.parameters = parameters
    }

    /// The `q` parameter, 1 when absent or unreadable.
    var quality: Double {
        parameters["q"].flatMap(Double.init).map { min(max($0, 0), 1) } ?? 1
    }

    var charsetIsUTF8: Bool {
        guard let charset = parameters["charset"] else { return true }
        return charset == "utf-8" || charset == "utf8"
    }
}

extension StringProtocol {
    func trimmingWhitespaceAndLowercased() -> String {
        String(self).trimmingWhitespace().lowercased()
    }
}
