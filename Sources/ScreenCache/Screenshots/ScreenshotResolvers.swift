import Accounts
import AppCore
import Foundation
import GraphQLExecution
import GraphQLType
import Postgres

/// Binds schema/screenshots.graphql. Who may see a screenshot is `@auth`'s
/// business (owner, friends, ADMIN); the mutations act on the viewer's own
/// screenshots only. `User.screenshots` and `Screenshot.owner` go through
/// batch loaders (the owner through the shared ``UserLoader``), so a list of friends with their latest screenshots costs one
/// statement per level, not one per friend.
package enum ScreenshotResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>, database: PostgresPool, users: UserLoader) {
        builder.readFields(of: ScreenshotRecord.self)
        Connection<ScreenshotRecord>.bind(as: "ScreenshotConnection", edge: "ScreenshotEdge", into: &builder)
        builder.resolve("Screenshot", "imageUrl", source: ScreenshotRecord.self) { screenshot, info in
            info.context.mediaURL(screenshot.mediaID)
        }
        bindLists(into: &builder, database: database, users: users)
        bindMutations(into: &builder)
    }

    private static func bindLists(
        into builder: inout ExecutableSchemaBuilder<QuarryContext>, database: PostgresPool, users: UserLoader
    ) {
        let pages = BatchLoader(masking: { try await ScreenshotQueries.pages($0, database: database) })
        builder.resolve("User", "screenshots", source: UserRecord.self) { user, info in
            let page = try PageRequest(arguments: info.args, order: .newestFirst)
            let key = ScreenshotPageKey(ownerID: user.id, search: info.args.optionalString("search"), page: page)
            // Whoever may see the user's list may see its screenshots: the owner, a friend (as the user's read said) or ADMIN.
            return pages.load(key) { connection in connection?.map { $0.seen(byFriend: user.viewerIsFriend) } }
        }
        builder.resolve("Screenshot", "owner", source: ScreenshotRecord.self) { screenshot, info in
            users.load(screenshot.ownerID, info.context)
        }
    }

    private static func bindMutations(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Mutation", "uploadScreenshot") { info in
            let viewer = try info.context.signedIn().userID
            let annotation = try ScreenshotInput.annotation(info.args.optionalString("annotation"))
            let image = try info.context.uploadedFile(info.args["image"], argument: "image")
            return try await ScreenshotChanges.upload(image, annotation: annotation, owner: viewer, context: info.context)
        }
        builder.resolveDomain("Mutation", "updateScreenshotAnnotation") { info in
            let viewer = try info.context.signedIn().userID
            let id = try info.args.id(of: ScreenshotRecord.self, "id", else: ScreenshotInput.notAScreenshot("id"))
            let annotation = try ScreenshotInput.annotation(info.args.optionalString("annotation"))
            return try await ScreenshotChanges.updateAnnotation(
                of: id, to: annotation, owner: viewer, database: info.context.database
            )
        }
        builder.resolveDomain("Mutation", "deleteScreenshots") { info in
            let viewer = try info.context.signedIn().userID
            let ids = try ScreenshotInput.deletions(info.args.ids(of: ScreenshotRecord.self, "ids", else: ScreenshotInput.notAScreenshot("ids")))
            return try await ScreenshotChanges.delete(ids, owner: viewer, database: info.context.database)
                .map(ScreenshotRecord.globalID)
        }
    }
}
