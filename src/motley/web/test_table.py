"""At the table: the seats' codes are the creator's alone, each code is the link shown under
it, a taken seat shows no code, and the host's screen never learns a secret."""

from __future__ import annotations

import re

import segno
from fastapi.testclient import TestClient

from motley.web import table
from motley.web.conftest import create


def modules_of(svg: str) -> list[list[bool]]:
    """Read a QR code back from segno's SVG path ("M x y" starts a row, "h n" draws n dark
    modules, "m dx dy" moves): the picture itself, not the text it was made from."""
    size = int(re.search(r'width="(\d+)"', svg).group(1))  # type: ignore[union-attr]
    scale = int(re.search(r"scale\((\d+)\)", svg).group(1))  # type: ignore[union-attr]
    path = re.search(r'stroke="#111" d="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    side = size // scale
    grid = [[False] * side for _ in range(side)]
    x = y = 0.0
    for op, args in re.findall(r"([MmHh])([-\d. ]+)", path.replace("h", " h").replace("m", " m")):
        numbers = [float(n) for n in args.split()]
        if op == "M":
            x, y = numbers
        elif op == "m":
            x, y = x + numbers[0], y + numbers[1]
        else:
            for column in range(int(x), int(x + numbers[0])):
                grid[int(y)][column] = True
            x += numbers[0]
    return grid


def expected_modules(link: str) -> list[list[bool]]:
    code = segno.make(link, error="m", micro=False)
    return [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=3)]


def test_only_the_creator_gets_the_codes(client: TestClient) -> None:
    made = create(client, "zombie", "invite", "invite")
    url = f"/api/games/{made['id']}/table"
    assert "X-Motley-Token" in client.get(url).json()["error"]
    refused = client.get(url, headers={"X-Motley-Token": "not-a-token"})
    assert refused.status_code == 409 and "creator" in refused.json()["error"]
    seats = client.get(url, headers={"X-Motley-Token": made["creator"]}).json()["seats"]
    assert [s["name"] for s in seats] == ["White", "Black"]
    for seat in seats:
        assert seat["link"].startswith(f"http://testserver/g/{made['id']}/seat?join=")
        assert modules_of(seat["qr"]) == expected_modules(seat["link"])
    assert seats[0]["link"] != seats[1]["link"]


def test_a_code_takes_its_seat_once_and_then_is_gone(client: TestClient) -> None:
    made = create(client, "zombie", "invite", "invite")
    seats = client.get(
        f"/api/games/{made['id']}/table", headers={"X-Motley-Token": made["creator"]}
    ).json()["seats"]
    code = seats[1]["link"].split("code=")[1]
    joined = client.post(f"/api/games/{made['id']}/join", json={"seat": 1, "code": code})
    assert joined.status_code == 200
    again = client.get(
        f"/api/games/{made['id']}/table", headers={"X-Motley-Token": made["creator"]}
    ).json()["seats"]
    assert again[1]["taken"] and again[1]["link"] is None and again[1]["qr"] is None
    assert again[0]["link"] == seats[0]["link"]
    page = client.get(seats[1]["link"].replace("http://testserver", ""))
    assert page.status_code == 200 and 'data-table="seat"' in page.text


def test_pages_of_a_missing_game_say_so(client: TestClient) -> None:
    for path in ("/g/nothing/table", "/g/nothing/seat"):
        response = client.get(path)
        assert response.status_code == 404 and "no game" in response.text


def test_a_seat_anyone_may_take_has_no_code() -> None:
    from motley.web.header import INVITE, Header, SeatPlan

    header = Header(
        "g1", "zombie", 1, {}, (SeatPlan(INVITE), SeatPlan(INVITE)), "seed", invites=("", "")
    )
    assert table.seat_link("http://h/", header, 0) is None
