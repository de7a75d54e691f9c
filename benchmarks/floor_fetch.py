#!/usr/bin/env python3
"""The fetch floor: the least fetching and extracting a list of pages can cost.

Usage: python benchmarks/floor_fetch.py URLS_FILE JOBS

A bare loop over the URLs in URLS_FILE (one a line): httpx's async client,
at most JOBS requests at once (an asyncio semaphore), and trafilatura's
``extract`` on each page, the text kept in memory. No retries, no limits,
no charset detection, no storage: whatever ``readlog fetch`` spends beyond
this is its own (politeness, metadata, Markdown, word counts, the library).
"""

from __future__ import annotations

import asyncio
import sys

import httpx  # noqa: TID253  (a script of its own, not part of readlog)
import trafilatura  # noqa: TID253


async def main(urls: list[str], jobs: int) -> int:
    gate = asyncio.Semaphore(jobs)
    async with httpx.AsyncClient(timeout=20) as client:

        async def one(url: str) -> str | None:
            async with gate:
                response = await client.get(url)
            return trafilatura.extract(response.text)

        texts = await asyncio.gather(*(one(u) for u in urls))
    return sum(1 for t in texts if t)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as fh:
        wanted = [line.strip() for line in fh if line.strip()]
    extracted = asyncio.run(main(wanted, int(sys.argv[2])))
    if extracted != len(wanted):
        sys.exit(f"only {extracted} of {len(wanted)} pages gave text")
