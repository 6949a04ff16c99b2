"""The web application: the JSON API under ``/api`` and the page that uses it.

FastAPI (on Starlette) describes the API from the typed request and answer models below, so
``/api/openapi.json`` is always the API as it is; the page (``static/``) calls nothing else.
No route takes a path or reads a file: every request carries its text. The interactive API
pages FastAPI can serve load their scripts from a CDN, so they are off; the description is.

Safety, per request: bodies over ``max_bytes`` get 413; a body that has not all arrived
``body_timeout`` seconds after the request's head gets 408 and the connection is closed (the
deadline for the head itself is the server's: :mod:`puzzlefmt.web.protocol`); engine jobs run
in worker processes under ``solve_timeout`` (504 "gave up after N s"); every answer carries a
Content Security Policy that allows only this server's own scripts and styles, so text pasted
into the page can never run as code even if some escaping were missed.
"""

from __future__ import annotations

import asyncio
import importlib.resources
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from contextlib import asynccontextmanager
from typing import Any, Literal

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from puzzlefmt import registry
from puzzlefmt.web import (
    DEFAULT_BODY_TIMEOUT,
    DEFAULT_MAX_BYTES,
    DEFAULT_SOLVE_TIMEOUT,
    service,
)
from puzzlefmt.web.engines import EnginePool
from puzzlefmt.web.service import ServiceError

__all__ = ["DEFAULT_BODY_TIMEOUT", "DEFAULT_MAX_BYTES", "DEFAULT_SOLVE_TIMEOUT", "create_app"]


Theme = Literal["light", "dark", "print"]
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)


# ---------------------------------------------------------------------- request models


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Source(_Model):
    text: str = Field(description="The text as pasted (any format of any family).")
    format: str | None = Field(
        None, description="Format name (see /api/formats); detected when left out.")
    record: int = Field(1, ge=1, description="Which record of a collection, from 1.")


class DetectIn(_Model):
    text: str = Field(description="The text as pasted, or a share link holding a puzzle.")
    filename: str | None = Field(
        None, description="The dropped file's name: only its extension is used.")


class ReadIn(Source):
    theme: Theme = "light"


class RecordsIn(_Model):
    text: str
    format: str | None = None
    page: int = Field(1, ge=1)
    size: int = Field(25, ge=1, le=service.MAX_PAGE_SIZE)


class PictureIn(Source):
    theme: Theme = "light"
    size: int | None = Field(None, ge=16, le=4000, description="Width in pixels.")


class ConvertIn(Source):
    to: str = Field(description="The target format's name.")


class SolveIn(Source):
    limit: int = Field(2, ge=2, le=service.MAX_LIMIT,
                       description="Count solutions up to this many.")
    theme: Theme = "light"


class CanonIn(Source):
    convention: Literal["string", "pattern"] = "string"
    theme: Theme = "light"


class EngineIn(Source):
    options: dict[str, Any] = Field(
        default_factory=dict, description="The engine's declared options, by name.")
    pick: int | None = Field(
        None, ge=0, description="For a result with parts (a rating's steps, a position's "
        "moves): the one to draw, from 0 (default: the first).")
    theme: Theme = "light"


class GenerateIn(BaseModel):
    makes: str = Field(description="What to make: a generator's name (keen, sudoku, solo).")
    seed: str | None = Field(None, description="The seed (default: drawn afresh).")
    options: dict[str, Any] = Field(
        default_factory=dict, description="The generator's declared options, by name.")


class MoveIn(Source):
    move: str = Field(description="A move in CGP notation: '8G QAT', '-' (pass), '-ABC'.")
    check_rack: bool | None = Field(
        None, description="The tiles must be on the mover's rack (default: if it is known).")
    theme: Theme = "light"


class GameIn(Source):
    move: int = Field(0, ge=0, description="Show the position after this many moves.")
    theme: Theme = "light"


# ---------------------------------------------------------------------- answer models


class ErrorBody(BaseModel):
    model_config = ConfigDict(extra="allow")
    kind: str = Field(description="parse, unrecognised, unknown-format, bad-request, "
                      "unsupported, bad-move, too-large, timeout, not-found, internal")
    message: str
    line: int | None = None
    column: int | None = None


class ErrorOut(BaseModel):
    error: ErrorBody


class FormatOut(BaseModel):
    name: str
    family: str
    description: str
    extensions: list[str]
    collection: bool
    writable: bool


class FamilyOut(BaseModel):
    name: str
    title: str


class EngineOut(BaseModel):
    name: str
    family: str
    title: str
    summary: str


class GeneratorOut(BaseModel):
    makes: str
    family: str
    title: str
    summary: str
    options: list[dict[str, Any]]


