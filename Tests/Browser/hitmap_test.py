"""Drives the interactive hit map in headless Chromium, in a 1,200 x 800 window.

The spec's example scene: window `main` (390 x 844), ViewOne at (20, 100, 300, 300) holding
ViewTwo at (20, 20, 200, 200), so ViewTwo covers screen (40, 120) to (240, 320). The map is
1 pixel per point. Then a generated scene of 100 views: its page's size, and clicks whose
explanation must be the text `hittest explain --at` prints for the point clicked.
Last, the page of 20,000 views: at most 5 MB, and a click there agrees with the CLI too.
Usage: hitmap_test.py MAP.html SCREENSHOT.png HITTEST SCENE-100.json MAP-100.html
SCENE-20000.json MAP-20000.html.
Exit status 1 on any failed check.
"""
import os
import pathlib
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

page, screenshot, hittest, scene100, page100, scene20k, page20k = sys.argv[1:8]
options = Options()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--window-size=1200,800"):
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def at_map_pixel(x, y):
    """Actions at map pixel (x, y). The map may be taller than the window: scroll the
    pixel into view first, then aim from the centre of the map's visible part, which is
    where Selenium's offsets start."""
    svg = driver.find_element(By.CSS_SELECTOR, "#map svg")
    dx, dy = driver.execute_script("""
        const svg = arguments[0], x = arguments[1], y = arguments[2];
        const sx = svg.width.baseVal.value, sy = svg.height.baseVal.value;
        let r = svg.getBoundingClientRect();
        window.scrollBy(0, r.top + y * r.height / sy - window.innerHeight / 2);
        r = svg.getBoundingClientRect();
        const left = Math.max(r.left, 0), right = Math.min(r.right, window.innerWidth);
        const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, window.innerHeight);
        return [r.left + x * r.width / sx - Math.floor((left + right) / 2),
                r.top + y * r.height / sy - Math.floor((top + bottom) / 2)];""", svg, x, y)
    return ActionChains(driver).move_to_element_with_offset(svg, int(round(dx)), int(round(dy)))


