import PlacesCommandLine
import PlacesProtocol

/// `placesctl move ID INDEX` and `placesctl move ID --before ID2|--after ID2|--top|--bottom`, with
/// `[--if-version N]`.
enum MoveCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "move",
        abstract: "Move a place to another position in your list.",
        discussion: """
            Positions count from 0 at the top of the list, in the order 'placesctl list' shows. Give the new \
            position as INDEX (past the end means last), or give exactly one of --before, --after, --top and \
            --bottom. Prints the position the place ends up at, counting from 0.
            """,
        arguments: [
            CommonOptions.id,
            ArgumentDeclaration(
                name: "INDEX", abstract: "The place's position after the move, counting from 0.", isRequired: false),
        ],
        options: [before, after, top, bottom, CommonOptions.ifVersion],
        forms: [
            ["ID", "INDEX", "[--if-version N]"],
            ["ID", "--before ID2|--after ID2|--top|--bottom", "[--if-version N]"],
        ],
        handler: run
    )

    /// `--before ID2`.
    static let before = Option<String>(
        ["--before"], valueName: "ID2", abstract: "Put the place just before place ID2.", completion: .placeID
    ).excluding(group: "position")
    /// `--after ID2`.
    static let after = Option<String>(
        ["--after"], valueName: "ID2", abstract: "Put the place just after place ID2.", completion: .placeID
    ).excluding(group: "position")
    /// `--top`.
    static let top = Flag(["--top"], abstract: "Put the place first.", exclusiveGroup: "position")
    /// `--bottom`.
    static let bottom = Flag(["--bottom"], abstract: "Put the place last.", exclusiveGroup: "position")

    /// Where the place should go.
    enum Target: Equatable {
        /// The 0-based position after the move.
        case index(Int64)
        /// Just before the place another id names.
        case before(String)
        /// Just after the place another id names.
        case after(String)
        /// First.
        case top
        /// Last.
        case bottom
    }

    /// Works out the target index from the list when needed, sends `places.move` and confirms.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let target = try target(input)
        let ifVersion = try input[CommonOptions.ifVersion]
        let typed = input.argument(0) ?? ""
        let argument = try PlaceIDArgument.parse(typed, command: spec.name)
        let place: WirePlace
        let index: Int64
        switch (argument, target) {
        case (.full(let id), .index(let wanted)):
            place = try context.decodePlace(context.call(GetParams(id: id)))
            index = wanted
        case (.full(let id), .top):
            place = try context.decodePlace(context.call(GetParams(id: id)))
            index = 0
        default:
            let places = try context.allPlaces()
            place = try PlaceIDResolver.resolve(argument, typed: typed, among: places)
            index = try targetIndex(target, for: place, among: places)
        }
        let result = try context.call(MoveParams(id: place.id, index: Int(index), ifVersion: ifVersion))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let final = result["index"]?.numberValue?.integerValue ?? index
        try context.write("Moved \(PlaceText.label(place)) to position \(final).\n")
    }

    /// The target the command line asks for; exactly one of INDEX and the position options.
    static func target(_ input: CommandInput) throws(CLIFailure) -> Target {
        var targets: [Target] = []
        if let text = input.argument(1) {
            guard let index = Int64(text), index >= 0 else {
                throw input.usageError("INDEX must be a whole number from 0 up, got '\(text)'")
            }
            targets.append(.index(index))
        }
        if let anchor = try input[before] { targets.append(.before(anchor)) }
        if let anchor = try input[after] { targets.append(.after(anchor)) }
        if input[top] { targets.append(.top) }
        if input[bottom] { targets.append(.bottom) }
        guard targets.count == 1 else {
            throw input.usageError(
                targets.isEmpty
                    ? "say where to move the place: give INDEX, --before, --after, --top or --bottom"
                    : "give INDEX or one of --before, --after, --top and --bottom, not both")
        }
        return targets[0]
    }

    /// The index to send for `target`, from the current order of `places`.
    private static func targetIndex(
        _ target: Target, for place: WirePlace, among places: [WirePlace]
    ) throws(CLIFailure) -> Int64 {
        guard let current = places.firstIndex(where: { $0.id == place.id }) else {
            throw .software("placesd listed no place with id '\(place.id)'")
        }
        switch target {
        case .index(let index):
            return index
        case .top:
            return 0
        case .bottom:
            return Int64(places.count - 1)
        case .before(let typed), .after(let typed):
            let anchor = try PlaceIDResolver.resolve(
                PlaceIDArgument.parse(typed, command: spec.name), typed: typed, among: places)
            guard anchor.id != place.id else {
                throw .usage("a place cannot be moved before or after itself", command: spec.name)
            }
            let anchorIndex = places.firstIndex { $0.id == anchor.id } ?? 0
            if case .before = target {
                return Int64(index(before: anchorIndex, movingFrom: current))
            }
            return Int64(index(after: anchorIndex, movingFrom: current))
        }
    }

    /// The final index of a place at `current` put just before the place at `anchor`.
    ///
    /// The place leaves its slot first, so an anchor below it moves up by one.
    static func index(before anchor: Int, movingFrom current: Int) -> Int {
        anchor < current ? anchor : anchor - 1
    }

    /// The final index of a place at `current` put just after the place at `anchor`.
    static func index(after anchor: Int, movingFrom current: Int) -> Int {
        anchor < current ? anchor + 1 : anchor
    }
}
