import CVips

/// libvips, started once per process (TOOLCHAIN.md). Every user of libvips
/// (the inspector, the demo pictures, the tests' image helpers) asks here
/// rather than calling `quarry_vips_init` itself: when the tests drew images
/// on several threads, each calling it, one crashed inside GLib while another
/// was still starting libvips (`vips_init` lets a second caller return before
/// the first has finished, and the settings that follow it then touch state
/// not yet made). A Swift static is initialised exactly once, thread-safely,
/// and every other caller waits for it.
public enum VipsLibrary {
    /// Whether libvips started (with ``quarry_vips_init``'s settings for untrusted files).
    public static let isReady: Bool = quarry_vips_init() == 0
}