try:
    driver.get(pathlib.Path(page).resolve().as_uri())
    text = lambda css: driver.find_element(By.CSS_SELECTOR, css).text

    # Hover inside ViewTwo: the view, its responder chain, the local point of the cell.
    at_map_pixel(150, 250).perform()
    check(text("#hoverView") == "ViewTwo <UIView>", "hover names ViewTwo: " + text("#hover"))
    check(text("#hoverChain").startswith("ViewTwo → ViewOne → HitTestViewController → main"),
          "hover shows the responder chain: " + text("#hoverChain"))
    check(text("#hoverPoint") == "(150, 250)", "hover reads the exact point: " + text("#hoverPoint"))
    check(text("#hoverLocal") == "(110, 130)", "hover shows the local point: " + text("#hoverLocal"))
    current = driver.find_elements(By.CSS_SELECTOR, "#tree .node.current")
    check(len(current) == 1 and current[0].text.startswith("ViewTwo"), "the tree marks ViewTwo")

    # Hover in ViewOne outside ViewTwo.
    at_map_pixel(30, 110).perform()
    check(text("#hoverView") == "ViewOne", "hover names ViewOne: " + text("#hover"))

    # Click inside ViewTwo: explain says why, at the exact point clicked.
    at_map_pixel(150, 250).click().perform()
    explanation = text("#explainText")
    check(text("#explainPoint") == "150,250", "the click explains the point clicked: " + text("#explain"))
    check(explanation.startswith("(150, 250): hit `ViewTwo` in window `main`, local point (110, 130)"),
          "click explains the hit: " + explanation)
    check("ViewTwo <UIView>: hit: the deepest view that takes the point" in explanation,
          "click gives the reason")
    # One point inside ViewTwo's top-left corner, one just outside it: a grid of cells would
    # give both the same story.
    at_map_pixel(40, 120).click().perform()
    check(text("#explainText").startswith("(40, 120): hit `ViewTwo`"), "(40, 120) is ViewTwo's: " + text("#explainText"))
    at_map_pixel(39, 119).click().perform()
    check(text("#explainText").startswith("(39, 119): hit `ViewOne`"), "(39, 119) is ViewOne's: " + text("#explainText"))
    at_map_pixel(150, 250).click().perform()
    # The layout at 1,200 px: map and panels side by side, all inside the window's width,
    # the panels not squeezed, the explanation in view.
    layout = driver.execute_script("""
        const r = e => document.querySelector(e).getBoundingClientRect();
        return {inner: window.innerWidth, height: window.innerHeight, map: r('#map svg').toJSON(),
                side: r('#side').toJSON(), explain: r('#explainText').toJSON(),
                scroll: document.documentElement.scrollWidth};""")
    check(layout["inner"] <= 1200, "the window is 1,200 px wide: %s" % layout["inner"])
    check(layout["scroll"] <= layout["inner"], "nothing sticks out sideways: %s" % layout["scroll"])
    check(layout["side"]["left"] >= layout["map"]["right"], "the panels are beside the map: %s" % layout)
    check(layout["side"]["right"] <= layout["inner"], "the panels are not cut: %s" % layout["side"])
    check(layout["side"]["width"] >= 300, "the panels are not squeezed: %s" % layout["side"]["width"])
    check(layout["map"]["width"] == 390, "the map is whole, at 1 pixel per point: %s" % layout["map"])
    check(0 <= layout["explain"]["top"] < layout["height"] - 100,
          "the explanation starts in view: at %s of %s" % (layout["explain"]["top"], layout["height"]))

    # Why not ViewOne, picked from the list at that spot.
    from selenium.webdriver.support.ui import Select
    pick = Select(driver.find_element(By.ID, "whyNot"))
    check([o.text for o in pick.options][1:] == ["main <UIWindow>", "ViewOne", "ViewTwo <UIView>"],
          "the why-not list holds the views under the spot")
    pick.select_by_visible_text("ViewOne")
    why = text("#whyNotText")
    check("`ViewOne`'s subview `ViewTwo` is on top at this point and took the touch" in why,
          "why not ViewOne: " + why)

    # Hovering a view in the tree highlights its area.
    node = next(n for n in driver.find_elements(By.CSS_SELECTOR, "#tree .node")
                if n.text.startswith("ViewOne"))
    ActionChains(driver).move_to_element(node).perform()
    highlight = driver.find_element(By.ID, "highlight")
    check(highlight.get_attribute("points") == "20,100 320,100 320,400 20,400",
          "the tree highlights ViewOne's area: " + str(highlight.get_attribute("points")))

    # Search by id: the match and its ancestors stay.
    search = driver.find_element(By.ID, "search")
    search.send_keys("viewtwo")
    shown = [n.text for n in driver.find_elements(By.CSS_SELECTOR, "#tree .node") if n.is_displayed()]
    check([s.split(" ")[0] for s in shown] == ["main", "ViewOne", "ViewTwo"], "search keeps the path: " + str(shown))
    search.clear()
    search.send_keys("UIWindow")
    shown = [n.text for n in driver.find_elements(By.CSS_SELECTOR, "#tree .node") if n.is_displayed()]
    check([s.split(" ")[0] for s in shown] == ["main"], "search by class: " + str(shown))

    driver.save_screenshot(screenshot)
    print("screenshot: " + screenshot)

    # A generated scene of 100 views: the page is small, and what a click explains is what
    # `hittest explain --at` says for the point clicked.
    size = os.path.getsize(page100)
    check(size <= 300_000, "the page for 100 views is at most 300 KB: %d bytes" % size)
    driver.get(pathlib.Path(page100).resolve().as_uri())
    svg = driver.find_element(By.CSS_SELECTOR, "#map svg")
    natural = int(svg.get_attribute("width"))
    height = int(svg.get_attribute("height"))
    for fx, fy in ((0.13, 0.07), (0.5, 0.5), (0.71, 0.33), (0.9, 0.93), (0.27, 0.61)):
        at_map_pixel(int(natural * fx), int(height * fy)).click().perform()
        point = text("#explainPoint")
        cli = subprocess.run([hittest, "explain", scene100, "--at", point],
                             capture_output=True, text=True, check=False).stdout.rstrip("\n")
        check(text("#explainText") == cli, "the page explains %s as explain --at does" % point)
    rect = svg.rect
    check(rect["width"] <= natural, "the map is no larger than drawn: %s of %s" % (rect["width"], natural))

    size = os.path.getsize(page20k)
    check(size <= 5_000_000, "the page for 20,000 views is at most 5 MB: %d bytes" % size)
    driver.get(pathlib.Path(page20k).resolve().as_uri())
    svg = driver.find_element(By.CSS_SELECTOR, "#map svg")
    at_map_pixel(int(svg.get_attribute("width")) // 3, int(svg.get_attribute("height")) // 3).click().perform()
    point = text("#explainPoint")
    cli = subprocess.run([hittest, "explain", scene20k, "--at", point],
                         capture_output=True, text=True, check=False).stdout.rstrip("\n")
    check(text("#explainText") == cli, "the page of 20,000 views explains %s as explain --at does" % point)
finally:
    driver.quit()

if failures:
    print(f"{len(failures)} browser check(s) failed", file=sys.stderr)
    sys.exit(1)
print("browser test passed")
