import App
import AppCore
import Foundation
import GraphQLType
import Testing

@Suite("Quarry schema and scalars")
struct SchemaTests {
    @Test("the SDL files of schema/ build a valid schema with the system fields")
    func buildsFromSchemaDirectory() throws {
        let schema = try QuarrySchema.build(directory: SchemaFiles.directory())
        let printed = printSchema(schema)
        #expect(printed.contains("ping: String!"))
        #expect(printed.contains("serverTime: DateTime!"))
        #expect(printed.contains("scalar DateTime"))
    }

    @Test("a directory without SDL files is an error naming it")
    func emptyDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quarry-empty-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect {
            try QuarrySchema.build(directory: directory.path)
        } throws: { error in
            String(describing: error).contains(directory.path)
        }
    }

    @Test("DateTime serializes dates and RFC 3339 strings as UTC with milliseconds")
    func dateTimeSerialize() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000.25)
        #expect(try DateTimeScalar.coercion.serialize(date) == .string("2026-11-18T11:06:40.250Z"))
        #expect(try DateTimeScalar.coercion.serialize("2026-11-18T11:26:40+01:00") == .string("2026-11-18T10:26:40.000Z"))
        #expect(throws: ScalarCoercionError.self) { try DateTimeScalar.coercion.serialize("yesterday") }
        #expect(throws: ScalarCoercionError.self) { try DateTimeScalar.coercion.serialize(42) }
    }

    @Test("DateTime input must be an RFC 3339 string")
    func dateTimeParse() throws {
        #expect(try DateTimeScalar.coercion.parseValue("2026-11-18T10:26:40.5Z") == .string("2026-11-18T10:26:40.500Z"))
        #expect(throws: ScalarCoercionError.self) { try DateTimeScalar.coercion.parseValue("2026-11-18") }
        #expect(throws: ScalarCoercionError.self) { try DateTimeScalar.coercion.parseValue(.int(3)) }
    }
}
