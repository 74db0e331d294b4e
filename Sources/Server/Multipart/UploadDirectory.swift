#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The folder a server streams its uploads into while their requests run: its own
/// subfolder of `QUARRY_DATA_DIR/tmp`, claimed by an advisory lock (flock(2)) on a file
/// beside it that it holds until it exits.
///
/// A request deletes its files when it ends, but a server killed mid-upload (SIGKILL,
/// a crash, the machine stopping) leaves them. At start-up a server therefore deletes
/// every other instance's folder whose lock it can take: the kernel releases a lock when
/// its process dies, however it dies, so those are the leftovers of dead servers, while
/// the folders of servers still running on the same data folder are left alone.
enum UploadDirectory {
    /// Claims a new folder under `base` after deleting dead instances' folders; returns its path.
    static func claim(under base: String) throws -> String {
        let files = FileManager.default
        try files.createDirectory(atPath: base, withIntermediateDirectories: true)
        for name in (try? files.contentsOfDirectory(atPath: base)) ?? [] where name.hasSuffix(".lock") {
            let lock = base + "/" + name
            let descriptor = open(lock, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }  // a live server's
            try? files.removeItem(atPath: String(lock.dropLast(".lock".count)))
            try? files.removeItem(atPath: lock)
        }
        // Uploads of servers from before the per-instance folders, directly in `base`.
        for name in (try? files.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix("upload-") {
            try? files.removeItem(atPath: base + "/" + name)
        }
        let folder = base + "/instance-" + UUID().uuidString.lowercased()
        let descriptor = open(folder + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder + ".lock"])
        }
        // The descriptor stays open, and the lock held, for the life of the process.
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
