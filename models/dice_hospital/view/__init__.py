"""What a viewer sees: board pictures, observations and the action space."""
