/// Quarry's version: what `quarry --version` prints and every error report records.
public enum QuarryVersion {
    public static let current = "0.13.0"
}
