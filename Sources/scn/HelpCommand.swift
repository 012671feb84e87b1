import ScenarioRuntime

/// `scn help [COMMAND…]`, `scn help --markdown`: the reference, from the registry.
enum HelpCommand {
    static func main(_ arguments: [String]) -> Int32 {
        let registry = Vocabulary.standard.registry
        if arguments == ["--markdown"] {
            Terminal.write(Reference.markdown(registry))
            return ExitCode.success
        }
        if arguments.isEmpty {
            Terminal.write(usage + "\n" + Reference.text(registry))
            return ExitCode.success
        }
        guard let text = Reference.text(registry, command: arguments) else {
            Terminal.writeError("error: no command '\(arguments.joined(separator: " "))'; 'scn help' lists them all\n")
            return ExitCode.usage
        }
        Terminal.write(text)
        return ExitCode.success
    }
}
