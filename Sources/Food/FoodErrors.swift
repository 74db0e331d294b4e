import AppCore
import GraphQLLanguage

/// The coded errors of the food suggestion tool (API.md "Conventions"; their catalogue rows are in
/// db/migrations/0020_food_suggestions.sql).
package enum FoodErrors {
    /// The seed's exception (foodstabook.md 2.4.1): "Suggestion results not found: error message is displayed to
    /// the user explaining that the tool doesn't have any more suggestions. The user can go back to previous
    /// suggestions or start over."
    static let noMoreSuggestions = ClientError.make(
        "NO_MORE_SUGGESTIONS",
        "The food suggestion tool doesn't have any more suggestions. Go back to your previous suggestions or start over."
    )
    static let foodNotFound = ClientError.make("NOT_FOUND", "This food suggestion does not exist.")
}
