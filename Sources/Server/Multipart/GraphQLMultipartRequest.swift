import AppCore
import GraphQLExecution
import GraphQLType
import Hummingbird
import NIOCore
import _NIOFileSystem

/// Reads a GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec):
/// the `operations` field (the JSON request, with `null` where files go),
/// the `map` field (`{"0": ["variables.image"]}`: which part goes where),
/// then the file parts, each streamed to a temporary file as it arrives.
/// The result is the JSON request with each mapped position holding the
/// file's placeholder, and the files by placeholder.
struct GraphQLMultipartRequest {
    let operations: GraphQLValue
    let uploads: RequestUploads

    struct Limits {
        /// Largest `operations` or `map` field.
        var maxFieldBytes: Int
        var maxFileBytes: Int
        var maxFiles: Int
    }

    /// Streams `body` (with the Content-Type's `boundary`) into `files`.
    static func read(
        body: RequestBody, boundary: String, limits: Limits, files: TemporaryUploads
    ) async throws -> GraphQLMultipartRequest {
        var reader = PartReader(limits: limits, files: files)
        var parser = MultipartParser(boundary: boundary)
        do {
            for try await chunk in body {
                for event in try parser.feed(chunk) { try await reader.handle(event) }
                if parser.isComplete { break }
            }
            try parser.finish()
        } catch let failure as MultipartParser.Failure {
            await reader.closeOpenFile()
            switch failure {
            case .truncated: throw MultipartUploadError.truncated
            case .malformed(let detail): throw MultipartUploadError.malformed(detail)
            }
        } catch {
            await reader.closeOpenFile()
            throw error
        }
        return try reader.request()
    }
}

/// What the parts of the body say, in the order the spec requires.
private struct PartReader {
    let limits: GraphQLMultipartRequest.Limits
    let files: TemporaryUploads

    private var operations: GraphQLValue?
    private var map: [(key: String, paths: [[String]])]?
    private var received: [String: UploadedFile] = [:]

    /// The part being read: a field collected in memory, a file streamed to disk, or one the map does not name.
    private enum Current {
        case field(name: String, bytes: ByteBuffer)
        case file(key: String, filename: String, contentType: String?, path: String, handle: WriteFileHandle, size: Int)
        case ignored
    }
    private var current: Current?

    init(limits: GraphQLMultipartRequest.Limits, files: TemporaryUploads) {
        self.limits = limits
        self.files = files
    }

    mutating func handle(_ event: MultipartParser.Event) async throws {
        switch event {
        case .headers(let headers):
            try await begin(headers)
        case .content(let bytes):
            try await append(bytes)
        case .partEnd:
            try await end()
        }
    }

    private mutating func begin(_ headers: [String: String]) async throws {
        guard let (name, filename) = MultipartHeaders.disposition(headers["content-disposition"]) else {
            throw MultipartUploadError.malformed("a part has no Content-Disposition: form-data header with a name")
        }
        if operations == nil {
            guard name == "operations", filename == nil else {
                throw MultipartUploadError.operations("it must be the first part of the request")
            }
            current = .field(name: name, bytes: ByteBuffer())
        } else if map == nil {
            guard name == "map", filename == nil else { throw MultipartUploadError.map("it must be the second part of the request") }
            current = .field(name: name, bytes: ByteBuffer())
        } else if let map, map.contains(where: { $0.key == name }), received[name] == nil {
            if received.count >= limits.maxFiles { throw MultipartUploadError.tooManyFiles(limit: limits.maxFiles) }
            let path = try await files.newPath()
            let handle = try await FileSystem.shared.openFile(
                forWritingAt: FilePath(path), options: .newFile(replaceExisting: false)
            )
            current = .file(
                key: name, filename: filename ?? "", contentType: headers["content-type"], path: path, handle: handle, size: 0
            )
        } else {
            current = .ignored
        }
    }

    private mutating func append(_ bytes: ByteBuffer) async throws {
        switch current {
        case .field(let name, var collected)?:
            guard collected.readableBytes + bytes.readableBytes <= limits.maxFieldBytes else {
                let detail = "it exceeds \(limits.maxFieldBytes) bytes (QUARRY_HTTP_MAX_BODY_BYTES)"
                throw name == "operations" ? MultipartUploadError.operations(detail) : MultipartUploadError.map(detail)
            }
            var bytes = bytes
            collected.writeBuffer(&bytes)
            current = .field(name: name, bytes: collected)
        case .file(let key, let filename, let contentType, let path, let handle, let size)?:
            let newSize = size + bytes.readableBytes
            guard newSize <= limits.maxFileBytes else { throw MultipartUploadError.fileTooLarge(limit: limits.maxFileBytes) }
            _ = try await handle.write(contentsOf: bytes, toAbsoluteOffset: Int64(size))
            current = .file(key: key, filename: filename, contentType: contentType, path: path, handle: handle, size: newSize)
        case .ignored?, nil:
            break
        }
    }

