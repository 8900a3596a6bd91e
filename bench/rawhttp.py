"""A minimal keep-alive HTTP/1.1 client for the measured prepare loops."""

from __future__ import annotations

import asyncio
import contextlib

from servers import HOST


class RawConnection:
    """A minimal keep-alive HTTP/1.1 client for the measured loops (much cheaper than httpx per call,
    so the client steals less CPU from the server on a small machine)."""

    def __init__(self, port: int, timeout: float = 60.0) -> None:
        self.port = port
        self.timeout = timeout
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(HOST, self.port)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()
            self.reader = self.writer = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        return await asyncio.wait_for(self._post(path, body), self.timeout)

    async def _post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            await self._open()
        assert self.reader is not None and self.writer is not None
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\nContent-Type: application/json\r\n"
            f"Accept: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        self.writer.write(head.encode("ascii") + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("the server closed the connection")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            data = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int((await self.reader.readline()).split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                chunks.append(chunk[:-2])
            data = b"".join(chunks)
        else:
            data = await self.reader.read()
            headers["connection"] = "close"
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return status, data
