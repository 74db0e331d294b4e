import App
import AppCore
import Foundation
import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Hummingbird
import Postgres

/// `GET /graphql` and `POST /graphql` per the GraphQL-over-HTTP specification
/// (https://graphql.github.io/graphql-over-http/draft/).
///
/// Steps: choose the response media type from `Accept` (406 when neither
/// JSON type is acceptable); read the request parameters (POST: a JSON body
/// of at most `QUARRY_HTTP_MAX_BODY_BYTES`, else 413; a non-JSON
/// `Content-Type` gets 415); prepare the document (parse, validate, cached; a
/// persisted document's hash is resolved first, see `GraphQLService.prepare(_:operationName:logger:)`);
/// refuse a mutation over GET with 405; refuse an account mutation over its
/// per-address limit with 429 (``AddressRateLimiter``); execute with the caller's credential;
/// answer with the status the media type implies. A `multipart/form-data`
/// POST is a GraphQL multipart request (file uploads, Sources/Server/Multipart):
/// its files live in temporary files that are deleted when the request ends.
struct GraphQLHTTPHandler: Sendable {
    let service: GraphQLService
    let maxBodyBytes: Int
    let metrics: QuarryMetrics
    /// The account mutations' per-address limits (`RATE_LIMITED`, 429 with `Retry-After`).
    let rateLimiter: AddressRateLimiter
    /// Where and how large uploads may be; `nil` refuses multipart requests with 415.
    var uploads: MultipartUploadSettings? = nil

    func handle(_ request: Request, context: QuarryRequestContext) async throws -> Response {
        guard request.method == .post, let uploads, MultipartHeaders.isMultipart(request.headers.value(.contentType)) else {
            return try await respond(request, context: context, files: nil)
        }
        let files = TemporaryUploads(directory: uploads.temporaryDirectory)
        do {
            let response = try await respond(request, context: context, files: files)
            await files.removeAll()
            return response
        } catch {
            await files.removeAll()
            throw error
        }
    }

    private func respond(_ request: Request, context: QuarryRequestContext, files: TemporaryUploads?) async throws -> Response {
        let start = ContinuousClock.now
        guard let mediaType = GraphQLMediaType.negotiate(accept: request.headers.value(.accept)) else {
            throw QuarryHTTPError(
                .notAcceptable, code: "NOT_ACCEPTABLE",
                message: "Quarry answers application/graphql-response+json or application/json; the Accept header allows neither."
            )
        }
        let prepared: PreparedOperation
        let variables: GraphQLObjectValue
        var uploaded = RequestUploads.none
        // Statements spent finding a persisted document (none when its hash is in memory).
        var lookupStatements = 0
        do {
            let parameters: GraphQLRequestParameters
            if let files, let uploads {
                let multipart = try await readMultipart(request, settings: uploads, files: files)
                parameters = try GraphQLRequestParameters(json: multipart.operations)
                uploaded = multipart.uploads
            } else {
                parameters = try await readParameters(request, context: context)
            }
            if case .text = parameters.document {
                prepared = try await service.prepare(parameters.document, operationName: parameters.operationName, logger: context.logger)
                    .get()
            } else {
                // Only a hash can cost statements (a persisted document not in memory yet, or its registration).
                let (preparation, statements) = await StatementCounter.counting {
                    await service.prepare(parameters.document, operationName: parameters.operationName, logger: context.logger)
                }
                lookupStatements = statements
                prepared = try preparation.get()
            }
            if request.method == .get, let type = prepared.operationType, type != .query {
                throw GraphQLRequestFailure(
                    status: .methodNotAllowed(allow: "POST"),
                    errors: [GraphQLError(
                        "Can only perform a \(type.rawValue) operation from a POST request.",
                        extensions: ["code": "METHOD_NOT_ALLOWED"]
                    )]
                )
            }
            if let refused = rateLimiter.admit(RateLimitedOperation.mutationFields(prepared), from: context.clientAddress) {
                throw GraphQLRequestFailure.rateLimited(refused.mutation, retryAfterSeconds: refused.retryAfterSeconds)
            }
            variables = parameters.variables
        } catch let failure as GraphQLRequestFailure {
            record(operationName: nil, outcome: .invalidRequest, since: start, statements: lookupStatements)
            return failureResponse(failure, mediaType: mediaType)
        } catch let failure as PreparationFailure {
            record(operationName: nil, outcome: .invalidRequest, since: start, statements: lookupStatements)
            let status: GraphQLRequestFailure.Status = failure.isPersistedQueryNotFound ? .persistedQueryNotFound : .unexecutable
            return failureResponse(GraphQLRequestFailure(status: status, errors: failure.errors), mediaType: mediaType)
        }
        let credential = RequestCredential(
            bearerToken: context.bearerToken, requestID: context.requestID, clientAddress: context.clientAddress,
            userAgent: request.headers.value(.userAgent)
        )
        let result = await service.execute(
            prepared, variables: variables, credential: credential, logger: context.logger, uploads: uploaded
        )
        let outcome: QuarryMetrics.Outcome = !result.hasData ? .invalidRequest
            : result.errorCount == 0 ? .ok : .fieldErrors
        record(
            operationName: prepared.operationName, outcome: outcome, since: start,
            statements: lookupStatements + result.sqlStatements
        )
        // A response without `data` is a request error (e.g. variables that do not coerce):
        // 400 when the client reads statuses, 200 for the legacy media type.
        let status: HTTPResponse.Status = result.hasData || mediaType == .json ? .ok : .badRequest
        return Response(
            status: status, headers: mediaType.responseHeaders,
            body: .init(byteBuffer: ByteBuffer(bytes: result.body))
        )
    }

