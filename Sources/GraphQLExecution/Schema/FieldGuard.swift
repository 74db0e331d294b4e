import GraphQLLanguage
import GraphQLType

/// A check run before a field's resolver when the field's definition, or its parent
/// object type, carries a given directive in the SDL (Quarry's `@auth(requires:)`).
///
/// It gets the applied directive (arguments coerced, defaults filled in) and the
/// same ``ResolveInfo`` the resolver would get (source, arguments, context, path). It
/// denies by throwing: a ``GraphQLError`` is reported as is (with the field's
/// locations and path added), so it can carry `extensions.code`; the field is then
/// `null` and its resolver never runs (spec §6.4.4 "Handling Field Errors").
public typealias FieldGuard<Context: Sendable> =
    @Sendable (_ directive: GraphQLAppliedDirective, _ info: ResolveInfo<Context>) throws -> Void
