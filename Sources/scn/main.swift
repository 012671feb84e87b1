print("scn")
