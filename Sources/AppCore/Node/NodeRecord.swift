import Foundation
import GraphQLExecution

/// A record of a type that implements `Node` (schema/accounts.graphql): its type
/// name, written once in ``GraphQLRecord/objectTypeName``, is what its global
/// ids carry, so no area writes a type name literal to make or read one.
package protocol NodeRecord: GraphQLRecord {
    var id: UUID { get }
}

package extension NodeRecord {
    /// The record's id as clients see it (``GlobalID``).
    var globalID: String { Self.globalID(id) }

    /// The global id of the `Self` with `id`.
    static func globalID(_ id: UUID) -> String { GlobalID(typeName: objectTypeName, id: id).text }
}

package extension GlobalID {
    /// The id of a `Record` a client sent, or `nil` when `text` is not one of
    /// ours or names an object of another type.
    static func id<Record: NodeRecord>(of _: Record.Type, _ text: String?) -> UUID? {
        id(of: Record.objectTypeName, text)
    }
}
