import Foundation

/// A folder of its own under the system's temporary folder, for JWKS files.
struct IdentityTokenTemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("quarry-oidc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes a JWKS of `keys` as `name` and returns its path.
    @discardableResult
    func writeJWKS(_ keys: [IdentityTokenSigningKey], named name: String = "jwks.json", withAlgorithm: Bool = true)
        throws -> String
    {
        let document = try ["keys": keys.map { try $0.jwk(withAlgorithm: withAlgorithm) }]
        return try write(JSONSerialization.data(withJSONObject: document), named: name)
    }

    @discardableResult
    func write(_ data: Data, named name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try data.write(to: file, options: .atomic)
        return file.path
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
