import GraphQLLanguage
import GraphQLType

/// A check run before a field's resolver when the field's definition, or its parent
/// object type, carries a given directive in the SDL (Quarry's `@auth(requires:)`).
///
/// It is made once per guarded field, when the executable schema is built, from the
/// applied directive (arguments coerced, defaults filled in): reading the directive's
/// arguments is then not repeated for every value of the field (a page of 50 records
/// checks hundreds of fields, issue 17). The ``FieldCheck`` it returns gets the same
/// ``ResolveInfo`` the resolver would get (source, arguments, context, path).
///
/// A check made from the object type's directive (the field has none of its own) decides
/// for the object value: it runs for the first selected field of each value, and the
/// value's other fields take its outcome (outside the serial root fields of a mutation).
public typealias FieldGuard<Context: Sendable> =
    @Sendable (_ directive: GraphQLAppliedDirective) -> FieldCheck<Context>

/// A guarded field's check. It denies by throwing: a ``GraphQLError`` is reported as
/// is (with the field's locations and path added), so it can carry `extensions.code`;
/// the field is then `null` and its resolver never runs (spec §6.4.4 "Handling Field Errors").
public typealias FieldCheck<Context: Sendable> = @Sendable (_ info: ResolveInfo<Context>) throws -> Void
