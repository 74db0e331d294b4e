import Administration
import AppCore
import Foodstabook
import Mail
import Postgres

/// The jobs every instance schedules. Adding one is one entry here: its name and
/// the call into the area that owns the data (the retention each issue asks for
/// written beside it).
enum ScheduledJobs {
    static func shipped(
        configuration: JobsConfiguration, database: PostgresPool, media: MediaServices, errorReportsDirectory: String
    ) -> [ScheduledJob] {
        let period = configuration.period
        let grace = Duration.seconds(configuration.orphanGraceSeconds)
        return [
            // Issue 13 "Event logs": events older than 60 days move to the archive.
            ScheduledJob(name: "event-log-archive", period: period) {
                try await EventLogChanges.archive(olderThanDays: 60, database: database)
            },
            // Issue 13: sent mail is kept 30 days.
            ScheduledJob(name: "mail-outbox-purge", period: period) {
                try await Outbox.purgeSent(olderThanDays: 30, database: database)
            },
            // Issue 13 "Error reports" (foodstabook 2.3.1): reports are kept 30 days, then move to the archive
            // (table and folder).
            ScheduledJob(name: "error-report-archive", period: period) {
                try await ErrorReportChanges.archive(olderThanDays: 30, database: database, directory: errorReportsDirectory)
            },
            // Issue 16 (foodstabook.md 2.5.2): a deleted post's photo is purged 30 days later (its file then goes
            // with the orphan sweep below) and the post moves to the archive; it leaves the archive 180 days
            // after its deletion (QUARRY_POST_PURGE_DAYS, QUARRY_POST_ARCHIVE_DAYS).
            ScheduledJob(name: "deleted-post-purge", period: period) {
                try await PostChanges.archiveDeleted(olderThanDays: configuration.postPurgeDays, database: database)
            },
            ScheduledJob(name: "post-archive-removal", period: period) {
                try await PostChanges.removeArchived(olderThanDays: configuration.postArchiveDays, database: database)
            },
            // Issue 13, issue 18: files no medium names (deleted media, failed uploads), once past the grace period.
            ScheduledJob(name: "media-orphan-sweep", period: period) {
                try await MediaChanges.sweepOrphans(olderThan: grace, store: media.store, database: database)
            },
        ]
    }
}
