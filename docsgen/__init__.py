"""The documentation site's generator (``betlaw docs``): pages generated from the catalogue, the
specification, the witnesses, the argument parsers, the schemas and the conformance runs."""
