"""The ground floor: config and presets, state, actions, the model, the rule modules, ambiguities, readings and describe."""
