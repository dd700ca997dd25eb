import ArgumentParser

@main
struct SelfSize: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "selfsize")
}
