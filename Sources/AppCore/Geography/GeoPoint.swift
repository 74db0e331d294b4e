import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Postgres

/// `GeoPoint` and `GeoPointInput` (schema/geography.graphql): a point on Earth in degrees, WGS 84. Every area
/// with places (a user's home area, a post's location, stores and their offers) reads and writes it here, so a
/// range rule or the PostGIS spelling of a point exists once.
package struct GeoPoint: GraphQLRecord, Sendable, Equatable {
    package let latitude: Double
    package let longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    package static let objectTypeName = "GeoPoint"
    package static let fieldReaders: [String: @Sendable (GeoPoint) -> (any Sendable)?] = [
        "latitude": { $0.latitude }, "longitude": { $0.longitude },
    ]

    /// A `GeoPointInput` value, range-checked (each bad coordinate a field error under `field`); `nil` when
    /// absent or null.
    package static func read(_ value: GraphQLValue?, field: String) throws(GraphQLError) -> GeoPoint? {
        guard let object = value?.objectValue,
            let latitude = object["latitude"]?.doubleValue, let longitude = object["longitude"]?.doubleValue
        else { return nil }
        var problems: [(field: String, message: String)] = []
        if !(-90...90).contains(latitude) { problems.append(("\(field).latitude", "A latitude is between -90 and 90 degrees.")) }
        if !(-180...180).contains(longitude) {
            problems.append(("\(field).longitude", "A longitude is between -180 and 180 degrees."))
        }
        guard problems.isEmpty else { throw ClientError.invalidInput(problems) }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// The point as a PostGIS `geography` value (SRID 4326, longitude first as PostGIS orders it), for
    /// `ST_DWithin` and `<->` against a `geography(Point, 4326)` column and its GiST index.
    package var geography: SQL {
        "ST_SetSRID(ST_MakePoint(\(longitude), \(latitude)), 4326)::geography"
    }

    /// Select-list items reading a `geography(Point)` column as `<name>_latitude` and `<name>_longitude`,
    /// which ``init(row:name:)`` decodes.
    package static func columns(_ column: String, as name: String) -> SQL {
        SQL(unsafeSQL: "ST_Y(\(column)::geometry) AS \(name)_latitude, ST_X(\(column)::geometry) AS \(name)_longitude")
    }

    /// The point ``columns(_:as:)`` selected as `name`; `nil` when the column was NULL.
    package init?(row: PostgresRow, name: String) throws {
        guard let latitude = try row.decode("\(name)_latitude", as: Double?.self),
            let longitude = try row.decode("\(name)_longitude", as: Double?.self)
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }
}
