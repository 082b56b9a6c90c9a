"""The HTML report in a real browser (headless Chromium through selenium): nothing wider than the window
at 1280 and 1024 pixels, every figure loads, tables sort by a click; full-page screenshots are saved for
a human to look at, one per section (set REPORT_SCREENSHOTS=DIR to keep them, else they go to pytest's tmp folder).

Needs Debian's `chromium` and `chromium-driver` (.ci/run installs them); skipped where they are missing,
except under CI, where a missing browser fails the test."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from gwt_sim.content import load_content
from gwt_sim.describe import vocabulary
from reports import make_report
from reports.synthetic import make_dataset

CITIES = ("kansas_city", "fulton", "st_louis", "bloomington", "peoria", "chicago", "toledo", "pittsburgh",
          "philadelphia", "new_york")
WIDTHS = (1280, 1024)

# Elements that stick out of the window (or of the page's own width) at the current size.
OVERFLOW_JS = """
var vw = document.documentElement.clientWidth, out = [];
document.querySelectorAll('body *').forEach(function (e) {
  var r = e.getBoundingClientRect();
  if (r.width > 0 && (r.right > vw + 0.5 || r.left < -0.5)) {
    out.push(e.tagName + ' ' + Math.round(r.left) + '..' + Math.round(r.right) + ' '
             + (e.textContent || '').trim().slice(0, 60));
  }
});
return [vw, document.documentElement.scrollWidth, out.slice(0, 10)];
"""


def _binaries() -> tuple[str, str] | None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


@pytest.fixture(scope="module")
def driver():
    found = _binaries()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        found = None
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the browser check: install chromium, chromium-driver and selenium (.ci/run)")
        pytest.skip("headless Chromium (Debian chromium + chromium-driver) and selenium are needed")
    opts = Options()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                "--force-device-scale-factor=1", f"--window-size={WIDTHS[0]},900"):
        opts.add_argument(arg)
    opts.binary_location = found[0]
    d = webdriver.Chrome(service=Service(found[1]), options=opts)
    yield d
    d.quit()


@pytest.fixture(scope="module")
def report_file(tmp_path_factory) -> Path:
    """A small report with every section filled: vocabulary, two arms, three strategies, two strategy
    pools, per-player building/station-master/city columns."""
    base = tmp_path_factory.mktemp("browser")
    root = make_dataset(base / "data", games=1200, arms=[("baseline", 4), ("patched", 4)],
                        strategies=("heuristic:profile=balanced", "heuristic:profile=builder", "planner"),
                        strategy_bonus={"planner": 6.0}, side_b_bonus={4: 4.0}, built=True,
                        build_rate={9: 0.002}, direct=True, master_bonus={"SM3": 2.0}, cities=CITIES,
                        vocabulary=vocabulary(load_content()), seed=41,
                        pools={"expert": {"seat_bonus": [2, 0, 0, 0]}, "mix": {"seat_bonus": [-2, 0, 0, 0]}})
    return make_report(root, base / "report.html")


def _screenshots(driver, folder: Path, width: int) -> list[Path]:
    """One PNG per report section (a whole page is too tall for one screenshot)."""
    import base64

    from selenium.webdriver.common.by import By

    folder.mkdir(parents=True, exist_ok=True)
    shots = []
    for i, sec in enumerate(driver.find_elements(By.CSS_SELECTOR, "section")):
        box = driver.execute_script(
            "var r = arguments[0].getBoundingClientRect();"
            "return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height];", sec)
        # the DevTools protocol captures beyond the window (an element screenshot stops at its bottom)
        png = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1}})
        path = folder / f"report_{width}_{i:02d}_{sec.get_attribute('id')}.png"
        path.write_bytes(base64.b64decode(png["data"]))
        shots.append(path)
    return shots


@pytest.mark.parametrize("width", WIDTHS)
def test_report_fits_the_window(driver, report_file, width, tmp_path):
    driver.set_window_size(width, 900)
    driver.get(report_file.as_uri())
    viewport, scroll_width, wide = driver.execute_script(OVERFLOW_JS)
    assert viewport <= width
    assert not wide, f"elements wider than the {viewport}px window: {wide}"
    assert scroll_width <= viewport
    images = driver.execute_script(
        "return Array.prototype.map.call(document.images, function (i) { return [i.complete, i.naturalWidth]; })")
    assert images and all(done and w > 0 for done, w in images)
    shots = _screenshots(driver, Path(os.environ.get("REPORT_SCREENSHOTS") or tmp_path), width)
    assert len(shots) == 10 and all(p.stat().st_size > 5_000 for p in shots)


def test_tables_sort_on_click(driver, report_file):
    from selenium.webdriver.common.by import By

    driver.set_window_size(WIDTHS[0], 900)
    driver.get(report_file.as_uri())
    table = driver.find_element(By.CSS_SELECTOR, "#summary table.sortable")
    heads = table.find_elements(By.CSS_SELECTOR, "thead th")
    col = [h.text for h in heads].index("estimate")

    def column() -> list[float]:
        cells = driver.execute_script(
            "var c = arguments[1]; return Array.prototype.map.call(arguments[0].tBodies[0].rows,"
            " function (r) { return r.cells[c].textContent; });", table, col)
        return [float(c.split()[0].replace("−", "-")) for c in cells if c.strip() not in ("–", "")]

    heads[col].click()
    up = column()
    assert up == sorted(up) and heads[col].get_attribute("aria-sort") == "ascending"
    heads[col].click()
    down = column()
    assert down == sorted(down, reverse=True)


@pytest.fixture(scope="module")
def sweep_reports(tmp_path_factory) -> list[Path]:
    """A sweep over seat 2's starting money (so the Sweep and Fair compensation sections are both
    filled) and a tuning's report."""
    import gwt_sim.runner
    from gwt_sim.tune import TuneOptions, tune
    from reports.synthetic import make_paired_dataset

    base = tmp_path_factory.mktemp("browser_sweep")
    values = [4, 7, 10]
    sweep = {"design": "grid", "params": [{"path": "starting_money[1]", "kind": "variant", "knob": "starting_money",
                                           "seat": 2, "integer": True, "label": "starting_money.1",
                                           "subject": {"seat": 2, "knob": "starting_money"}, "values": values}],
             "base": {"main": [7]}, "arms": {f"starting_money.1_{v}": {"base_arm": "main", "values": [v]}
                                             for v in values}}
    arms = [{"name": f"starting_money.1_{v}", "money": [6, v, 8]} for v in values]
    data = make_paired_dataset(base / "sweep", arms, players=3, games=1500, seat_bonus=[1, 0, 0], money_effect=0.5,
                               sweep=sweep, seed=5)
    tuned = tune({"name": "t", "games": 150, "seed": 7, "players": 2, "strategies": ["random"]}, base / "tune",
                 param="seat_vp[0]", target="seat_1_win_share = par", bounds="-12..12",
                 options=TuneOptions(max_rounds=3), run_options=gwt_sim.runner.RunOptions(jobs=1, progress=False))
    return [make_report(data, base / "sweep.html"), make_report(tuned.path, base / "tune.html")]


@pytest.mark.parametrize("width", WIDTHS)
def test_sweep_fair_and_tuning_reports_fit_the_window(driver, sweep_reports, width, tmp_path):
    driver.set_window_size(width, 900)
    for path in sweep_reports:
        driver.get(path.as_uri())
        viewport, scroll_width, wide = driver.execute_script(OVERFLOW_JS)
        assert not wide, f"{path.name}: elements wider than the {viewport}px window: {wide}"
        assert scroll_width <= viewport
        images = driver.execute_script(
            "return Array.prototype.map.call(document.images, function (i) { return [i.complete, i.naturalWidth]; })")
        assert images and all(done and w > 0 for done, w in images)
        shots = _screenshots(driver, Path(os.environ.get("REPORT_SCREENSHOTS") or tmp_path) / path.stem, width)
        ids = [p.stem.split("_", 3)[-1] for p in shots]
        assert ({"sweep", "fair-compensation"} <= set(ids)) if path.stem == "sweep" else ids == ["tuning"]
