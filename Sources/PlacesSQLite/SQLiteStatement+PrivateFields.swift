import PlacesModel
import PlacesSealing

/// The parameter numbers of a place's private fields in a statement that writes them.
struct PrivateFieldParameters {
    /// The name's, the description's, the latitude's, the longitude's and the sealed value's parameters.
    let name: Int32, description: Int32, latitude: Int32, longitude: Int32, sealed: Int32
}

extension SQLiteStatement {
    /// Binds the private fields `payload` of the place `id` of `owner` in plaintext, or with `cipher` sealed
    /// into the `sealed` parameter, with '' and 0 in their own.
    func bindPrivateFields(
        _ payload: SealedPayload, id: PlaceID, owner: UserID, cipher: PlaceCipher?,
        at parameters: PrivateFieldParameters
    ) {
        if let cipher {
            bind("", at: parameters.name)
            bind("", at: parameters.description)
            bind(0.0, at: parameters.latitude)
            bind(0.0, at: parameters.longitude)
            bind(blob: cipher.seal(payload, id: id, owner: owner), at: parameters.sealed)
        } else {
            bind(payload.name, at: parameters.name)
            bind(payload.description, at: parameters.description)
            bind(payload.coordinate.latitude, at: parameters.latitude)
            bind(payload.coordinate.longitude, at: parameters.longitude)
            bindNull(at: parameters.sealed)
        }
    }
}
