"""Bringing entries in: read -> unpack -> detect -> parse (formats/) -> vet -> ingest."""
