print("placesd")
