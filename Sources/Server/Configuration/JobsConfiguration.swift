import AppCore

/// The scheduled jobs' part of the configuration (issue 13 "Scheduled jobs";
/// README lists every variable).
public struct JobsConfiguration: Sendable, Equatable {
    /// `QUARRY_JOBS`: `off` keeps this instance from running the scheduled jobs
    /// (say, a one-off instance pointed at production's database); with several
    /// instances `on`, each job still runs once per period.
    public enum Mode: String, CaseIterable, Sendable {
        case on
        case off
    }

    public var mode: Mode
    /// How old a media file no row names must be before the sweep removes it
    /// (`QUARRY_MEDIA_ORPHAN_GRACE_SECONDS`): longer than any upload takes from
    /// storing its file to committing its row.
    public var orphanGraceSeconds: Int
    /// How many days after its deletion a post's photo is purged and the post moves to the archive
    /// (`QUARRY_POST_PURGE_DAYS`, 1 to 30, default 30): foodstabook.md 2.5.2 wants it gone "by 30 days".
    public var postPurgeDays: Int
    /// How many days after its deletion a post leaves the archive (`QUARRY_POST_ARCHIVE_DAYS`, from the purge
    /// days to 180, default 180): 2.5.2 wants it "deleted from archived by 180 days from deletion".
    public var postArchiveDays: Int
    /// How often the runner looks for due jobs, so a job starts at most this
    /// long after its period began. Not a variable: tests shorten it.
    public var tick: Duration = Self.shippedTick
    /// The jobs' period: daily, from midnight UTC. Not a variable: tests shorten it.
    public var period: Duration = Self.shippedPeriod

    public static let shippedTick: Duration = .seconds(60)
    public static let shippedPeriod: Duration = .seconds(86_400)

    static let variables = ["QUARRY_JOBS", "QUARRY_MEDIA_ORPHAN_GRACE_SECONDS", "QUARRY_POST_PURGE_DAYS", "QUARRY_POST_ARCHIVE_DAYS"]

    init(_ env: EnvironmentReader) throws {
        mode = try env.choice("QUARRY_JOBS", default: Mode.on)
        orphanGraceSeconds = try env.integer(
            "QUARRY_MEDIA_ORPHAN_GRACE_SECONDS", default: Int(MediaChanges.defaultGrace.components.seconds), in: 60...2_592_000
        )
        postPurgeDays = try env.integer("QUARRY_POST_PURGE_DAYS", default: 30, in: 1...30)
        postArchiveDays = try env.integer("QUARRY_POST_ARCHIVE_DAYS", default: 180, in: postPurgeDays...180)
    }
}
