import Accounts
import AppCore
import Auth
import Foundation
import GraphQLExecution

/// Binds schema/administration.graphql. `@auth` admits ADMIN (and SUPER_ADMIN
/// for `setUserRole`); who may act on which account is ``UserAdminChanges``'
/// business. `errorMessages` is the service's cached catalogue, re-read by
/// `upsertErrorMessage` once its change is committed.
package enum AdministrationResolvers {
    package static func bind(
        into builder: inout ExecutableSchemaBuilder<QuarryContext>, users: UserLoader, errorMessages: ErrorCatalogue
    ) {
        bindUsers(into: &builder)
        bindSelfieReview(into: &builder, users: users)
        bindEventLogs(into: &builder, users: users)
        bindJobRuns(into: &builder)
        bindErrorMessages(into: &builder, catalogue: errorMessages)
        bindErrorReports(into: &builder, users: users)
    }

    private static func bindUsers(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: AdminStats.self)
        builder.resolveDomain("Query", "adminStats") { info in
            try await AdminStatsQueries.stats(database: info.context.database)
        }
        builder.resolveDomain("Query", "users") { info in
            let filter = UserListFilter(
                search: SubstringFilter(info.args.optionalString("search")),
                role: info.args.optionalString("role").flatMap(Role.init(rawValue:)),
                blocked: info.args.optionalBool("blocked")
            )
            let page = try PageRequest(arguments: info.args, order: .newestFirst)
            return try await UserListQueries.users(filter, page: page, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "blockUser") { info in
            let admin = try info.context.signedIn()
            let id = try info.args.id(of: UserRecord.self, "id", else: AdminErrors.userNotFound)
            let reason = try AdminErrors.blockReason(info.args.string("reason"))
            return try await UserAdminChanges.block(id, reason: reason, by: admin, context: info.context)
        }
        builder.resolveDomain("Mutation", "unblockUser") { info in
            let admin = try info.context.signedIn()
            let id = try info.args.id(of: UserRecord.self, "id", else: AdminErrors.userNotFound)
            return try await UserAdminChanges.unblock(id, by: admin, context: info.context)
        }
        builder.resolveDomain("Mutation", "setUserRole") { info in
            let admin = try info.context.signedIn()
            let id = try info.args.id(of: UserRecord.self, "id", else: AdminErrors.userNotFound)
            let role = Role(rawValue: try info.args.string("role")) ?? .guest
            return try await UserAdminChanges.setRole(id, to: role, by: admin, context: info.context)
        }
        builder.resolveDomain("Mutation", "deleteUser") { info in
            let admin = try info.context.signedIn()
            let id = try info.args.id(of: UserRecord.self, "id", else: AdminErrors.userNotFound)
            return try await UserAdminChanges.delete(id, by: admin, context: info.context)
        }
    }

    private static func bindSelfieReview(into builder: inout ExecutableSchemaBuilder<QuarryContext>, users: UserLoader) {
        Connection<SelfieVerificationRecord>.bind(
            as: "SelfieVerificationConnection", edge: "SelfieVerificationEdge", into: &builder
        )
        builder.resolve("SelfieVerification", "user", source: SelfieVerificationRecord.self) { selfie, info in
            users.load(selfie.userID, info.context)
        }
        builder.resolveDomain("Query", "pendingSelfieVerifications") { info in
            try await SelfieQueries.pending(page: PageRequest(arguments: info.args, order: .oldestFirst), context: info.context)
        }
        builder.resolveDomain("Mutation", "reviewSelfie") { info in
            let admin = try info.context.signedIn()
            let id = try info.args.id(of: SelfieVerificationRecord.self, "id", else: SelfieErrors.notFound)
            let reason = try SelfieErrors.reason(info.args.optionalString("reason"))
            return try await SelfieChanges.review(
                id, approve: info.args.bool("approve"), reason: reason, by: admin, context: info.context
            )
        }
    }

    private static func bindEventLogs(into builder: inout ExecutableSchemaBuilder<QuarryContext>, users: UserLoader) {
        builder.readFields(of: EventLogRecord.self)
        Connection<EventLogRecord>.bind(as: "EventLogConnection", edge: "EventLogEdge", into: &builder)
        builder.resolve("EventLog", "user", source: EventLogRecord.self) { event, info in
            event.userID.map { users.load($0, info.context) }
        }
        builder.resolveDomain("Query", "eventLogs") { info in
            let window = try TimeWindow(arguments: info.args)
            let user: UUID? = if info.args.optionalString("userId") != nil {
                try info.args.id(of: UserRecord.self, "userId", else: AdminErrors.userNotFound)
            } else {
                nil
            }
            let filter = EventLogFilter(
                window: window, type: info.args.optionalString("type"), userID: user, archived: try info.args.bool("archived")
            )
            let page = try PageRequest(arguments: info.args, order: .newestFirst)
            return try await EventLogQueries.events(filter, page: page, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "archiveEventLogs") { info in
            guard let days = info.args.optionalInt("olderThanDays") else {
                throw ClientError.invalidInput([("olderThanDays", "Say how many days old the events must be.")])
            }
            return try await EventLogChanges.archive(olderThanDays: days, database: info.context.database)
        }
    }

    private static func bindJobRuns(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: JobRunRecord.self)
        Connection<JobRunRecord>.bind(as: "JobRunConnection", edge: "JobRunEdge", into: &builder)
        builder.resolveDomain("Query", "jobRuns") { info in
            let page = try PageRequest(arguments: info.args, order: .newestFirst)
            return try await JobRunQueries.runs(name: info.args.optionalString("name"), page: page, database: info.context.database)
        }
    }

    private static func bindErrorMessages(into builder: inout ExecutableSchemaBuilder<QuarryContext>, catalogue: ErrorCatalogue) {
        builder.readFields(of: ErrorMessageRecord.self)
        builder.resolveDomain("Query", "errorMessage") { info in
            try await ErrorMessageQueries.one(code: info.args.string("code"), database: info.context.database)
        }
        builder.resolveDomain("Query", "errorMessages") { info in
            try await ErrorMessageQueries.all(database: info.context.database)
        }
        builder.resolveDomain("Mutation", "upsertErrorMessage") { info in
            let input = try ErrorMessageInput(
                code: info.args.string("code"), message: info.args.string("message"), advice: info.args.optionalString("advice")
            )
            let record = try await ErrorMessageChanges.upsert(input, database: info.context.database)
            // This instance's next error shows the change at once; the others re-read on the NOTIFY
            // (so does this one, should this read fail: the change is committed either way).
            do {
                try await catalogue.reload()
            } catch {
                info.context.logger.warning("the error message catalogue could not be re-read", metadata: ["error": "\(error)"])
            }
            return record
        }
    }

    private static func bindErrorReports(into builder: inout ExecutableSchemaBuilder<QuarryContext>, users: UserLoader) {
        builder.readFields(of: ErrorReportRecord.self)
        Connection<ErrorReportRecord>.bind(as: "ErrorReportConnection", edge: "ErrorReportEdge", into: &builder)
        builder.resolve("ErrorReport", "viewer", source: ErrorReportRecord.self) { report, info in
            report.viewerID.map { users.load($0, info.context) }
        }
        builder.resolveDomain("Query", "errorReports") { info in
            let filter = ErrorReportFilter(
                window: try TimeWindow(arguments: info.args), code: info.args.optionalString("code"), archived: try info.args.bool("archived")
            )
            let page = try PageRequest(arguments: info.args, order: .newestFirst)
            return try await ErrorReportQueries.reports(filter, page: page, database: info.context.database)
        }
    }
}
