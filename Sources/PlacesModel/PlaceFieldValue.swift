/// The value of one field a client sets on a place (one of `PlaceField.draftFields`), as `Place`, `PlaceDraft` and
/// `PlacePatch` hand it out by field, so a check can go over the fields without naming each.
public enum PlaceFieldValue: Sendable, Hashable {
    /// A text field.
    case text(String)
    /// A number field.
    case number(Double)
    /// A Boolean field.
    case flag(Bool)
    /// A point in time, or nil for none.
    case time(Timestamp?)
    /// A set of tags.
    case tags([String])
}
