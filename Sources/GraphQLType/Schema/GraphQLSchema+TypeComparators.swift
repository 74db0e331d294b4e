extension GraphQLSchema {
    /// Whether a value of `maybeSubType` can be used where `superType` is expected
    /// (graphql-js `isTypeSubTypeOf`): non-null fits nullable, lists are covariant,
    /// an object or interface fits an abstract type that includes it.
    public func isTypeSubTypeOf(_ maybeSubType: GraphQLTypeRef, _ superType: GraphQLTypeRef) -> Bool {
        if maybeSubType == superType { return true }
        switch (maybeSubType.shape, superType.shape) {
        case (.nonNull(let sub), .nonNull(let sup)): return isTypeSubTypeOf(sub, sup)
        case (_, .nonNull): return false
        case (.nonNull(let sub), _): return isTypeSubTypeOf(sub, superType)
        case (.list(let sub), .list(let sup)): return isTypeSubTypeOf(sub, sup)
        case (_, .list), (.list, _): return false
        case (.named(let sub), .named(let sup)):
            return self[sup].isAbstractType && (self[sub].asObject != nil || self[sub].asInterface != nil)
                && isSubType(abstract: sup, maybeSub: sub)
        }
    }

    /// Whether two composite types can have an object type in common (graphql-js
    /// `doTypesOverlap`), as fragment spreads need (spec §5.5.2.3).
    public func doTypesOverlap(_ typeA: TypeID, _ typeB: TypeID) -> Bool {
        if typeA == typeB { return true }
        if self[typeA].isAbstractType {
            if self[typeB].isAbstractType {
                return possibleTypes(of: typeA).contains { isSubType(abstract: typeB, maybeSub: $0) }
            }
            return isSubType(abstract: typeA, maybeSub: typeB)
        }
        if self[typeB].isAbstractType { return isSubType(abstract: typeB, maybeSub: typeA) }
        return false
    }
}