    private mutating func end() async throws {
        defer { current = nil }
        switch current {
        case .field(let name, let bytes)?:
            let json: GraphQLValue
            do {
                json = try bytes.withUnsafeReadableBytes { raw throws(JSONReadError) in try JSONReader.read(raw) }
            } catch {
                throw name == "operations"
                    ? MultipartUploadError.operations("it is not valid JSON") : MultipartUploadError.map("it is not valid JSON")
            }
            if name == "operations" { operations = json } else { map = try Self.readMap(json) }
        case .file(let key, let filename, let contentType, let path, let handle, let size)?:
            try await handle.close(makeChangesVisible: true)
            received[key] = UploadedFile(path: path, filename: filename, contentType: contentType, size: size)
        case .ignored?, nil:
            break
        }
    }

    /// Closes a file left open by a failure, so that it can be deleted.
    mutating func closeOpenFile() async {
        if case .file(_, _, _, _, let handle, _)? = current { try? await handle.close(makeChangesVisible: false) }
        current = nil
    }

    /// The map: each key a list of at least one dotted path starting at `variables`.
    static func readMap(_ json: GraphQLValue) throws -> [(key: String, paths: [[String]])] {
        guard case .object(let object) = json else { throw MultipartUploadError.map("it must be a JSON object") }
        return try object.map { key, value -> (key: String, paths: [[String]]) in
            guard case .list(let items) = value, !items.isEmpty else {
                throw MultipartUploadError.map("the entry \"\(key)\" must be a non-empty list of paths")
            }
            let paths = try items.map { item in
                guard case .string(let path) = item else {
                    throw MultipartUploadError.map("the entry \"\(key)\" must list paths as strings")
                }
                let segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard segments.count >= 2, segments[0] == "variables", !segments.contains("") else {
                    throw MultipartUploadError.map("the path \"\(path)\" must name a position under \"variables\"")
                }
                return segments
            }
            return (key, paths)
        }
    }

    /// The operations with each mapped position set to its file's placeholder.
    func request() throws -> GraphQLMultipartRequest {
        guard var operations else { throw MultipartUploadError.operations("the request has no \"operations\" field") }
        guard let map else { throw MultipartUploadError.map("the request has no \"map\" field") }
        guard case .object = operations else {
            throw MultipartUploadError.operations("it must be one JSON request object (batched operations are not supported)")
        }
        var uploads: [String: UploadedFile] = [:]
        for (key, paths) in map {
            guard let file = received[key] else { throw MultipartUploadError.missingFile(key) }
            let placeholder = RequestUploads.placeholder(forMapKey: key)
            uploads[placeholder] = file
            for path in paths {
                operations = try Self.setting(.string(placeholder), at: path[...], in: operations, fullPath: path)
            }
        }
        return GraphQLMultipartRequest(operations: operations, uploads: RequestUploads(files: uploads))
    }

    private static func setting(
        _ value: GraphQLValue, at path: ArraySlice<String>, in container: GraphQLValue, fullPath: [String]
    ) throws -> GraphQLValue {
        guard let segment = path.first else { return value }
        let rest = path.dropFirst()
        switch container {
        case .object(var object):
            let child = object[segment] ?? .null
            guard rest.isEmpty || child != .null else { throw missingPosition(fullPath) }
            object[segment] = try setting(value, at: rest, in: child, fullPath: fullPath)
            return .object(object)
        case .list(var items):
            guard let index = Int(segment), items.indices.contains(index) else { throw missingPosition(fullPath) }
            items[index] = try setting(value, at: rest, in: items[index], fullPath: fullPath)
            return .list(items)
        default:
            throw missingPosition(fullPath)
        }
    }

    private static func missingPosition(_ path: [String]) -> QuarryHTTPError {
        MultipartUploadError.map("the path \"\(path.joined(separator: "."))\" names no position in the operations")
    }
}
