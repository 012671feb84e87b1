/// The interactive shell (being built).
enum Repl {
    static func main(_ arguments: [String]) -> Int32 {
        Terminal.writeError("the interactive shell is not available yet; pipe a scenario into 'scn' instead\n")
        return ExitCode.usage
    }
}
