import GraphQLLanguage
import GraphQLType
import GraphQLValidation

#if canImport(Glibc)
import Glibc
#endif

/// Quarry's own schema, read once from `schema/*.graphql` (the fuzzer runs from the
/// repository's root; `make fuzz` sees to it). Custom scalars keep graphql-js's
/// pass-through coercion: validation only asks whether a literal can be coerced, and the
/// server's `DateTime` and `Upload` coercions live in App, which stays out of this build.
let schema: GraphQLSchema = {
    var sources: [Source] = []
    guard let directory = opendir("schema") else { fatalError("run from the repository's root: no schema/ here") }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.hasSuffix(".graphql") { names.append(name) }
    }
    for name in names.sorted() {
        guard let file = fopen("schema/" + name, "r") else { fatalError("cannot read schema/\(name)") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[..<count] }
        fclose(file)
        sources.append(Source(body: String(decoding: bytes, as: UTF8.self), name: "schema/" + name))
    }
    do { return try buildSchema(sources: sources) } catch { fatalError("Quarry's schema does not build: \(error)") }
}()

/// The rules the server runs with its shipped options (App's `GraphQLService.Options.shipped`:
/// introspection on, depth 15, aliases 30, cost 10,000).
let rules = specifiedRules + [.maxDepth(15), .maxAliases(30), .maxCost(10_000)]

/// libFuzzer's entry point: every document that parses is validated against Quarry's
/// schema with the server's rules; validation must return errors, never trap or loop.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let document = try? Parser.parse(text) else { return 0 }
    _ = validate(schema: schema, document: document, rules: rules)
    return 0
}
