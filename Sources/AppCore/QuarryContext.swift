import Foundation
import Auth
import GraphQLLanguage
import Logging
import Postgres

/// What every resolver sees of the request (DESIGN.md: "a small, typed
/// context — never the HTTP request"): who is calling, the database, the
/// account services, and a logger carrying the request id.
///
/// A class: the executor hands the context to resolvers and guards as `any Sendable`
/// and casts it back for each call, and a struct of this size was copied by every
/// cast (a dozen retains and releases, hundreds of times in a list query).
public final class QuarryContext: Sendable {
    public let credential: RequestCredential
    /// The signed-in user, `nil` for a guest (no token, or one that is unknown,
    /// expired, revoked or belongs to a blocked account).
    public let viewer: Viewer?
    public let database: PostgresPool
    public let accounts: AccountServices
    public let logger: Logger
    /// The media store and upload limit; `nil` on a server built without them.
    public let media: MediaServices?
    /// The files of a multipart request, by placeholder; none for a JSON request.
    public let uploads: RequestUploads

    public init(
        credential: RequestCredential, viewer: Viewer?, database: PostgresPool, accounts: AccountServices, logger: Logger,
        media: MediaServices? = nil, uploads: RequestUploads = .none
    ) {
        self.credential = credential
        self.viewer = viewer
        self.database = database
        self.accounts = accounts
        self.logger = logger
        self.media = media
        self.uploads = uploads
    }

    /// The signed-in caller, for resolvers behind `@auth(requires: USER)`,
    /// which has already turned guests away; a subscription's source stream is
    /// created before any guard runs, so the check stays.
    package func signedIn() throws(GraphQLError) -> Viewer {
        guard let viewer else { throw AuthDirective.unauthenticated }
        return viewer
    }

    /// The server's public URL, the base of every link and media URL clients get.
    package var publicURL: String { accounts.settings.publicURL }

    /// The URL clients fetch media `id` from (``MediaQueries/url(of:publicURL:)``).
    package func mediaURL(_ id: UUID) -> String { MediaQueries.url(of: id, publicURL: publicURL) }

    /// The caller's role: GUEST without a viewer.
    public var role: Role { viewer?.role ?? .guest }
}
