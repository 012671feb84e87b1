import Testing
@testable import ScenarioLanguage

@Test func smoke() {
    let t = parse("sdk kindly 3.0.12\nlaunch killed\npush kindly visible tilte \"Anna\"\n")
    print(dump(t.statements), t.diagnostics)
    let r = check("sdk kindly 3.0.12\nlaunch killed\npush kindly visible tilte \"Anna\"\n")
    print(Language.render(r.diagnostics))
}