    /// The request parameters of a GET query string or a POST JSON body.
    private func readParameters(
        _ request: Request, context: QuarryRequestContext
    ) async throws -> GraphQLRequestParameters {
        if request.method == .get {
            guard let items = FormURLEncoded.decode(request.uri.query.map { Substring($0) } ?? "") else {
                throw GraphQLRequestFailure.badRequest("The query string is not valid URL encoding of UTF-8 text.")
            }
            return try GraphQLRequestParameters(queryItems: items, parseJSON: { try JSONReader.read($0) })
        }
        try checkContentType(request.headers.value(.contentType))
        if let length = request.headers.value(.contentLength).flatMap(Int.init), length > maxBodyBytes {
            throw tooLarge()
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maxBodyBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge()
        }
        guard body.readableBytes > 0 else {
            throw GraphQLRequestFailure.badRequest("The request body is empty; expected a JSON object with a \"query\" string.")
        }
        let json: GraphQLValue
        do {
            json = try body.withUnsafeReadableBytes { bytes throws(JSONReadError) in try JSONReader.read(bytes) }
        } catch {
            throw GraphQLRequestFailure.badRequest("The request body is not valid JSON.")
        }
        return try GraphQLRequestParameters(json: json)
    }

    /// The operations and files of a GraphQL multipart request, after the CSRF
    /// check: browsers send multipart/form-data cross-site without a CORS
    /// preflight unless a custom header forces one.
    private func readMultipart(
        _ request: Request, settings: MultipartUploadSettings, files: TemporaryUploads
    ) async throws -> GraphQLMultipartRequest {
        let preflight = [MultipartUploadSettings.apolloRequirePreflight, MultipartUploadSettings.graphQLPreflight]
        guard preflight.contains(where: { !(request.headers.value($0) ?? "").trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw MultipartUploadError.preflightRequired
        }
        guard let boundary = MultipartHeaders.boundary(contentType: request.headers.value(.contentType) ?? "") else {
            throw MultipartUploadError.malformed("the Content-Type has no valid boundary parameter")
        }
        return try await GraphQLMultipartRequest.read(
            body: request.body, boundary: boundary,
            limits: .init(maxFieldBytes: maxBodyBytes, maxFileBytes: settings.maxFileBytes, maxFiles: settings.maxFiles),
            files: files
        )
    }

    /// POST bodies must be JSON in UTF-8 (spec §"POST": `application/json`).
    private func checkContentType(_ header: String?) throws {
        guard let header, JSONContentType.accepts(header) else {
            throw QuarryHTTPError(
                .unsupportedMediaType, code: "UNSUPPORTED_MEDIA_TYPE",
                message: uploads == nil
                    ? "POST /graphql takes a JSON body: send Content-Type: application/json."
                    : "POST /graphql takes a JSON body (Content-Type: application/json) or a GraphQL multipart request (multipart/form-data).",
                headers: [.accept: uploads == nil ? "application/json" : "application/json, multipart/form-data"]
            )
        }
    }

    private func tooLarge() -> QuarryHTTPError {
        QuarryHTTPError(
            .contentTooLarge, code: "REQUEST_TOO_LARGE",
            message: "The request body exceeds \(maxBodyBytes) bytes (QUARRY_HTTP_MAX_BODY_BYTES)."
        )
    }

    /// The response of a request that cannot be executed, its errors worded by the service's catalogue.
    private func failureResponse(_ failure: GraphQLRequestFailure, mediaType: GraphQLMediaType) -> Response {
        var status = HTTPResponse.Status.ok
        var headers = mediaType.responseHeaders
        switch failure.status {
        case .malformed:
            status = .badRequest
        case .unexecutable:
            if mediaType == .graphQLResponseJSON { status = .badRequest }
        case .methodNotAllowed(let allow):
            status = .methodNotAllowed
            headers[.allow] = allow
        case .persistedQueryNotFound:
            headers[.cacheControl] = "private, no-cache, must-revalidate"
        case .rateLimited(let seconds):
            status = .tooManyRequests
            headers[.retryAfter] = "\(seconds)"
        }
        return Response(
            status: status, headers: headers,
            body: .init(byteBuffer: ByteBuffer(string: GraphQLErrorJSON.response(service.errorMessages.worded(failure.errors))))
        )
    }

    private func record(operationName: String?, outcome: QuarryMetrics.Outcome, since start: ContinuousClock.Instant, statements: Int) {
        metrics.recordGraphQLRequest(
            operationName: operationName, outcome: outcome, duration: ContinuousClock.now - start,
            sqlStatements: statements
        )
    }
}
