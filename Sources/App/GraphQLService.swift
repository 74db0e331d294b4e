import Accounts
import Administration
import AppCore
import Auth
import Cards
import Food
import Feed
import Foodstabook
import Friends
import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import GraphQLValidation
import Logging
import Postgres
import ScreenCache

/// Quarry's GraphQL engine as the HTTP layer uses it: the executable schema
/// (every area's resolvers bound to the SDL of `schema/`), the validation
/// rules the configuration asks for, and the two steps of a request —
/// ``prepare(query:operationName:)`` (parse and validate) and
/// ``execute(_:variables:credential:logger:)``.
public final class GraphQLService: Sendable {
    public let executable: ExecutableSchema<QuarryContext>
    public let database: PostgresPool
    public let accounts: AccountServices
    /// The media store and upload limit; `nil` leaves uploads unconfigured (they then fail).
    public let media: MediaServices?
    /// This instance's subscribers of `messageReceived`; the server's message listener feeds it.
    public let messageHub: MessageHub
    /// Documents registered by automatic persisted queries, shared through the database.
    public let persistedDocuments: PersistedDocumentStore
    /// The error message catalogue this instance words every error with; the server reads it at
    /// start-up and its notification listener re-reads it after an edit on any instance.
    package let errorMessages: ErrorCatalogue
    /// Where unexpected errors become error reports (masked errors here, the HTTP layer's 500s).
    public let errorReporter: ErrorReporter
    let trustedDocuments: TrustedDocuments
    let introspection: Bool
    private let documents: DocumentCache

    /// What the configuration decides about GraphQL requests.
    public struct Options: Sendable {
        /// Whether introspection (`__schema`, `__type`) is answered.
        public var introspection: Bool
        /// Whether introspection shows each caller only the fields its role may use.
        public var introspectionByRole: Bool
        /// Limits on an operation's depth, aliases and estimated cost; 0 = none.
        public var maxDepth: Int
        public var maxAliases: Int
        public var maxCost: Int
        /// Parsed and validated documents kept (and as many persisted-query hashes).
        public var documentCacheSize: Int
        /// The bound on automatic persisted queries stored in the database.
        public var persistedQueriesMax: Int
        /// The allow-list of trusted documents and its mode.
        public var trustedDocuments: TrustedDocuments
        /// "Offers in my area": how far from a point an offer's store may be (`QUARRY_OFFERS_RADIUS_KM`), in metres.
        public var offersRadiusMeters: Double

        public init(
            introspection: Bool, introspectionByRole: Bool = false, maxDepth: Int, maxAliases: Int, maxCost: Int,
            documentCacheSize: Int, persistedQueriesMax: Int = 10_000, trustedDocuments: TrustedDocuments = .off,
            offersRadiusMeters: Double = Options.defaultOffersRadiusMeters
        ) {
            self.introspection = introspection
            self.introspectionByRole = introspectionByRole
            self.maxDepth = maxDepth
            self.maxAliases = maxAliases
            self.maxCost = maxCost
            self.documentCacheSize = documentCacheSize
            self.persistedQueriesMax = persistedQueriesMax
            self.trustedDocuments = trustedDocuments
            self.offersRadiusMeters = offersRadiusMeters
        }

        /// API.md "Configuration": `QUARRY_OFFERS_RADIUS_KM` defaults to 25.
        public static let defaultOffersRadiusMeters = 25_000.0

        /// What Quarry ships with (the defaults of `QUARRY_INTROSPECTION` and the
        /// `QUARRY_GRAPHQL_*` variables): the settings `make run` serves and the
        /// tests run with, so a limit that refuses a real client fails a test.
        /// Depth 15 admits the standard introspection query of graphql-js 16 and
        /// graphql-core 3.2 (15 deep with its nine `ofType` levels); the cost
        /// and alias limits are reviewed against the apps' screens in the README.
        public static let shipped = Options(
            introspection: true, maxDepth: 15, maxAliases: 30, maxCost: 10_000, documentCacheSize: 1_000
        )

