/// Every placesctl command, in the order the overview lists them.
enum CommandTable {
    /// The commands.
    static let all: [CommandSpec] = [
        AddCommand.spec, ListCommand.spec, GetCommand.spec, UpdateCommand.spec, VisitCommand.visitSpec,
        VisitCommand.unvisitSpec, TagCommand.tagSpec, TagCommand.untagSpec, TagCommand.tagsSpec, MoveCommand.spec,
        RemoveCommand.spec, UndoCommand.spec, HistoryCommand.spec,
        NearCommand.spec, MapCommand.spec, WhereCommand.spec, WatchCommand.spec, ImportCommand.spec, ExportCommand.spec,
        BackupCommand.spec,
        StatusCommand.spec, UnlockCommand.spec, KeyCommand.spec,
        CallCommand.spec, HelpCommand.spec,
    ]

    /// The command called `name`, if there is one.
    static func command(named name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }
}
