import PlacesProtocol
import Testing

/// The coordinates in the forms of Google Maps URLs that Takeout writes.
@Suite struct GoogleMapsURLTests {
    @Test(arguments: [
        (
            "https://www.google.com/maps/place/Eiffel+Tower/@48.85,2.29,17z/data=!3m1!4b1!4m6!3m5!1s0x47e6:0x8ddc"
                + "!8m2!3d48.8583701!4d2.2944813!16zL20vMDJqODE",
            48.8583701, 2.2944813
        ),
        ("https://www.google.com/maps/place/Rome/data=!3d41.9!4d12.5", 41.9, 12.5),
        ("https://www.google.com/maps/search/35.6812362,139.7671248", 35.6812362, 139.7671248),
        ("https://www.google.com/maps/search/35.6812362%2C139.7671248", 35.6812362, 139.7671248),
        ("https://www.google.com/maps/search/-33.85,+151.21?entry=ttu", -33.85, 151.21),
        ("https://www.google.com/maps/place/-33.85,151.21/@-33.8,151.2,15z", -33.85, 151.21),
        ("https://maps.google.com/?q=48.8606,2.3376", 48.8606, 2.3376),
        ("https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393", 47.5951518, -122.3316393),
        ("https://www.google.com/maps/@41.9027835,12.4963655,14z", 41.9027835, 12.4963655),
    ])
    func findsCoordinates(url: String, latitude: Double, longitude: Double) {
        let found = GoogleMapsURL.coordinate(in: url)
        #expect(found?.latitude == latitude && found?.longitude == longitude, "\(url)")
    }

    @Test(arguments: [
        "http://maps.google.com/?cid=13688209039469782482",
        "https://www.google.com/search?q=Urfa+Durum&ludocid=15623525448940569321&ibp=gwp;0,7",
        "https://www.google.com/maps/place/Eiffel+Tower/data=!4m2!3m1!1s0x47e66e2964e34e2d:0x8ddca9ee380ef7e0",
        "https://www.google.com/maps/search/95,10",
        "https://www.google.com/maps/@nan,inf,3z",
        "",
    ])
    func findsNoneWhereThereAreNone(url: String) {
        #expect(GoogleMapsURL.coordinate(in: url) == nil, "\(url)")
    }
}
