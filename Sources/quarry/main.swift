print("quarry")
