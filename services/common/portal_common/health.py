"""/healthz (the process answers) and /readyz (its database and event bus are reachable)."""

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text

router = APIRouter(tags=["health"])


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    checks: dict[str, str] = {}
    try:
        async with request.app.state.db.engine.connect() as connection:
            await connection.execute(text("select 1"))
        checks["database"] = "ok"
    except Exception as exc:  # readiness reports, it does not raise
        checks["database"] = f"error: {type(exc).__name__}"
    bus = getattr(request.app.state, "bus", None)
    checks["events"] = "ok" if bus is not None and bus.connected else "error: not connected"
    ready = all(v == "ok" for v in checks.values())
    body = {"status": "ok" if ready else "unavailable", "checks": checks}
    return JSONResponse(body, status_code=200 if ready else 503)
