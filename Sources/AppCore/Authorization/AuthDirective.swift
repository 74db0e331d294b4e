import Auth
import Foundation
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
                if let owned = type(of: info.source) as? any OwnedByUser.Type {
                    if allowsOwnerOrFriend(owned, of: info.source, viewer: info.context.viewer?.userID, role: role) { return }
                }
                if role.includes(max(required, .admin)) { return }
            } else if role.includes(required) {
                return
            }
            throw info.context.viewer == nil ? AuthDirective.unauthenticated : AuthDirective.forbidden
        }

        /// Whether `source`, an `Owned`, lets its owner (`self`) or the owner's friend (`friends`) in.
        ///
        /// Opened from the source's type rather than cast to `any OwnedByUser`: that cast copied
        /// each record (a screenshot: about 100 bytes) into a new heap box, for every object the
        /// guard checks (about 1.8% of the friends query's CPU time, issue 17).
        private func allowsOwnerOrFriend<Owned: OwnedByUser>(
            _: Owned.Type, of source: any Sendable, viewer: UUID?, role: Role
        ) -> Bool {
            let owned = source as! Owned
            if selfAllowed, owned.isShownToOwner || owned.ownerID == viewer { return true }
            return friendsAllowed && owned.viewerIsFriend && role.includes(required)
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
