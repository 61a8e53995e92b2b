/// The release of FitKit this code is.
///
/// FitKit follows Semantic Versioning: while the major version is 0, a minor version may change public API (each
/// change is listed in `CHANGELOG.md` with its migration) and a patch version does not. Depend on a release with
/// `.package(url: …, from: "0.1.0")` and read it at run time here, for example in a support screen.
public enum FitKitVersion {
    /// The release, as `MAJOR.MINOR.PATCH`: the newest version section of `CHANGELOG.md` and its git tag.
    public static let current = "0.1.0"
}
