import GraphQLLanguage
import GraphQLType

extension ExecutionState {
    /// ResolveAbstractType (spec §6.4.3): the object type of a value of an interface
    /// or union, from the abstract type's `resolveType` hook, else from the value's
    /// ``GraphQLTyped/graphQLTypeName``; checked to be a possible type. Errors read
    /// as graphql-js's.
    func resolveAbstractType(
        _ abstract: GraphQLNamedType, plan: FieldPlan, value: any Sendable
    ) -> GraphQLObjectType? {
        let name: String?
        if let hook = core.typeResolvers[Int(abstract.id.index)] {
            name = hook(value, context, abstract)
        } else {
            name = (value as? any GraphQLTyped)?.graphQLTypeName
        }
        guard let name else {
            recordFieldError(
                GraphQLError(
                    "Abstract type \"\(abstract.name)\" must resolve to an Object type at runtime for field "
                        + "\"\(plan.qualifiedName)\". Either the \"\(abstract.name)\" type should provide a "
                        + "\"resolveType\" function or each possible type should provide an \"isTypeOf\" function."),
                plan: plan)
            return nil
        }
        guard let type = schema.type(named: name) else {
            recordFieldError(
                GraphQLError(
                    "Abstract type \"\(abstract.name)\" was resolved to a type \"\(name)\" that does not exist inside the schema."),
                plan: plan)
            return nil
        }
        guard let object = type.asObject else {
            recordFieldError(
                GraphQLError(
                    "Abstract type \"\(abstract.name)\" was resolved to a non-object type \"\(name)\"."), plan: plan)
            return nil
        }
        guard schema.isPossibleType(abstract: abstract.id, object: object.id) else {
            recordFieldError(
                GraphQLError("Runtime Object type \"\(name)\" is not a possible type for \"\(abstract.name)\"."),
                plan: plan)
            return nil
        }
        return object
    }
}