class CapabilitiesOut(BaseModel):
    version: str
    families: list[FamilyOut]
    engines: list[EngineOut]
    generators: list[GeneratorOut] = []
    game: bool
    max_bytes: int
    solve_timeout: float
    page_size: int


class CandidateOut(BaseModel):
    format: str
    family: str
    score: float
    reason: str


class DetectOut(BaseModel):
    candidates: list[CandidateOut]
    text: str | None = Field(description="The puzzle taken out of a share link, if any.")
    source: str | None


class CountsOut(BaseModel):
    total: int
    bad: int


class EngineActionOut(BaseModel):
    name: str = Field(description="The engine, and its endpoint: POST /api/<name>.")
    title: str = Field(description="The page's button.")
    summary: str
    doing: str = Field(description="What the page says while it runs.")


class ActionsOut(BaseModel):
    solve: bool
    canon: list[str]
    engines: list[EngineActionOut] = Field(
        description="The family's engines offered as actions (POST /api/<name>).")
    move: bool
    game: bool


class TargetOut(BaseModel):
    format: str
    description: str
    collection: bool
    extension: str


class ReadOut(BaseModel):
    format: str
    family: str
    collection: bool
    record: int
    records: CountsOut | None
    picture: str = Field(description="SVG")
    problems: list[str] = Field(description="The rule problems (severity error).")
    warnings: list[str] = Field(description="What follows the rules but is worth saying "
                                            "(severity warning), each 'warning: ...'.")
    status: str
    text_picture: str
    actions: ActionsOut
    targets: list[TargetOut]


class RowOut(BaseModel):
    number: int
    line: int
    excerpt: str
    ok: bool
    status: str
    error: ErrorBody | None


class RecordsOut(BaseModel):
    format: str
    total: int
    bad: int
    page: int
    pages: int
    size: int
    rows: list[RowOut]


class PictureOut(BaseModel):
    format: str
    record: int
    picture: str


class ConvertOut(BaseModel):
    format: str
    scope: Literal["record", "collection"]
    record: int | None
    text: str
    extension: str
    notes: list[str]
    lossless: bool


class SolutionOut(BaseModel):
    text: str
    picture: str


class SolveOut(BaseModel):
    status: Literal["none", "unique", "multiple", "unknown"]
    count: int
    limit: int
    complete: bool
    reason: str
    words: str
    solutions: list[SolutionOut]


class CanonOut(BaseModel):
    canonical: str
    convention: str
    picture: str


class EngineResultOut(BaseModel):
    """An engine's JSON form (its own fields, e.g. ``grade``), and ``words``; for a result
    with parts (a rating's steps, a position's moves), ``items`` (a line each), ``pick`` and
    the ``picture`` of that part."""

    model_config = ConfigDict(extra="allow")

    words: str


class NextOut(BaseModel):
    text: str
    picture: str


class MoveOut(BaseModel):
    legal: bool
    move: str
    score: int | None
    reason: str | None
    words: str
    next: NextOut | None


class GameOut(BaseModel):
    move: int = Field(description="How many events have been played.")
    events: int
    words: str
    cgp: str | None = Field(description="The position as CGP; none for one that no CGP holds "
                                        "(one player, rack unknown), which words says.")
    picture: str
    text_picture: str


_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 408, 413, 422)
}
_ENGINE_ERRORS: dict[int | str, dict[str, Any]] = {
    **_ERRORS, 504: {"model": ErrorOut, "description": "gave up after the time limit"}}


# ---------------------------------------------------------------------- middleware


def _error(status: int, kind: str, message: str, *, headers: Mapping[str, str] | None = None,
           **details: Any) -> JSONResponse:
    return JSONResponse({"error": {"kind": kind, "message": message, **details}},
                        status_code=status,
                        headers={"Cache-Control": "no-store", **(headers or {})})


def _size_words(n: int) -> str:
    if n >= 1024 * 1024 and n % (1024 * 1024) == 0:
        return f"{n // (1024 * 1024)} MiB"
    if n >= 1024 and n % 1024 == 0:
        return f"{n // 1024} KiB"
    return f"{n} bytes"


