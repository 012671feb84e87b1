/// The tool's version, as `scn --version` prints it and bug reports quote it.
public enum ToolVersion {
    public static let string = "0.1.0"
}
