import Auth

/// Who may read each field, reviewed by hand from the seeds' rules (/work/shared/seeds/roles-and-onboarding.md,
/// screen-cache.md) and API.md — written down here, not read from the SDL, so that a field whose `@auth` changed
/// or vanished no longer agrees with it (issue 12: the matrix must not take its expectations from the directive
/// it checks). ``AuthorizationMatrixTests`` compares the SDL with this table and then queries each field as
/// each kind of caller against the database.
///
/// Every field of every object type is in exactly one of ``guarded`` and ``publicFields``: a new field in
/// neither fails the test until someone decides who may see it.
enum AuthorizationExpectations {
    /// The rule of a guarded field, in the terms of the `@auth` directive (schema/accounts.graphql): a role
    /// the caller must have; `self` lets the owner in whatever the role; `friends` lets the owner's friends in;
    /// with either, anyone else needs ADMIN.
    struct Rule: Equatable, CustomStringConvertible {
        var requires: Role
        var selfAllowed = false
        var friendsAllowed = false
        var description: String {
            "@auth(requires: \(requires.rawValue)\(selfAllowed ? ", self: true" : "")\(friendsAllowed ? ", friends: true" : ""))"
        }
    }

    static let signedIn = Rule(requires: .user)
    /// "Visible to self and ADMIN" (API.md "Accounts": email, phone, realName, country, zipCode, role, onboarding).
    static let selfOrAdmin = Rule(requires: .user, selfAllowed: true)
    /// "The owner, their friends and ADMIN" (API.md "Screenshots, profile, friends, messages").
    static let selfFriendsOrAdmin = Rule(requires: .user, selfAllowed: true, friendsAllowed: true)
    static let adminOnly = Rule(requires: .admin)
    static let superAdminOnly = Rule(requires: .superAdmin)