class BodyLimit:
    """Answer 413 to a request whose body is larger than ``max_bytes``: at once when its
    Content-Length says so, else as soon as the bytes read pass the limit."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.message = (f"the request is larger than the limit of {_size_words(max_bytes)}: "
                        "paste a smaller text, or raise the limit with "
                        "puzzlefmt serve --max-bytes")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = 0
                if declared > self.max_bytes:
                    await _error(413, "too-large", self.message,
                                 limit=self.max_bytes)(scope, receive, send)
                    return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    # FastAPI lets an HTTPException raised while reading the body through;
                    # the handler below turns it into the JSON 413.
                    raise StarletteHTTPException(413, self.message)
            return message

        await self.app(scope, limited, send)


class BodyTimeout:
    """Answer 408 and close the connection when a request's body has not all arrived
    ``seconds`` after the application got the request (the end of its head): a client that
    trickles its body does not hold a connection. The body's messages are awaited with what
    is left of that time; once the body is in, nothing is timed."""

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds
        self.message = (f"the request's body did not arrive within {seconds:g} s: send it at "
                        "once, or raise the limit with puzzlefmt serve --body-timeout")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.seconds
        done = False

        async def timed() -> Message:
            nonlocal done
            if done:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                # as BodyLimit's 413: the handler below answers it, and "Connection: close"
                # has the server close the connection the body was coming on
                raise StarletteHTTPException(408, self.message,
                                             headers={"Connection": "close"}) from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                done = True
            return message

        await self.app(scope, timed, send)


class SecurityHeaders:
    """Add the Content Security Policy and friends to every answer."""

    HEADERS = (
        (b"content-security-policy", CSP.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-frame-options", b"DENY"),
    )

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


# ---------------------------------------------------------------------- the application


def _engine_route(app: FastAPI, pool: EnginePool, name: str,
                  fixed: Mapping[str, Any]) -> None:
    """``POST /api/<name>``: the family engine ``name`` on one record, in a worker process
    under the time limit (one route for each engine the families offer as an action);
    ``fixed``: options the server sets, over the request's (files on the server)."""
    engines = registry.engines(name)
    families = ", ".join(e.family for e in engines if e.command)

    async def run(body: EngineIn) -> dict[str, Any]:
        return await pool.run("engine", {"name": name, "text": body.text,
                                         "format": body.format, "record": body.record,
                                         "options": {**body.options, **fixed},
                                         "pick": body.pick, "theme": body.theme})

    run.__doc__ = f"{engines[0].summary} ({families}), under the time limit."
    app.post(f"/api/{name}", response_model=EngineResultOut, responses=_ENGINE_ERRORS,
             tags=["actions"], name=name, summary=engines[0].label)(run)


def _static_dir() -> str:
    return str(importlib.resources.files("puzzlefmt.web").joinpath("static"))


