import GraphQLExecution

/// Binds schema/geography.graphql: `GeoPoint` is shared by every area with places.
package enum GeographyResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: GeoPoint.self)
    }
}
