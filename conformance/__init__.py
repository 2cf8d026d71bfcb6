"""betlaw.conformance: scenarios in (PHH hands, table scripts), verdicts out.

``betlaw ask`` and ``betlaw replay`` judge hands against the model; the conformance suite
and engine adapters arrive with later issues.
"""
