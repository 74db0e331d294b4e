import Foundation
import _NIOFileSystem

/// The temporary files of one multipart request, under
/// `QUARRY_DATA_DIR/tmp`: every file created is recorded before it is
/// written, and ``removeAll()`` deletes them when the request ends, whatever
/// happened. Used by the one task that handles the request.
final class TemporaryUploads {
    let directory: String
    private(set) var paths: [String] = []

    init(directory: String) {
        self.directory = directory
    }

    /// A new, not yet existing file path, recorded for removal.
    func newPath() async throws -> String {
        if paths.isEmpty {
            try await FileSystem.shared.createDirectory(
                at: FilePath(directory), withIntermediateDirectories: true, permissions: nil
            )
        }
        let path = directory + "/upload-" + UUID().uuidString
        paths.append(path)
        return path
    }

    /// Deletes every recorded file; a file that is already gone is fine.
    func removeAll() async {
        for path in paths {
            _ = try? await FileSystem.shared.removeItem(at: FilePath(path), recursively: false)
        }
        paths.removeAll()
    }
}
