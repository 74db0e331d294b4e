import Foundation
import GraphQLExecution

// The in-memory dataset of W3 (data.json), as records whose scalar fields the
// executor's default resolver reads by name (FieldReadable). Final classes, so a
// record travels through the engine as a reference.

final class UserRecord: Decodable, FieldReadable {
    let id: String
    let email: String
    let nickname: String
    let bio: String?
    let avatarUrl: String?
    let role: String
    let createdAt: String
    let username: String?
    let friendIds: [String]
    let postIds: [String]
    let screenshotIds: [String]

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "id": return id
        case "email": return email
        case "nickname": return nickname
        case "bio": return bio
        case "avatarUrl": return avatarUrl
        case "role": return role
        case "createdAt": return createdAt
        case "username": return username
        case "postCount": return postIds.count
        default: return nil
        }
    }
}

final class PostRecord: Decodable, FieldReadable {
    let id: String
    let caption: String?
    let imageUrl: String
    let location: String?
    let authorId: String
    let likeCount: Int
    let visibility: String
    let tags: [String]
    let createdAt: String
    let commentIds: [String]

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "id": return id
        case "caption": return caption
        case "imageUrl": return imageUrl
        case "location": return location
        case "likeCount": return likeCount
        case "visibility": return visibility
        case "tags": return tags
        case "createdAt": return createdAt
        default: return nil
        }
    }
}

final class CommentRecord: Decodable, FieldReadable {
    let id: String
    let text: String
    let authorId: String
    let postId: String
    let createdAt: String

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "id": return id
        case "text": return text
        case "createdAt": return createdAt
        default: return nil
        }
    }
}

final class ScreenshotRecord: Decodable, FieldReadable {
    let id: String
    let imageUrl: String
    let annotation: String?
    let uploadedAt: String
    let ownerId: String
    let width: Int?
    let height: Int?

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "id": return id
        case "imageUrl": return imageUrl
        case "annotation": return annotation
        case "uploadedAt": return uploadedAt
        case "width": return width
        case "height": return height
        default: return nil
        }
    }
}

/// data.json indexed by id; read once before anything is timed.
final class FeedStore: Sendable {
    let viewer: UserRecord
    let users: [String: UserRecord]
    let posts: [String: PostRecord]
    let comments: [String: CommentRecord]
    let screenshots: [String: ScreenshotRecord]

    private struct File: Decodable {
        let viewerId: String
        let users: [UserRecord]
        let posts: [PostRecord]
        let comments: [CommentRecord]
        let screenshots: [ScreenshotRecord]
    }

    init(json: Data) throws {
        let file = try JSONDecoder().decode(File.self, from: json)
        users = Dictionary(uniqueKeysWithValues: file.users.map { ($0.id, $0) })
        posts = Dictionary(uniqueKeysWithValues: file.posts.map { ($0.id, $0) })
        comments = Dictionary(uniqueKeysWithValues: file.comments.map { ($0.id, $0) })
        screenshots = Dictionary(uniqueKeysWithValues: file.screenshots.map { ($0.id, $0) })
        guard let viewer = users[file.viewerId] else { throw BenchFailure(description: "data.json: no viewer") }
        self.viewer = viewer
    }
}

/// A Relay connection page (workloads README: the cursor of an edge is the record's
/// id, `after` starts after that id, `totalCount` is the full list's length).
struct Connection: FieldReadable {
    let edges: [(any Sendable)?]
    let pageInfo: PageInfo
    let totalCount: Int

    init(ids: [String], first: Int?, after: String?, node: (String) -> (any Sendable)?) {
        var start = 0
        if let after { start = ids.firstIndex(of: after).map { $0 + 1 } ?? ids.count }
        let end = first.map { min(ids.count, start + max(0, $0)) } ?? ids.count
        let page = start < end ? ids[start ..< end] : []
        var edges: [(any Sendable)?] = []
        edges.reserveCapacity(page.count)
        for id in page { edges.append(Edge(cursor: id, node: node(id))) }
        self.edges = edges
        pageInfo = PageInfo(
            hasNextPage: end < ids.count, hasPreviousPage: start > 0, startCursor: page.first, endCursor: page.last)
        totalCount = ids.count
    }

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "edges": return edges
        case "pageInfo": return pageInfo
        case "totalCount": return totalCount
        default: return nil
        }
    }
}

struct Edge: FieldReadable {
    let cursor: String
    let node: (any Sendable)?

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "cursor": return cursor
        case "node": return node
        default: return nil
        }
    }
}

struct PageInfo: FieldReadable {
    let hasNextPage: Bool
    let hasPreviousPage: Bool
    let startCursor: String?
    let endCursor: String?

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "hasNextPage": return hasNextPage
        case "hasPreviousPage": return hasPreviousPage
        case "startCursor": return startCursor
        case "endCursor": return endCursor
        default: return nil
        }
    }
}