        /// The spec's rules plus the limits and policies these options ask for.
        public var validationRules: [ValidationRule] {
            var rules = specifiedRules
            if !introspection { rules.append(.noIntrospection) }
            if maxDepth > 0 { rules.append(.maxDepth(maxDepth)) }
            if maxAliases > 0 { rules.append(.maxAliases(maxAliases)) }
            if maxCost > 0 { rules.append(.maxCost(maxCost)) }
            return rules
        }
    }

    /// Binds every area's resolvers to `schema`, and checks the trusted documents.
    /// `errorReporter` receives every error masked as `INTERNAL_SERVER_ERROR`.
    /// - Throws: `SchemaBindingError` when a field has no resolver or a binding names no field;
    ///   ``InvalidTrustedDocument`` when a manifest document does not parse or validate.
    public init(
        schema: GraphQLSchema, database: PostgresPool, accounts: AccountServices, options: Options,
        media: MediaServices? = nil, errorReporter: ErrorReporter = .discarding
    ) throws {
        var builder = ExecutableSchemaBuilder<QuarryContext>(schema: schema)
        AuthDirective.bind(into: &builder)
        if options.introspectionByRole {
            builder.introspectionViews(Role.allCases, of: { $0.role }, showsField: AuthDirective.mayUse)
        }
        SystemResolvers.bind(into: &builder)
        NodeResolver.bind(into: &builder)
        PaginationResolvers.bind(into: &builder)
        GeographyResolvers.bind(into: &builder)
        AccountsResolvers.bind(into: &builder)
        OnboardingResolvers.bind(into: &builder)
        let users = UserLoader(database: database)
        ScreenshotResolvers.bind(into: &builder, database: database, users: users)
        let messageHub = MessageHub(database: database)
        MessagesResolvers.bind(into: &builder, database: database, users: users, hub: messageHub)
        FriendsResolvers.bind(into: &builder, database: database, users: users)
        let errorMessages = ErrorCatalogue(supportEmail: accounts.settings.supportEmail) {
            try await ErrorMessageQueries.catalogue(database: database)
        }
        AdministrationResolvers.bind(into: &builder, users: users, errorMessages: errorMessages)
        FeedResolvers.bind(into: &builder, database: database, users: users)
        PostResolvers.bind(into: &builder, database: database, users: users)
        NewsfeedResolvers.bind(into: &builder, database: database)
        CardResolvers.bind(into: &builder)
        OfferResolvers.bind(into: &builder, database: database, radiusMeters: options.offersRadiusMeters)
        FoodResolvers.bind(into: &builder)
        executable = try builder.build()
        self.errorMessages = errorMessages
        self.messageHub = messageHub
        self.database = database
        self.accounts = accounts
        self.media = media
        self.errorReporter = errorReporter
        documents = DocumentCache(schema: schema, capacity: options.documentCacheSize, rules: options.validationRules)
        persistedDocuments = PersistedDocumentStore(
            database: database, maxDocuments: options.persistedQueriesMax, memoryCapacity: options.documentCacheSize
        )
        trustedDocuments = options.trustedDocuments
        introspection = options.introspection
        if options.trustedDocuments.mode != .off {
            for (hash, text) in options.trustedDocuments.documents.sorted(by: { $0.key < $1.key }) {
                if case .failure(let failure) = documents.document(for: text) {
                    throw InvalidTrustedDocument(hash: hash, errors: failure.errors)
                }
            }
        }
    }

