"""The Keen formats: one module a format, its reader and writer side by side."""
