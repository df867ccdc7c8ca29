"""The local stand-in of SK ID Solutions' services (issue 33): one small FastAPI app serving the OCSP responder,
the RFC 3161 TSA, the test PKI's trusted list and CA certificates, and (eid-protocols) Smart-ID and Mobile-ID.
Not production code: production talks to SK (deploy/README.md)."""

from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse

from . import mobile_id, ocsp, phone, smart_id, tsa
from .pki import TestPki


def create_app(pki: TestPki) -> FastAPI:
    app = FastAPI(title="SK stand-in", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.pki = pki
    app.include_router(ocsp.router(pki))
    app.include_router(tsa.router(pki))
    # Smart-ID and Mobile-ID (eid-protocols): the phone answers both; tests reach it (and the maintenance switch)
    # through app.state.
    app.state.phone = phone.Phone.from_environment()
    app.state.maintenance = phone.Maintenance()
    app.include_router(phone.router(app.state.phone))
    app.include_router(phone.maintenance_router(app.state.maintenance))
    app.include_router(smart_id.router(pki, app.state.phone, app.state.maintenance))
    app.include_router(mobile_id.router(pki, app.state.phone, app.state.maintenance))

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/trusted-list.xml")
    async def trusted_list() -> FileResponse:
        return FileResponse(pki.trusted_list, media_type="application/vnd.etsi.tsl+xml")

    @app.get("/ca/{name}.pem")
    async def ca_certificate(name: str) -> FileResponse:
        path = pki.ca_folder / f"{name}.pem"
        if name not in ("root", "issuing") or not path.exists():
            raise HTTPException(404)
        return FileResponse(path, media_type="application/x-pem-file")

    return app


def folder(data_dir: Path) -> Path:
    """Where the test PKI lives in a data directory."""
    return data_dir / "eid"
