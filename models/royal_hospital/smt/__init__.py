"""The Royal Hospital Z3 encoding (``encoding.py``): the numeric core of configurations
like ``tiny``, step for step the model's own transitions."""
