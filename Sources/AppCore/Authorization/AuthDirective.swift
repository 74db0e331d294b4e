import Auth
import GraphQLExecution
import GraphQLLanguage
import GraphQLType

/// Enforces `@auth(requires:self:)` from the SDL (DESIGN.md "Authorization is
/// data"): the executor runs ``check(_:_:)`` before the resolver of every field
/// that carries the directive, or whose object type does, so no resolver
/// repeats the rule. A denied field is `null` with `UNAUTHENTICATED` for a
/// guest and `FORBIDDEN` otherwise, and null propagation follows spec §6.4.4.
package enum AuthDirective {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.guardFields(withDirective: "auth") { directive in
            let rule = Rule(directive)
            return { info in try rule.check(info) }
        }
    }

    /// The arguments of one applied `@auth`, read once per guarded field.
    struct Rule: Sendable {
        let required: Role
        let selfAllowed: Bool
        let friendsAllowed: Bool

        init(_ directive: GraphQLAppliedDirective) {
            required = directive.arguments["requires"]?.stringValue.flatMap(Role.init(rawValue:)) ?? .user
            selfAllowed = directive.arguments["self"]?.boolValue == true
            friendsAllowed = directive.arguments["friends"]?.boolValue == true
        }

        /// Without `self` or `friends`, the viewer's role must include `requires`.
        /// With `self: true` the owner of the source object passes; with
        /// `friends: true` so does a friend of the owner whose role includes
        /// `requires`; anyone else needs a role that includes both `requires` and
        /// ADMIN.
        func check(_ info: ResolveInfo<QuarryContext>) throws(GraphQLError) {
            let role = info.context.role
            if selfAllowed || friendsAllowed {
                if let owned = info.source as? any OwnedByUser {
                    if selfAllowed, owned.isShownToOwner || owned.ownerID == info.context.viewer?.userID { return }
                    if friendsAllowed, owned.viewerIsFriend, role.includes(required) { return }
                }
                if role.includes(max(required, .admin)) { return }
            } else if role.includes(required) {
                return
            }
            throw info.context.viewer == nil ? AuthDirective.unauthenticated : AuthDirective.forbidden
        }
    }

    /// Whether a caller with `role` may use `field` of `type` at all (for
    /// introspection by role): with `self: true`, any signed-in caller might be
    /// the owner of some object (or, with `friends: true`, a friend of one).
    package static func mayUse(_ role: Role, _ type: GraphQLNamedType, _ field: GraphQLField) -> Bool {
        guard let directive = field.directives.first(named: "auth") ?? type.directives.first(named: "auth") else {
            return true
        }
        let required = directive.arguments["requires"]?.stringValue.flatMap(Role.init(rawValue:)) ?? .user
        let selfAllowed = directive.arguments["self"]?.boolValue == true
        let friendsAllowed = directive.arguments["friends"]?.boolValue == true
        return role.includes(required) || (selfAllowed && role.includes(.user))
            || (friendsAllowed && role.includes(max(required, .user)))
    }

    package static let unauthenticated = ClientError.make("UNAUTHENTICATED", "You must be logged in to do this.")
    static let forbidden = ClientError.make("FORBIDDEN", "You are not allowed to do this.")
}
