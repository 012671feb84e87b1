import ScenarioLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads and checks scenario files with the vocabulary's registry, confined to a root.
public struct ScenarioLoader: Sendable {
    public var vocabulary: Vocabulary
    public var limits: LanguageLimits

    public init(vocabulary: Vocabulary, limits: LanguageLimits = .standard) {
        self.vocabulary = vocabulary
        self.limits = limits
    }

    /// The file at `path` (as the user named it), checked; `root` is the scenario root
    /// that includes and payload files must stay in.
    public func load(path: String, root: String) -> (result: CheckResult?, loader: DirectoryLoader, error: String?) {
        load(path: path, loader: DirectoryLoader(root: root))
    }

    /// The file at `path`, checked; `loader` is confined to its scenario root (a suite's
    /// files share one: resolving the root is most of a loader's cost).
    public func load(path: String, loader: DirectoryLoader) -> (
        result: CheckResult?, loader: DirectoryLoader, error: String?
    ) {
        let data: [UInt8]
        do throws(LoadError) {
            data = try BoundedFile.read(path, maxBytes: loader.maxBytes)
        } catch {
            return (nil, loader, error.message)
        }
        let source = SourceFile(path: path, bytes: data)
        return (Language.check(source, registry: vocabulary.registry, loader: loader, limits: limits), loader, nil)
    }

    /// `source` (read already: standard input, an editor's buffer), checked; `root` is its
    /// scenario root.
    public func load(source: SourceFile, root: String) -> (result: CheckResult, loader: DirectoryLoader) {
        let loader = DirectoryLoader(root: root)
        return (Language.check(source, registry: vocabulary.registry, loader: loader, limits: limits), loader)
    }
}
