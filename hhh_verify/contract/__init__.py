"""The model contract every game implements and every engine reads: models, specs, outcomes, readings, properties, traces and the game registry."""