    /// `Type.field` → who may read it.
    static let guarded: [String: Rule] = [
        // roles-and-onboarding.md "Admin can verify and manage the users info"; API.md: the personal fields and
        // the onboarding state are visible to the user themself and ADMIN, `blocked`/`blockReason` to ADMIN only.
        "User.email": selfOrAdmin,
        "User.phone": selfOrAdmin,
        "User.realName": selfOrAdmin,
        "User.country": selfOrAdmin,
        "User.zipCode": selfOrAdmin,
        "User.homeLocation": selfOrAdmin,
        "User.role": selfOrAdmin,
        "User.onboarding": selfOrAdmin,
        "User.blocked": adminOnly,
        "User.blockReason": adminOnly,
        // Issue 16: which security questions the user chose (never the answers): the brief says the user alone;
        // an ADMIN passes @auth but the resolver answers null (see `noData`).
        "User.securityQuestions": selfOrAdmin,
        "Mutation.setSecurityQuestions": signedIn,
        // screen-cache.md "Friends": a user's friends list is theirs and their friends'; requests are between
        // their two users (and ADMIN).
        "User.friends": selfFriendsOrAdmin,
        "User.friendRequests": selfOrAdmin,
        "FriendRequest.id": selfOrAdmin,
        "FriendRequest.sender": selfOrAdmin,
        "FriendRequest.recipient": selfOrAdmin,
        "FriendRequest.createdAt": selfOrAdmin,
        "FriendRequest.direction": selfOrAdmin,
        // Messages: any signed-in user, and only ever their own messages (the resolvers read only those).
        "User.lastMessage": signedIn,
        "Message.id": signedIn,
        "Message.text": signedIn,
        "Message.sender": signedIn,
        "Message.recipient": signedIn,
        "Message.createdAt": signedIn,
        "Query.conversation": signedIn,
        "Mutation.sendMessage": signedIn,
        // API.md "Administration": the dashboard's operations are ADMIN's; only SUPER_ADMIN grants or removes ADMIN.
        "Query.users": adminOnly,
        "Mutation.blockUser": adminOnly,
        "Mutation.unblockUser": adminOnly,
        "Mutation.deleteUser": adminOnly,
        "Mutation.setUserRole": superAdminOnly,
        "Subscription.messageReceived": signedIn,
        // roles-and-onboarding.md 11: "This selfie is private. No one can see it except our Administration team."
        "User.selfieVerifications": selfOrAdmin,
        "SelfieVerification.imageUrl": adminOnly,
        // Issue 13 "Selfie review": the review queue and the selfie's sender are the administration's.
        "SelfieVerification.user": adminOnly,
        "Query.pendingSelfieVerifications": adminOnly,
        "Mutation.reviewSelfie": adminOnly,
        // Issue 13 "Event logs" (Foodstabook 2.2): the event log is the administration's.
        "Query.eventLogs": adminOnly,
        "Query.adminStats": adminOnly,
        "Mutation.archiveEventLogs": adminOnly,
        // Issue 13 "Scheduled jobs": the jobs' runs are the administration's.
        "Query.jobRuns": adminOnly,
        // Issue 13 "Error message catalogue": the whole catalogue and its edits are the administration's.
        "Query.errorMessages": adminOnly,
        "Mutation.upsertErrorMessage": adminOnly,
        // Issue 13 "Error reports" (Foodstabook 2.3.1): the error reports are the administration's.
        "Query.errorReports": adminOnly,
        // screen-cache.md "Screenshots": the owner's, shared with their friends; ADMIN moderates.
        "User.screenshots": selfFriendsOrAdmin,
        "Screenshot.id": selfFriendsOrAdmin,
        "Screenshot.imageUrl": selfFriendsOrAdmin,
        "Screenshot.width": selfFriendsOrAdmin,
        "Screenshot.height": selfFriendsOrAdmin,
        "Screenshot.annotation": selfFriendsOrAdmin,
        "Screenshot.createdAt": selfFriendsOrAdmin,
        "Screenshot.updatedAt": selfFriendsOrAdmin,
        "Screenshot.owner": selfFriendsOrAdmin,
        // Finding people is for signed-in users (screen-cache.md "Find friends").
        "Query.searchUsers": signedIn,
        // foodstabook.md 2.5–2.6: posts, and who follows whom, are for signed-in users (the newsfeed shows
        // everyone's recent posts, so no post is hidden from a signed-in user).
        "User.posts": signedIn,
        "User.followers": signedIn,
        "User.following": signedIn,
        // foodstabook.md 2.6.1: the newsfeed and its "update" button are a logged-in user's ("Precondition: User
        // logged in"); issue 16 gives both to USER. Tested in NewsfeedTests.
        "Query.newsfeed": signedIn,
        "Query.newsfeedUpdates": signedIn,
        // Everything a signed-in user does to their own account and content.
        "Mutation.logOut": signedIn,
        "Mutation.logOutEverywhere": signedIn,
        "Mutation.changePassword": signedIn,
        "Mutation.changeEmail": signedIn,
        "Mutation.changeNickname": signedIn,
        "Mutation.updateProfile": signedIn,
        "Mutation.deleteAccount": signedIn,
        "Mutation.sendFriendRequest": signedIn,
        "Mutation.acceptFriendRequests": signedIn,
        "Mutation.cancelFriendRequest": signedIn,
        "Mutation.removeFriend": signedIn,
        "Mutation.submitSelfie": signedIn,
        "Mutation.updateAvatar": signedIn,
        "Mutation.uploadScreenshot": signedIn,
        "Mutation.updateScreenshotAnnotation": signedIn,
        "Mutation.deleteScreenshots": signedIn,
        // image-feed.txt: sharing and commenting are a signed-in user's (issue 14); who may delete which image or
        // comment (author, image owner, ADMIN) is the mutation's own rule, tested in FeedTests.
        // my-cards.md, issue 15: a user's cards are theirs alone (every read and write takes the viewer as the
        // owner; another user's card is NOT_FOUND, tested in CardTests); the issuers' catalogue is ADMIN's to edit.
        "Query.cards": signedIn,
        "Query.recentCards": signedIn,
        "Query.card": signedIn,
        "Mutation.createCard": signedIn,
        "Mutation.updateCard": signedIn,
        "Mutation.deleteCard": signedIn,
        "Mutation.markCardUsed": signedIn,
        "Mutation.createIssuer": adminOnly,
        "Mutation.updateIssuer": adminOnly,
        "Mutation.deleteIssuer": adminOnly,
        // my-cards.md UC1.3 and UC1.2.7: the offers list is a signed-in user's ("Offers available. Sign in to
        // unlock." is the guest's message); stores and offers are ADMIN's to edit (API.md "Cards and offers").
        "Query.offers": signedIn,
        "Query.stores": adminOnly,
        "Mutation.createStore": adminOnly,
        "Mutation.updateStore": adminOnly,
        "Mutation.deleteStore": adminOnly,
        "Mutation.createOffer": adminOnly,
        "Mutation.updateOffer": adminOnly,
        "Mutation.deleteOffer": adminOnly,
        "Mutation.createFeedImage": signedIn,
        "Mutation.deleteFeedImage": signedIn,
        "Mutation.commentOnImage": signedIn,
        "Mutation.deleteImageComment": signedIn,
        // foodstabook.md 2.5: posting, editing, liking, commenting and following are a signed-in user's (issue 16);
        // who may edit or delete which post or comment (author, post author, ADMIN) is the mutation's own rule,
        // tested in PostTests.
        "Mutation.createPost": signedIn,
        "Mutation.editPostCaption": signedIn,
        "Mutation.deletePost": signedIn,
        "Mutation.likePost": signedIn,
        "Mutation.unlikePost": signedIn,
        "Mutation.commentOnPost": signedIn,
        "Mutation.deletePostComment": signedIn,
        "Mutation.follow": signedIn,
        "Mutation.unfollow": signedIn,
        // foodstabook.md 2.7.1: "Precondition: User is logged in" (issue 16).
        "Query.searchPosts": signedIn,
        // foodstabook.md 2.4.1, issue 16: the food suggestion tool starts from "Food Suggestion Tool has been
        // selected" by a user; its suggestions, history, likes and rounds are the viewer's own.
        "Query.foodSuggestions": signedIn,
        "Query.foodSuggestionHistory": signedIn,
        "Mutation.likeFoodSuggestion": signedIn,
        "Mutation.unlikeFoodSuggestion": signedIn,
        "Mutation.startOverFoodSuggestions": signedIn,
    ]

