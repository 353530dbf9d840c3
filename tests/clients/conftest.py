"""What the official-client suites share: running a client call as its README shows."""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

import pytest
from dataspike import Api


@pytest.fixture
def run(base_url: str, sandbox) -> Callable[..., Any]:
    """Runs `body(api)` with a client made exactly as its README shows (sandbox key by default,
    another with `client=`)."""

    def runner(body: Callable[[Api], Awaitable[Any]], client=sandbox) -> Any:
        async def main() -> Any:
            async with Api(client.key, api_endpoint=base_url) as api:
                return await body(api)

        return asyncio.run(main())

    return runner
