import PlacesSealing

/// What opening an engine takes besides the database it opens.
package struct EngineOptions: Sendable {
    /// The key that seals the places; nil = no key supplied (a sealed store then opens locked).
    package var key: StoreKey?
    /// How much of the change log the engine keeps for watchers that resume.
    package var changeLogLimits: ChangeLogLimits

    /// Options with `key` and `changeLogLimits`.
    package init(key: StoreKey? = nil, changeLogLimits: ChangeLogLimits = .standard) {
        self.key = key
        self.changeLogLimits = changeLogLimits
    }
}