    /// Parses and validates a request's document (spec §6.1 steps before
    /// execution), from the document cache when the same text came before.
    /// Syntax errors carry `extensions.code` `GRAPHQL_PARSE_FAILED`, validation
    /// errors `GRAPHQL_VALIDATION_FAILED` unless a rule set its own code.
    public func prepare(query: String, operationName: String?) -> Result<PreparedOperation, PreparationFailure> {
        let document: DocumentNode
        switch documents.document(for: query) {
        case .success(let valid):
            document = valid
        case .failure(let failure):
            // The parser reports one error, always a "Syntax Error: …"; validation reports its own.
            let isSyntax = failure.errors.count == 1 && failure.errors[0].message.hasPrefix("Syntax Error:")
            let code = isSyntax ? "GRAPHQL_PARSE_FAILED" : "GRAPHQL_VALIDATION_FAILED"
            return .failure(PreparationFailure(errors: failure.errors.map { Self.coded($0, code) }))
        }
        let operations = document.operations
        let selected = operationName.map { name in operations.first { $0.name?.value == name } }
            ?? (operations.count == 1 ? operations.first : nil)
        return .success(PreparedOperation(
            document: document, operationName: operationName ?? selected?.name?.value,
            operationType: selected?.operation
        ))
    }

    /// The signed-in caller a request's credential stands for, `nil` for a
    /// guest (one statement when there is a token). Routes outside GraphQL
    /// (such as `GET /media/{id}`) resolve their caller the same way.
    public func viewer(for credential: RequestCredential) async throws -> Viewer? {
        guard let token = credential.bearerToken else { return nil }
        return try await Sessions.viewer(forToken: token, database: database, lifetime: accounts.settings.tokenLifetime)
    }

    /// Executes a prepared operation and writes the whole response body,
    /// counting the SQL statements it costs. The bearer token is resolved to
    /// the viewer first (one statement), so `@auth` checks need no database.
    /// `uploads` are the files of a multipart request, which `Upload`
    /// variables name by placeholder.
    public func execute(
        _ prepared: PreparedOperation, variables: GraphQLObjectValue, credential: RequestCredential, logger: Logger,
        uploads: RequestUploads = .none
    ) async -> GraphQLResponse {
        let (result, statements) = await StatementCounter.counting {
            let viewer: Viewer?
            do {
                viewer = try await self.viewer(for: credential)
            } catch {
                let scope = errorScope(credential: credential, operationName: prepared.operationName, viewer: nil, logger: logger)
                return ExecutionResult(
                    requestErrors: errorMessages.worded(ErrorMasking.masked([ErrorMasking.fieldError(error)], in: scope))
                )
            }
            let context = QuarryContext(
                credential: credential, viewer: viewer, database: database, accounts: accounts, logger: logger,
                media: media, uploads: uploads
            )
            // The Upload scalar's input coercion reads the request's files from here.
            let result = await RequestUploads.$current.withValue(uploads) {
                await executable.execute(
                    document: prepared.document, operationName: prepared.operationName, variables: variables,
                    context: context
                )
            }
            guard result.data != nil else { return ExecutionResult(requestErrors: errorMessages.worded(result.errors)) }
            let scope = errorScope(credential: credential, operationName: prepared.operationName, viewer: viewer, logger: logger)
            return ExecutionResult(
                data: result.data, errors: errorMessages.worded(ErrorMasking.masked(result.errors, in: scope))
            )
        }
        return GraphQLResponse(
            body: result.jsonBytes(), hasData: result.data != nil, errorCount: result.errors.count,
            sqlStatements: statements
        )
    }

    /// Where a request's unexpected errors are logged and reported, with what identifies the request.
    func errorScope(credential: RequestCredential, operationName: String?, viewer: Viewer?, logger: Logger) -> ErrorScope {
        ErrorScope(
            logger: logger, reporter: errorReporter, requestID: credential.requestID, operationName: operationName,
            viewerID: viewer?.userID
        )
    }

    private static func coded(_ error: GraphQLError, _ code: String) -> GraphQLError {
        guard error.extensions["code"] == nil else { return error }
        var coded = error
        coded.extensions = ErrorExtensions(entries: error.extensions.entries + [.init(key: "code", value: .string(code))])
        return coded
    }
}

/// A GraphQL response, written.
public struct GraphQLResponse: Sendable {
    /// The JSON body: `{"data":…,"errors":[…]}`.
    public let body: [UInt8]
    /// Whether execution started; `false` for request errors such as variables
    /// that do not coerce (the body then has only `errors`).
    public let hasData: Bool
    public let errorCount: Int
    /// SQL statements run while executing.
    public let sqlStatements: Int
}
