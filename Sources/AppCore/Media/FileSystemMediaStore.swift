#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The default ``MediaStore``: a content-addressed folder (under
/// `QUARRY_DATA_DIR/media`), each file at `ab/cd/abcd…` after its SHA-256 so
/// that no folder grows too large. A file is written under a temporary name
/// and renamed into place, so a reader never sees half of one.
public struct FileSystemMediaStore: MediaStore {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public func path(of sha256: String) -> String {
        let characters = Array(sha256)
        guard characters.count >= 4 else { return directory + "/" + sha256 }
        return "\(directory)/\(String(characters[0..<2]))/\(String(characters[2..<4]))/\(sha256)"
    }

    public func put(contentsOf source: String, sha256: String) async throws {
        let destination = path(of: sha256)
        try await Offload.run {
            let files = FileManager.default
            if files.fileExists(atPath: destination) { return }
            let folder = String(destination[..<destination.lastIndex(of: "/")!])
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let partial = destination + ".partial-" + UUID().uuidString
            do {
                try files.copyItem(atPath: source, toPath: partial)
                // rename(2) replaces atomically: a concurrent upload of the same bytes wrote the same content.
                guard rename(partial, destination) == 0 else { throw MediaStoreError(path: destination, errno: errno) }
            } catch {
                try? files.removeItem(atPath: partial)
                throw error
            }
        }
    }

    public func contains(_ sha256: String) async throws -> Bool {
        let file = path(of: sha256)
        return try await Offload.run { FileManager.default.fileExists(atPath: file) }
    }

    /// The files at `ab/cd/abcd…`, where ``path(of:)`` puts them; anything else
    /// in the folder is not the store's and is left alone.
    public func entries() async throws -> [MediaStoreEntry] {
        let directory = directory
        return try await Offload.run {
            let files = FileManager.default
            guard files.fileExists(atPath: directory) else { return [] }
            return try files.subpathsOfDirectory(atPath: directory).compactMap { subpath -> MediaStoreEntry? in
                let parts = subpath.split(separator: "/")
                guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].hasPrefix(parts[0] + parts[1]) else {
                    return nil
                }
                // A partial copy renamed into place since the listing is no longer there: skipped.
                guard let attributes = try? files.attributesOfItem(atPath: directory + "/" + subpath),
                    attributes[.type] as? FileAttributeType == .typeRegular,
                    let modified = attributes[.modificationDate] as? Date
                else { return nil }
                return MediaStoreEntry(name: String(parts[2]), modified: modified)
            }
        }
    }

    public func remove(_ name: String) async throws {
        let file = path(of: name)
        try await Offload.run {
            guard unlink(file) == 0 || errno == ENOENT else { throw MediaStoreError(path: file, errno: errno) }
        }
    }
}

/// A file could not be moved into the store, or removed from it.
package struct MediaStoreError: Error, CustomStringConvertible {
    let path: String
    let errno: Int32
    package var description: String { "cannot write or remove \(path): errno \(errno)" }
}
