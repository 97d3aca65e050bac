import Foundation
import PackagePlugin

/// Writes each Codable type's JSON writer (`JSONWritable`) from the target's own sources, at build
/// time, with yaruki-json-writers: one generated file per target, rebuilt when a source changes.
@main
struct JSONWriters: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)JSONWriters.swift")
        return [
            .buildCommand(displayName: "Writing the JSON writers of \(target.name)", executable: try context.tool(named: "yaruki-json-writers").url,
                          arguments: [output.path] + sources.map(\.path), inputFiles: sources, outputFiles: [output]),
        ]
    }
}
