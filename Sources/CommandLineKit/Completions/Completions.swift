/// The shells `scn completion` writes a script for.
public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The completion script for `tool` in this shell.
    public func completionScript(_ tool: ToolSpec) -> String {
        switch self {
        case .bash: return BashCompletion.script(tool)
        case .zsh: return ZshCompletion.script(tool)
        case .fish: return FishCompletion.script(tool)
        }
    }
}
