print("placesctl")
