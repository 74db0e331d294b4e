import GraphQLLanguage
import GraphQLType

/// A `$variable` used as a value, with the input type its position expects
/// (graphql-js `VariableUsage`): what NoUndefinedVariables, NoUnusedVariables
/// and VariablesInAllowedPosition check (spec §5.8.3-§5.8.5).
public struct VariableUsage: Sendable {
    public let node: VariableNode
    /// The type expected where the variable is used; nil when unknown.
    public let type: GraphQLTypeRef?
    /// The default of the argument or input field the variable is passed to.
    public let defaultValue: GraphQLValue?
    /// The type of the list or input object the variable sits in, if any
    /// (a OneOf input object needs its field's variable to be non-null).
    public let parentType: GraphQLTypeRef?
}
