"""The HTTP service: `iris serve` (FastAPI on uvicorn), tenant API keys, Prometheus metrics.

    app.py      the routes and the one error shape
    keys.py     tenant keys (hashes only) and the tenant's namespace of a user id
    schemas.py  request bodies and response envelopes around the contracts of iris/types.py
    metrics.py  Prometheus metrics and the body-limit middleware
    cli.py      `iris serve`, `iris keys create|list|revoke`

fastapi, uvicorn and prometheus_client are imported only when this package is."""
