"""The City screen: build, recruit, garrison and armory."""
