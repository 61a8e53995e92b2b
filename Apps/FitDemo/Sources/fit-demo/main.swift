print("fit-demo")