def create_app(*, max_bytes: int = DEFAULT_MAX_BYTES,
               solve_timeout: float = DEFAULT_SOLVE_TIMEOUT, solvers: int = 2,
               warm: bool = True, body_timeout: float = DEFAULT_BODY_TIMEOUT,
               engine_options: Mapping[str, Mapping[str, Any]] | None = None) -> FastAPI:
    """The application: ``max_bytes`` per request, ``body_timeout`` seconds for a request's
    body to arrive, ``solve_timeout`` seconds per engine job, ``solvers`` worker processes
    (``warm``: they load the kernels before their first job); ``engine_options``: per
    engine, options the server fixes whatever a request says (``puzzlefmt serve
    --lexicon``: the moves engine's lexicon file)."""
    pool = EnginePool(workers=solvers, timeout=solve_timeout, warm=warm)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool.start()
        try:
            yield
        finally:
            pool.close()

    app = FastAPI(
        title="puzzlefmt",
        version=str(service.capabilities()["version"]),
        description="Detect, read, draw, convert and solve puzzle texts (each request's text is "
        f"{registry.expected()}). "
        "Every request carries its text; errors are `{\"error\": {\"kind\", \"message\", "
        "...}}`.",
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
    )
    app.state.pool = pool
    app.add_middleware(BodyLimit, max_bytes=max_bytes)
    app.add_middleware(BodyTimeout, seconds=body_timeout)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ServiceError)
    async def service_error(request: Request, exc: ServiceError) -> Response:
        return _error(exc.status, exc.kind, exc.message, **exc.details)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> Response:
        parts = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where}: {err.get('msg', 'invalid')}" if where
                         else str(err.get("msg", "invalid")))
        return _error(400, "bad-request", "; ".join(parts) or "bad request")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        kinds = {404: "not-found", 405: "bad-request", 408: "timeout", 413: "too-large"}
        kind = kinds.get(exc.status_code, "bad-request")
        message = "not found" if exc.status_code == 404 else str(exc.detail)
        return _error(exc.status_code, kind, message, headers=exc.headers)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> Response:
        return _error(500, "internal", f"internal error: {type(exc).__name__}: {exc}")

    # ------------------------------------------------------------------ API

    @app.get("/api/health", tags=["server"])
    def health() -> dict[str, Any]:
        """The server is up; how many solver processes run, and how many have loaded their
        engines (the first start after installing compiles them: a minute or two)."""
        return {"ok": True, "solvers": pool.alive(), "ready": pool.ready()}

    @app.get("/api/capabilities", response_model=CapabilitiesOut, tags=["server"])
    def capabilities() -> dict[str, Any]:
        """Version, families, whether GCG games can be stepped, and the server's limits."""
        return {**service.capabilities(), "max_bytes": max_bytes,
                "solve_timeout": solve_timeout, "page_size": service.MAX_PAGE_SIZE}

    @app.get("/api/formats", response_model=list[FormatOut], tags=["formats"])
    def formats() -> list[dict[str, Any]]:
        """Every format: family, description, extensions, collection or not, writable."""
        return service.formats()

    @app.post("/api/detect", response_model=DetectOut, responses=_ERRORS, tags=["formats"])
    def detect(body: DetectIn) -> dict[str, Any]:
        """The formats the text could be in, best first, each with its score and reason."""
        return service.detect(body.text, filename=body.filename)

    @app.post("/api/read", response_model=ReadOut, responses=_ERRORS, tags=["records"])
    def read(body: ReadIn) -> dict[str, Any]:
        """One record: picture, rule problems, status in words, possible actions and
        conversion targets. 422 with line and column when the text does not read."""
        return service.read(body.text, body.format, record=body.record, theme=body.theme)

    @app.post("/api/records", response_model=RecordsOut, responses=_ERRORS, tags=["records"])
    def records(body: RecordsIn) -> dict[str, Any]:
        """One page of a collection's records with each one's status."""
        return service.records(body.text, body.format, page=body.page, size=body.size)

    @app.post("/api/picture", response_model=PictureOut, responses=_ERRORS,
              tags=["records"])
    def picture(body: PictureIn) -> dict[str, Any]:
        """The SVG picture of one record (thumbnails: give ``size``)."""
        return service.picture(body.text, body.format, record=body.record, theme=body.theme,
                               size=body.size)

    @app.post("/api/convert", response_model=ConvertOut, responses=_ERRORS, tags=["actions"])
    def convert(body: ConvertIn) -> dict[str, Any]:
        """Write the text in another format of its family; ``notes`` say what is lost."""
        return service.convert(body.text, body.format, to=body.to, record=body.record)

    @app.post("/api/solve", response_model=SolveOut, responses=_ENGINE_ERRORS,
              tags=["actions"])
    async def solve(body: SolveIn) -> dict[str, Any]:
        """Count solutions (none, unique, several) and draw up to two, under the time
        limit."""
        return await pool.run("solve", {"text": body.text, "format": body.format,
                                        "record": body.record, "limit": body.limit,
                                        "theme": body.theme})

    @app.post("/api/canon", response_model=CanonOut, responses=_ENGINE_ERRORS,
              tags=["actions"])
    async def canon(body: CanonIn) -> dict[str, Any]:
        """The canonical (minlex) form of a Sudoku, under the time limit."""
        return await pool.run("canon", {"text": body.text, "format": body.format,
                                        "record": body.record, "convention": body.convention,
                                        "theme": body.theme})

    for name in dict.fromkeys(e.name for e in registry.engines() if e.command):
        _engine_route(app, pool, name, dict((engine_options or {}).get(name, {})))

    @app.post("/api/generate", response_model=EngineResultOut, responses=_ENGINE_ERRORS,
              tags=["actions"])
    async def generate(body: GenerateIn) -> dict[str, Any]:
        """A new puzzle from a family's generator (its text, seed and seed ID), under the
        time limit."""
        return await pool.run("generate", {"makes": body.makes, "seed": body.seed,
                                           "options": body.options})

    @app.post("/api/move", response_model=MoveOut, responses=_ERRORS, tags=["actions"])
    def move(body: MoveIn) -> dict[str, Any]:
        """Play a move on a CGP position: its score and the next position, or why it is
        illegal."""
        return service.move(body.text, body.format, record=body.record, notation=body.move,
                            check_rack=body.check_rack, theme=body.theme)

    @app.post("/api/game", response_model=GameOut, responses=_ERRORS, tags=["actions"])
    def game(body: GameIn) -> dict[str, Any]:
        """Step through a GCG game (when this puzzlefmt reads games: see
        /api/capabilities)."""
        return service.game(body.text, body.format, record=body.record, move=body.move,
                            theme=body.theme)

    # ------------------------------------------------------------------ the page

    static = _static_dir()

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(f"{static}/index.html", media_type="text/html; charset=utf-8",
                            headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=static), name="static")
    return app
