/// A PostgreSQL type OID (`pg_type.oid`). Parameters are sent with their type so the
/// server never has to guess, and a prepared statement's parameter types are fixed.
public struct PostgresDataType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Let the server infer the type from the statement (OID 0).
    public static let unspecified = PostgresDataType(rawValue: 0)
    public static let bool = PostgresDataType(rawValue: 16)
    public static let bytea = PostgresDataType(rawValue: 17)
    public static let name = PostgresDataType(rawValue: 19)
    public static let int8 = PostgresDataType(rawValue: 20)
    public static let int2 = PostgresDataType(rawValue: 21)
    public static let int4 = PostgresDataType(rawValue: 23)
    public static let text = PostgresDataType(rawValue: 25)
    public static let oid = PostgresDataType(rawValue: 26)
    public static let json = PostgresDataType(rawValue: 114)
    public static let float4 = PostgresDataType(rawValue: 700)
    public static let float8 = PostgresDataType(rawValue: 701)
    public static let bpchar = PostgresDataType(rawValue: 1042)
    public static let varchar = PostgresDataType(rawValue: 1043)
    public static let timestamp = PostgresDataType(rawValue: 1114)
    public static let timestamptz = PostgresDataType(rawValue: 1184)
    public static let numeric = PostgresDataType(rawValue: 1700)
    public static let uuid = PostgresDataType(rawValue: 2950)
    public static let jsonb = PostgresDataType(rawValue: 3802)
    public static let textArray = PostgresDataType(rawValue: 1009)
    public static let int4Array = PostgresDataType(rawValue: 1007)
    public static let int8Array = PostgresDataType(rawValue: 1016)
    public static let uuidArray = PostgresDataType(rawValue: 2951)
    public static let boolArray = PostgresDataType(rawValue: 1000)
    public static let int2Array = PostgresDataType(rawValue: 1005)
    public static let varcharArray = PostgresDataType(rawValue: 1015)
    public static let float8Array = PostgresDataType(rawValue: 1022)
    public static let timestamptzArray = PostgresDataType(rawValue: 1185)

    /// Whether the decoders read this type's binary form (`PostgresDecodable+Binary.swift`):
    /// a prepared statement whose every result column has such a type is executed with
    /// binary results. Others (`numeric`, `date`, `float4`, PostGIS types, extension types
    /// whose OID differs between databases) stay in text.
    public var hasBinaryDecoding: Bool {
        switch self {
        case .bool, .bytea, .name, .int8, .int2, .int4, .text, .json, .float8, .bpchar, .varchar, .timestamptz,
            .uuid, .jsonb, .textArray, .int4Array, .int8Array, .uuidArray, .boolArray, .int2Array, .varcharArray,
            .float8Array, .timestamptzArray:
            true
        default:
            false
        }
    }

    public var description: String {
        switch self {
        case .bool: "bool"
        case .bytea: "bytea"
        case .name: "name"
        case .int8: "int8"
        case .int2: "int2"
        case .int4: "int4"
        case .text: "text"
        case .float4: "float4"
        case .float8: "float8"
        case .bpchar: "bpchar"
        case .varchar: "varchar"
        case .timestamp: "timestamp"
        case .timestamptz: "timestamptz"
        case .numeric: "numeric"
        case .uuid: "uuid"
        case .json: "json"
        case .jsonb: "jsonb"
        case .textArray: "text[]"
        case .int4Array: "int4[]"
        case .int8Array: "int8[]"
        case .uuidArray: "uuid[]"
        case .boolArray: "bool[]"
        case .int2Array: "int2[]"
        case .varcharArray: "varchar[]"
        case .float8Array: "float8[]"
        case .timestamptzArray: "timestamptz[]"
        default: "oid \(rawValue)"
        }
    }
}
