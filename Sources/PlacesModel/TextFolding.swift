@_spi(_Unicode) import Swift

/// Text compared as people read it, ignoring case and accents: "Zürich" and "zurich", "São Paulo" and "SAO PAULO"
/// fold to the same key.
///
/// The folding: canonical decomposition (NFD), every nonspacing mark dropped (the accents it split off), then the
/// result upper-cased and lower-cased again, which folds what lower-casing alone leaves apart ("ß" and "SS" to
/// "ss", final sigma to sigma). It uses the standard library's own Unicode tables (`_nfd`, the one it normalises
/// comparisons with), so no other library is loaded. A folded key lives only in memory; nothing stored depends on
/// it, so a newer Unicode version that folds differently changes no data.
public enum TextFolding {
    /// The folded key of `text`.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // The common case: ASCII lower-cased byte by byte, without Unicode tables.
            return String(
                decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        var kept = String.UnicodeScalarView()
        for scalar in text._nfd where scalar.properties.generalCategory != .nonspacingMark {
            kept.append(scalar)
        }
        return String(kept).uppercased().lowercased()
    }
}
