import Foundation
import Postgres

/// A food of the catalogue not yet shown in the user's round, with what the
/// picker weighs it by.
struct FoodCandidate: Sendable {
    let id: UUID
    let categories: [String]
    let tags: [String]
    /// How many of the food's words (its tags and the words of its name) the
    /// user's liked suggestions' tags and recent post captions hold.
    let affinity: Int

    init(id: UUID, categories: [String], tags: [String], affinity: Int) {
        self.id = id
        self.categories = categories
        self.tags = tags
        self.affinity = affinity
    }

    init(row: PostgresRow) throws {
        self.init(
            id: try row.decode("id", as: UUID.self), categories: try row.decode("categories", as: [String].self),
            tags: try row.decode("tags", as: [String].self), affinity: try row.decode("affinity", as: Int.self)
        )
    }
}

/// Which foods a call of `foodSuggestions` shows, among those left in the round
/// (foodstabook.md 2.4.1, step 2: "a selection of four food pictures with
/// descriptions, some random (based perhaps recent posts, or recently liked
/// suggestions perhaps), and some based on broad categories"; step 3: "more
/// suggestions like it, or foods in similar categories"). Pure: the random
/// source is a parameter, so tests check the rules' properties.
enum FoodPicker {
    /// Suggestions per call.
    static let batchSize = 4
    /// How many of them come from the asked (or favourite) category.
    static let categorySlots = 2

    /// Two foods of `category` (or, without one, of a category drawn by the
    /// user's `favourites` weights; without favourites, of any category left),
    /// then random foods, each drawn with weight 1 + its affinity, up to four.
    /// Fewer only when fewer are left; none when none are.
    static func mix(
        from candidates: [FoodCandidate], category: String?, favourites: [String: Int], using random: inout some RandomNumberGenerator
    ) -> [FoodCandidate] {
        var remaining = candidates
        var picked: [FoodCandidate] = []
        if let theme = category ?? favouriteCategory(among: remaining, favourites: favourites, using: &random) {
            let themed = remaining.filter { $0.categories.contains(theme) }.shuffled(using: &random).prefix(categorySlots)
            picked.append(contentsOf: themed)
            remaining.removeAll { candidate in themed.contains { $0.id == candidate.id } }
        }
        while picked.count < batchSize, !remaining.isEmpty {
            picked.append(remaining.remove(at: weightedIndex(in: remaining, using: &random)))
        }
        return picked
    }

    /// Up to four foods most like `source`: sharing the most tags, then the most
    /// categories (a shared tag counts more than any number of shared
    /// categories), ties in random order. A food sharing nothing is never "like" it.
    static func similar(
        to source: FoodCandidate, from candidates: [FoodCandidate], using random: inout some RandomNumberGenerator
    ) -> [FoodCandidate] {
        let scored = candidates.compactMap { candidate -> (FoodCandidate, Int, UInt64)? in
            guard candidate.id != source.id else { return nil }
            let tags = Set(candidate.tags).intersection(source.tags).count
            let categories = Set(candidate.categories).intersection(source.categories).count
            guard tags + categories > 0 else { return nil }
            return (candidate, tags * 100 + categories, random.next())
        }
        return scored.sorted { ($0.1, $0.2) > ($1.1, $1.2) }.prefix(batchSize).map(\.0)
    }

    /// A category of the foods left, drawn with the user's favourite weights;
    /// with no favourite left, any category of the foods left; `nil` when none is left.
    static func favouriteCategory(
        among candidates: [FoodCandidate], favourites: [String: Int], using random: inout some RandomNumberGenerator
    ) -> String? {
        let left = Set(candidates.flatMap(\.categories)).sorted()
        let weighted = left.filter { favourites[$0, default: 0] > 0 }
        guard !weighted.isEmpty else { return left.randomElement(using: &random) }
        var ticket = Int.random(in: 0..<weighted.reduce(0) { $0 + favourites[$1, default: 0] }, using: &random)
        for category in weighted {
            ticket -= favourites[category, default: 0]
            if ticket < 0 { return category }
        }
        return weighted.last
    }

    /// The index of a candidate drawn with weight 1 + its affinity; `candidates` is not empty.
    static func weightedIndex(in candidates: [FoodCandidate], using random: inout some RandomNumberGenerator) -> Int {
        var ticket = Int.random(in: 0..<candidates.reduce(0) { $0 + 1 + $1.affinity }, using: &random)
        for (index, candidate) in candidates.enumerated() {
            ticket -= 1 + candidate.affinity
            if ticket < 0 { return index }
        }
        return candidates.count - 1
    }
}