    /// Fields reviewed as readable by anyone who reaches them (no `@auth` of their own). A type listed here whole
    /// is either harmless for everyone or reachable only through a guarded field (said per type).
    static let publicFields: Set<String> = [
        // A profile as anyone sees it (screen-cache.md "Profile": avatar, nickname, bio); `friendship` is the
        // viewer's own relation to the user, null for a guest.
        "User.id", "User.nickname", "User.avatarUrl", "User.bio", "User.createdAt", "User.friendship",
        // Reached only through `User.onboarding` (self or ADMIN).
        "Onboarding.emailVerified", "Onboarding.emotionVerified", "Onboarding.profileComplete", "Onboarding.nextStep",
        // Sign-up and sign-in screens are for guests (roles-and-onboarding.md, Guest stories 2–11).
        "PasswordStrength.score", "PasswordStrength.warning", "PasswordStrength.suggestions",
        "PasswordStrength.meetsPolicy",
        "AuthPayload.token", "AuthPayload.expiresAt", "AuthPayload.user",
        "SignUpPayload.user", "SignUpPayload.token", "SignUpPayload.expiresAt", "SignUpPayload.verificationRequired",
        "SignUpPayload.message",
        "LegalDocuments.termsUrl", "LegalDocuments.privacyUrl",
        "EmotionChallenge.id", "EmotionChallenge.imageUrl", "EmotionChallenge.instructions",
        // Reached only through `User.selfieVerifications` (self or ADMIN); the image itself is ADMIN only.
        "SelfieVerification.id", "SelfieVerification.status", "SelfieVerification.challenge",
        "SelfieVerification.createdAt", "SelfieVerification.reason", "SelfieVerification.reviewedAt",
        // Reached only through `adminStats` (ADMIN).
        "AdminStats.users", "AdminStats.newUsersToday", "AdminStats.blockedUsers", "AdminStats.pendingSelfies",
        "AdminStats.postsToday", "AdminStats.errorsLast24h",
        // Reached only through `eventLogs` (ADMIN).
        "EventLog.id", "EventLog.type", "EventLog.user", "EventLog.at", "EventLog.ip", "EventLog.userAgent",
        "EventLog.details", "EventLogConnection.edges", "EventLogConnection.pageInfo", "EventLogEdge.cursor",
        "EventLogEdge.node",
        // Reached only through `jobRuns` (ADMIN).
        "JobRun.name", "JobRun.startedAt", "JobRun.finishedAt", "JobRun.rowsAffected", "JobRun.error",
        "JobRunConnection.edges", "JobRunConnection.pageInfo", "JobRunEdge.cursor", "JobRunEdge.node",
        // API.md "Errors": any client may look up what an error code means and what to do next.
        "Query.errorMessage", "ErrorMessage.code", "ErrorMessage.message", "ErrorMessage.advice", "ErrorMessage.updatedAt",
        // Reached only through `errorReports` (ADMIN).
        "ErrorReport.id", "ErrorReport.code", "ErrorReport.message", "ErrorReport.requestId", "ErrorReport.operationName",
        "ErrorReport.path", "ErrorReport.viewer", "ErrorReport.context", "ErrorReport.fileName", "ErrorReport.createdAt",
        "ErrorReportConnection.edges", "ErrorReportConnection.pageInfo", "ErrorReportEdge.cursor", "ErrorReportEdge.node",
        // Reached only through `pendingSelfieVerifications` (ADMIN).
        "SelfieVerificationConnection.edges", "SelfieVerificationConnection.pageInfo", "SelfieVerificationEdge.cursor",
        "SelfieVerificationEdge.node",
        // Connection plumbing: reached only through the guarded lists that return them.
        "UserConnection.edges", "UserConnection.pageInfo", "UserEdge.cursor", "UserEdge.node",
        "MessageConnection.edges", "MessageConnection.pageInfo", "MessageEdge.cursor", "MessageEdge.node",
        "ScreenshotConnection.edges", "ScreenshotConnection.pageInfo", "ScreenshotEdge.cursor", "ScreenshotEdge.node",
        "PageInfo.hasNextPage", "PageInfo.hasPreviousPage", "PageInfo.startCursor", "PageInfo.endCursor",
        // The feed (issue 14): a guest sees PUBLIC images, a user also their own and friends'; the reads return
        // only images the caller may see (FeedQueries decides it in the statement, tested in FeedTests), so the
        // fields of what they return are open.
        "Query.feed", "Query.imageComments",
        "FeedImage.id", "FeedImage.description", "FeedImage.location", "FeedImage.url", "FeedImage.width",
        "FeedImage.height", "FeedImage.author", "FeedImage.createdAt", "FeedImage.visibility", "FeedImage.comments",
        "FeedImageConnection.edges", "FeedImageConnection.pageInfo", "FeedImageEdge.cursor", "FeedImageEdge.node",
        "ImageComment.id", "ImageComment.message", "ImageComment.createdAt", "ImageComment.author",
        "ImageCommentAuthor.username",
        "ImageCommentConnection.edges", "ImageCommentConnection.pageInfo", "ImageCommentEdge.cursor",
        "ImageCommentEdge.node",
        // Posts (issue 16): reached only through the signed-in lists and mutations above, or `Query.node`, which
        // answers null to a guest for a post or a post comment (PostQueries decides it, tested in PostTests).
        "Post.id", "Post.photoUrl", "Post.width", "Post.height", "Post.caption", "Post.location", "Post.author",
        "Post.createdAt", "Post.likeCount", "Post.viewerHasLiked", "Post.comments", "GeoPoint.latitude",
        "GeoPoint.longitude", "PostConnection.edges", "PostConnection.pageInfo", "PostEdge.cursor", "PostEdge.node",
        "PostComment.id", "PostComment.text", "PostComment.author", "PostComment.createdAt",
        "PostCommentConnection.edges", "PostCommentConnection.pageInfo", "PostCommentEdge.cursor", "PostCommentEdge.node",
        "PostSearchResult.posts", "PostSearchResult.message",
        // My Cards (issue 15): a card is reached only through the viewer's own `cards`, `recentCards`, `card` and
        // the card mutations (USER), which read the viewer's cards alone; the issuers' catalogue is public.
        "Card.id", "Card.name", "Card.barcodeValue", "Card.barcodeFormat", "Card.background", "Card.dominantColors",
        "Card.frontPhotoUrl", "Card.cardArea", "Card.issuer", "Card.lastUsedAt", "Card.createdAt", "CardPoint.x", "CardPoint.y",
        "CardConnection.edges", "CardConnection.pageInfo", "CardConnection.totalCount", "CardEdge.cursor", "CardEdge.node",
        "Query.issuers", "Issuer.id", "Issuer.name", "Issuer.logoUrl", "Issuer.website",
        // Offers (issue 15): whether and how many offers are in the area is public (my-cards.md UC1.1: the guest's
        // 1-page or tabs layout; UC1.2.7: "Offers available. Sign in to unlock."). `Card.offers` is reached only
        // through a card, which only its signed-in owner reads; an Offer through `offers` or `Card.offers` (USER)
        // or ADMIN's writes; a Store only through ADMIN's `stores` and store mutations.
        "Query.offersAvailable", "Query.offerSummary", "OfferSummary.available", "OfferSummary.count", "Card.offers",
        "Offer.id", "Offer.thumbnailUrl", "Offer.storeName", "Offer.validFrom", "Offer.validTo", "Offer.details",
        "Offer.issuer", "Offer.distanceMeters", "OfferConnection.edges", "OfferConnection.pageInfo", "OfferEdge.cursor",
        "OfferEdge.node", "Store.id", "Store.issuer", "Store.name", "Store.address", "Store.location",
        // The food suggestion tool (issue 16): a food is reached only through the signed-in tool above, or
        // `Query.node`, which answers null to a guest (FoodQueries decides it, tested in FoodSuggestionTests).
        "FoodSuggestion.id", "FoodSuggestion.name", "FoodSuggestion.description", "FoodSuggestion.categories",
        "FoodSuggestion.tags", "FoodSuggestion.pictureUrl", "FoodSuggestion.viewerLikes",
        "FoodSuggestionHistoryEntry.suggestion", "FoodSuggestionHistoryEntry.round", "FoodSuggestionHistoryEntry.shownAt",
        "FoodSuggestionHistoryConnection.edges", "FoodSuggestionHistoryConnection.pageInfo",
        "FoodSuggestionHistoryEdge.cursor", "FoodSuggestionHistoryEdge.node",
        // Guests' entry points (sign up, verify, log in, recover) and public lookups.
        "Query.ping", "Query.serverTime", "Query.viewer", "Query.node", "Query.emailAvailable",
        "Query.nicknameAvailable", "Query.passwordStrength", "Query.legalDocuments", "Query.emotionChallenge",
        "Mutation.signUp", "Mutation.verifyEmail", "Mutation.verifyCode", "Mutation.resendVerification",
        "Mutation.logIn", "Mutation.requestPasswordReset", "Mutation.resetPassword", "Mutation.recoverNickname",
        "Mutation.signInWithProvider",
        // Issue 16: the list to choose from is shown at sign-up; a reset link's question to whoever holds the link.
        "Query.securityQuestions", "SecurityQuestion.id", "SecurityQuestion.text", "Query.passwordResetQuestion",
    ]

    /// Guarded fields for which an allowed caller cannot be shown data, and what proves the resolver ran instead.
    static let noData: [String: String] = [
        // The security questions a user chose are the user's alone (issue 16): documented null for ADMIN.
        "User.securityQuestions@admin": "null for anyone but the user (schema/accounts.graphql)",
        "User.securityQuestions@superAdmin": "null for anyone but the user (schema/accounts.graphql)",
        // The viewer's last message with themself: documented null.
        "User.lastMessage@owner": "null for the viewer themself (schema/messages.graphql)",
        // `card(id:)` with the matrix's placeholder id names no card of the caller's: documented null.
        "Query.card@otherUser": "null for an id that is not one of the caller's cards (schema/cards.graphql)",
        "Query.card@friend": "null for an id that is not one of the caller's cards (schema/cards.graphql)",
        "Query.card@owner": "null for an id that is not one of the caller's cards (schema/cards.graphql)",
        "Query.card@admin": "null for an id that is not one of the caller's cards (schema/cards.graphql)",
        "Query.card@superAdmin": "null for an id that is not one of the caller's cards (schema/cards.graphql)",
    ]
}
